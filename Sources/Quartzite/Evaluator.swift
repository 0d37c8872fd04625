import Foundation

/// Turns model layers and their animations into presentation values at a time. Pure Swift, no GL: the
/// renderer, `presentation()` and tests all read time through here.
package enum Evaluator {
    /// The presentation tree of `root` at global media time `time`.
    ///
    /// The tree is kept on `root` (`CALayer.keptTree`) and the next call rewrites it in place: a node whose
    /// layer kept its shared model values since last frame gets the inline ones copied over it, with no
    /// reference counting, and the sublayer arrays and their boxes are reused, so a frame allocates nothing.
    /// Whatever the caller still holds of an earlier tree is left alone: a box or array that is not held by
    /// the kept tree alone is replaced, not written (copy-on-write).
    ///
    /// Holds the layer tree's lock while it reads the layers, so the tree shows each change made on another
    /// thread whole or not at all.
    package static func presentationTree(of root: CALayer, at time: CFTimeInterval) -> PresentationNode {
        LayerTreeLock.withLock { lockedPresentationTree(of: root, at: time) }
    }

    private static func lockedPresentationTree(of root: CALayer, at time: CFTimeInterval) -> PresentationNode {
        prepareTimingTable()
        resetInstanceBudget()
        guard let kept = root.keptTree else {
            let tree = node(for: root, parentTime: time)
            root.keptTree = KeptPresentationTree(tree)
            return tree
        }
        let epoch = epoch
        let memo = timingMemo
        withUnsafeMutablePointer(to: &kept.node) { slot in
            updateNode(slot, for: root, parentTime: time, epoch: epoch, memo: memo, depth: 0)
        }
        return kept.node
    }

    /// The timing steps computed so far (see `TimingMemo`): allocated once, shared by every frame.
    /// Used only while holding `LayerTreeLock`, as the whole evaluation is.
    nonisolated(unsafe) static let timingMemo = TimingMemo()
    /// The direct plans' timings (see `TimingTable`): allocated once, shared by every frame.
    /// Used only while holding `LayerTreeLock`.
    nonisolated(unsafe) static let timingTable = TimingTable()
    /// The direct keyframe plans' keyframes, one per distinct set (see `DirectKeyframesTable`).
    /// Used only while holding `LayerTreeLock`.
    nonisolated(unsafe) static let keyframesTable = DirectKeyframesTable()

    /// Before an evaluation (never during one): when the timing table is full, empties it, and with it
    /// what is kept by its indices (the memo; every layer's plans, through the epoch they are checked
    /// against), so that plans made from now on find room.
    private static func prepareTimingTable() {
        guard timingTable.resetIfFull() else { return }
        timingMemo.clear()
        CAAnimation.attachedTimingEpoch &+= 1
    }

    /// `CAAnimation.attachedTimingEpoch`, read once per tree rather than once per layer (it is a static
    /// variable, so each read is checked for exclusive access).
    private static var epoch: UInt64 { CAAnimation.attachedTimingEpoch }

    /// The node of one layer and its subtree, made anew.
    private static func node(for layer: CALayer, parentTime: CFTimeInterval) -> PresentationNode {
        let epoch = epoch
        let memo = timingMemo
        return withUnsafeTemporaryAllocation(of: PresentationNode.self, capacity: 1) { buffer in
            guard let slot = buffer.baseAddress else { return makeNode(for: layer, parentTime: parentTime) }
            initializeNode(slot, for: layer, parentTime: parentTime, epoch: epoch, memo: memo, depth: 0)
            return slot.move()
        }
    }

    /// The node of one layer through a one-element array (only where no slot can be had).
    private static func makeNode(for layer: CALayer, parentTime: CFTimeInterval) -> PresentationNode {
        if let node = nodes(for: [layer], parentTime: parentTime, epoch: epoch, memo: timingMemo, depth: 0).first {
            return node
        }
        return PresentationNode(layerID: ObjectIdentifier(layer), kind: layer.layerKind, properties: layer.modelValues,
                                sublayers: [], maskNodes: [])
    }

    /// The nodes of `layers` (siblings), written straight into the array's storage: a node is some 300
    /// bytes and a frame makes one per layer, so building each in place instead of building it and copying
    /// it (two or three times) is a measurable part of the frame.
    private static func nodes(for layers: [CALayer], parentTime: CFTimeInterval, epoch: UInt64,
                              memo: TimingMemo, depth: Int) -> [PresentationNode] {
        [PresentationNode](unsafeUninitializedCapacity: layers.count) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            for layer in layers {
                initializeNode(base + count, for: layer, parentTime: parentTime, epoch: epoch, memo: memo, depth: depth)
                count += 1
            }
        }
    }

    /// Rewrites `nodes` (last frame's nodes of these siblings, or any nodes) as the nodes of `layers`: in
    /// place when there are as many, else as a new array.
    private static func update(_ nodes: inout [PresentationNode], for layers: [CALayer], parentTime: CFTimeInterval,
                               epoch: UInt64, memo: TimingMemo, depth: Int) {
        guard nodes.count == layers.count else {
            nodes = self.nodes(for: layers, parentTime: parentTime, epoch: epoch, memo: memo, depth: depth)
            return
        }
        nodes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for index in layers.indices {
                updateNode(base + index, for: layers[index], parentTime: parentTime, epoch: epoch, memo: memo,
                           depth: depth)
            }
        }
    }

    /// Initializes `slot` with the node of `layer`: the model values copied in once, then the animations
    /// applied to them in place.
    private static func initializeNode(_ slot: UnsafeMutablePointer<PresentationNode>, for layer: CALayer,
                                       parentTime: CFTimeInterval, epoch: UInt64, memo: TimingMemo, depth: Int) {
        // A static subtree (no animations, no change since the last frame): last frame's node, as it was.
        if let cached = layer.cachedNode {
            slot.initialize(to: cached.node)
            return
        }
        PresentationNode.initialize(slot, layer: layer)
        finishNode(slot, for: layer, parentTime: parentTime, epoch: epoch, memo: memo, depth: depth)
    }

    /// Rewrites the initialized node at `slot` (last frame's, of this layer or another) as the node of
    /// `layer`, reusing what it holds: its shared model values when they are still the layer's, its box of
    /// sublayers when no one else holds it.
    private static func updateNode(_ slot: UnsafeMutablePointer<PresentationNode>, for layer: CALayer,
                                   parentTime: CFTimeInterval, epoch: UInt64, memo: TimingMemo, depth: Int) {
        if let cached = layer.cachedNode {
            slot.pointee = cached.node
            return
        }
        slot.pointee.layerID = ObjectIdentifier(layer)
        slot.pointee.kind = layer.layerKind
        restoreModelValues(of: layer, into: &slot.pointee.properties)
        finishNode(slot, for: layer, parentTime: parentTime, epoch: epoch, memo: memo, depth: depth)
    }

    /// Writes `layer`'s model values over `properties`. When they already hold the model's shared box (a
    /// node rewritten each frame from the same model values does), only the inline values are copied: the
    /// box is neither retained nor released, and the model values are read in place, not copied out first.
    @inline(__always)
    private static func restoreModelValues(of layer: CALayer, into properties: inout LayerProperties) {
        if properties.shared === layer.modelValues.shared {
            properties.inline = layer.modelValues.inline
        } else {
            properties = layer.modelValues
        }
    }

    /// How many levels the Evaluator recurses through, writing nodes in place; the subtrees below are made
    /// with an explicit stack (`deepNodes(for:parentTime:epoch:memo:)`), so that a tree of any depth is
    /// evaluated on any thread's stack. Real trees are far shallower than this.
    static let inPlaceDepth = 48

    /// Completes the node at `slot`, which holds `layer`'s identity, kind and model values: applies the
    /// animations, then writes the sublayers, mask and transition (into the node's box of them when it holds
    /// one alone, as a node rewritten in place may), and keeps the node when the subtree is static.
    /// `depth`: how many layers above this one the recursion holds.
    private static func finishNode(_ slot: UnsafeMutablePointer<PresentationNode>, for layer: CALayer,
                                   parentTime: CFTimeInterval, epoch: UInt64, memo: TimingMemo, depth: Int) {
        let localTime = layer.timing.localTime(fromParent: parentTime)
        let hasAnimations = !layer.animationEntries.isEmpty
        let hasTransition = hasAnimations
            && applyAnimations(of: layer, localTime: localTime, epoch: epoch, memo: memo, to: &slot.pointee.properties)
        let changesWithTime = hasAnimations || stampEmitterTime(of: layer, localTime, in: &slot.pointee.properties)
        if hasAnimations, let drawn = layer.presentationContents { slot.pointee.properties.contents = drawn }
        let children = layer.children
        let mask = layer.maskStorage
        guard !children.isEmpty || mask != nil || hasTransition else {
            // A leaf (nearly every node): no box.
            slot.pointee.family = nil
            return cacheIfStatic(slot, layer: layer, hasAnimations: changesWithTime, children: children, mask: mask)
        }
        // A cycle (only reachable through masks set up behind the API's checks): draw nothing below here.
        guard !layer.isBeingEvaluated else {
            slot.pointee.family = nil
            return
        }
        layer.isBeingEvaluated = true
        defer { layer.isBeingEvaluated = false }
        let family = slot.pointee.familyToRewrite()
        family.instanceTint = nil
        if depth < inPlaceDepth {
            // A replicator's sublayer slots hold its copies, each a level above its sublayers.
            let replicated = layer.layerKind == .replicator
                && replicate(into: &family.sublayers, layer: layer, properties: slot.pointee.properties, localTime: localTime,
                             children: children) { nodes, time in
                    update(&nodes, for: children, parentTime: time, epoch: epoch, memo: memo, depth: depth + 2)
                }
            if !replicated {
                update(&family.sublayers, for: children, parentTime: localTime, epoch: epoch, memo: memo, depth: depth + 1)
            }
            if let mask {
                update(&family.maskNodes, for: [mask], parentTime: localTime, epoch: epoch, memo: memo, depth: depth + 1)
            } else {
                family.maskNodes = []
            }
        } else {
            family.sublayers = deepNodes(for: children, parentTime: localTime, epoch: epoch, memo: memo)
            family.maskNodes = mask.map { deepNodes(for: [$0], parentTime: localTime, epoch: epoch, memo: memo) } ?? []
        }
        family.transition = hasTransition ? transition(of: layer, localTime: localTime) : nil
        if family.isEmpty { slot.pointee.family = nil }
        cacheIfStatic(slot, layer: layer, hasAnimations: changesWithTime, children: children, mask: mask)
    }

    /// Keeps the node at `slot` for the next frames when nothing in its subtree can change with time.
    private static func cacheIfStatic(_ slot: UnsafeMutablePointer<PresentationNode>, layer: CALayer,
                                      hasAnimations: Bool, children: [CALayer], mask: CALayer?) {
        guard subtreeIsStatic(hasAnimations: hasAnimations, children: children, mask: mask) else { return }
        layer.cachedNode = CachedPresentationNode(slot.pointee)
    }

    /// Whether nothing in a layer's subtree can change with time: no animations on the layer, and every
    /// sublayer and the mask kept their nodes (so none below has animations either).
    static func subtreeIsStatic(hasAnimations: Bool, children: [CALayer], mask: CALayer?) -> Bool {
        guard !hasAnimations else { return false }
        for child in children where child.cachedNode == nil { return false }
        if let mask, mask.cachedNode == nil { return false }
        return true
    }

    /// The running transition of a layer (the last one added that shows now), if any.
    static func transition(of layer: CALayer, localTime: CFTimeInterval) -> TransitionState? {
        for entry in layer.animationEntries.reversed() where entry.isTransition {
            guard let transition = entry.animation as? CATransition, let previous = entry.transitionSnapshot.first else { continue }
            var timing = transition.mediaTiming
            if entry.needsStamp { timing.beginTime = localTime }
            guard let progress = timing.progress(atParentTime: localTime) else { continue }
            var f = progress.fraction
            if let function = transition.timingFunction { f = function.evaluate(f) }
            let start = Double(transition.startProgress), end = Double(transition.endProgress)
            let eased = min(1, max(0, (start.isFinite ? start : 0) + ((end.isFinite ? end : 1) - (start.isFinite ? start : 0)) * f))
            return TransitionState(type: transition.type, subtype: transition.subtype ?? .fromLeft,
                                   progress: eased, previousNodes: [previous])
        }
        return nil
    }

    /// The layer as it looked before the open transaction changed it, evaluated now: its earlier own
    /// properties (animations applied) and its earlier sublayers as they look now.
    static func snapshotBeforeTransaction(of layer: CALayer) -> PresentationNode {
        prepareTimingTable()
        resetInstanceBudget()
        let now = CACurrentMediaTime()
        let localTime = layer.localTime(fromGlobal: now)
        guard let before = layer.stateBeforeTransaction.first else { return node(for: layer, parentTime: layer.parentTime(fromGlobal: now)) }
        var properties = before.properties
        for entry in layer.animationEntries where !(entry.animation is CATransition) {
            let plan = entry.compiled ?? CompiledAnimation.make(entry.animation, model: before.properties)
            AnimationApplier.apply(entry.animation, plan: plan, timing: entry.animation.mediaTiming,
                                   parentTime: localTime, to: &properties)
        }
        let sublayers = before.sublayers.map { node(for: $0, parentTime: localTime) }
        return PresentationNode(layerID: ObjectIdentifier(layer), kind: layer.layerKind, properties: properties,
                                sublayers: sublayers, maskNodes: [])
    }

    /// The layer's properties with its animations applied at global time `time`.
    package static func presentationProperties(of layer: CALayer, atGlobalTime time: CFTimeInterval) -> LayerProperties {
        LayerTreeLock.withLock {
            prepareTimingTable()
            return evaluate(layer, localTime: layer.localTime(fromGlobal: time))
        }
    }

    /// Applies the layer's animations, in the order they were added, to its model values.
    static func evaluate(_ layer: CALayer, localTime: CFTimeInterval) -> LayerProperties {
        var properties = layer.modelValues
        applyAnimations(of: layer, localTime: localTime, epoch: epoch, memo: timingMemo, to: &properties)
        return properties
    }

    /// Applies the layer's animations, in the order they were added, to `properties` (its model values).
    /// Returns whether one of them is a transition.
    @discardableResult
    static func applyAnimations(of layer: CALayer, localTime: CFTimeInterval, epoch: UInt64,
                                        memo: TimingMemo, to properties: inout LayerProperties) -> Bool {
        // One read of the layer's steps when they are current (each read of a layer's property is checked
        // for exclusive access).
        let evaluation: LayerEvaluationSteps
        if let steps = layer.evaluationSteps, steps.epoch == epoch {
            evaluation = steps
        } else {
            evaluation = makeSteps(for: layer, epoch: epoch)
            layer.evaluationSteps = evaluation
        }
        // A plain loop, no closure: a main-actor closure is checked for isolation at each call. The steps'
        // group plans are unretained: `evaluation` keeps them alive to the loop's end.
        let timings = timingTable.entries
        defer { withExtendedLifetime(evaluation) {} }
        for step in evaluation.steps {
            if step.hasDirect && step.direct.apply(parentTime: localTime, timings: timings, memo: memo, to: &properties) {
                continue
            }
            if let group = step.group, group._withUnsafeGuaranteedRef({
                $0.apply(parentTime: localTime, timings: timings, memo: memo, to: &properties)
            }) {
                continue
            }
            applyGeneral(layer.animationEntries[step.entryIndex], layer: layer, localTime: localTime, to: &properties)
        }
        return evaluation.hasTransition
    }

    /// The layer's evaluation steps: each entry compiled (once), with a direct plan where it is a common
    /// case whose timing is final (an entry still waiting for its transaction's stamp has none; the stamp
    /// drops the steps).
    private static func makeSteps(for layer: CALayer, epoch: UInt64) -> LayerEvaluationSteps {
        var steps: [AnimationStep] = []
        steps.reserveCapacity(layer.animationEntries.count)
        var groups: [DirectGroupPlan] = []
        var hasTransition = false
        for (index, entry) in layer.animationEntries.enumerated() {
            steps.append(step(for: entry, at: index, of: layer, groups: &groups))
            hasTransition = hasTransition || entry.isTransition
        }
        return LayerEvaluationSteps(steps: steps, hasTransition: hasTransition, epoch: epoch, groups: groups)
    }

    /// The step of entry `index`: its direct plan (basic, else keyframe or group, appended to `groups`, which
    /// keeps it alive) when it has one and its timing is final, else the general path.
    private static func step(for entry: AnimationEntry, at index: Int, of layer: CALayer,
                             groups: inout [DirectGroupPlan]) -> AnimationStep {
        var step = AnimationStep(direct: .unused, hasDirect: false, group: nil, entryIndex: index)
        guard !entry.needsStamp else { return step }
        let plan = compiledPlan(of: entry, layer: layer)
        if let direct = DirectBasicPlan.make(entry.animation, plan: plan, timings: timingTable) {
            step.direct = direct
            step.hasDirect = true
        } else if let group = DirectGroupPlan.make(entry.animation, plan: plan, timings: timingTable,
                                                   shared: keyframesTable) {
            groups.append(group)
            step.group = Unmanaged.passUnretained(group)
        }
        return step
    }

    /// The entry's compiled animation, made the first time it is needed.
    private static func compiledPlan(of entry: AnimationEntry, layer: CALayer) -> CompiledAnimation {
        if let compiled = entry.compiled { return compiled }
        let plan = CompiledAnimation.make(entry.animation, model: layer.modelValues)
        entry.compiled = plan
        return plan
    }

    /// Applies one entry by the general path (`AnimationApplier`), reading its timing from the animation.
    private static func applyGeneral(_ entry: AnimationEntry, layer: CALayer, localTime: CFTimeInterval,
                                     to properties: inout LayerProperties) {
        let plan = compiledPlan(of: entry, layer: layer)
        // An animation whose transaction has not committed yet starts now.
        var animation = entry.animation.mediaTiming
        if entry.needsStamp { animation.beginTime = localTime }
        AnimationApplier.apply(entry.animation, plan: plan, timing: animation, parentTime: localTime,
                               to: &properties)
    }

    // MARK: End of frame

    /// After a frame at global time `time`: animations that ended by then are marked stopped (and removed
    /// when `isRemovedOnCompletion`), started ones marked started; their delegate calls are queued.
    package static func advance(_ root: CALayer, to time: CFTimeInterval) {
        LayerTreeLock.withLock {
            // An explicit stack, so a tree of any depth advances.
            var visited = Set<ObjectIdentifier>()
            var pending = [(root, time)]
            while let (layer, parentTime) = pending.popLast() {
                guard visited.insert(ObjectIdentifier(layer)).inserted else { continue }
                let localTime = layer.timing.localTime(fromParent: parentTime)
                advanceAnimations(of: layer, localTime: localTime)
                if let mask = layer.maskStorage { pending.append((mask, localTime)) }
                for child in layer.children.reversed() { pending.append((child, localTime)) }
            }
        }
    }

    /// Marks the layer's animations started and stopped as of `localTime`, removing finished ones that ask
    /// to be.
    private static func advanceAnimations(of layer: CALayer, localTime: CFTimeInterval) {
        for entry in layer.animationEntries where !entry.needsStamp {
            let timing = entry.animation.mediaTiming
            if !entry.didStart && localTime >= timing.beginTime {
                entry.didStart = true
                let animation = entry.animation
                if let delegate = animation.delegate {
                    PendingEvents.enqueue { delegate.animationDidStart(animation) }
                }
            }
            if !entry.didStop && timing.isFinished(atParentTime: localTime) {
                stop(entry, finished: true)
                if entry.animation.isRemovedOnCompletion {
                    layer.animationEntries.removeAll { $0 === entry }
                }
            }
        }
    }

    /// Marks an animation stopped and queues its delegate's `animationDidStop` (once).
    static func stop(_ entry: AnimationEntry, finished: Bool) {
        guard !entry.didStop else { return }
        entry.didStop = true
        let animation = entry.animation
        if let delegate = animation.delegate {
            PendingEvents.enqueue { delegate.animationDidStop(animation, finished: finished) }
        }
        CATransaction.animationStopped(entry)
    }

    /// Runs the delegate calls and completion blocks queued since the last delivery, on the calling thread,
    /// without holding the layer tree's lock; whether any ran.
    @discardableResult
    package static func deliverPendingEvents() -> Bool { PendingEvents.deliver() }

    /// One whole frame's bookkeeping, as the host runs it after drawing: advance, deliver, and commit what the
    /// callbacks changed, at the frame's time, as iOS commits at the end of the run loop pass that ran them (an
    /// animation added in `animationDidStop` begins when its predecessor stopped, not a frame later).
    package static func finishFrame(_ root: CALayer, at time: CFTimeInterval) {
        advance(root, to: time)
        if deliverPendingEvents() { CATransaction.flush() }
    }
}
