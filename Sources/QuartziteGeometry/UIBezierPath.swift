import Foundation

/// UIKit-style conveniences so tutorial code ports mechanically.
///
/// Angles follow UIKit: in y-down coordinates `clockwise: true` means increasing angle, which is visually
/// clockwise on screen (the opposite of `CGMutablePath.addArc`'s flag, exactly as on iOS).
public final class UIBezierPath: @unchecked Sendable {
    let path: CGMutablePath

    /// Stroke width used by renderers that honour it (not by the geometry itself).
    public var lineWidth: CGFloat = 1
    /// Cap style, carried for ported code.
    public var lineCapStyle: CGLineCap = .butt
    /// Join style, carried for ported code.
    public var lineJoinStyle: CGLineJoin = .miter
    /// Miter limit, carried for ported code.
    public var miterLimit: CGFloat = 10
    /// Fill rule for `usesEvenOddFillRule`-style code.
    public var usesEvenOddFillRule = false
    /// How far a curve's flattening may stray, in device pixels (kept: curves are flattened to the renderer's
    /// own tolerance).
    public var flatness: CGFloat = 0.6
    /// The stroke's dash lengths, set by `setLineDash(_:count:phase:)`; empty for a solid line.
    package internal(set) var dashLengths: [CGFloat] = []
    /// How far into the dash pattern the stroke starts.
    package internal(set) var dashPhase: CGFloat = 0

    /// An empty path.
    public init() { path = CGMutablePath() }

    /// A closed rectangle.
    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    /// An ellipse inscribed in `rect`, starting at 3 o'clock and running visually clockwise.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    /// A rounded rectangle with circular corners, the radius clamped to half the shorter side (a radius past
    /// it makes a capsule, as UIKit's does).
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        let r = rect.standardized
        let radius = min(cornerRadius, r.width / 2, r.height / 2)
        path.addRoundedRect(in: rect, cornerWidth: radius, cornerHeight: radius)
    }

    /// A circular arc; `clockwise` is visually clockwise on a y-down screen (angle increasing).
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                            clockwise: Bool) {
        self.init()
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    /// Wraps a copy of `cgPath`.
    public convenience init(cgPath: CGPath) {
        self.init()
        path.addPath(cgPath)
    }

    /// A copy of the current geometry (setting replaces it).
    public var cgPath: CGPath {
        get { path.immutableCopy }
        set { path.elements = newValue.elements }
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { path.isEmpty }

    /// The smallest rectangle holding every point of the path, control points included (UIKit's definition).
    public var bounds: CGRect { path.boundingBox }

    /// The current point.
    public var currentPoint: CGPoint { path.currentPoint }

    /// Starts a new subpath.
    public func move(to point: CGPoint) { path.move(to: point) }

    /// A straight line.
    public func addLine(to point: CGPoint) { path.addLine(to: point) }

    /// A cubic Bézier.
    public func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }

    /// A quadratic Bézier.
    public func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        path.addQuadCurve(to: endPoint, control: controlPoint)
    }

    /// An arc with UIKit's `clockwise` (visually clockwise on screen); joined to the current point by a line.
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                       clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    /// Closes the current subpath.
    public func close() { path.closeSubpath() }

    /// Appends another path's elements.
    public func append(_ other: UIBezierPath) { path.addPath(other.path) }

    /// Transforms every point.
    public func apply(_ t: CGAffineTransform) {
        path.elements = path.elements.map { $0.applying(t) }.filter(\.isUsable)
    }

    /// Removes all points.
    public func removeAllPoints() { path.elements.removeAll() }

    /// Whether the fill (per `usesEvenOddFillRule`) contains `point`.
    public func contains(_ point: CGPoint) -> Bool {
        path.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
    }
}
