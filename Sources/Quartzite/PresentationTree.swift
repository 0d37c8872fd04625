import Foundation

/// One layer as it looks at one instant: plain values, no animations. The Compositor turns a tree of these
/// into a display list; tests can build and compare them without GL.
public struct PresentationNode: Sendable, Equatable {
    /// Identity of the model layer (stable across frames, for caches).
    public var layerID: ObjectIdentifier
    /// What the layer is, for the kind-specific drawing.
    public var kind: LayerKind
    /// The evaluated properties.
    public var properties: LayerProperties
    /// Sublayers in drawing order.
    public var sublayers: [PresentationNode]
    /// The mask, at most one (an array so the struct can hold a node of its own type).
    public var maskNodes: [PresentationNode]

    /// A transition running on this layer (see `CATransition`), nil when none.
    public var transition: TransitionState? {
        get { transitionStorage.first }
        set { transitionStorage = newValue.map { [$0] } ?? [] }
    }
    /// Kept in an array (one pointer) so that nodes without a transition, nearly all, stay small.
    private var transitionStorage: [TransitionState]

    /// A node; `transition` is nil unless given.
    public init(layerID: ObjectIdentifier, kind: LayerKind, properties: LayerProperties, sublayers: [PresentationNode],
                maskNodes: [PresentationNode], transition: TransitionState? = nil) {
        self.layerID = layerID
        self.kind = kind
        self.properties = properties
        self.sublayers = sublayers
        self.maskNodes = maskNodes
        transitionStorage = transition.map { [$0] } ?? []
    }

    /// The mask node, if any.
    public var mask: PresentationNode? { maskNodes.first }

    /// Initializes `slot` as `init(layerID:kind:properties:sublayers:maskNodes:)` with `layer`'s identity,
    /// kind and model values and no sublayers, mask or transition, field by field in place: built as a
    /// whole value, the 280-byte model values passed through several stack temporaries before reaching the
    /// node, a measurable part of a frame that makes one node per layer.
    @MainActor
    static func initialize(_ slot: UnsafeMutablePointer<PresentationNode>, layer: CALayer) {
        let raw = UnsafeMutableRawPointer(slot)
        let empty: [PresentationNode] = []
        raw.advanced(by: MemoryLayout<PresentationNode>.offset(of: \.layerID)!)
            .initializeMemory(as: ObjectIdentifier.self, repeating: ObjectIdentifier(layer), count: 1)
        raw.advanced(by: MemoryLayout<PresentationNode>.offset(of: \.kind)!)
            .initializeMemory(as: LayerKind.self, repeating: layer.layerKind, count: 1)
        raw.advanced(by: MemoryLayout<PresentationNode>.offset(of: \.properties)!)
            .assumingMemoryBound(to: LayerProperties.self).initialize(to: layer.modelValues)
        raw.advanced(by: MemoryLayout<PresentationNode>.offset(of: \.sublayers)!)
            .initializeMemory(as: [PresentationNode].self, repeating: empty, count: 1)
        raw.advanced(by: MemoryLayout<PresentationNode>.offset(of: \.maskNodes)!)
            .initializeMemory(as: [PresentationNode].self, repeating: empty, count: 1)
        raw.advanced(by: MemoryLayout<PresentationNode>.offset(of: \.transitionStorage)!)
            .initializeMemory(as: [TransitionState].self, repeating: [], count: 1)
    }
}

/// The kinds of layer the Compositor draws differently.
public enum LayerKind: Sendable, Equatable {
    case plain
    case shape
    case gradient
}
