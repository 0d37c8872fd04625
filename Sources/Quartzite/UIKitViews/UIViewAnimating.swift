import Foundation

/// Where a property animator is in its life (UIKit's raw values).
public enum UIViewAnimatingState: Int, Sendable {
    /// Not started, or finished: its animations are not installed.
    case inactive = 0
    /// Started: running or paused.
    case active = 1
    /// Stopped with `stopAnimation(false)`, waiting for `finishAnimation(at:)`.
    case stopped = 2
}

/// Where a property animator's animations ended (UIKit's raw values).
public enum UIViewAnimatingPosition: Int, Sendable {
    /// At the end values.
    case end = 0
    /// Back at the start values (a reversed animator).
    case start = 1
    /// Somewhere between, where they were stopped.
    case current = 2
}

/// An object that runs interruptible animations: started, paused, scrubbed, reversed, stopped and finished
/// (`UIViewPropertyAnimator` adopts it).
public protocol UIViewAnimating: AnyObject {
    /// Inactive, active (running or paused) or stopped.
    var state: UIViewAnimatingState { get }
    /// Whether the animations are running.
    var isRunning: Bool { get }
    /// Whether the motion runs towards the start.
    var isReversed: Bool { get set }
    /// How far the animations have come, 0 to 1.
    var fractionComplete: CGFloat { get set }
    /// Starts or resumes the animations.
    func startAnimation()
    /// Starts the animations after `delay` seconds.
    func startAnimation(afterDelay delay: TimeInterval)
    /// Pauses the animations.
    func pauseAnimation()
    /// Stops the animations where they are.
    func stopAnimation(_ withoutFinishing: Bool)
    /// Ends stopped animations at `finalPosition`.
    func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// An interruptible animator that takes animation closures and completions, and continues with new timing.
public protocol UIViewImplicitlyAnimating: UIViewAnimating {
    /// Adds animations over the whole duration.
    func addAnimations(_ animation: @escaping () -> Void)
    /// Adds animations that start `delayFactor` of the way in.
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
    /// Adds a block run when the animations end.
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
    /// Resumes with new timing and the remaining time scaled.
    func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat)
}
