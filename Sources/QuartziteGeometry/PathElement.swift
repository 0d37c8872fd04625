import Foundation

/// One element of a path; control points first, end point last.
package enum PathElement: Equatable, Sendable {
    /// Starts a new subpath at the point.
    case moveTo(CGPoint)
    /// A straight segment to the point.
    case lineTo(CGPoint)
    /// A quadratic Bézier segment.
    case quadCurveTo(control: CGPoint, end: CGPoint)
    /// A cubic Bézier segment.
    case curveTo(control1: CGPoint, control2: CGPoint, end: CGPoint)
    /// Closes the current subpath with a straight segment back to its start.
    case closeSubpath
}

extension PathElement {
    /// The element's points, control points first.
    var points: [CGPoint] {
        switch self {
        case .moveTo(let p), .lineTo(let p): return [p]
        case .quadCurveTo(let c, let e): return [c, e]
        case .curveTo(let c1, let c2, let e): return [c1, c2, e]
        case .closeSubpath: return []
        }
    }

    /// The end point, if the element has one (a switch, not `points.last`: this runs per element per frame).
    var endPoint: CGPoint? {
        switch self {
        case .moveTo(let p), .lineTo(let p), .quadCurveTo(_, let p), .curveTo(_, _, let p): return p
        case .closeSubpath: return nil
        }
    }

    /// The first point (the first control point of a curve), if the element has one.
    var firstPoint: CGPoint? {
        switch self {
        case .moveTo(let p), .lineTo(let p), .quadCurveTo(let p, _), .curveTo(let p, _, _): return p
        case .closeSubpath: return nil
        }
    }

    /// The element with every point transformed by `t`.
    func applying(_ t: CGAffineTransform) -> PathElement {
        switch self {
        case .moveTo(let p): return .moveTo(p.applying(t))
        case .lineTo(let p): return .lineTo(p.applying(t))
        case .quadCurveTo(let c, let e): return .quadCurveTo(control: c.applying(t), end: e.applying(t))
        case .curveTo(let c1, let c2, let e):
            return .curveTo(control1: c1.applying(t), control2: c2.applying(t), end: e.applying(t))
        case .closeSubpath: return .closeSubpath
        }
    }

    /// Whether every coordinate is usable: finite and small enough that products of coordinates stay finite.
    var isUsable: Bool {
        switch self {
        case .moveTo(let p), .lineTo(let p): return p.isUsable
        case .quadCurveTo(let c, let e): return c.isUsable && e.isUsable
        case .curveTo(let c1, let c2, let e): return c1.isUsable && c2.isUsable && e.isUsable
        case .closeSubpath: return true
        }
    }
}

extension CGPoint {
    /// Coordinates beyond this magnitude are treated like NaN: squaring them in intersection tests must not
    /// overflow, and the Float meshes must stay finite.
    static let usableLimit: CGFloat = 1e15

    /// Whether both coordinates are finite and within `usableLimit`.
    var isUsable: Bool {
        x.isFinite && y.isFinite && abs(x) <= CGPoint.usableLimit && abs(y) <= CGPoint.usableLimit
    }
}
