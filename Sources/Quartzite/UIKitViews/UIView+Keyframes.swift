import Foundation

/// UIKit's keyframe blocks: the changes made in each `addKeyframe` closure animate over that keyframe's
/// share of the block (relative start and duration, 0 to 1), holding the value before them until it
/// starts; a change made outside any keyframe spans the whole block. Each changed key of each view becomes
/// one `CAKeyframeAnimation` (linear between the keyframes unless the options name another calculation
/// mode), with the block's duration, delay, repeat options and curve over the whole block (ease in and out
/// unless the options' curve bits say otherwise); the completion waits for all of them.
extension UIView {
    /// Animates the keyframes added in `animations` over `duration` seconds, after `delay` seconds.
    public static func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval,
                                        options: KeyframeAnimationOptions = [], animations: @escaping () -> Void,
                                        completion: ((Bool) -> Void)? = nil) {
        let timing = blockTiming(duration: duration, delay: delay, options: options.blockOptions, spring: nil)
        let recorder = ViewKeyframeRecorder()
        let block = ViewAnimationBlock(timing: timing, completion: completion, recorder: recorder)
        block.run {
            animations()
            for (layer, animation) in recorder.animations(mode: options.calculationMode) {
                animation.timingFunction = timing?.curve.timingFunction
                guard let keyPath = animation.keyPath, let made = block.configure(animation, for: layer) else { continue }
                layer.add(made, forKey: keyPath)
            }
        }
    }

    /// Inside `animateKeyframes`, makes the changes in `animations` one keyframe, from `frameStartTime`
    /// for `frameDuration` (fractions of the block's duration). Elsewhere the changes are made unanimated
    /// and this is reported.
    public static func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                   animations: @escaping () -> Void) {
        guard let recorder = ViewAnimationBlock.current?.recorder else {
            Diagnostics.report("UIView.addKeyframe outside animateKeyframes: its changes are made without animation")
            return performWithoutAnimation(animations)
        }
        recorder.keyframe(start: frameStartTime, duration: frameDuration, animations)
    }
}
