import Foundation

/// A `CAKeyframeAnimation.path` prepared once: one segment per drawing element (line, quadratic or cubic
/// curve, and the line that closes a subpath), kept as its exact Bézier control points and measured by arc
/// length, so a frame finds the point a given distance along a segment on the true curve, with the curve's
/// true tangent there (for `rotationMode`). Moves between subpaths are jumps, not segments.
struct KeyframePath: Sendable {
    struct Segment: Sendable {
        /// Bézier control points, start first: two for a line, three for a quadratic, four for a cubic.
        var controls: [SIMD2<Double>]
        /// Curve parameters that split the segment into pieces, 0 first and 1 last.
        var parameters: [Double]
        /// Arc length from the start to each of `parameters`.
        var distances: [Double]
        var length: Double { distances.last ?? 0 }
    }

    let segments: [Segment]

    /// Pieces a curve is split into for measuring: each piece's length comes from 5-point Gauss-Legendre
    /// quadrature of the speed, accurate to far below a millionth of a point on pieces this short.
    static let piecesPerCurve = 16

    /// The path's segments; nil when it has none (empty, or only moves).
    init?(_ path: CGPath) {
        var segments: [Segment] = []
        var current = SIMD2<Double>.zero, start = SIMD2<Double>.zero
        func v(_ p: CGPoint) -> SIMD2<Double> { SIMD2(Double(p.x), Double(p.y)) }
        for element in path.elements {
            let controls: [SIMD2<Double>]
            switch element {
            case .moveTo(let p):
                current = v(p)
                start = current
                continue
            case .lineTo(let p): controls = [current, v(p)]
            case .quadCurveTo(let c, let p): controls = [current, v(c), v(p)]
            case .curveTo(let c1, let c2, let p): controls = [current, v(c1), v(c2), v(p)]
            case .closeSubpath: controls = [current, start]
            }
            current = controls[controls.count - 1]
            // Non-finite coordinates cannot be walked: such an element is left out.
            guard controls.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { continue }
            segments.append(Self.measured(controls))
        }
        guard !segments.isEmpty else { return nil }
        self.segments = segments
    }

    /// A segment with its pieces measured (a line is one piece, measured exactly).
    private static func measured(_ controls: [SIMD2<Double>]) -> Segment {
        let pieces = controls.count == 2 ? 1 : piecesPerCurve
        var parameters = [0.0], distances = [0.0]
        for i in 1...pieces {
            let u = Double(i) / Double(pieces)
            distances.append(distances[i - 1] + arcLength(controls, from: parameters[i - 1], to: u))
            parameters.append(u)
        }
        return Segment(controls: controls, parameters: parameters, distances: distances)
    }

    // MARK: Bézier evaluation

    /// The point at parameter `u` (de Casteljau).
    static func position(_ c: [SIMD2<Double>], _ u: Double) -> SIMD2<Double> {
        var points = c
        for level in stride(from: points.count - 1, to: 0, by: -1) {
            for i in 0..<level { points[i] = points[i] + (points[i + 1] - points[i]) * u }
        }
        return points[0]
    }

    /// dB/du at parameter `u`: degree times the curve of the control points' differences.
    static func derivative(_ c: [SIMD2<Double>], _ u: Double) -> SIMD2<Double> {
        guard c.count > 1 else { return .zero }
        let differences = (0..<(c.count - 1)).map { (c[$0 + 1] - c[$0]) * Double(c.count - 1) }
        return position(differences, u)
    }

    static func speed(_ c: [SIMD2<Double>], _ u: Double) -> Double {
        let d = derivative(c, u)
        return (d.x * d.x + d.y * d.y).squareRoot()
    }

