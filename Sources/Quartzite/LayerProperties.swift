import Foundation

/// Every property of a layer, as a value. A model layer holds one; the Evaluator makes a copy with the
/// animated values applied, which is what a presentation layer and the renderer read. Key-path access (for
/// animations and `setValue(_:forKeyPath:)`) lives in `LayerProperties+KeyPaths.swift`, in one place.
///
/// Stored in two parts, because the Evaluator copies one of these per layer per frame: the plain values that
/// animations touch most (geometry, transform, opacity, corner radius, stroke ends) are inline, and everything
/// else (colours, paths, images, arrays, enums backed by strings, rarely animated numbers) sits in one
/// copy-on-write box (`LayerSharedValues`). Copying a `LayerProperties` is then a small memcpy and one
/// reference count, and `==` skips the box when both sides share it. Every property keeps its name: the ones
/// the renderer reads through an accessor of their own here, the others through `sharedValues` (so such a
/// property is declared once, where it is stored).
package struct LayerProperties: Equatable, Sendable {
    /// The inline part.
    var inline = LayerInlineValues()
    /// The boxed part, shared between copies until one of them changes it.
    var shared = LayerSharedValuesBox.defaults

    /// Properties with Core Animation's defaults.
    package init() {}

    /// The boxed values, made unique before a change (copy-on-write).
    var sharedValues: LayerSharedValues {
        get { shared.values }
        _modify {
            if !isKnownUniquelyReferenced(&shared) { shared = LayerSharedValuesBox(shared.values) }
            yield &shared.values
        }
    }

    /// Equal values; the box is compared only when the two sides hold different boxes.
    package static func == (lhs: LayerProperties, rhs: LayerProperties) -> Bool {
        lhs.inline == rhs.inline && (lhs.shared === rhs.shared || lhs.shared.values == rhs.shared.values)
    }

    // MARK: CALayer geometry (inline)

    /// The layer's own coordinate rectangle.
    package var bounds: CGRect { get { inline.bounds } set { inline.bounds = newValue } }
    /// Where the anchor point sits in the superlayer.
    package var position: CGPoint { get { inline.position } set { inline.position = newValue } }
    /// Depth order among siblings.
    package var zPosition: CGFloat { get { inline.zPosition } set { inline.zPosition = newValue } }
    /// The point of the bounds (unit coordinates) that `position` refers to.
    package var anchorPoint: CGPoint { get { inline.anchorPoint } set { inline.anchorPoint = newValue } }
    /// The anchor point's z.
    package var anchorPointZ: CGFloat { get { inline.anchorPointZ } set { inline.anchorPointZ = newValue } }
    /// The transform applied around the anchor point.
    package var transform: CATransform3D { get { inline.transform } set { inline.transform = newValue } }

    // MARK: CALayer appearance (inline)

    /// Opacity in 0...1.
    package var opacity: Float { get { inline.opacity } set { inline.opacity = newValue } }
    /// Whether the layer is drawn.
    package var isHidden: Bool { get { inline.isHidden } set { inline.isHidden = newValue } }
    /// Radius of the rounded corners.
    package var cornerRadius: CGFloat { get { inline.cornerRadius } set { inline.cornerRadius = newValue } }
    /// Whether sublayers and contents are clipped to the bounds.
    package var masksToBounds: Bool { get { inline.masksToBounds } set { inline.masksToBounds = newValue } }
    /// Width of the border.
    package var borderWidth: CGFloat { get { inline.borderWidth } set { inline.borderWidth = newValue } }
    /// Opacity of the shadow.
    package var shadowOpacity: Float { get { inline.shadowOpacity } set { inline.shadowOpacity = newValue } }
    /// Blur radius of the shadow.
    package var shadowRadius: CGFloat { get { inline.shadowRadius } set { inline.shadowRadius = newValue } }

    // MARK: CAShapeLayer (inline)

    /// Width of the stroke.
    package var lineWidth: CGFloat { get { inline.lineWidth } set { inline.lineWidth = newValue } }
    /// Where the stroke starts along the path, 0...1.
    package var strokeStart: CGFloat { get { inline.strokeStart } set { inline.strokeStart = newValue } }
    /// Where the stroke ends along the path, 0...1.
    package var strokeEnd: CGFloat { get { inline.strokeEnd } set { inline.strokeEnd = newValue } }

    // MARK: CALayer (boxed)

    /// The transform applied to sublayers.
    package var sublayerTransform: CATransform3D {
        get { shared.values.sublayerTransform } set { sharedValues.sublayerTransform = newValue }
    }
    /// The colour filling the bounds.
    package var backgroundColor: CGColor? {
        get { shared.values.backgroundColor } set { sharedValues.backgroundColor = newValue }
    }
    /// Colour of the border.
    package var borderColor: CGColor? { get { shared.values.borderColor } set { sharedValues.borderColor = newValue } }
    /// The contents image.
    package var contents: CGImage? { get { shared.values.contents } set { sharedValues.contents = newValue } }
    /// How the contents image is placed in the bounds.
    package var contentsGravity: CALayerContentsGravity {
        get { shared.values.contentsGravity } set { sharedValues.contentsGravity = newValue }
    }
    /// The part of the contents image shown.
    package var contentsRect: CGRect { get { shared.values.contentsRect } set { sharedValues.contentsRect = newValue } }
    /// Pixels per point of the contents image.
    package var contentsScale: CGFloat {
        get { shared.values.contentsScale } set { sharedValues.contentsScale = newValue }
    }
    /// The stretchable middle of the contents image.
    package var contentsCenter: CGRect {
        get { shared.values.contentsCenter } set { sharedValues.contentsCenter = newValue }
    }
    /// Which corners `cornerRadius` rounds.
    package var maskedCorners: CACornerMask {
        get { shared.values.maskedCorners } set { sharedValues.maskedCorners = newValue }
    }
    /// Whether a translucent layer with sublayers composites as one group.
    package var allowsGroupOpacity: Bool {
        get { shared.values.allowsGroupOpacity } set { sharedValues.allowsGroupOpacity = newValue }
    }
    /// The blend mode the layer's `compositingFilter` names: the layer and its sublayers, as one group, are
    /// blended onto what is behind them with it. nil draws the layer normally.
    package var compositingBlendMode: CGBlendMode? {
        get { shared.values.compositingBlendMode } set { sharedValues.compositingBlendMode = newValue }
    }
    /// Whether the back of the layer is drawn.
    package var isDoubleSided: Bool { get { shared.values.isDoubleSided } set { sharedValues.isDoubleSided = newValue } }
    /// Whether sublayers are laid out with y pointing up.
    package var isGeometryFlipped: Bool {
        get { shared.values.isGeometryFlipped } set { sharedValues.isGeometryFlipped = newValue }
    }
    /// Whether the layer is drawn once into a cached bitmap.
    package var shouldRasterize: Bool {
        get { shared.values.shouldRasterize } set { sharedValues.shouldRasterize = newValue }
    }
    /// Pixels per point of the rasterized bitmap.
    package var rasterizationScale: CGFloat {
        get { shared.values.rasterizationScale } set { sharedValues.rasterizationScale = newValue }
    }
    /// How contents are sampled when magnified.
    package var magnificationFilter: CALayerContentsFilter {
        get { shared.values.magnificationFilter } set { sharedValues.magnificationFilter = newValue }
    }
    /// How contents are sampled when minified.
    package var minificationFilter: CALayerContentsFilter {
        get { shared.values.minificationFilter } set { sharedValues.minificationFilter = newValue }
    }
    /// The shadow's shape.
    package var shadowPath: CGPath? { get { shared.values.shadowPath } set { sharedValues.shadowPath = newValue } }
    /// Colour of the shadow.
    package var shadowColor: CGColor? { get { shared.values.shadowColor } set { sharedValues.shadowColor = newValue } }
    /// Offset of the shadow.
    package var shadowOffset: CGSize { get { shared.values.shadowOffset } set { sharedValues.shadowOffset = newValue } }

    // MARK: CAShapeLayer (boxed)

    /// The shape.
    package var path: CGPath? { get { shared.values.path } set { sharedValues.path = newValue } }
    /// Colour filling the shape.
    package var fillColor: CGColor? { get { shared.values.fillColor } set { sharedValues.fillColor = newValue } }
    /// Fill rule of the shape.
    package var fillRule: CAShapeLayerFillRule { get { shared.values.fillRule } set { sharedValues.fillRule = newValue } }
    /// Colour of the stroke.
    package var strokeColor: CGColor? { get { shared.values.strokeColor } set { sharedValues.strokeColor = newValue } }
    /// Cap style of the stroke.
    package var lineCap: CAShapeLayerLineCap { get { shared.values.lineCap } set { sharedValues.lineCap = newValue } }
    /// Join style of the stroke.
    package var lineJoin: CAShapeLayerLineJoin { get { shared.values.lineJoin } set { sharedValues.lineJoin = newValue } }
    /// Miter limit of the stroke.
    package var miterLimit: CGFloat { get { shared.values.miterLimit } set { sharedValues.miterLimit = newValue } }
    /// Dash lengths of the stroke.
    package var lineDashPattern: [CGFloat]? {
        get { shared.values.lineDashPattern } set { sharedValues.lineDashPattern = newValue }
    }
    /// Dash phase of the stroke.
    package var lineDashPhase: CGFloat {
        get { shared.values.lineDashPhase } set { sharedValues.lineDashPhase = newValue }
    }

    // MARK: CAGradientLayer (boxed)

    /// Gradient colours.
    package var colors: [CGColor]? { get { shared.values.colors } set { sharedValues.colors = newValue } }
    /// Gradient stop locations.
    package var locations: [CGFloat]? { get { shared.values.locations } set { sharedValues.locations = newValue } }
    /// Gradient start point, unit coordinates.
    package var startPoint: CGPoint { get { shared.values.startPoint } set { sharedValues.startPoint = newValue } }
    /// Gradient end point, unit coordinates.
    package var endPoint: CGPoint { get { shared.values.endPoint } set { sharedValues.endPoint = newValue } }
    /// Gradient kind.
    package var gradientType: CAGradientLayerType {
        get { shared.values.gradientType } set { sharedValues.gradientType = newValue }
    }

    // MARK: CAEmitterLayer (boxed)

    /// An emitter layer's values over time and its local time (in a presentation node); nil for other layers.
    package var emitter: EmitterState? { get { shared.values.emitter } set { sharedValues.emitter = newValue } }
    /// A replicator layer's values; nil for other layers.
    package var replicator: ReplicatorValues? {
        get { shared.values.replicatorValues.first }
        set { sharedValues.replicatorValues = newValue.map { [$0] } ?? [] }
    }

    // MARK: Frame

    /// The frame in the superlayer, derived from bounds, position, anchorPoint (and an identity transform, as
    /// Apple documents: with a non-identity transform the frame is the bounding box of the transformed bounds).
    package var frame: CGRect {
        let origin = CGPoint(x: position.x - anchorPoint.x * bounds.width,
                             y: position.y - anchorPoint.y * bounds.height)
        let rect = CGRect(origin: origin, size: bounds.size)
        guard !CATransform3DIsIdentity(transform) else { return rect }
        // Bounding box of the four transformed corners, around the anchor point.
        let corners = [CGPoint(x: 0, y: 0), CGPoint(x: bounds.width, y: 0),
                       CGPoint(x: 0, y: bounds.height), CGPoint(x: bounds.width, y: bounds.height)]
        let projected = corners.map { c -> CGPoint in
            let p = transform.apply(to: SIMD4(Double(c.x - anchorPoint.x * bounds.width),
                                              Double(c.y - anchorPoint.y * bounds.height), 0, 1))
            let w = p.w == 0 ? 1 : p.w
            return CGPoint(x: p.x / w + position.x, y: p.y / w + position.y)
        }
        let xs = projected.map(\.x), ys = projected.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return rect }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Sets the frame as Apple does: position and bounds size change, bounds origin stays.
    package mutating func setFrame(_ frame: CGRect) {
        let f = frame.standardized
        bounds.size = f.size
        position = CGPoint(x: f.origin.x + anchorPoint.x * f.width, y: f.origin.y + anchorPoint.y * f.height)
    }
}
