import Foundation

/// An animation attached to a layer under a key, with the bookkeeping the Evaluator needs.
final class AnimationEntry {
    let key: String
    let animation: CAAnimation
    /// The animation was added with beginTime 0: its transaction's commit stamps it with the layer's time.
    var needsStamp: Bool
    var didStart = false
    var didStop = false
    /// The animation converted for evaluation, made the first time it is evaluated.
    var compiled: CompiledAnimation?
    /// Whether the animation is a CATransition (known once, so frames need no dynamic cast).
    let isTransition: Bool
    /// For a transition: the layer as it looked when the transition was added (an array of at most one, so
    /// entries stay small: a node is large, and frames walk many entries).
    var transitionSnapshot: [PresentationNode] = []

    init(key: String, animation: CAAnimation) {
        self.key = key
        self.animation = animation
        self.needsStamp = animation.beginTime == 0
        self.isTransition = animation is CATransition
    }
}

/// How the Evaluator applies one layer's animations, kept on the layer so that a frame reads them from one
/// contiguous array instead of chasing entry, animation and plan objects over the heap.
struct LayerEvaluationSteps {
    /// One step per entry, in the order they were added.
    var steps: [AnimationStep]
    /// Whether any entry is a transition (the only ones that need `Evaluator.transition(of:localTime:)`).
    var hasTransition: Bool
    /// `CAAnimation.attachedTimingEpoch` when made: the steps are stale once it moves.
    var epoch: UInt64
    /// The group plans the steps point to (they hold them unretained, so that a frame copies plain values).
    var groups: [DirectGroupPlan]
}

/// One step of evaluating a layer's animations: the direct plan of entry `entryIndex` when it has one (a
/// basic animation's, or a keyframe animation's or group's), else (or when the direct plan declines) the
/// general path for that entry. The basic plan is not optional, so the Evaluator can apply it where it lies
/// in the array (an optional's payload is copied out first). A plain value: the group plan is held
/// unretained, owned by the `LayerEvaluationSteps` the step is in.
struct AnimationStep {
    var direct: DirectBasicPlan
    var hasDirect: Bool
    var group: Unmanaged<DirectGroupPlan>?
    var entryIndex: Int
}

/// Delegate callbacks and completion blocks waiting for the end of the frame in which they happened, so that
/// user code never runs in the middle of evaluating or drawing a frame, nor while the layer tree's lock is
/// held (a callback may wait for another thread that is waiting for that lock).
enum PendingEvents {
    private static let queue = LockedGlobal<[() -> Void]>([])

    static func enqueue(_ event: @escaping () -> Void) { queue.withValue { $0.append(event) } }

    /// Runs what is queued, including what the callbacks themselves queue, on the calling thread; whether
    /// anything ran.
    @discardableResult
    static func deliver() -> Bool {
        var rounds = 0
        while rounds < 100 {
            let batch = queue.withValue { queue -> [() -> Void] in
                defer { queue.removeAll() }
                return queue
            }
            if batch.isEmpty { return rounds > 0 }
            for event in batch { event() }
            rounds += 1
        }
        return true
    }
}
