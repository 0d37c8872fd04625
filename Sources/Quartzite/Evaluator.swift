import Foundation

/// Turns model layers and their animations into presentation values at a time. Pure Swift, no GL: the
/// renderer, `presentation()` and tests all read time through here.
@MainActor
public enum Evaluator {
    /// The presentation tree of `root` at global media time `time`.
    public static func presentationTree(of root: CALayer, at time: CFTimeInterval) -> PresentationNode {
        node(for: root, parentTime: time)
    }

    private static func node(for layer: CALayer, parentTime: CFTimeInterval) -> PresentationNode {
        let id = ObjectIdentifier(layer)
        let localTime = layer.mediaTiming.localTime(fromParent: parentTime)
        let properties = evaluate(layer, localTime: localTime)
        guard !layer.isBeingEvaluated else {
            // A cycle (only reachable through masks set up behind the API's checks): draw nothing below here.
            return PresentationNode(layerID: id, kind: layer.layerKind, properties: properties, sublayers: [], maskNodes: [])
        }
        layer.isBeingEvaluated = true
        defer { layer.isBeingEvaluated = false }
        let sublayers = layer.children.isEmpty ? [] : layer.children.map { node(for: $0, parentTime: localTime) }
        let mask = layer.mask.map { [node(for: $0, parentTime: localTime)] } ?? []
        var result = PresentationNode(layerID: id, kind: layer.layerKind, properties: properties, sublayers: sublayers, maskNodes: mask)
        // Only layers with animations can run a transition: the common case reads nothing more.
        if !layer.animationEntries.isEmpty { result.transition = transition(of: layer, localTime: localTime) }
        return result
    }

    /// The running transition of a layer (the last one added that shows now), if any.
    static func transition(of layer: CALayer, localTime: CFTimeInterval) -> TransitionState? {
        for entry in layer.animationEntries.reversed() {
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
    public static func presentationProperties(of layer: CALayer, atGlobalTime time: CFTimeInterval) -> LayerProperties {
        evaluate(layer, localTime: layer.localTime(fromGlobal: time))
    }

    /// Applies the layer's animations, in the order they were added, to its model values.
    static func evaluate(_ layer: CALayer, localTime: CFTimeInterval) -> LayerProperties {
        var properties = layer.modelValues
        for entry in layer.animationEntries {
            // An animation whose transaction has not committed yet starts now.
            var animation = entry.animation.mediaTiming
            if entry.needsStamp { animation.beginTime = localTime }
            let plan = entry.compiled ?? CompiledAnimation.make(entry.animation, model: layer.modelValues)
            if entry.compiled == nil { entry.compiled = plan }
            AnimationApplier.apply(entry.animation, plan: plan, timing: animation, parentTime: localTime,
                                   to: &properties)
        }
        return properties
    }

    // MARK: End of frame

    /// After a frame at global time `time`: animations that ended by then are marked stopped (and removed
    /// when `isRemovedOnCompletion`), started ones marked started; their delegate calls are queued.
    public static func advance(_ root: CALayer, to time: CFTimeInterval) {
        var visited = Set<ObjectIdentifier>()
        advance(root, parentTime: time, visited: &visited)
    }

    private static func advance(_ layer: CALayer, parentTime: CFTimeInterval, visited: inout Set<ObjectIdentifier>) {
        guard visited.insert(ObjectIdentifier(layer)).inserted else { return }
        let localTime = layer.mediaTiming.localTime(fromParent: parentTime)
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
        for child in layer.children { advance(child, parentTime: localTime, visited: &visited) }
        if let mask = layer.mask { advance(mask, parentTime: localTime, visited: &visited) }
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

    /// Runs the delegate calls and completion blocks queued since the last delivery.
    public static func deliverPendingEvents() { PendingEvents.deliver() }

    /// One whole frame's bookkeeping, as the host runs it after drawing: advance, then deliver.
    public static func finishFrame(_ root: CALayer, at time: CFTimeInterval) {
        advance(root, to: time)
        deliverPendingEvents()
    }
}
