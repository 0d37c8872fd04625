import Foundation

/// A layer that makes a true 3D hierarchy: its sublayers keep their depth instead of being flattened into its
/// plane, so six faces under one transform layer turn as a solid, drawn far to near.
///
/// As Apple documents, only the sublayers are drawn: the layer's own background, border, contents, shadow,
/// mask and `masksToBounds` are ignored, and its opacity is applied to each sublayer on its own rather than
/// to the group.
open class CATransformLayer: CALayer {
    /// A transform layer with Core Animation's defaults.
    public override init() { super.init() }
    /// A copy of another layer's properties (what presentation layers are made with).
    public override init(layer: Any) { super.init(layer: layer) }
    /// Core Animation's archiving initializer (see `CALayer.init?(coder:)`).
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    /// Transform layers draw only their sublayers, unflattened.
    override class var kindOfLayers: LayerKind { .transform }
}
