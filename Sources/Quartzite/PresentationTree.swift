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
}

/// The kinds of layer the Compositor draws differently.
public enum LayerKind: Sendable, Equatable {
    case plain
    case shape
    case gradient
}
