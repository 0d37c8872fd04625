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
    }

    let timing: Timing?
    /// For a keyframe block: where its changes are recorded, to become keyframe animations.
    let recorder: ViewKeyframeRecorder?
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

    init(timing: Timing?, completion: ((Bool) -> Void)?, recorder: ViewKeyframeRecorder? = nil) {
        self.timing = timing
        self.completion = completion
        self.recorder = recorder
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
    /// block's timing, or for a keyframe block the recording of the change; nil when the block animates
    /// nothing or has no duration.
    func action(for layer: CALayer, key: String) -> CAAction? {
        guard let timing, timing.duration > 0 else { return nil }
        if let recorder { return recorder.action(for: layer, key: key) }
        let animation: CABasicAnimation
        if let spring = timing.spring {
            let s = CASpringAnimation(keyPath: key)
            s.mass = 1
            s.stiffness = CGFloat(spring.stiffness)
            s.damping = CGFloat(spring.damping)
            s.initialVelocity = CGFloat(spring.velocity)
            animation = s
        } else {
            animation = CABasicAnimation(keyPath: key)
            animation.timingFunction = timing.curve.timingFunction
        }
        return configure(animation, for: layer)
    }

    /// Gives `animation` the block's duration, delay and repeat options and counts it for the completion;
    /// nil when the block animates nothing or has no duration.
    func configure<Animation: CAAnimation>(_ animation: Animation, for layer: CALayer) -> Animation? {
        guard let timing, timing.duration > 0 else { return nil }
        animation.duration = timing.duration
        if timing.delay > 0 {
            // The old value shows during the delay, as UIKit's delayed animations fill backwards.
            animation.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + timing.delay
            animation.fillMode = .backwards
        }
        if timing.options.contains(.repeat) { animation.repeatCount = .greatestFiniteMagnitude }
        animation.autoreverses = timing.options.contains(.autoreverse)
        if let key = (animation as? CAPropertyAnimation)?.keyPath {
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
