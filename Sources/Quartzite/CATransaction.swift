import Foundation

/// Key of the transaction's animation duration (a number of seconds).
public let kCATransactionAnimationDuration = "animationDuration"
/// Key of the transaction's disable-actions flag.
public let kCATransactionDisableActions = "disableActions"
/// Key of the transaction's timing function.
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
/// Key of the transaction's completion block.
public let kCATransactionCompletionBlock = "completionBlock"

/// Groups layer changes so they commit together. Each thread has its own transactions, as in Core Animation:
/// changes a thread makes outside an explicit transaction go into that thread's implicit one. The frame loop
/// commits every thread's implicit transaction before it evaluates a frame (a thread's run loop does on
/// Apple's platforms); `flush()` commits the calling thread's at once. Nested transactions commit into their
/// parent. Animations added with beginTime 0 are stamped with their layer's time when the outermost
/// transaction commits.
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

    /// One thread's open transactions.
    struct ThreadTransactions {
        var explicitStack: [Frame] = []
        var implicitFrame: Frame?

        var isEmpty: Bool { explicitStack.isEmpty && implicitFrame == nil }
    }

    /// Every thread's open transactions, and the completion blocks waiting for their animations.
    struct Registry {
        var threads: [UInt: ThreadTransactions] = [:]
        var waitingCompletions: [(block: () -> Void, remaining: [ObjectIdentifier])] = []
        /// The frame loop's wake-up and its thread (see `observeChanges(_:)`).
        var changeObserver: (thread: UInt, wake: @Sendable () -> Void)?
    }

    private static let registry = LockedGlobal(Registry())

    /// The calling thread's identity, the key of its transactions.
    private static var currentThread: UInt {
        #if os(Linux)
        UInt(pthread_self())
        #else
        UInt(bitPattern: pthread_self())
        #endif
    }

    /// Runs `body` on the calling thread's transactions (holding the lock), dropping the entry when it is
    /// left with none open.
    private static func withThreadTransactions<T>(_ body: (inout ThreadTransactions) -> T) -> T {
        registry.withValue { registry in
            let thread = currentThread
            var transactions = registry.threads[thread] ?? ThreadTransactions()
            let result = body(&transactions)
            registry.threads[thread] = transactions.isEmpty ? nil : transactions
            return result
        }
    }

    /// The innermost open transaction of the calling thread, opening its implicit one if none is open.
    private static func current(_ transactions: inout ThreadTransactions) -> Frame {
        if let top = transactions.explicitStack.last { return top }
        if let frame = transactions.implicitFrame { return frame }
        let frame = Frame()
        transactions.implicitFrame = frame
        return frame
    }

    /// Runs `body` on the calling thread's innermost open transaction (opening the implicit one if needed).
    private static func withCurrent<T>(_ body: (Frame) -> T) -> T {
        var opened = false
        let result = withThreadTransactions { transactions in
            opened = transactions.isEmpty
            return body(current(&transactions))
        }
        // A change outside any transaction starts the implicit one, which only a frame commits.
        if opened { notifyChangeObserver() }
        return result
    }

    /// Tells the frame loop, when it sleeps on another thread than the caller's, that the caller has changed
    /// the model: it may sleep until input or an animation's start, and only a frame commits and shows a
    /// change another thread makes.
    static func notifyChangeObserver() {
        let thread = currentThread
        let wake = registry.withValue { registry in
            registry.changeObserver.flatMap { $0.thread == thread ? nil : $0.wake }
        }
        wake?()
    }

    /// Calls `wake` (on the changing thread) whenever a thread other than the calling one opens its implicit
    /// transaction or commits an outermost explicit one, until `stopObservingChanges()`: a frame loop that
    /// sleeps while nothing animates (`ChangeSchedule`) wakes for another thread's change. One observer at a
    /// time; a second call replaces the first.
    package static func observeChanges(_ wake: @escaping @Sendable () -> Void) {
        let thread = currentThread
        registry.withValue { $0.changeObserver = (thread, wake) }
    }

    /// Ends what `observeChanges(_:)` started.
    package static func stopObservingChanges() {
        registry.withValue { $0.changeObserver = nil }
    }

    /// Whether any thread has a transaction open: changes whose commit (and the implicit animations it
    /// starts) is still to come.
    package static var hasUncommittedChanges: Bool {
        registry.withValue { !$0.threads.isEmpty }
    }

    /// Opens a transaction on the calling thread.
    public static func begin() {
        withThreadTransactions { $0.explicitStack.append(Frame()) }
    }

    /// Commits the calling thread's innermost open transaction. A commit with no open explicit transaction
    /// is reported and ignored, as Core Animation logs it.
    ///
    /// A completion block of a transaction that added no animation still running runs before this returns
    /// when committed on the main thread, as Apple documents ("invoked immediately"); committed on another
    /// thread, it runs on the thread that draws frames, after the next frame.
    public static func commit() {
        var completeNow: (() -> Void)?
        let committedOutermost = LayerTreeLock.withLock { () -> Bool in
            guard let frame = withThreadTransactions({ $0.explicitStack.popLast() }) else {
                Diagnostics.report("CATransaction.commit() without a matching begin(); ignored")
                return false
            }
            // An outermost explicit transaction commits now; changes made before it stay in the thread's
            // implicit transaction, which the frame loop commits.
            let parent = withThreadTransactions { $0.explicitStack.last }
            if let parent {
                parent.addedAnimations += frame.addedAnimations
                parent.newLayers += frame.newLayers
                parent.changedLayers += frame.changedLayers
                completeNow = scheduleCompletion(of: frame, runsNow: Thread.isMainThread)
                return false
            }
            completeNow = apply(frame, runsCompletionNow: Thread.isMainThread)
            return true
        }
        // After the commit's own locking: the observer's wake-up may talk to the display server, and the
        // block may start other transactions.
        if committedOutermost { notifyChangeObserver() }
        if let completeNow { runCompletionNow(completeNow) }
    }

    /// How deep completion blocks run from `commit()` nest: one that commits another empty transaction
    /// whose block does the same would otherwise recurse until the stack overflows.
    private static let immediateCompletionDepth = LockedGlobal(0)
    /// Immediate completion blocks nested deeper than this wait for the frame instead.
    static let maximumImmediateCompletionDepth = 32

    /// Runs a completion block due at commit, or queues it for the frame when too many already nest.
    private static func runCompletionNow(_ block: @escaping () -> Void) {
        let depth = immediateCompletionDepth.withValue { depth -> Int in
            depth += 1
            return depth
        }
        defer { immediateCompletionDepth.withValue { $0 -= 1 } }
        if depth <= maximumImmediateCompletionDepth {
            block()
        } else {
            PendingEvents.enqueue(block)
        }
    }

    /// Lays out the layers that need it, displays those that need it, then commits the calling thread's
    /// implicit transaction (and any explicit ones it left open). The frame loop commits every thread's
    /// before it evaluates; call this to commit at once.
    public static func flush() {
        LayoutPass.run()
        DisplayPass.run()
        commitCallingThread()
    }

    /// Commits the calling thread's explicit transactions left open, then its implicit one.
    private static func commitCallingThread() {
        LayerTreeLock.withLock {
            while withThreadTransactions({ !$0.explicitStack.isEmpty }) { commit() }
            guard let frame = withThreadTransactions({ transactions -> Frame? in
                defer { transactions.implicitFrame = nil }
                return transactions.implicitFrame
            }) else { return }
            apply(frame)
        }
    }

    /// Before a frame is evaluated: commits the calling thread's transactions as `flush()` does, and the
    /// implicit transaction of every other thread that has no explicit transaction open (as those threads'
    /// run loops would). A thread inside an explicit transaction keeps its changes uncommitted until it
    /// commits.
    package static func flushForFrame() {
        defer { AnimatedDisplay.run() }
        LayoutPass.run()
        DisplayPass.run()
        LayerTreeLock.withLock {
            commitCallingThread()
            let waiting = registry.withValue { registry -> [Frame] in
                var frames: [Frame] = []
                for (thread, transactions) in registry.threads where transactions.explicitStack.isEmpty {
                    if let frame = transactions.implicitFrame { frames.append(frame) }
                    registry.threads[thread] = nil
                }
                return frames
            }
            for frame in waiting { apply(frame) }
        }
    }

    /// Takes Core Animation's transaction lock (recursive): while a thread holds it, no frame is evaluated
    /// and no other thread changes a layer, so values read together stay consistent.
    public static func lock() { LayerTreeLock.lock() }
    /// Releases the lock taken by `lock()`.
    public static func unlock() { LayerTreeLock.unlock() }

    // MARK: Values

    /// A transaction value, looked up from the innermost open transaction outwards.
    public static func value(forKey key: String) -> Any? {
        withThreadTransactions { transactions in
            for frame in transactions.explicitStack.reversed() { if let v = frame.values[key] { return v } }
            return transactions.implicitFrame?.values[key]
        }
    }

    /// Sets a value on the calling thread's innermost open transaction.
    public static func setValue(_ anObject: Any?, forKey key: String) { withCurrent { $0.values[key] = anObject } }

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
    public static func completionBlock() -> (() -> Void)? { withCurrent { $0.completion } }
    /// Sets the completion block of this transaction.
    public static func setCompletionBlock(_ block: (() -> Void)?) { withCurrent { $0.completion = block } }

    // MARK: Bookkeeping used by layers and the Evaluator

    /// Opens the implicit transaction if none is open (a model change happened).
    static func touch() { withCurrent { _ in } }

    static func registerNewLayer(_ layer: CALayer) { withCurrent { $0.newLayers.append(layer) } }

    static func registerChangedLayer(_ layer: CALayer) {
        withCurrent { $0.changedLayers.append(WeakLayer(layer: layer)) }
    }

    static func registerAddedAnimation(_ entry: AnimationEntry, on layer: CALayer) {
        withCurrent { $0.addedAnimations.append((entry, layer)) }
    }

    /// Called when an animation stops, so completion blocks waiting for it can run.
    static func animationStopped(_ entry: AnimationEntry) {
        let id = ObjectIdentifier(entry)
        let finished = registry.withValue { registry -> [() -> Void] in
            var finished: [() -> Void] = []
            var stillWaiting: [(block: () -> Void, remaining: [ObjectIdentifier])] = []
            for var waiting in registry.waitingCompletions {
                waiting.remaining.removeAll { $0 == id }
                if waiting.remaining.isEmpty { finished.append(waiting.block) } else { stillWaiting.append(waiting) }
            }
            registry.waitingCompletions = stillWaiting
            return finished
        }
        for block in finished { PendingEvents.enqueue(block) }
    }

    /// Commits `frame`'s changes and schedules its completion block. Returns the block instead when it is due
    /// now and `runsCompletionNow` (the caller runs it once it holds no lock).
    @discardableResult
    private static func apply(_ frame: Frame, runsCompletionNow: Bool = false) -> (() -> Void)? {
        let now = CACurrentMediaTime()
        for (entry, layer) in frame.addedAnimations where entry.needsStamp {
            entry.animation.stamp(beginTime: layer.convertTime(now, from: nil))
            entry.needsStamp = false
            // The layer's evaluation steps were made without a direct plan for this entry.
            layer.evaluationSteps = nil
        }
        for layer in frame.newLayers { layer.isCommitted = true }
        for weak in frame.changedLayers { weak.layer?.stateBeforeTransaction = [] }
        return scheduleCompletion(of: frame, runsNow: runsCompletionNow)
    }

    /// Queues `frame`'s completion block for the frame loop, or keeps it until its animations stop; returns
    /// it instead when none is running and `runsNow`.
    private static func scheduleCompletion(of frame: Frame, runsNow: Bool) -> (() -> Void)? {
        guard let block = frame.completion else { return nil }
        let running = frame.addedAnimations.filter { !$0.entry.didStop }.map { ObjectIdentifier($0.entry) }
        if running.isEmpty {
            if runsNow { return block }
            PendingEvents.enqueue(block)
        } else {
            registry.withValue { $0.waitingCompletions.append((block, running)) }
        }
        return nil
    }
}
