import Foundation

/// Every property of a layer, as a value. A model layer holds one; the Evaluator makes a copy with the
/// animated values applied, which is what a presentation layer and the renderer read. Key-path access (for
/// animations and `setValue(_:forKeyPath:)`) lives in `LayerProperties+KeyPaths.swift`, in one place.
public struct LayerProperties: Equatable, Sendable {
    // CALayer geometry.
    public var bounds = CGRect.zero
    public var position = CGPoint.zero
    public var zPosition: CGFloat = 0
    public var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    public var anchorPointZ: CGFloat = 0
    public var transform = CATransform3DIdentity
    public var sublayerTransform = CATransform3DIdentity

    // CALayer appearance.
    public var opacity: Float = 1
    public var isHidden = false
    public var backgroundColor: CGColor?
    public var cornerRadius: CGFloat = 0
    public var masksToBounds = false
    public var borderWidth: CGFloat = 0
    public var borderColor: CGColor? = .black
    public var contents: CGImage?
    public var contentsGravity = CALayerContentsGravity.resize
    public var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    public var contentsScale: CGFloat = 1
    public var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    public var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    public var allowsGroupOpacity = true
    public var isDoubleSided = true
    public var isGeometryFlipped = false
    public var shouldRasterize = false
    public var rasterizationScale: CGFloat = 1
    public var magnificationFilter = CALayerContentsFilter.linear
    public var minificationFilter = CALayerContentsFilter.linear
    public var shadowPath: CGPath?
    public var shadowColor: CGColor? = .black
    public var shadowOpacity: Float = 0
    public var shadowRadius: CGFloat = 3
    public var shadowOffset = CGSize(width: 0, height: -3)

    // CAShapeLayer.
    public var path: CGPath?
    public var fillColor: CGColor? = .black
    public var fillRule = CAShapeLayerFillRule.nonZero
    public var strokeColor: CGColor?
    public var lineWidth: CGFloat = 1
    public var lineCap = CAShapeLayerLineCap.butt
    public var lineJoin = CAShapeLayerLineJoin.miter
    public var miterLimit: CGFloat = 10
    public var lineDashPattern: [CGFloat]?
    public var lineDashPhase: CGFloat = 0
    public var strokeStart: CGFloat = 0
    public var strokeEnd: CGFloat = 1

    // CAGradientLayer.
    public var colors: [CGColor]?
    public var locations: [CGFloat]?
    public var startPoint = CGPoint(x: 0.5, y: 0)
    public var endPoint = CGPoint(x: 0.5, y: 1)
    public var gradientType = CAGradientLayerType.axial

    /// Properties with Core Animation's defaults.
    public init() {}

    /// The frame in the superlayer, derived from bounds, position, anchorPoint (and an identity transform, as
    /// Apple documents: with a non-identity transform the frame is the bounding box of the transformed bounds).
    public var frame: CGRect {
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
    public mutating func setFrame(_ frame: CGRect) {
        let f = frame.standardized
        bounds.size = f.size
        position = CGPoint(x: f.origin.x + anchorPoint.x * f.width, y: f.origin.y + anchorPoint.y * f.height)
    }
}
