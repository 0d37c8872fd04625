import Foundation

/// Subtrees below `Evaluator.inPlaceDepth`: made with an explicit stack of levels instead of recursion, so
/// that a chain of 100,000 nested layers is evaluated without overflowing the stack. The nodes are the ones
/// the recursive path makes (same values, same caching of static subtrees); only where they are built
/// differs: here each level's sublayer nodes are collected in a new array, not rewritten in place.
extension Evaluator {
    /// A layer whose sublayers and mask are being evaluated: its own node done but for its box, and the
    /// nodes made so far of its sublayers, then its mask.
    private struct Level {
        let layer: CALayer
        var node: PresentationNode
        let localTime: CFTimeInterval
        let hasAnimations: Bool
        let hasTransition: Bool
        let children: [CALayer]
        let mask: CALayer?
        var made: [PresentationNode] = []

        /// The next layer to evaluate below this one (the sublayers in order, then the mask), nil when done.
        var nextLayer: CALayer? {
            if made.count < children.count { return children[made.count] }
            return made.count == children.count ? mask : nil
        }
    }

    /// What evaluating one layer gives: its node when it is done at once (a kept static subtree, a leaf, a
    /// cycle cut), else a level whose sublayers are still to evaluate.
    private enum Start {
        case done(PresentationNode)
        case level(Level)
    }

    /// The nodes of `layers` (siblings at the same parent time) and their subtrees.
    static func deepNodes(for layers: [CALayer], parentTime: CFTimeInterval, epoch: UInt64,
                          memo: TimingMemo) -> [PresentationNode] {
        var result: [PresentationNode] = []
        result.reserveCapacity(layers.count)
        var levels: [Level] = []
        var index = 0
        while true {
            let next: (layer: CALayer, parentTime: CFTimeInterval)
            if let top = levels.last {
                guard let layer = top.nextLayer else {
                    let finished = finish(levels.removeLast(), epoch: epoch, memo: memo)
                    if levels.isEmpty { result.append(finished) } else { levels[levels.count - 1].made.append(finished) }
                    continue
                }
                next = (layer, top.localTime)
            } else {
                guard index < layers.count else { return result }
                next = (layers[index], parentTime)
                index += 1
            }
            switch start(next.layer, parentTime: next.parentTime, epoch: epoch, memo: memo) {
            case .done(let node):
                if levels.isEmpty { result.append(node) } else { levels[levels.count - 1].made.append(node) }
            case .level(let level):
                levels.append(level)
            }
        }
    }

    /// Evaluates `layer`'s own node: done at once unless it has sublayers, a mask or a transition.
    private static func start(_ layer: CALayer, parentTime: CFTimeInterval, epoch: UInt64,
                              memo: TimingMemo) -> Start {
        if let cached = layer.cachedNode { return .done(cached.node) }
        var node = PresentationNode(layerID: ObjectIdentifier(layer), kind: layer.layerKind,
                                    properties: layer.modelValues, sublayers: [], maskNodes: [])
        let localTime = layer.timing.localTime(fromParent: parentTime)
        let hasAnimations = !layer.animationEntries.isEmpty
        let hasTransition = hasAnimations
            && applyAnimations(of: layer, localTime: localTime, epoch: epoch, memo: memo, to: &node.properties)
        let changesWithTime = hasAnimations || stampEmitterTime(of: layer, localTime, in: &node.properties)
        if hasAnimations, let drawn = layer.presentationContents { node.properties.contents = drawn }
        let children = layer.children
        let mask = layer.maskStorage
        guard !children.isEmpty || mask != nil || hasTransition else {
            if subtreeIsStatic(hasAnimations: changesWithTime, children: children, mask: mask) {
                layer.cachedNode = CachedPresentationNode(node)
            }
            return .done(node)
        }
        // A cycle (only reachable through masks set up behind the API's checks): nothing below here.
        guard !layer.isBeingEvaluated else { return .done(node) }
        layer.isBeingEvaluated = true
        var level = Level(layer: layer, node: node, localTime: localTime, hasAnimations: changesWithTime,
                          hasTransition: hasTransition, children: children, mask: mask)
        level.made.reserveCapacity(children.count + (mask == nil ? 0 : 1))
        return .level(level)
    }

    /// The node of a level whose sublayers and mask are all evaluated.
    private static func finish(_ level: Level, epoch: UInt64, memo: TimingMemo) -> PresentationNode {
        var node = level.node
        let layer = level.layer
        var sublayers = Array(level.made.prefix(level.children.count))
        if layer.layerKind == .replicator {
            // Copy 0 is made; the others again at their own times (a replicator's subtree, so the nesting of
            // replicators, not of layers, bounds this recursion).
            let children = level.children
            var copies: [PresentationNode] = []
            if replicate(into: &copies, layer: layer, properties: node.properties, localTime: level.localTime,
                         children: children, evaluate: { nodes, time in
                             nodes = time == level.localTime ? sublayers
                                 : deepNodes(for: children, parentTime: time, epoch: epoch, memo: memo)
                         }) {
                sublayers = copies
            }
        }
        layer.isBeingEvaluated = false
        let maskNodes = level.mask == nil ? [] : Array(level.made.suffix(1))
        let transition = level.hasTransition ? transition(of: layer, localTime: level.localTime) : nil
        node.sublayers = sublayers
        node.maskNodes = maskNodes
        node.transition = transition
        if subtreeIsStatic(hasAnimations: level.hasAnimations, children: level.children, mask: level.mask) {
            layer.cachedNode = CachedPresentationNode(node)
        }
        return node
    }
}
