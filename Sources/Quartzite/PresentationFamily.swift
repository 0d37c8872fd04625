import Foundation

/// The sublayers, mask and transition of a `PresentationNode`, in one copy-on-write box. Most nodes are
/// leaves with none of them: such a node holds no box at all (nil), so making, copying and freeing it costs
/// no reference counting for them (three arrays, each reference counted, did before). `@unchecked Sendable`
/// is sound for the same reason as `LayerSharedValuesBox`: it is only written through
/// `PresentationNode.uniqueFamily()`, which first makes the box unique to the writer.
final class PresentationFamily: @unchecked Sendable {
    var sublayers: [PresentationNode]
    var maskNodes: [PresentationNode]
    var transition: TransitionState?

    init(sublayers: [PresentationNode] = [], maskNodes: [PresentationNode] = [], transition: TransitionState? = nil) {
        self.sublayers = sublayers
        self.maskNodes = maskNodes
        self.transition = transition
    }

    /// A box with the same contents, for a writer that does not hold this one alone.
    func copy() -> PresentationFamily {
        PresentationFamily(sublayers: sublayers, maskNodes: maskNodes, transition: transition)
    }

    /// Whether it holds nothing (its node is then a leaf, and drops it).
    var isEmpty: Bool { sublayers.isEmpty && maskNodes.isEmpty && transition == nil }
}
