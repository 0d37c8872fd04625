import Foundation

/// UIKit's long-press recogniser: a continuous gesture that begins when the finger has stayed down
/// `minimumPressDuration` seconds without moving more than `allowableMovement` points, changes as it then
/// moves, and ends when it lifts. It begins without a pointer event: the window checks it at each display
/// frame while it waits.
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// How long the finger stays down before the gesture begins, in seconds (0.5 by default). Not finite or
    /// negative counts as 0.5.
    open var minimumPressDuration: TimeInterval = 0.5
    /// How far the finger may move before the gesture begins, in points (10 by default); it fails beyond.
    open var allowableMovement: CGFloat = 10
    /// How many taps come before the press (0 by default): the press is the touch that many taps count.
    open var numberOfTapsRequired = 0
    /// How many fingers press (1 by default); Quartzite's pointer is one finger, so more never begins.
    open var numberOfTouchesRequired = 1

    /// The press's duration, clamped to something the clock can reach.
    private var pressDuration: TimeInterval {
        minimumPressDuration.isFinite && minimumPressDuration >= 0 ? minimumPressDuration : 0.5
    }

    /// Starts the wait for the press (fails for other finger or tap counts).
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard numberOfTouchesRequired == 1, let touch = touches.first,
              touch.tapCount - 1 == max(numberOfTapsRequired, 0) else { return state = .failed }
        if pressDuration == 0 {
            state = .began
        } else {
            deadline = touch.timestamp + pressDuration
        }
    }

    /// Fails when the finger moves too far before the press begins; changes once it has.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first else { return }
        switch state {
        case .possible:
            let limit = allowableMovement.isNaN ? 10 : allowableMovement
            if TapLimits.distance(touch.location(in: nil), touch.startLocation) > limit { state = .failed }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    /// Ends a press in progress; fails one that never began.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .ended
        default: break
        }
    }

    /// The finger stayed down long enough: the press begins.
    override func deadlinePassed(at time: TimeInterval) {
        if state == .possible, !activeTouches.isEmpty { state = .began }
    }
}
