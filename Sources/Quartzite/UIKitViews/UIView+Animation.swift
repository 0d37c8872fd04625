import Foundation

/// UIKit's block animations. Changes made inside `animations` to views' properties (their layers')
/// animate from the value on screen to the new value with the block's duration, delay, curve and options;
/// the model values change at once, as in UIKit. Layers that are not a view's own keep Core Animation's
/// implicit animations (the transaction's duration, not the block's), as in UIKit. `completion` runs once
/// every animation the block made has stopped, after the frame that ends them, told whether all of them
/// finished (false when one was removed or replaced first); with nothing animated it runs after the next
/// frame, told true. Position, bounds and transform blend as UIKit's do: a change of a key that is still
/// animating adds an additive animation, so the earlier block runs to its end too (`ViewBlockAction`).
extension UIView {
    /// Animates the changes made in `animations` over `duration` seconds, after `delay` seconds.
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                            options: AnimationOptions = [], animations: @escaping () -> Void,
                            completion: ((Bool) -> Void)? = nil) {
        let timing = blockTiming(duration: duration, delay: delay, options: options, spring: nil)
        ViewAnimationBlock(timing: timing, completion: completion).run(animations)
    }

    /// Animates the changes made in `animations` over `duration` seconds, on the ease-in-out curve.
    public static func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                            completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Animates the changes made in `animations` over `duration` seconds, on the ease-in-out curve.
    public static func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// Animates the changes on a spring of `dampingRatio` (1: no overshoot, towards 0: more oscillation;
    /// taken as 0.01 to 1) that starts at `velocity` (whole distances per second) and comes to rest at
    /// `duration` seconds (the enclosing block's, when nested and inherited): the spring's stiffness is chosen so that it settles (within 0.1 % of the
    /// distance) then, and the animation ends there.
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                            usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
                            options: AnimationOptions = [], animations: @escaping () -> Void,
                            completion: ((Bool) -> Void)? = nil) {
        let ratio = dampingRatio.isFinite ? min(max(Double(dampingRatio), 0.01), 1) : 1
        let v = velocity.isFinite ? Double(velocity) : 0
        var timing = blockTiming(duration: duration, delay: delay, options: options, spring: nil)
        // The spring rests at the block's duration, the enclosing block's when it is inherited.
        if let inherited = timing?.duration, let spring = SpringForDuration(dampingRatio: ratio, velocity: v, duration: inherited) {
            timing?.spring = (spring.stiffness, spring.damping, v)
        }
        ViewAnimationBlock(timing: timing, completion: completion).run(animations)
    }

    /// Animates the changes on a spring of Apple's perceptual `duration` and `bounce` (iOS 17); the
    /// animation lasts until the spring comes to rest.
    public static func animate(springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0,
                            initialSpringVelocity velocity: CGFloat = 0, delay: TimeInterval = 0,
                            options: AnimationOptions = [], animations: @escaping () -> Void,
                            completion: ((Bool) -> Void)? = nil) {
        let model = CASpringAnimation(perceptualDuration: duration, bounce: bounce)
        let v = velocity.isFinite ? Double(velocity) : 0
        let timing = blockTiming(duration: model.duration, delay: delay, options: options,
                                 spring: (Double(model.stiffness), Double(model.damping), v))
        ViewAnimationBlock(timing: timing, completion: completion).run(animations)
    }

    /// Makes the changes in `actions` without animating them, even inside an animation block.
    public static func performWithoutAnimation(_ actions: () -> Void) {
        withoutActuallyEscaping(actions) { actions in
            ViewAnimationBlock(timing: nil, completion: nil).run(actions)
        }
    }

    /// Whether blocks animate: true unless `setAnimationsEnabled(false)` turned them off (for every thread,
    /// as UIKit's switch is one) or the caller is inside `performWithoutAnimation`.
    public static var areAnimationsEnabled: Bool {
        animationsEnabled.withValue { $0 } && !ViewAnimationBlock.insideBlockWithoutAnimation
    }

    /// Turns block animations on or off: while off, blocks still run their changes, unanimated, and their
    /// completions still run.
    public static func setAnimationsEnabled(_ enabled: Bool) { animationsEnabled.withValue { $0 = enabled } }

    private static let animationsEnabled = LockedGlobal(true)

    /// The timing of a new block; nil (its changes unanimated) while animations are off or inside
    /// `performWithoutAnimation`. A duration or delay that is not a finite number reads as 0. A nested block
    /// takes the enclosing block's duration, curve and repeat options unless its options override them, as
    /// UIKit's do.
    static func blockTiming(duration: TimeInterval, delay: TimeInterval, options: AnimationOptions,
                            spring: (stiffness: Double, damping: Double, velocity: Double)?) -> ViewAnimationBlock.Timing? {
        guard areAnimationsEnabled else { return nil }
        var timing = ViewAnimationBlock.Timing(duration: duration.isFinite ? max(duration, 0) : 0,
                                               delay: delay.isFinite ? max(delay, 0) : 0,
                                               curve: options.curve, options: options, spring: spring)
        if let enclosing = ViewAnimationBlock.current?.timing {
            if !options.contains(.overrideInheritedDuration) { timing.duration = enclosing.duration }
            if !options.contains(.overrideInheritedCurve) { timing.curve = enclosing.curve }
            if !options.contains(.overrideInheritedOptions) {
                timing.options.formUnion(enclosing.options.intersection([.repeat, .autoreverse]))
            }
        }
        return timing
    }
}
