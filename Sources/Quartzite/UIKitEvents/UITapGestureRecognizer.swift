import Foundation

/// UIKit's tap recogniser: a discrete gesture, recognised when the finger taps `numberOfTapsRequired` times
/// in a row. It fails when a finger moves too far or stays down too long, or the next tap comes too late or
/// too far away (`TapLimits`: 10 points, 1.5 s down, 0.35 s between taps).
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// How many taps make the gesture (1 by default; less than 1 counts as 1).
    open var numberOfTapsRequired = 1
    /// How many fingers each tap needs (1 by default). Quartzite's pointer is one finger, so a recogniser
    /// asking for more fails at every touch.
    open var numberOfTouchesRequired = 1

    /// Taps completed in the current sequence.
    private var tapsCompleted = 0
    /// Where the sequence's first tap began, in the window's coordinates.
    private var origin: CGPoint?

    /// Starts a tap: fails for more than one finger, or a tap too far from the sequence's first.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard numberOfTouchesRequired == 1, let touch = touches.first else { return state = .failed }
        let start = touch.location(in: nil)
        if let origin, TapLimits.distance(start, origin) > TapLimits.allowableMovement { return state = .failed }
        if origin == nil { origin = start }
        // A finger held past the longest tap fails the gesture then, not only when it lifts.
        deadline = touch.timestamp + TapLimits.maximumDuration
    }

    /// Fails once the finger has moved more than 10 points from where the taps began.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first, let origin else { return }
        if TapLimits.distance(touch.location(in: nil), origin) > TapLimits.allowableMovement { state = .failed }
    }

    /// Counts the tap (failing one held too long or lifted too far away): recognised at the last tap
    /// required, else waiting 0.35 s for the next.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first, let origin else { return }
        let tooLong = touch.timestamp - touch.startTimestamp > TapLimits.maximumDuration
        guard !tooLong, TapLimits.distance(touch.location(in: nil), origin) <= TapLimits.allowableMovement else {
            return state = .failed
        }
        tapsCompleted += 1
        if tapsCompleted >= max(numberOfTapsRequired, 1) {
            state = .recognized
        } else {
            deadline = touch.timestamp + TapLimits.maximumInterval
        }
    }

    /// Forgets the taps counted.
    open override func reset() {
        super.reset()
        tapsCompleted = 0
        origin = nil
    }

    /// The finger stayed down too long, or the next tap did not begin in time: the gesture fails.
    override func deadlinePassed(at time: TimeInterval) {
        if state == .possible { state = .failed }
    }
}
