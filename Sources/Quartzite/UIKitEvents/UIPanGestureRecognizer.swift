import Foundation

/// UIKit's pan recogniser: a continuous gesture that begins once the finger has moved more than 10 points
/// (its hysteresis, so a tap is not a pan), changes as it moves, and ends when it lifts.
///
/// `translation(in:)` is the finger's displacement since it touched down (so a view moved by it follows
/// the finger exactly, the hysteresis included), until `setTranslation(_:in:)` rebases it.
/// `velocity(in:)` is in points per second over the last 0.1 s of movement.
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// How far the finger moves before the pan begins, in points.
    static let hysteresis: CGFloat = 10
    /// How far back velocity looks, in seconds.
    static let velocityWindow: TimeInterval = 0.1

    /// The fewest fingers that pan (1 by default); Quartzite's pointer is one finger, so more never pans.
    open var minimumNumberOfTouches = 1
    /// The most fingers that pan (`Int.max` by default, UIKit's `NSUIntegerMax`); less than 1 never pans.
    open var maximumNumberOfTouches = Int.max

    /// Where translation is measured from, in the window's coordinates.
    private var base: CGPoint?
    /// Recent positions (window coordinates) and their times, oldest first.
    private var samples: [(time: TimeInterval, location: CGPoint)] = []

    /// The pan's translation in `view`'s coordinate system (the window's when nil): where the finger is less
    /// where it touched down, or the translation last set plus the movement since.
    open func translation(in view: UIView?) -> CGPoint {
        guard let base, let current = samples.last?.location else { return .zero }
        return vector(CGPoint(x: current.x - base.x, y: current.y - base.y), toView: view)
    }

    /// Makes the translation in `view`'s coordinates `translation` now (zero, to measure increments from
    /// here); the velocity restarts from this moment, as UIKit's does.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        guard translation.x.isFinite, translation.y.isFinite, let last = samples.last else { return }
        let inWindow = vector(translation, fromView: view)
        base = CGPoint(x: last.location.x - inWindow.x, y: last.location.y - inWindow.y)
        samples = [last]
    }

    /// The pan's velocity in `view`'s coordinate system (the window's when nil), in points per second: the
    /// movement over the last 0.1 s of samples (over the last two when they are further apart); zero
    /// without two samples at different times.
    open func velocity(in view: UIView?) -> CGPoint {
        guard let newest = samples.last else { return .zero }
        let earlier = samples.dropLast()
        guard let oldest = earlier.first(where: { newest.time - $0.time <= Self.velocityWindow }) ?? earlier.last,
              newest.time > oldest.time else { return .zero }
        let dt = CGFloat(newest.time - oldest.time)
        let perSecond = CGPoint(x: (newest.location.x - oldest.location.x) / dt,
                                y: (newest.location.y - oldest.location.y) / dt)
        return vector(perSecond, toView: view)
    }

    /// Starts following the finger (fails when the touch count is outside the minimum and maximum).
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard minimumNumberOfTouches <= 1, maximumNumberOfTouches >= 1, let touch = touches.first else {
            return state = .failed
        }
        base = touch.location(in: nil)
        record(touch)
    }

    /// Begins once the finger is more than the hysteresis from where it touched down, then changes.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first else { return }
        record(touch)
        switch state {
        case .possible:
            let start = touch.startLocation, now = touch.location(in: nil)
            if TapLimits.distance(now, start) > Self.hysteresis { state = .began }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    /// Ends a pan in progress; fails one that never began.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if let touch = touches.first { record(touch) }
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .ended
        default: break
        }
    }

    /// Forgets the translation and the velocity samples.
    open override func reset() {
        super.reset()
        base = nil
        samples.removeAll()
    }

    /// Adds the touch's position to the samples, keeping those velocity may still read.
    private func record(_ touch: UITouch) {
        let sample = (time: touch.timestamp, location: touch.location(in: nil))
        // Samples at one time (a paused clock) replace each other: velocity needs time between them.
        if samples.last?.time == sample.time { samples.removeLast() }
        samples.append(sample)
        // One sample older than the window stays, for a finger that moved once after a pause.
        if let firstInside = samples.firstIndex(where: { sample.time - $0.time <= Self.velocityWindow }), firstInside > 1 {
            samples.removeFirst(firstInside - 1)
        }
    }

    /// A vector in the window's coordinates in `view`'s (rotation and scale; no translation).
    private func vector(_ v: CGPoint, toView view: UIView?) -> CGPoint {
        guard let view, let window = lastWindow, view !== window else { return v }
        let origin = view.convert(CGPoint.zero, from: window), tip = view.convert(v, from: window)
        return CGPoint(x: tip.x - origin.x, y: tip.y - origin.y)
    }

    /// A vector in `view`'s coordinates in the window's.
    private func vector(_ v: CGPoint, fromView view: UIView?) -> CGPoint {
        guard let view, let window = lastWindow, view !== window else { return v }
        let origin = window.convert(CGPoint.zero, from: view), tip = window.convert(v, from: view)
        return CGPoint(x: tip.x - origin.x, y: tip.y - origin.y)
    }
}
