/// A timing curve: a cubic Bézier from (0, 0) to (1, 1) that maps an animation's time fraction to
/// its progress fraction (Apple's `CAMediaTimingFunction`). Immutable, hence safely `Sendable`.
public final class CAMediaTimingFunction: Sendable, Equatable, CustomStringConvertible {
    /// The two inner control points; x values clamped to [0, 1].
    let curve: UnitBezier

    /// One of the predefined curves; an unknown name gives the linear curve.
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        default: self.init(controlPoints: 0, 0, 1, 1)
        }
    }

    /// A custom curve with control points (c1x, c1y) and (c2x, c2y).
    ///
    /// x values are clamped to [0, 1] so the curve stays a function of time (as CSS requires);
    /// y values may leave [0, 1] to overshoot. Non-finite values read as the linear curve's.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        func x(_ v: Float, _ fallback: Double) -> Double { v.isFinite ? min(1, max(0, Double(v))) : fallback }
        func y(_ v: Float, _ fallback: Double) -> Double { v.isFinite ? Double(v) : fallback }
        curve = UnitBezier(x1: x(c1x, 0), y1: y(c1y, 0), x2: x(c2x, 1), y2: y(c2y, 1))
    }

    /// Writes control point `idx` (0 = (0,0), 1 = first, 2 = second, 3 = (1,1)) as two Floats
    /// at `ptr`. An index out of 0...3 leaves `ptr` untouched.
    public func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        let point: (Double, Double)
        switch idx {
        case 0: point = (0, 0)
        case 1: point = (curve.x1, curve.y1)
        case 2: point = (curve.x2, curve.y2)
        case 3: point = (1, 1)
        default: return
        }
        ptr[0] = Float(point.0)
        ptr[1] = Float(point.1)
    }

    /// The curve's output for time fraction `x` (clamped to [0, 1]; NaN gives 0), accurate to
    /// 1e-6. (Only curves whose x slope vanishes inside the interval, such as (1, 0, 0, 1), are
    /// worse at that point, about 1e-5: there y(x) is vertical and double rounding of x dominates.)
    /// Not in Apple's API: Core Animation evaluates it internally.
    package func evaluate(_ x: Double) -> Double {
        curve.y(forX: x)
    }

    /// Same control points.
    public static func == (lhs: CAMediaTimingFunction, rhs: CAMediaTimingFunction) -> Bool {
        lhs.curve == rhs.curve
    }

    /// `CAMediaTimingFunction(c1x, c1y, c2x, c2y)` for logs and test failures.
    public var description: String {
        "CAMediaTimingFunction(\(curve.x1), \(curve.y1), \(curve.x2), \(curve.y2))"
    }
}
