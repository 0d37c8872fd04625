import Foundation

/// Where a property animator's block sends the animations its changes make, instead of adding them to
/// the layers: the animator installs them on its own clock.
protocol ViewAnimationSink: AnyObject, Sendable {
    /// Called while the layer tree's lock is held: the sink must not wait for another thread here.
    func record(_ track: ViewAnimationTrack)
}

/// One animation a property animator runs: a change of one key of one view's layer, with the block's
/// animation as its template, its values (additive offset and zero, or the absolute values), the model
/// values before and after, and where in the animator's time it begins.
struct ViewAnimationTrack: @unchecked Sendable {
    let layer: CALayer
    /// The key the animation runs under on the layer (`position`, `position-2`, ...).
    let key: String
    let template: CABasicAnimation
    let start: AnimatableValue
    let end: AnimatableValue
    let oldModel: AnimatableValue?
    let newModel: AnimatableValue?
    /// Seconds into the animator at which the track starts (an `addAnimations(_:delayFactor:)` delay).
    let begin: Double

    /// The animated property (`template.keyPath`).
    var keyPath: String { template.keyPath ?? key }
    /// How long the track runs.
    var duration: Double { template.duration > 0 ? template.duration : 0 }

    /// The animation to install at animator time `time`: frozen there (`speed` 0 and `timeOffset`, as
    /// Apple documents pausing) or running at `rate`, played backwards when `reversed` (the values swapped
    /// and the curve mirrored, so the motion retraces itself). It fills both ways and stays when done, so
    /// the layer shows the track's end until the animator sets the model values.
    func animation(at time: Double, reversed: Bool, rate: Double, linear: Bool) -> CABasicAnimation? {
        guard let made = template.copy() as? CABasicAnimation, duration > 0 else { return nil }
        let forward = time - begin
        let local = reversed ? duration - forward : forward
        made.fromValue = (reversed ? end : start).anyValue
        made.toValue = (reversed ? start : end).anyValue
        if reversed, let function = template.timingFunction { made.timingFunction = Self.mirrored(function) }
        if linear { made.timingFunction = CAMediaTimingFunction(name: .linear) }
        made.fillMode = .both
        made.isRemovedOnCompletion = false
        made.delegate = nil
        let now = layer.convertTime(CACurrentMediaTime(), from: nil)
        if rate > 0 {
            made.speed = Float(rate)
            made.beginTime = now - local / rate
        } else {
            made.speed = 0
            made.beginTime = now
            // A frozen animation's phase wraps at its duration: its end is shown a hair before it.
            made.timeOffset = min(max(local, 0), duration * (1 - 1e-9))
        }
        return made
    }

    /// The curve played backwards: control points (1 − c2) and (1 − c1).
    static func mirrored(_ function: CAMediaTimingFunction) -> CAMediaTimingFunction {
        var c1: [Float] = [0, 0], c2: [Float] = [0, 0]
        function.getControlPoint(at: 1, values: &c1)
        function.getControlPoint(at: 2, values: &c2)
        return CAMediaTimingFunction(controlPoints: 1 - c2[0], 1 - c2[1], 1 - c1[0], 1 - c1[1])
    }
}
