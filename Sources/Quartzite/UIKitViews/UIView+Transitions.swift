import Foundation

/// UIKit's view transitions, as a `CATransition` on the layer that changes: a cross-dissolve from the old
/// look to the new. The flips and curls have no Core Animation transition here; they cross-dissolve, and
/// say so once.
extension UIView {
    /// Runs `animations` (changes to `view`, usually its subviews) and shows them with the transition the
    /// options name over `duration` seconds. The changes themselves do not animate unless the options
    /// include `.allowAnimatedContent`.
    public static func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                  animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let block = ViewAnimationBlock(timing: nil, completion: completion)
        addTransition(to: view.layer, duration: duration, options: options, tracking: block)
        let changes = animations ?? {}
        if options.contains(.allowAnimatedContent) {
            let timing = blockTiming(duration: duration, delay: 0, options: options, spring: nil)
            ViewAnimationBlock(timing: timing, completion: nil).run(changes)
            block.run {}
        } else {
            block.run(changes)
        }
    }

    /// Replaces `fromView` with `toView` in its superview (or hides one and shows the other, with
    /// `.showHideTransitionViews`) and shows the change with the transition the options name.
    public static func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval,
                                  options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        let block = ViewAnimationBlock(timing: nil, completion: completion)
        let container = fromView.superview ?? toView.superview
        if let container { addTransition(to: container.layer, duration: duration, options: options, tracking: block) }
        block.run {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else if let parent = fromView.superview, let index = parent.subviews.firstIndex(where: { $0 === fromView }) {
                fromView.removeFromSuperview()
                parent.insertSubview(toView, at: index)
            }
        }
    }

    /// Adds the transition the options name to `layer`, its end counted by `block`; nothing for
    /// `.transitionNone` or a duration that is not a positive number.
    private static func addTransition(to layer: CALayer, duration: TimeInterval, options: AnimationOptions,
                                      tracking block: ViewAnimationBlock) {
        guard options.transition != 0, duration.isFinite, duration > 0 else { return }
        if options.transition != AnimationOptions.transitionCrossDissolve.transition {
            Diagnostics.report("UIView.transition: flips and curls are drawn as a cross-dissolve on Quartzite")
        }
        let transition = CATransition()
        transition.type = .fade
        transition.duration = duration
        transition.timingFunction = options.curve.timingFunction
        block.track(transition)
        layer.add(transition, forKey: kCATransition)
    }
}
