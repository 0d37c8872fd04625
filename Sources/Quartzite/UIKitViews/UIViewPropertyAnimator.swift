import Foundation

/// UIKit's interruptible view animator (iOS 10): the changes made in its animation closures animate as in
/// a `UIView.animate` block (model values change at once, geometry blends additively), but on the
/// animator's own clock, which can be paused, scrubbed (`fractionComplete`), reversed, stopped and
/// continued. Its animations are Core Animation animations frozen with `speed` 0 and `timeOffset` while
/// paused, as Apple documents pausing.
///
/// Where UIKit raises an exception for a call in the wrong state (setting `fractionComplete` or
/// `isReversed` while stopped, `finishAnimation(at:)` when not stopped, `startAnimation()` when stopped,
/// pausing or stopping an animator that is not interruptible, changing `isInterruptible` once active), the
/// call does nothing here and the animator keeps its state. Not bound to the main actor, as `UIView` is not;
/// calls from several threads are safe. Completions run after the frame that ends the animations, or inside
/// `finishAnimation(at:)`; an animator with nothing to animate finishes after the next frame.
open class UIViewPropertyAnimator: UIViewImplicitlyAnimating, @unchecked Sendable {
    /// The animator's duration in seconds (a spring of mass, stiffness and damping lasts until it
    /// settles, and this is then that time, as UIKit ignores the duration passed in).
    public let duration: TimeInterval
    /// The delay before the animations start, in seconds (from `startAnimation(afterDelay:)`).
    public var delay: TimeInterval { lock.withLock { clock.delay } }
    /// The timing: a cubic curve or a spring.
    public let timingParameters: UITimingCurveProvider?

    let lock = NSLock()
    var clock = AnimatorClock()
    var status = UIViewAnimatingState.inactive
    var waiting: [(animations: () -> Void, delayFactor: Double)] = []
    var completions: [(UIViewAnimatingPosition) -> Void] = []
    var tracks: [ViewAnimationTrack] = []
    var generation = 0
    var pendingTracks = 0
    var interruptible = true
    var linearScrub = true
    var pausesAtEnd = false
    var scrubbing = false
    /// The cubic curve the animations run on (nil on a spring); `continueAnimation` may replace it.
    var curve: CAMediaTimingFunction?
    var userInteraction = (enabled: true, manualHitTesting: false)

    /// An animator of `duration` seconds on `parameters` (a cubic curve or a spring). A duration that is not
    /// a finite number ≥ 0 reads as 0, as in `UIView.animate`.
    public init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {
        let clean = duration.isFinite ? max(duration, 0) : 0
        timingParameters = parameters
        curve = parameters.springTimingParameters == nil ? parameters.cubicTimingParameters?.timingFunction : nil
        if let spring = parameters.springTimingParameters, let settling = Self.settlingDuration(of: spring) {
            self.duration = settling
        } else {
            self.duration = clean
        }
    }

