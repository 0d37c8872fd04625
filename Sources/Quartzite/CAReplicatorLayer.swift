import Foundation

/// A layer that draws its sublayers `instanceCount` times, each copy transformed, delayed and tinted from the
/// one before: a spinner of twelve fading dots is one dot with one animation.
///
/// Copies are drawn, not added to the layer tree: copy i is the sublayers evaluated at the replicator's time
/// minus i x `instanceDelay`, placed by `instanceTransform` applied i times about the centre of the
/// replicator's bounds, and every colour it draws multiplied by `instanceColor` plus i times the colour
/// offsets (each component clamped to 0...1). Copy 0 is the sublayers themselves (tinted by `instanceColor`).
/// A replicator inside another multiplies: each outer copy holds all the inner copies.
///
/// Copies are not hit-tested and do not count as sublayers. At most 10,000 copies a replicator are drawn,
/// and 100,000 replicated layers in a frame (nested replicators multiply), with a diagnostic beyond.
open class CAReplicatorLayer: CALayer {
    /// A replicator with Core Animation's defaults: one copy, no delay, identity transform, white.
    public override init() {
        super.init()
        LayerTreeLock.withLock { modelValues.replicator = ReplicatorValues() }
    }
    /// A copy of another layer's properties (what presentation layers are made with).
    public override init(layer: Any) {
        super.init(layer: layer)
        LayerTreeLock.withLock { if modelValues.replicator == nil { modelValues.replicator = ReplicatorValues() } }
    }
    /// Core Animation's archiving initializer (see `CALayer.init?(coder:)`).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        LayerTreeLock.withLock { modelValues.replicator = ReplicatorValues() }
    }
    /// Replicators draw their sublayers once per copy.
    override class var kindOfLayers: LayerKind { .replicator }

    /// The number of copies to draw, the sublayers themselves included (default 1; 0 or less draws none).
    open var instanceCount: Int {
        get { read(\.replicator)?.instanceCount ?? 1 }
        set { set("instanceCount", \.instanceCountNumber, CGFloat(newValue)) }
    }
    /// Seconds between copies: copy i shows its sublayers' animations as they were i x `instanceDelay`
    /// earlier (default 0, in step). Animatable.
    open var instanceDelay: CFTimeInterval {
        get { Double(read(\.instanceDelay)) } set { set("instanceDelay", \.instanceDelay, CGFloat(newValue)) }
    }
    /// The transform applied to copy i - 1 to make copy i, about the centre of this layer (default identity).
    /// Animatable.
    open var instanceTransform: CATransform3D {
        get { read(\.instanceTransform) } set { set("instanceTransform", \.instanceTransform, newValue) }
    }
    /// The colour that multiplies every colour copy 0 draws (default nil: opaque white, no change). Animatable.
    open var instanceColor: CGColor? {
        get { read(\.instanceColor) } set { set("instanceColor", \.instanceColor, newValue) }
    }
    /// Added to the red component of the multiplying colour for each copy after the first (default 0).
    /// Animatable.
    open var instanceRedOffset: Float {
        get { read(\.instanceRedOffset) } set { set("instanceRedOffset", \.instanceRedOffset, newValue) }
    }
    /// Added to the green component of the multiplying colour for each copy (default 0). Animatable.
    open var instanceGreenOffset: Float {
        get { read(\.instanceGreenOffset) } set { set("instanceGreenOffset", \.instanceGreenOffset, newValue) }
    }
    /// Added to the blue component of the multiplying colour for each copy (default 0). Animatable.
    open var instanceBlueOffset: Float {
        get { read(\.instanceBlueOffset) } set { set("instanceBlueOffset", \.instanceBlueOffset, newValue) }
    }
    /// Added to the alpha component of the multiplying colour for each copy (default 0): -0.1 fades each
    /// copy a tenth more than the one before. Animatable.
    open var instanceAlphaOffset: Float {
        get { read(\.instanceAlphaOffset) } set { set("instanceAlphaOffset", \.instanceAlphaOffset, newValue) }
    }
    /// Whether the copies keep their depth (as a `CATransformLayer`'s sublayers do) instead of being flattened
    /// into this layer's plane (default false).
    open var preservesDepth: Bool {
        get { read(\.preservesDepth) } set { set("preservesDepth", \.preservesDepth, newValue) }
    }
}
