import Foundation

/// A layer that draws a path: filled, stroked, trimmed and dashed. The path is in the layer's coordinates.
open class CAShapeLayer: CALayer {
    /// A shape layer with Core Animation's defaults (black fill, no stroke, line width 1).
    public override init() { super.init() }
    /// A copy of another layer's properties (what presentation layers are made with).
    public override init(layer: Any) { super.init(layer: layer) }
    /// Core Animation's archiving initializer (see `CALayer.init?(coder:)`).
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    /// Shape layers draw their path.
    override class var kindOfLayers: LayerKind { .shape }

    /// The path drawn; a copy is kept, so mutating a CGMutablePath afterwards does not change the layer.
    open var path: CGPath? { get { read(\.path) } set { set("path", \.path, newValue?.copy()) } }
    /// Fill colour (default opaque black; nil fills nothing).
    open var fillColor: CGColor? { get { read(\.fillColor) } set { set("fillColor", \.fillColor, newValue) } }
    /// Fill rule.
    open var fillRule: CAShapeLayerFillRule { get { read(\.fillRule) } set { set("fillRule", \.fillRule, newValue) } }
    /// Stroke colour (default nil: no stroke).
    open var strokeColor: CGColor? { get { read(\.strokeColor) } set { set("strokeColor", \.strokeColor, newValue) } }
    /// Stroke width.
    open var lineWidth: CGFloat { get { read(\.lineWidth) } set { set("lineWidth", \.lineWidth, newValue) } }
    /// Cap at the open ends of the stroke.
    open var lineCap: CAShapeLayerLineCap { get { read(\.lineCap) } set { set("lineCap", \.lineCap, newValue) } }
    /// Join between stroke segments.
    open var lineJoin: CAShapeLayerLineJoin { get { read(\.lineJoin) } set { set("lineJoin", \.lineJoin, newValue) } }
    /// Miter limit of miter joins.
    open var miterLimit: CGFloat { get { read(\.miterLimit) } set { set("miterLimit", \.miterLimit, newValue) } }
    /// Dash lengths, alternating on and off.
    open var lineDashPattern: [NSNumber]? {
        get { read(\.lineDashPattern)?.map { NSNumber(value: Double($0)) } }
        set { set("lineDashPattern", \.lineDashPattern, newValue?.map { CGFloat($0.doubleValue) }) }
    }
    /// Where the dash pattern starts.
    open var lineDashPhase: CGFloat { get { read(\.lineDashPhase) } set { set("lineDashPhase", \.lineDashPhase, newValue) } }
    /// Start of the drawn part of the stroke, as a fraction of the path's length.
    open var strokeStart: CGFloat { get { read(\.strokeStart) } set { set("strokeStart", \.strokeStart, newValue) } }
    /// End of the drawn part of the stroke, as a fraction of the path's length.
    open var strokeEnd: CGFloat { get { read(\.strokeEnd) } set { set("strokeEnd", \.strokeEnd, newValue) } }
}
