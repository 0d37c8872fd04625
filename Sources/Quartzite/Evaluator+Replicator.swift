import Foundation

/// A replicator's copies (`CAReplicatorLayer`): its node's sublayers become one `instance` node per copy,
/// each holding the replicator's sublayers evaluated at the copy's own time, placed by the instance
/// transform applied i times about the replicator's centre, and carrying the copy's tint. Copies are values
/// in the presentation tree, not layers: the compositor, `ContentBounds` and the frame comparison see them as
/// any other nodes.
extension Evaluator {
    /// The most nodes the copies after the first may add to one tree (nested replicators multiply, and a
    /// copy of a kept static subtree costs nothing to make but as much as any to draw); past it, a diagnostic
    /// and a replicator draws fewer copies.
    /// (A budget a frame of llvmpipe's can draw in a fraction of a second; the fuzz, in a debug build, lowers
    /// it. Read and written only while holding `LayerTreeLock`, or before any tree is evaluated.)
    nonisolated(unsafe) package static var maximumReplicatedNodes = 100_000
    /// How many replicators deep copies after the first are made; below it each replicator draws its first
    /// copy only (its sublayers themselves), with a diagnostic, so evaluation stays within any stack.
    static let maximumReplicatorNesting = 16

    /// Nodes in the outermost replicators' copies in the current tree (an inner replicator's are counted in
    /// its outermost one's). Used only while holding `LayerTreeLock`.
    nonisolated(unsafe) static var replicatedNodes = 0
    /// How many replicators the evaluation is inside of now. Used only while holding `LayerTreeLock`.
    nonisolated(unsafe) static var replicatorNesting = 0

    /// Before evaluating a tree: no copies made yet.
    static func resetInstanceBudget() {
        replicatedNodes = 0
        replicatorNesting = 0
    }

    /// Rewrites `nodes` (the replicator's sublayer slots: last frame's copies, or anything) as the copies of
    /// `layer`'s sublayers `children`, when its values change what is drawn; returns false (nodes untouched)
    /// when the replicator draws its sublayers once, as a plain layer would. `evaluate` writes the nodes of
    /// `children` at a parent time into an array (the Evaluator's in-place or deep path).
    ///
    /// Copy 0 is made first and its nodes counted; the copies that fit the tree's budget of nodes follow.
    static func replicate(into nodes: inout [PresentationNode], layer: CALayer, properties: LayerProperties,
                          localTime: CFTimeInterval, children: [CALayer],
                          evaluate: (inout [PresentationNode], CFTimeInterval) -> Void) -> Bool {
        guard let values = properties.replicator, values.changesDrawing, !children.isEmpty else { return false }
        var count = requestedCount(values)
        guard count > 0 else {
            nodes = []
            return true
        }
        if nodes.first?.kind != .instance { nodes = [] }
        replicatorNesting += 1
        defer { replicatorNesting -= 1 }
        let outermost = replicatorNesting == 1
        let delay = values.instanceDelay.isFinite ? Double(values.instanceDelay) : 0
        var transform = CATransform3DIdentity
        var index = 0
        var weight = 1
        while index < count {
            if index == nodes.count { nodes.append(instanceShell(of: layer)) }
            writeInstance(&nodes[index], index, layer: layer, values: values, bounds: properties.bounds,
                          transform: transform) { evaluate(&$0, localTime - Double(index) * delay) }
            if index == 0 {
                weight = nodeCount(of: nodes[0], atMost: maximumReplicatedNodes)
                count = fittingCount(count, weight: weight)
            }
            transform = transform.concatenating(values.instanceTransform)
            index += 1
        }
        if nodes.count > count { nodes.removeLast(nodes.count - count) }
        if outermost { replicatedNodes += count * weight }
        return true
    }

    /// Writes copy `index` into `node`: the replicator's identity, the copy's place and tint, and its
    /// sublayers as `evaluate` makes them.
    private static func writeInstance(_ node: inout PresentationNode, _ index: Int, layer: CALayer, values: ReplicatorValues,
                                      bounds: CGRect, transform: CATransform3D,
                                      evaluate: (inout [PresentationNode]) -> Void) {
        node.layerID = ObjectIdentifier(layer)
        node.kind = .instance
        node.properties = instanceProperties(bounds: bounds, transform: transform)
        let family = node.familyToRewrite()
        family.instanceTint = values.tint(ofInstance: index)
        family.maskNodes = []
        family.transition = nil
        evaluate(&family.sublayers)
    }

    /// How many copies this replicator asks for, within the per-replicator and nesting limits (each with a
    /// diagnostic).
    private static func requestedCount(_ values: ReplicatorValues) -> Int {
        if values.instanceCount > ReplicatorValues.maximumInstanceCount {
            Diagnostics.report("CAReplicatorLayer: only \(ReplicatorValues.maximumInstanceCount) of \(values.instanceCount) instances are drawn")
        }
        let count = values.drawnInstanceCount
        if count > 1 && replicatorNesting >= maximumReplicatorNesting {
            Diagnostics.report("CAReplicatorLayer: a replicator inside \(maximumReplicatorNesting) others draws its first instance only")
            return 1
        }
        return count
    }

    /// How many of `count` copies of `weight` nodes each fit the nodes left in the tree's budget (copy 0,
    /// already made, always stays: an inner replicator kept its own copies within the budget, so one copy
    /// of it fits).
    private static func fittingCount(_ count: Int, weight: Int) -> Int {
        let left = max(0, maximumReplicatedNodes - replicatedNodes)
        let fitting = max(1, left / max(weight, 1))
        guard fitting < count else { return count }
        Diagnostics.report("CAReplicatorLayer: past \(maximumReplicatedNodes) replicated layers in one frame, the remaining instances are not drawn")
        return fitting
    }

    /// The nodes in `node`'s subtree, itself included, counted up to `limit` (a kept subtree shared by many
    /// copies counts once per copy: it is drawn once per copy).
    static func nodeCount(of node: PresentationNode, atMost limit: Int) -> Int {
        var count = 0
        var pending = [node]
        while let next = pending.popLast(), count < limit {
            count += 1
            pending.append(contentsOf: next.sublayers)
            pending.append(contentsOf: next.maskNodes)
        }
        return count
    }

    /// A copy's node before it is written: the replicator's identity, no sublayers yet.
    private static func instanceShell(of layer: CALayer) -> PresentationNode {
        PresentationNode(layerID: ObjectIdentifier(layer), kind: .instance, properties: LayerProperties(),
                         sublayers: [], maskNodes: [])
    }

    /// A copy's own values: the replicator's bounds, centred on the bounds' centre, turned by `transform`
    /// there; everything else the defaults (it draws nothing of its own).
    static func instanceProperties(bounds: CGRect, transform: CATransform3D) -> LayerProperties {
        var properties = LayerProperties()
        properties.bounds = bounds
        properties.position = CGPoint(x: bounds.midX, y: bounds.midY)
        properties.transform = transform
        return properties
    }
}
