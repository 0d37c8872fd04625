/// A cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1), (x2, y2): the curve of a
/// timing function. Kept separate from the class so the solver can be tested on its own.
struct UnitBezier: Equatable, Sendable {
    var x1: Double, y1: Double, x2: Double, y2: Double

    /// Bernstein form of one coordinate at parameter `t`, for end points 0 and 1.
    static func coordinate(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    /// d/dt of `coordinate`.
    static func derivative(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }

    /// The parameter `t` with x(t) = x. x(t) is monotonic because x1 and x2 are in [0, 1].
    /// Newton converges in a few steps where the slope is healthy; where it is 0 or nearly so (at
    /// the ends, e.g. easeIn at x = 0, or inside for curves like (1, 0, 0, 1)) a small x error is
    /// a large t error, so it then falls back to bisection on t down to 1e-14, which always
    /// converges and keeps the output error far below 1e-6.
    func solveT(forX x: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let err = Self.coordinate(x1, x2, t) - x
            let d = Self.derivative(x1, x2, t)
            // Only trust Newton where the slope is large enough that the t error (err / d) is tiny.
            if d < 1e-3 { break }
            if abs(err) < 1e-14 * d { return t }
            t -= err / d
            if !(t >= 0 && t <= 1) { break }
        }
        var lo = 0.0, hi = 1.0
        while hi - lo > 1e-14 {
            let mid = (lo + hi) / 2
            if Self.coordinate(x1, x2, mid) < x { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// y for input x (x clamped to [0, 1]; NaN reads as 0).
    func y(forX x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        return Self.coordinate(y1, y2, solveT(forX: x))
    }
}
