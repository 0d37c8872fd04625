/// A cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1), (x2, y2): the curve of a
/// timing function. Kept separate from the class so the solver can be tested on its own.
struct UnitBezier: Equatable, Sendable {
    let x1: Double, y1: Double, x2: Double, y2: Double
    /// x(t) in power form, x = ((ax t + bx) t + cx) t: fewer operations per Newton step.
    private let ax: Double, bx: Double, cx: Double
    /// x(t) at t = i / 16 for i in 0..<16 (x(1) = 1), so Newton starts near the answer and needs two or
    /// three steps instead of five to eight (the solver runs once per animation per layer per frame).
    /// Single precision is plenty for a first guess and keeps the curve small (it is copied into plans).
    private let samples: SIMD16<Float>

    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
        let c = 3 * x1, b = 3 * (x2 - x1) - c
        cx = c; bx = b; ax = 1 - c - b
        var s = SIMD16<Float>()
        for i in 0..<16 { s[i] = Float(Self.coordinate(x1, x2, Double(i) / 16)) }
        samples = s
    }

    /// Same control points (the rest is derived from them).
    static func == (a: UnitBezier, b: UnitBezier) -> Bool {
        a.x1 == b.x1 && a.y1 == b.y1 && a.x2 == b.x2 && a.y2 == b.y2
    }

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

    /// The first guess for t: linear between the two samples around x. The sample below x is found by
    /// counting the samples at or below it, without branches (a binary search mispredicts about half its
    /// branches, which costs more than the rest of the guess).
    private func guess(forX x: Double) -> Double {
        let below = samples .<= SIMD16<Float>(repeating: Float(x))
        let count = Int(SIMD16<Int32>(repeating: 0).replacing(with: 1, where: below).wrappedSum())
        let i = min(15, max(0, count - 1))
        let lo = Double(samples[i]), hi = i < 15 ? Double(samples[i + 1]) : 1
        let within = hi > lo ? (x - lo) / (hi - lo) : 0
        return (Double(i) + min(1, max(0, within))) / 16
    }

    /// The parameter `t` with x(t) = x. x(t) is monotonic because x1 and x2 are in [0, 1].
    /// Newton converges in a few steps where the slope is healthy; where it is 0 or nearly so (at
    /// the ends, e.g. easeIn at x = 0, or inside for curves like (1, 0, 0, 1)) a small x error is
    /// a large t error, so it then falls back to bisection on t down to 1e-14, which always
    /// converges and keeps the output error far below 1e-6.
    func solveT(forX x: Double) -> Double {
        var t = guess(forX: x)
        for _ in 0..<8 {
            let err = ((ax * t + bx) * t + cx) * t - x
            let d = (3 * ax * t + 2 * bx) * t + cx
            // Only trust Newton where the slope is large enough that the t error (err / d) is tiny.
            if d < 1e-3 { break }
            if abs(err) < 1e-14 * d { return t }
            let step = err / d
            t -= step
            if !(t >= 0 && t <= 1) { break }
            // Newton squares the error each step: after a step below 1e-7 where the slope is at least 0.1
            // (|x''| <= 12, so the error factor |x''| / 2x' <= 60), t is within 6e-13 and the check
            // step would only confirm it.
            if abs(step) < 1e-7 && d >= 0.1 { return t }
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
