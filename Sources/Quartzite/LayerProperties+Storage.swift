import Foundation

/// The inline part of `LayerProperties`: plain values (no references), the ones animations change most, so
/// that applying an animation to them never copies the boxed part.
struct LayerInlineValues: Equatable, Sendable {
    var bounds = CGRect.zero
    var position = CGPoint.zero
    var zPosition: CGFloat = 0
    var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    var anchorPointZ: CGFloat = 0
    var transform = CATransform3DIdentity
    var opacity: Float = 1
    var shadowOpacity: Float = 0
    var isHidden = false
    var masksToBounds = false
    var cornerRadius: CGFloat = 0
    var borderWidth: CGFloat = 0
    var shadowRadius: CGFloat = 3
    var lineWidth: CGFloat = 1
    var strokeStart: CGFloat = 0
    var strokeEnd: CGFloat = 1
}

/// The boxed part of `LayerProperties`: the values holding references (colours, paths, images, arrays,
/// string-backed enums) and the rarely animated ones. Core Animation's defaults.
struct LayerSharedValues: Equatable, Sendable {
    var sublayerTransform = CATransform3DIdentity
    var backgroundColor: CGColor?
    var borderColor: CGColor? = .black
    var contents: CGImage?
    var contentsGravity = CALayerContentsGravity.resize
    var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsScale: CGFloat = 1
    var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    var allowsGroupOpacity = true
    /// The blend mode `compositingFilter` names; nil draws the layer normally.
    var compositingBlendMode: CGBlendMode?
    var isDoubleSided = true
    var isGeometryFlipped = false
    var shouldRasterize = false
    var rasterizationScale: CGFloat = 1
    var magnificationFilter = CALayerContentsFilter.linear
    var minificationFilter = CALayerContentsFilter.linear
    var shadowPath: CGPath?
    var shadowColor: CGColor? = .black
    var shadowOffset = CGSize(width: 0, height: -3)
    /// Whether a change of the bounds asks for the contents to be drawn again (`setNeedsDisplay()`).
    var needsDisplayOnBoundsChange = false

    var path: CGPath?
    var fillColor: CGColor? = .black
    var fillRule = CAShapeLayerFillRule.nonZero
    var strokeColor: CGColor?
    var lineCap = CAShapeLayerLineCap.butt
    var lineJoin = CAShapeLayerLineJoin.miter
    var miterLimit: CGFloat = 10
    var lineDashPattern: [CGFloat]?
    var lineDashPhase: CGFloat = 0

    var colors: [CGColor]?
    var locations: [CGFloat]?
    var startPoint = CGPoint(x: 0.5, y: 0)
    var endPoint = CGPoint(x: 0.5, y: 1)
    var gradientType = CAGradientLayerType.axial

    /// An emitter layer's values over time and, in a presentation node, its local time; nil for other layers.
    var emitter: EmitterState?
    /// A replicator layer's values in an array of one (so the 200-byte value costs every other layer's box
    /// 8 bytes); empty for other layers.
    var replicatorValues: [ReplicatorValues] = []
    /// Values of keys that are not layer properties, given with `setValue(_:forKey:)` as numbers, points,
    /// colours and the like: animatable by key as any property (a layer subclass's custom property that its
    /// `draw(in:)` reads while it animates).
    var customKeys: [String: AnimatableValue] = [:]
    /// A text layer's values in an array of one (8 bytes in every other layer's box); empty for other layers.
    var textValues: [TextValues] = []
}

/// The copy-on-write box of `LayerSharedValues`. `@unchecked Sendable` is sound because `values` is only
/// written through `LayerProperties.sharedValues`, which first makes the box unique to the writer (the same
/// discipline as Array's buffer); a box seen by two values is never written.
final class LayerSharedValuesBox: @unchecked Sendable {
    var values: LayerSharedValues

    init(_ values: LayerSharedValues) { self.values = values }

    /// One box of defaults shared by every new layer (never written: it is never uniquely referenced).
    static let defaults = LayerSharedValuesBox(LayerSharedValues())
}
