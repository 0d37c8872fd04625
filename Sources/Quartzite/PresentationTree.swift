import Foundation

/// One layer as it looks at one instant: plain values, no animations. The Compositor turns a tree of these
/// into a display list; tests can build and compare them without GL.
public struct PresentationNode: Sendable {
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
    public var transition: TransitionState?

    /// The mask node, if any.
    public var mask: PresentationNode? { maskNodes.first }
}

/// The kinds of layer the Compositor draws differently.
public enum LayerKind: Sendable, Equatable {
    case plain
    case shape
    case gradient
}
