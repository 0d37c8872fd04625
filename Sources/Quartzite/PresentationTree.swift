import Foundation

/// One layer as it looks at one instant: plain values, no animations. The Compositor turns a tree of these
/// into a display list; tests can build and compare them without GL.
package struct PresentationNode: Sendable, Equatable {
    /// Identity of the model layer (stable across frames, for caches).
    package var layerID: ObjectIdentifier
    /// What the layer is, for the kind-specific drawing.
    package var kind: LayerKind
    /// The evaluated properties.
    package var properties: LayerProperties
    /// Sublayers, mask and transition; nil when the node has none (nearly every leaf), so that a leaf
    /// costs no reference counting beyond its properties' (see `PresentationFamily`).
    var family: PresentationFamily?

    /// Sublayers in drawing order.
    package var sublayers: [PresentationNode] {
        get { family?.sublayers ?? [] }
        set {
            // Setting nothing on a leaf leaves it without a box.
            if family == nil && newValue.isEmpty { return }
            uniqueFamily().sublayers = newValue
            dropFamilyIfEmpty()
        }
        _modify {
            let family = uniqueFamily()
            yield &family.sublayers
            dropFamilyIfEmpty()
        }
    }
    /// The mask, at most one (an array so the struct can hold a node of its own type).
    package var maskNodes: [PresentationNode] {
        get { family?.maskNodes ?? [] }
        set {
            // Setting nothing on a leaf leaves it without a box.
            if family == nil && newValue.isEmpty { return }
            uniqueFamily().maskNodes = newValue
            dropFamilyIfEmpty()
        }
        _modify {
            let family = uniqueFamily()
            yield &family.maskNodes
            dropFamilyIfEmpty()
        }
    }
    /// A transition running on this layer (see `CATransition`), nil when none.
    package var transition: TransitionState? {
        get { family?.transition }
        set {
            // Setting nothing on a leaf leaves it without a box.
            if family == nil && newValue == nil { return }
            uniqueFamily().transition = newValue
            dropFamilyIfEmpty()
        }
        _modify {
            let family = uniqueFamily()
            yield &family.transition
            dropFamilyIfEmpty()
        }
    }

    /// A node; `transition` is nil unless given.
    package init(layerID: ObjectIdentifier, kind: LayerKind, properties: LayerProperties, sublayers: [PresentationNode],
                maskNodes: [PresentationNode], transition: TransitionState? = nil) {
        self.layerID = layerID
        self.kind = kind
        self.properties = properties
        let family = PresentationFamily(sublayers: sublayers, maskNodes: maskNodes, transition: transition)
        self.family = family.isEmpty ? nil : family
    }

    /// The mask node, if any.
    package var mask: PresentationNode? { maskNodes.first }

    /// The straight RGBA that multiplies every colour drawn in this node's subtree: a replicator copy's
    /// (`LayerKind.instance`); nil for every other node.
    package var instanceTint: SIMD4<Float>? { family?.instanceTint }

    /// Equal identity, kind, properties, sublayers, mask and transition (a leaf's missing box equals an
    /// empty one; one box is equal to itself, as an array's buffer is).
    package static func == (lhs: PresentationNode, rhs: PresentationNode) -> Bool {
        lhs.layerID == rhs.layerID && lhs.kind == rhs.kind && lhs.properties == rhs.properties
            && PresentationFamily.contentsEqual(lhs.family, rhs.family)
    }

    /// The family box, made unique to this node (copied when shared, made when missing) before a change.
    mutating func uniqueFamily() -> PresentationFamily {
        if isKnownUniquelyReferenced(&family), let family { return family }
        let made = family?.copy() ?? PresentationFamily()
        family = made
        return made
    }

    /// The family box to rewrite whole: the node's own when no one else holds it (a kept tree's, last
    /// frame's, reused in place), else a new empty one. A shared box is not copied first (as `uniqueFamily()`
    /// would): everything in it is about to be replaced, and copying its sublayer array only to overwrite
    /// each node would cost more than making the nodes anew (a renderer that keeps last frame's tree to
    /// compare with makes every frame this way).
    mutating func familyToRewrite() -> PresentationFamily {
        if isKnownUniquelyReferenced(&family), let family { return family }
        let made = PresentationFamily()
        family = made
        return made
    }

    /// After a change: a node left with no sublayers, mask or transition holds no box.
    private mutating func dropFamilyIfEmpty() {
        if let family, family.isEmpty { self.family = nil }
    }

    /// Initializes `slot` as `init(layerID:kind:properties:sublayers:maskNodes:)` with `layer`'s identity,
    /// kind and model values and no sublayers, mask or transition, field by field in place: built as a
    /// whole value, the 280-byte model values passed through several stack temporaries before reaching the
    /// node, a measurable part of a frame that makes one node per layer.
    static func initialize(_ slot: UnsafeMutablePointer<PresentationNode>, layer: CALayer) {
        let raw = UnsafeMutableRawPointer(slot)
        raw.advanced(by: MemoryLayout<PresentationNode>.offset(of: \.layerID)!)
            .initializeMemory(as: ObjectIdentifier.self, repeating: ObjectIdentifier(layer), count: 1)
        raw.advanced(by: MemoryLayout<PresentationNode>.offset(of: \.kind)!)
            .initializeMemory(as: LayerKind.self, repeating: layer.layerKind, count: 1)
        raw.advanced(by: MemoryLayout<PresentationNode>.offset(of: \.properties)!)
            .assumingMemoryBound(to: LayerProperties.self).initialize(to: layer.modelValues)
        raw.advanced(by: MemoryLayout<PresentationNode>.offset(of: \.family)!)
            .initializeMemory(as: PresentationFamily?.self, repeating: nil, count: 1)
    }
}

/// The kinds of layer the Compositor draws differently.
package enum LayerKind: Sendable, Equatable {
    case plain
    case shape
    case gradient
    /// A `CATransformLayer`: draws nothing of its own and does not flatten its sublayers.
    case transform
    /// A `CAEmitterLayer`: draws its particles above its contents, below its sublayers.
    case emitter
    /// A `CAReplicatorLayer`: its node's sublayers are its copies (`instance` nodes), made by the Evaluator.
    case replicator
    /// One copy of a replicator's sublayers: draws nothing of its own, keeps its sublayers' depth, places
    /// them by its transform and multiplies every colour drawn below it by its `instanceTint`.
    case instance
    /// A `CATextLayer`: draws its text (laid out by Pango) above its contents, below its sublayers.
    case text
}
