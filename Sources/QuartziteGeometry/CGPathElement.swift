import Foundation

/// The kind of one path element, as Core Graphics numbers them.
public enum CGPathElementType: Int32, Sendable {
    /// Starts a new subpath at `points[0]`.
    case moveToPoint = 0
    /// A straight segment to `points[0]`.
    case addLineToPoint = 1
    /// A quadratic Bézier segment: control point `points[0]`, end point `points[1]`.
    case addQuadCurveToPoint = 2
    /// A cubic Bézier segment: control points `points[0]` and `points[1]`, end point `points[2]`.
    case addCurveToPoint = 3
    /// Closes the current subpath; no points.
    case closeSubpath = 4
}

/// One element of a path as Core Graphics hands it to an applier: its type and a pointer to its points.
///
/// The points are valid only during the call that receives the element, as on Apple platforms.
public struct CGPathElement {
    /// What the element does.
    public var type: CGPathElementType
    /// The element's points, control points first (see `CGPathElementType` for how many).
    public var points: UnsafeMutablePointer<CGPoint>

    /// An element of `type` whose points are at `points`.
    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

/// The function `CGPath.apply(info:function:)` calls with each element.
///
/// Core Graphics declares it `@convention(c)`; Swift on Linux cannot pass a Swift struct to a C function type, so
/// it is a Swift function type here. Code that passes a closure or a global function compiles unchanged.
public typealias CGPathApplierFunction = (UnsafeMutableRawPointer?, UnsafePointer<CGPathElement>) -> Void

extension CGPath {
    /// Calls `block` with each element in order; the element and its points are valid during the call only.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        withUnsafeTemporaryAllocation(of: CGPoint.self, capacity: 3) { buffer in
            guard let points = buffer.baseAddress else { return }
            for element in elements {
                var applied = element.cgPathElement(storingPointsIn: points)
                withUnsafePointer(to: &applied) { block($0) }
            }
        }
    }

    /// Calls `function` with `info` and each element in order, as Core Graphics' `CGPathApply` does.
    public func apply(info: UnsafeMutableRawPointer?, function: CGPathApplierFunction) {
        applyWithBlock { function(info, $0) }
    }
}

extension PathElement {
    /// The element in Core Graphics' form, its points written to `points` (room for three).
    func cgPathElement(storingPointsIn points: UnsafeMutablePointer<CGPoint>) -> CGPathElement {
        switch self {
        case .moveTo(let p):
            points[0] = p
            return CGPathElement(type: .moveToPoint, points: points)
        case .lineTo(let p):
            points[0] = p
            return CGPathElement(type: .addLineToPoint, points: points)
        case .quadCurveTo(let c, let e):
            points[0] = c; points[1] = e
            return CGPathElement(type: .addQuadCurveToPoint, points: points)
        case .curveTo(let c1, let c2, let e):
            points[0] = c1; points[1] = c2; points[2] = e
            return CGPathElement(type: .addCurveToPoint, points: points)
        case .closeSubpath:
            return CGPathElement(type: .closeSubpath, points: points)
        }
    }
}
