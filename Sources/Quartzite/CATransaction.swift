import Foundation

/// Key of the transaction's animation duration (a number of seconds).
public let kCATransactionAnimationDuration = "animationDuration"
/// Key of the transaction's disable-actions flag.
public let kCATransactionDisableActions = "disableActions"
/// Key of the transaction's timing function.
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
/// Key of the transaction's completion block.
public let kCATransactionCompletionBlock = "completionBlock"

/// Groups layer changes so they commit together. Changes made outside an explicit transaction go into an
/// implicit one that the frame loop commits once per frame (`flush()`); nested transactions commit into their
/// parent. Animations added with beginTime 0 are stamped with their layer's time when the outermost
/// transaction commits.
@MainActor
public final class CATransaction {
    /// One open transaction.
    final class Frame {
        var values: [String: Any] = [:]
        var addedAnimations: [(entry: AnimationEntry, layer: CALayer)] = []
        /// Held strongly until the commit: a weak reference would give every layer a side table for good,
        /// which makes each later retain and release of it (the Evaluator's, every frame) take a slow path.
        var newLayers: [CALayer] = []
        var changedLayers: [WeakLayer] = []
        var completion: (() -> Void)?
    }

    struct WeakLayer { weak var layer: CALayer? }

    private static var explicitStack: [Frame] = []
    private static var implicitFrame: Frame?
    /// Completion blocks waiting for their animations, with the entries still running.
    private static var waitingCompletions: [(block: () -> Void, remaining: [ObjectIdentifier])] = []

    private static var current: Frame {
        if let top = explicitStack.last { return top }
        if let frame = implicitFrame { return frame }
        let frame = Frame()
        implicitFrame = frame
        return frame
    }

    /// Opens a transaction.
    public static func begin() {
        explicitStack.append(Frame())
    }

    /// Commits the innermost open transaction. A commit with no open explicit transaction is reported and
    /// ignored, as Core Animation logs it.
    public static func commit() {
        guard let frame = explicitStack.popLast() else {
            Diagnostics.report("CATransaction.commit() without a matching begin(); ignored")
            return
        }
        // An outermost explicit transaction commits now; changes made before it in this frame stay in the
        // implicit transaction, which the frame loop commits.
        if let parent = explicitStack.last {
            parent.addedAnimations += frame.addedAnimations
            parent.newLayers += frame.newLayers
            parent.changedLayers += frame.changedLayers
            scheduleCompletion(of: frame)
        } else {
            apply(frame)
        }
    }

    /// Commits the implicit transaction (and any explicit ones left open). The frame loop calls this once per
    /// frame before evaluating; call it yourself to commit at once.
    public static func flush() {
        while !explicitStack.isEmpty { commit() }
        guard let frame = implicitFrame else { return }
        implicitFrame = nil
        apply(frame)
    }

    /// Does nothing: Quartzite's model objects live on the main actor, so there is nothing to lock.
    public static func lock() {}
    /// Does nothing (see `lock()`).
    public static func unlock() {}

    // MARK: Values

    /// A transaction value, looked up from the innermost open transaction outwards.
    public static func value(forKey key: String) -> Any? {
        for frame in explicitStack.reversed() { if let v = frame.values[key] { return v } }
        return implicitFrame?.values[key]
    }

    /// Sets a value on the innermost open transaction.
    public static func setValue(_ anObject: Any?, forKey key: String) { current.values[key] = anObject }

    /// Duration of implicit animations (default 0.25 s).
    public static func animationDuration() -> CFTimeInterval {
        guard case .number(let d)? = AnimatableValue(value(forKey: kCATransactionAnimationDuration)),
              d.isFinite, d >= 0 else { return 0.25 }
        return d
    }
    /// Sets the duration of implicit animations in this transaction.
    public static func setAnimationDuration(_ dur: CFTimeInterval) { setValue(dur, forKey: kCATransactionAnimationDuration) }

    /// Timing function of implicit animations (default nil: linear).
    public static func animationTimingFunction() -> CAMediaTimingFunction? {
        value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
    }
    /// Sets the timing function of implicit animations in this transaction.
    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        setValue(function, forKey: kCATransactionAnimationTimingFunction)
    }

    /// Whether property changes run no implicit actions.
    public static func disableActions() -> Bool { value(forKey: kCATransactionDisableActions) as? Bool ?? false }
    /// Turns implicit actions off (or on) for this transaction.
    public static func setDisableActions(_ flag: Bool) { setValue(flag, forKey: kCATransactionDisableActions) }

    /// The block run once every animation added in this transaction has finished or been removed.
    public static func completionBlock() -> (() -> Void)? { current.completion }
    /// Sets the completion block of this transaction.
    public static func setCompletionBlock(_ block: (() -> Void)?) { current.completion = block }

    // MARK: Bookkeeping used by layers and the Evaluator

    /// Opens the implicit transaction if none is open (a model change happened).
    static func touch() { _ = current }

    static func registerNewLayer(_ layer: CALayer) { current.newLayers.append(layer) }

    static func registerChangedLayer(_ layer: CALayer) { current.changedLayers.append(WeakLayer(layer: layer)) }

    static func registerAddedAnimation(_ entry: AnimationEntry, on layer: CALayer) {
        current.addedAnimations.append((entry, layer))
    }

    /// Called when an animation stops, so completion blocks waiting for it can run.
    static func animationStopped(_ entry: AnimationEntry) {
        let id = ObjectIdentifier(entry)
        var stillWaiting: [(block: () -> Void, remaining: [ObjectIdentifier])] = []
        for var waiting in waitingCompletions {
            waiting.remaining.removeAll { $0 == id }
            if waiting.remaining.isEmpty { PendingEvents.enqueue(waiting.block) } else { stillWaiting.append(waiting) }
        }
        waitingCompletions = stillWaiting
    }

    private static func apply(_ frame: Frame) {
        let now = CACurrentMediaTime()
        for (entry, layer) in frame.addedAnimations where entry.needsStamp {
            entry.animation.stamp(beginTime: layer.convertTime(now, from: nil))
            entry.needsStamp = false
            // The layer's evaluation steps were made without a direct plan for this entry.
            layer.evaluationSteps = nil
        }
        for layer in frame.newLayers { layer.isCommitted = true }
        for weak in frame.changedLayers { weak.layer?.stateBeforeTransaction = [] }
        scheduleCompletion(of: frame)
    }

    private static func scheduleCompletion(of frame: Frame) {
        guard let block = frame.completion else { return }
        let running = frame.addedAnimations.filter { !$0.entry.didStop }.map { ObjectIdentifier($0.entry) }
        if running.isEmpty { PendingEvents.enqueue(block) } else { waitingCompletions.append((block, running)) }
    }
}