    /// Arc length between parameters `a` and `b`: 5-point Gauss-Legendre quadrature of the speed (exact for
    /// a line, whose speed is constant).
    static func arcLength(_ c: [SIMD2<Double>], from a: Double, to b: Double) -> Double {
        let nodes = [0, -0.538_469_310_105_683_1, 0.538_469_310_105_683_1, -0.906_179_845_938_664_0, 0.906_179_845_938_664_0]
        let weights = [0.568_888_888_888_888_9, 0.478_628_670_499_366_5, 0.478_628_670_499_366_5,
                       0.236_926_885_056_189_1, 0.236_926_885_056_189_1]
        let half = (b - a) / 2, middle = (a + b) / 2
        var sum = 0.0
        for k in 0..<5 { sum += weights[k] * speed(c, middle + half * nodes[k]) }
        return sum * half
    }

    // MARK: Walking

    /// The vertices: the start of each segment and the end of the last (what `keyTimes` refers to).
    var vertexCount: Int { segments.count + 1 }

    /// Segment lengths, for paced timing.
    var lengths: [Double] { segments.map(\.length) }

    /// The point a fraction `t` (0...1) of the way along segment `index` by arc length, on the true curve,
    /// and the direction of travel there in radians (y down, so positive turns clockwise on screen).
    func point(segment index: Int, t: Double) -> (point: CGPoint, angle: Double) {
        let segment = segments[min(max(index, 0), segments.count - 1)]
        let c = segment.controls
        guard segment.length > 0 else {
            let p = c[0]
            return (CGPoint(x: p.x, y: p.y), tangentAngle(near: index))
        }
        let u = parameter(in: segment, atDistance: min(max(t.isNaN ? 0 : t, 0), 1) * segment.length)
        let p = Self.position(c, u)
        return (CGPoint(x: p.x, y: p.y), direction(of: c, at: u) ?? tangentAngle(near: index))
    }

    /// The curve parameter at arc length `target` from the segment's start: the piece holding it, then
    /// Newton on the piece's arc length (its derivative is the speed), kept inside the piece.
    private func parameter(in segment: Segment, atDistance target: Double) -> Double {
        let d = segment.distances, params = segment.parameters
        // The first piece whose end reaches the target (binary search).
        var lo = 1, hi = d.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if d[mid] < target { lo = mid + 1 } else { hi = mid }
        }
        let a = params[lo - 1], b = params[lo]
        let span = d[lo] - d[lo - 1]
        guard span > 0 else { return a }
        let remaining = target - d[lo - 1]
        if segment.controls.count == 2 { return a + (b - a) * remaining / span }  // a line: exact
        var u = a + (b - a) * remaining / span
        for _ in 0..<8 {
            let error = Self.arcLength(segment.controls, from: a, to: u) - remaining
            if abs(error) <= 1e-12 * max(1, segment.length) { break }
            let speed = Self.speed(segment.controls, u)
            guard speed > 1e-12 else { break }
            u = min(b, max(a, u - error / speed))
        }
        return u
    }

    /// The direction of travel at `u`: the derivative's, or where it vanishes (a control point on an end
    /// point, a cusp) the direction just beside `u`, towards the inside of the segment. Nil if none.
    private func direction(of c: [SIMD2<Double>], at u: Double) -> Double? {
        for offset in [0.0, 1e-7, 1e-5, 1e-3] {
            let probe = u + (u < 0.5 ? offset : -offset)
            let d = Self.derivative(c, probe)
            if d.x * d.x + d.y * d.y > 1e-24 { return atan2(d.y, d.x) }
        }
        return nil
    }

    /// The point at a vertex (`index` 0 ... segments.count), for discrete timing.
    func vertex(_ index: Int) -> (point: CGPoint, angle: Double) {
        if index >= segments.count { return point(segment: segments.count - 1, t: 1) }
        return point(segment: index, t: 0)
    }

    /// The direction of the nearest segment with length, for a degenerate one.
    private func tangentAngle(near index: Int) -> Double {
        for offset in 0..<segments.count {
            for i in [index - offset, index + offset] where i >= 0 && i < segments.count {
                if segments[i].length > 0, let angle = direction(of: segments[i].controls, at: 0) { return angle }
            }
        }
        return 0
    }
}
