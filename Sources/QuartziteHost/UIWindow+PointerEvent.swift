import Foundation
import Quartzite

extension UIWindow {
    /// Feeds a demo's pointer event to the window as its one touch, at the media clock's time (which a
    /// scripted event holds at exactly its scheduled time): `.down` begins the touch, `.moved` moves it and
    /// `.up` ends it. A demo whose views live in a window forwards `handlePointer(_:)` here, its canvas being
    /// the window's coordinates.
    public func sendPointer(_ event: PointerEvent) {
        let phase: UITouch.Phase
        switch event.phase {
        case .down: phase = .began
        case .moved: phase = .moved
        case .up: phase = .ended
        }
        sendPointer(phase, at: event.location, timestamp: CACurrentMediaTime())
    }
}
