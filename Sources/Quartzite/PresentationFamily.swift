import Foundation

/// The sublayers, mask and transition of a `PresentationNode`, in one copy-on-write box. Most nodes are
/// leaves with none of them: such a node holds no box at all (nil), so making, copying and freeing it costs
/// no reference counting for them (three separate arrays would each be counted). `@unchecked Sendable`
/// is sound for the same reason as `LayerSharedValuesBox`: it is only written through
/// `PresentationNode.uniqueFamily()`, which first makes the box unique to the writer.
final class PresentationFamily: @unchecked Sendable {
    var sublayers: [PresentationNode]
    var maskNodes: [PresentationNode]
    var transition: TransitionState?
    /// A replicator copy's tint (`PresentationNode.instanceTint`): a copy always has sublayers, so its box
    /// carries it and no other node pays for it.
    var instanceTint: SIMD4<Float>?

    init(sublayers: [PresentationNode] = [], maskNodes: [PresentationNode] = [], transition: TransitionState? = nil,
         instanceTint: SIMD4<Float>? = nil) {
        self.sublayers = sublayers
        self.maskNodes = maskNodes
        self.transition = transition
        self.instanceTint = instanceTint
    }

    /// A box with the same contents, for a writer that does not hold this one alone.
    func copy() -> PresentationFamily {
        PresentationFamily(sublayers: sublayers, maskNodes: maskNodes, transition: transition, instanceTint: instanceTint)
    }

    /// Whether it holds nothing (its node is then a leaf, and drops it).
    var isEmpty: Bool { sublayers.isEmpty && maskNodes.isEmpty && transition == nil && instanceTint == nil }

    /// Boxes held only by this one are freed here, one at a time: freed by the usual release chain, the
    /// nodes of a tree 100,000 deep would free each other recursively and overflow the stack.
    deinit {
        guard holdsFamilies else { return }
        var pending = detachFamilies()
        while var family = pending.popLast() {
            // A box someone else holds (another tree, a cache) outlives this one.
            guard isKnownUniquelyReferenced(&family) else { continue }
            pending.append(contentsOf: family.detachFamilies())
        }
    }

    /// Whether a node in here has a box of its own (is not a leaf); most boxes hold only leaves.
    private var holdsFamilies: Bool {
        transition != nil || sublayers.contains { $0.family != nil } || maskNodes.contains { $0.family != nil }
    }

    /// The boxes of the nodes in here, taken out of them.
    private func detachFamilies() -> [PresentationFamily] {
        var taken: [PresentationFamily] = []
        Self.detach(&sublayers, into: &taken)
        Self.detach(&maskNodes, into: &taken)
        if var state = transition {
            transition = nil
            Self.detach(&state.previousNodes, into: &taken)
            transition = state
        }
        return taken
    }

    private static func detach(_ nodes: inout [PresentationNode], into taken: inout [PresentationFamily]) {
        for index in nodes.indices {
            guard let family = nodes[index].family else { continue }
            taken.append(family)
            nodes[index].family = nil
        }
    }

    /// Whether two nodes' boxes hold equal sublayers, masks and transitions (nil equals an empty box), all
    /// the way down, compared with an explicit stack so that a tree of any depth compares.
    static func contentsEqual(_ lhs: PresentationFamily?, _ rhs: PresentationFamily?) -> Bool {
        var pending = [(lhs, rhs)]
        while let (a, b) = pending.popLast() {
            if a === b { continue }
            let aTransition = a?.transition, bTransition = b?.transition
            guard a?.instanceTint == b?.instanceTint,
                  aTransition?.type == bTransition?.type, aTransition?.subtype == bTransition?.subtype,
                  aTransition?.progress == bTransition?.progress,
                  shallowEqual(a?.sublayers ?? [], b?.sublayers ?? [], queueing: &pending),
                  shallowEqual(a?.maskNodes ?? [], b?.maskNodes ?? [], queueing: &pending),
                  shallowEqual(aTransition?.previousNodes ?? [], bTransition?.previousNodes ?? [], queueing: &pending)
            else { return false }
        }
        return true
    }

    /// Whether two node lists are equal node by node, leaving their boxes to compare in `pending`.
    private static func shallowEqual(_ a: [PresentationNode], _ b: [PresentationNode],
                                     queueing pending: inout [(PresentationFamily?, PresentationFamily?)]) -> Bool {
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) {
            guard x.layerID == y.layerID, x.kind == y.kind, x.properties == y.properties else { return false }
            if x.family !== y.family { pending.append((x.family, y.family)) }
        }
        return true
    }
}