    /// An animator on one of the system curves.
    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    /// An animator on the cubic curve of two control points.
    public convenience init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration,
                  timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }

    /// An animator on a spring of `ratio` that comes to rest at `duration`.
    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// Makes, starts (after `delay` seconds) and returns an animator of the changes in `animations`, on the
    /// curve `options` name; `completion` runs when it ends.
    @discardableResult
    open class func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval,
                                            options: UIView.AnimationOptions = [],
                                            animations: @escaping () -> Void,
                                            completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: duration, curve: options.curve, animations: animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    // MARK: State

    /// Whether the animator is inactive, active (running or paused) or stopped.
    open var state: UIViewAnimatingState { lock.withLock { status } }

    /// Whether the animations are running (active and not paused).
    open var isRunning: Bool { lock.withLock { status == .active && clock.running } }

    /// Whether the motion runs towards the start values; an animator reversed when it ends finishes at
    /// `.start`. Ignored while stopped.
    open var isReversed: Bool {
        get { lock.withLock { clock.reversed } }
        set { setReversed(newValue) }
    }

    /// Whether the animator can be paused and stopped (true by default); changeable only while inactive.
    open var isInterruptible: Bool {
        get { lock.withLock { interruptible } }
        set { lock.withLock { if status == .inactive { interruptible = newValue } } }
    }

    /// Whether setting `fractionComplete` scrubs the motion linearly in time (true by default) rather than
    /// along the curve.
    open var scrubsLinearly: Bool {
        get { lock.withLock { linearScrub } }
        set { lock.withLock { linearScrub = newValue } }
    }

    /// Whether the animator stays active, paused at its end, instead of finishing (false by default): no
    /// completion runs then until it is stopped and finished.
    open var pausesOnCompletion: Bool {
        get { lock.withLock { pausesAtEnd } }
        set { lock.withLock { pausesAtEnd = newValue } }
    }

    /// Kept for porting: views receive no events.
    open var isUserInteractionEnabled: Bool {
        get { lock.withLock { userInteraction.enabled } }
        set { lock.withLock { userInteraction.enabled = newValue } }
    }

    /// Kept for porting: views receive no events.
    open var isManualHitTestingEnabled: Bool {
        get { lock.withLock { userInteraction.manualHitTesting } }
        set { lock.withLock { userInteraction.manualHitTesting = newValue } }
    }

    /// How far the animator's time has come, 0 to 1. Setting it while paused (or inactive, which pauses
    /// it) scrubs the motion there; a value outside 0...1 is clamped, NaN ignored, and a running or
    /// stopped animator ignores it.
    open var fractionComplete: CGFloat {
        get { lock.withLock { CGFloat(fraction(at: CACurrentMediaTime())) } }
        set { scrub(to: Double(newValue)) }
    }

    // MARK: Animations and completions

    /// Adds animations that run over the whole duration; on an active animator they start now and run for
    /// the time that is left.
    open func addAnimations(_ animation: @escaping () -> Void) { addAnimations(animation, delayFactor: 0) }

    /// Adds animations that start `delayFactor` (0 to 1, clamped; NaN as 0) of the way into the duration,
    /// or of the time left on an active animator. A stopped animator ignores them.
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        let factor = delayFactor.isFinite ? min(max(Double(delayFactor), 0), 1) : 0
        let now = lock.withLock { () -> Bool in
            guard status == .inactive else { return status == .active }
            waiting.append((animation, factor))
            return false
        }
        if now { runNow(animation, delayFactor: factor) }
    }

    /// Adds a block that runs once the animator ends, told where: `.end`, `.start` (reversed) or
    /// `.current` (finished where it was stopped).
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        lock.withLock { completions.append(completion) }
    }

    // MARK: Running

    /// Starts the animations, or resumes a paused animator. A running animator and a stopped one ignore it.
    open func startAnimation() { start(delay: 0) }

    /// Starts the animations after `delay` seconds (negative or NaN read as 0); as `startAnimation()` on an
    /// animator already started.
    open func startAnimation(afterDelay delay: TimeInterval) { start(delay: delay.isFinite ? max(delay, 0) : 0) }

    /// Pauses the animations where they are; an inactive animator becomes active, paused at its start. A
    /// non-interruptible or stopped animator ignores it.
    open func pauseAnimation() {
        let action = lock.withLock { () -> PauseAction in
            guard interruptible else { return .none }
            switch status {
            case .inactive:
                status = .active
                clock.pause(at: 0)
                return .runWaiting
            case .active where clock.running:
                clock.pause(at: clock.time(at: CACurrentMediaTime(), end: endTime))
                return .reinstall
            default:
                return .none
            }
        }
        perform(action)
    }

    /// Stops the animations, leaving the views' model values where they show now. Without finishing
    /// (true) the animator becomes inactive and no completion runs; otherwise it is stopped until
    /// `finishAnimation(at:)`. An animator that is not active, or not interruptible, ignores it.
    open func stopAnimation(_ withoutFinishing: Bool) {
        let stopped = lock.withLock { () -> [ViewAnimationTrack]? in
            guard interruptible, status == .active else { return nil }
            generation += 1
            clock.running = false
            status = withoutFinishing ? .inactive : .stopped
            defer { if withoutFinishing { tracks = []; completions = []; waiting = [] } }
            return tracks
        }
        if let stopped { Self.settle(stopped, at: .current) }
    }

    /// Ends a stopped animator: sets the model values to the end, the start, or leaves them where they
    /// were stopped (`.current`), then runs the completions with `position`. Any other state ignores it.
    open func finishAnimation(at position: UIViewAnimatingPosition) {
        let ending = lock.withLock { () -> ([ViewAnimationTrack], [(UIViewAnimatingPosition) -> Void])? in
            guard status == .stopped else { return nil }
            return takeEverything()
        }
        guard let ending else { return }
        let (finished, blocks) = ending
        if position != .current { Self.settle(finished, at: position) }
        for block in blocks { block(position) }
    }

    /// Resumes a paused (or running) animator with new timing for what is left (a cubic curve replaces
    /// the curve of an animator on one, going on from the progress shown now; springs keep theirs) and the remaining time scaled by `durationFactor` (a value
    /// that is not a positive finite number reads as 1; others are held to 0.001...1,000,000). Any other state
    /// ignores it.
    open func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {
        // Held to 1e-3...1e6, so the rate stays a positive Float (a slower one would freeze the animations).
        let factor = durationFactor.isFinite && durationFactor > 0 ? min(max(Double(durationFactor), 1e-3), 1e6) : 1
        let resumed = lock.withLock { () -> Bool in
            guard status == .active else { return false }
            let next = parameters?.cubicTimingParameters?.timingFunction ?? curve
            let now = CACurrentMediaTime()
            clock.resume(from: resumeTime(at: now, on: next), at: now, rate: 1 / factor)
            if let next, curve != nil {
                curve = next
                for track in tracks where !(track.template is CASpringAnimation) { track.template.timingFunction = next }
            }
            scrubbing = false
            return true
        }
        if resumed { reinstall() }
    }
}
