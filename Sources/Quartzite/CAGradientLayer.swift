import Foundation

/// A layer that fills its bounds with a gradient: axial, radial or conic, through any number of colours.
open class CAGradientLayer: CALayer {
    /// A gradient layer with Core Animation's defaults (axial, top to bottom, no colours).
    public override init() { super.init() }
    /// A copy of another layer's properties (what presentation layers are made with).
    public override init(layer: Any) { super.init(layer: layer) }
    /// Core Animation's archiving initializer (see `CALayer.init?(coder:)`).
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    /// Gradient layers draw their gradient.
    override class var kindOfLayers: LayerKind { .gradient }

    /// The colours (CGColor); fewer than one draws nothing, one draws a solid fill.
    open var colors: [Any]? {
        get { read(\.colors) }
        set {
            guard let newValue else { set("colors", \.colors, nil); return }
            guard case .colors(let converted)? = AnimatableValue(newValue) else {
                Diagnostics.report("CAGradientLayer.colors takes CGColors; the gradient is left unchanged")
                return
            }
            set("colors", \.colors, converted)
        }
    }
    /// Where each colour sits, from 0 (start) to 1 (end); nil spaces them evenly. Values outside 0...1 are
    /// allowed (the shimmer of seed 003 runs them from -1 to 2).
    open var locations: [NSNumber]? {
        get { read(\.locations)?.map { NSNumber(value: Double($0)) } }
        set { set("locations", \.locations, newValue?.map { CGFloat($0.doubleValue) }) }
    }
    /// Start of the gradient in unit coordinates of the bounds (axial: the line's start; radial and conic:
    /// the centre).
    open var startPoint: CGPoint { get { read(\.startPoint) } set { set("startPoint", \.startPoint, newValue) } }
    /// End of the gradient (axial: the line's end; radial: where location 1 lies; conic: the direction of
    /// location 0).
    open var endPoint: CGPoint { get { read(\.endPoint) } set { set("endPoint", \.endPoint, newValue) } }
    /// Axial, radial or conic.
    open var type: CAGradientLayerType { get { read(\.gradientType) } set { set("type", \.gradientType, newValue) } }
}
