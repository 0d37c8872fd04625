/// A cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1), (x2, y2): the curve of a
/// timing function. Kept separate from the class so the solver can be tested on its own.
struct UnitBezier: Equatable, Sendable {
    let x1: Double, y1: Double, x2: Double, y2: Double
    /// x(t) in power form, x = ((ax t + bx) t + cx) t: fewer operations per Newton step.
    private let ax: Double, bx: Double, cx: Double
    /// Which of the named curves' inverse tables (see `InverseTables`) this curve uses, -1 for none. An index
    /// rather than a reference keeps the curve a plain value, copied into per-frame plans without
    /// reference counting.
    private let tableIndex: Int

    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
        let c = 3 * x1, b = 3 * (x2 - x1) - c
        cx = c; bx = b; ax = 1 - c - b
        tableIndex = InverseTables.namedControlPoints.firstIndex { $0 == [x1, y1, x2, y2] } ?? -1
    }

    /// A curve that solves from t = x (how the tables themselves are made).
    fileprivate init(untabled x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
        let c = 3 * x1, b = 3 * (x2 - x1) - c
        cx = c; bx = b; ax = 1 - c - b
        tableIndex = -1
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

    /// Newton's first guess: linear between the two entries of the curve's inverse table around x, or x
    /// itself for a curve without a table (or x outside (0, 1)). From the table Newton needs one or two steps
    /// instead of four or five; each step waits for the one before (a division and a chain of
    /// multiply-adds), and the solver runs once per eased animation per layer per frame.
    private func guess(forX x: Double) -> Double {
        guard tableIndex >= 0, x > 0, x < 1 else { return x }
        let p = x * Double(InverseTables.segments)
        let k = min(InverseTables.segments - 1, Int(p))
        // One flat array of Doubles: reading it counts no references (an inner array would be retained).
        let table = InverseTables.tables
        let at = tableIndex * (InverseTables.segments + 1) + k
        guard at + 1 < table.count else { return x }
        return table[at] + (table[at + 1] - table[at]) * (p - Double(k))
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

/// The inverses of the named timing functions' curves (Apple's control points, as in
/// `CAMediaTimingFunction(name:)`), sampled at even steps of x: t at x = k / segments. Made once, by the
/// solver itself starting from t = x, so they hold its exact answers.
enum InverseTables {
    /// Segments of [0, 1] in x.
    static let segments = 64
    /// x1, y1, x2, y2 of easeIn, easeOut, easeInEaseOut and default, as `CAMediaTimingFunction` stores
    /// them (its control points are Floats).
    static let namedControlPoints: [[Double]] = [
        [0.42, 0, 1, 1], [0, 0, 0.58, 1], [0.42, 0, 0.58, 1], [0.25, 0.1, 0.25, 1],
    ].map { points in points.map { Double(Float($0)) } }
    /// One table per entry of `namedControlPoints`, one after the other (segments + 1 entries each).
    static let tables: [Double] = namedControlPoints.flatMap { p in
        // A curve with no table (index -1) solves from t = x.
        let curve = UnitBezier(untabled: p[0], p[1], p[2], p[3])
        return (0...segments).map { k in
            k == 0 ? 0 : (k == segments ? 1 : curve.solveT(forX: Double(k) / Double(segments)))
        }
    }
}
