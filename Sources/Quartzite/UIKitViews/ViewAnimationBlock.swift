import Foundation

/// One `UIView.animate` block while its closure runs and until its animations end: the parameters every
/// view layer's change inside it animates with, and its completion, called once every animation it made
/// has stopped (with whether all of them finished).
///
/// Blocks nest per thread (`current`); a view's layer asks the innermost one for its action.
final class ViewAnimationBlock: CAAnimationDelegate, @unchecked Sendable {
    /// How changes in the block animate: nil for a block that animates nothing (`performWithoutAnimation`).
    struct Timing {
        var duration: CFTimeInterval
        var delay: CFTimeInterval
        var curve: UIView.AnimationCurve
        var options: UIView.AnimationOptions
        /// A spring instead of the curve: its mass-1 stiffness, damping and initial velocity.
        var spring: (stiffness: Double, damping: Double, velocity: Double)?
        /// A spring's own duration instead of the block's (a property animator's spring of mass, stiffness
        /// and damping lasts until it settles, as UIKit's does).
        var springDuration: CFTimeInterval?
        /// A curve of the caller's own instead of `curve` (a property animator's cubic timing parameters).
        var function: CAMediaTimingFunction?
    }

    let timing: Timing?
    /// For a keyframe block: where its changes are recorded, to become keyframe animations.
    let recorder: ViewKeyframeRecorder?
    /// For a property animator's block: where its animations go instead of their layers.
    let sink: ViewAnimationSink?
    private let lock = NSLock()
    private var completion: ((Bool) -> Void)?
    private var pending = 0
    private var allFinished = true
    private var closed = false
    /// The layers and keys this block has animated: an animation of one of them again (a key set twice in
    /// the block) replaces the block's own earlier one, whose stop does not count as unfinished.
    private var animated: Set<LayerKey> = []
    private var superseded = 0

    private struct LayerKey: Hashable {
        let layer: ObjectIdentifier
        let key: String
    }

    init(timing: Timing?, completion: ((Bool) -> Void)?, recorder: ViewKeyframeRecorder? = nil,
         sink: ViewAnimationSink? = nil) {
        self.timing = timing
        self.completion = completion
        self.recorder = recorder
        self.sink = sink
    }

    // MARK: The blocks open on each thread

    private static let open = LockedGlobal<[UInt: [ViewAnimationBlock]]>([:])

    private static var thread: UInt {
        #if os(Linux)
        UInt(pthread_self())
        #else
        UInt(bitPattern: pthread_self())
        #endif
    }

    /// The innermost block open on the calling thread.
    static var current: ViewAnimationBlock? { open.withValue { $0[thread]?.last } }

    /// Whether the innermost open block animates nothing (`performWithoutAnimation`, a transition's changes).
    static var insideBlockWithoutAnimation: Bool {
        guard let block = current else { return false }
        return block.timing == nil && block.recorder == nil
    }

    /// Runs `body` with this block innermost on the calling thread, then waits for its animations.
    func run(_ body: () -> Void) {
        let thread = Self.thread
        Self.open.withValue { $0[thread, default: []].append(self) }
        body()
        Self.open.withValue { blocks in
            blocks[thread]?.removeLast()
            if blocks[thread]?.isEmpty == true { blocks[thread] = nil }
        }
        close()
    }

    // MARK: Animations

    /// The action of `key` on a view's `layer` for a change made inside the block: an animation with the
    /// block's timing (`ViewBlockAction`: additive for the geometry keys unless the options ask to begin
    /// from the current state), or for a keyframe block the recording of the change; nil when the block
    /// animates nothing or has no duration.
    func action(for layer: CALayer, key: String) -> CAAction? {
        guard let timing, timing.duration > 0 else { return nil }
        if let recorder { return recorder.action(for: layer, key: key) }
        let blends = ViewBlockAction.additiveKeys.contains(key) && !timing.options.contains(.beginFromCurrentState)
            && !ViewBlockAction.runsAbsoluteAnimation(of: key, on: layer)
        return ViewBlockAction(block: self, animation: makeAnimation(key: key, timing: timing), layer: layer,
                               key: key, blends: blends)
    }

    /// A basic animation of `key` on the block's curve, or its spring.
    private func makeAnimation(key: String, timing: Timing) -> CABasicAnimation {
        guard let spring = timing.spring else {
            let animation = CABasicAnimation(keyPath: key)
            animation.timingFunction = timing.function ?? timing.curve.timingFunction
            return animation
        }
        let s = CASpringAnimation(keyPath: key)
        s.mass = 1
        s.stiffness = CGFloat(spring.stiffness)
        s.damping = CGFloat(spring.damping)
        s.initialVelocity = CGFloat(spring.velocity)
        if let custom = timing.springDuration { s.duration = custom }
        return s
    }

    /// Adds `animation`, made for a change of `layer`, under `key`; a property animator's block hands it
    /// to the animator instead, which installs it with its own clock.
    func added(_ animation: CABasicAnimation, to layer: CALayer, forKey key: String,
               start: AnimatableValue, end: AnimatableValue, oldModel: AnimatableValue?, newModel: AnimatableValue?) {
        if let sink {
            let delay = timing?.delay ?? 0
            sink.record(ViewAnimationTrack(layer: layer, key: key, template: animation, start: start, end: end,
                                           oldModel: oldModel, newModel: newModel, begin: delay))
        } else {
            layer.add(animation, forKey: key)
        }
    }

    /// Gives `animation` the block's duration, delay and repeat options and counts it for the completion;
    /// nil when the block animates nothing or has no duration.
    /// A property animator's block gives the duration only: the animator keeps the clock. `replaces`: the
    /// animation replaces whatever runs under its key (false for an additive one under a key of its own).
    func configure<Animation: CAAnimation>(_ animation: Animation, for layer: CALayer,
                                           replaces: Bool = true) -> Animation? {
        guard let timing, timing.duration > 0 else { return nil }
        if !(animation is CASpringAnimation && timing.springDuration != nil) { animation.duration = timing.duration }
        guard sink == nil else { return animation }
        if timing.delay > 0 {
            // The old value shows during the delay, as UIKit's delayed animations fill backwards.
            animation.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + timing.delay
            animation.fillMode = .backwards
        }
        if timing.options.contains(.repeat) { animation.repeatCount = .greatestFiniteMagnitude }
        animation.autoreverses = timing.options.contains(.autoreverse)
        if replaces, let key = (animation as? CAPropertyAnimation)?.keyPath {
            lock.withLock {
                if !animated.insert(LayerKey(layer: ObjectIdentifier(layer), key: key)).inserted { superseded += 1 }
            }
        }
        track(animation)
        return animation
    }

    /// Counts `animation` among those the completion waits for.
    func track(_ animation: CAAnimation) {
        lock.withLock { pending += 1 }
        animation.delegate = self
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        let done = lock.withLock { () -> Bool in
            pending -= 1
            if !flag && superseded > 0 {
                superseded -= 1
            } else {
                allFinished = allFinished && flag
            }
            return closed && pending == 0
        }
        if done { complete() }
    }

    /// The closure has run: with no animation left to wait for, the completion runs after the frame, as
    /// UIKit runs it on a later pass of the run loop.
    private func close() {
        let done = lock.withLock { () -> Bool in
            closed = true
            return pending == 0
        }
        if done { PendingEvents.enqueue { [self] in complete() } }
    }

    private func complete() {
        let (block, finished) = lock.withLock { () -> (((Bool) -> Void)?, Bool) in
            defer { completion = nil }
            return (completion, allFinished)
        }
        block?(finished)
    }
}
