import Foundation
import Testing
import Quartzite
@testable import QuartziteHost

/// A demo whose views live in a `UIWindow`: its `handlePointer(_:)` forwards to the window, and a tap on its
/// square turns it green, recording the touch's time.
@MainActor
final class WindowTapDemo: Demo {
    static let name = "window-tap"
    static let summary = "a square a tap turns green"
    static let preferredSize = CGSize(width: 200, height: 100)
    let window: UIWindow
    let square = UIView(frame: CGRect(x: 50, y: 25, width: 50, height: 50))
    let timeline = DemoTimeline()
    var tapTimes: [TimeInterval] = []
    var rootLayer: CALayer { window.layer }

    init(size: CGSize) {
        window = UIWindow(frame: CGRect(origin: .zero, size: size))
        window.makeKeyAndVisible()
        square.backgroundColor = .systemBlue
        window.addSubview(square)
        square.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in
            self?.square.backgroundColor = .systemGreen
            self?.tapTimes.append(CACurrentMediaTime())
        })
    }

    func handlePointer(_ event: PointerEvent) { window.sendPointer(event) }
}

/// QuartziteHost's `UIWindow.sendPointer(_ event: PointerEvent)`: a demo's scripted pointer events reach the
/// window's views and recognisers at exactly their scheduled media times.
@MainActor
@Suite(.serialized)
struct WindowPointerTests {
    @Test func aScriptedTapReachesTheWindowsRecogniserAtItsTime() {
        let start: CFTimeInterval = 500
        let inside = CGPoint(x: 75, y: 50), outside = CGPoint(x: 150, y: 50)
        let script = [ScriptedPointer(time: 1, event: PointerEvent(phase: .down, location: outside)),
                      ScriptedPointer(time: 1.05, event: PointerEvent(phase: .up, location: outside)),
                      ScriptedPointer(time: 2, event: PointerEvent(phase: .down, location: inside)),
                      ScriptedPointer(time: 2.05, event: PointerEvent(phase: .up, location: inside))]
        let player = DemoPlayer(WindowTapDemo.self, size: WindowTapDemo.preferredSize, startTime: start,
                                pointerScript: script)
        player.advance(to: 1.5)
        let demo = player.demo as? WindowTapDemo
        #expect(demo?.tapTimes.isEmpty == true)
        player.advance(to: 2.5)
        #expect(demo?.tapTimes == [start + 2.05])
        #expect(demo?.square.backgroundColor == .systemGreen)
    }
}
