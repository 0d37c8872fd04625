import Foundation

/// One drawing segment with its start point made explicit, so it can be measured, split and flattened
/// without looking at its neighbours.
enum Segment: Sendable, Equatable {
    case line(CGPoint, CGPoint)
    case quad(CGPoint, CGPoint, CGPoint)
    case cubic(CGPoint, CGPoint, CGPoint, CGPoint)

    var start: CGPoint {
        switch self {
        case .line(let p, _), .quad(let p, _, _), .cubic(let p, _, _, _): return p
        }
    }

    var end: CGPoint {
        switch self {
        case .line(_, let p), .quad(_, _, let p), .cubic(_, _, _, let p): return p
        }
    }

    /// The path element that draws this segment from its start.
    var element: PathElement {
        switch self {
        case .line(_, let p): return .lineTo(p)
        case .quad(_, let c, let e): return .quadCurveTo(control: c, end: e)
        case .cubic(_, let c1, let c2, let e): return .curveTo(control1: c1, control2: c2, end: e)
        }
    }

    /// Direction leaving the start (first distinct control point), or nil for a zero-length segment.
    var startTangent: CGPoint? {
        switch self {
        case .line(let a, let b): return Segment.direction(a, [b])
        case .quad(let a, let b, let c): return Segment.direction(a, [b, c])
        case .cubic(let a, let b, let c, let d): return Segment.direction(a, [b, c, d])
        }
    }

    /// Direction arriving at the end, or nil for a zero-length segment.
    var endTangent: CGPoint? {
        let reversed: CGPoint?
        switch self {
        case .line(let a, let b): reversed = Segment.direction(b, [a])
        case .quad(let a, let b, let c): reversed = Segment.direction(c, [b, a])
        case .cubic(let a, let b, let c, let d): reversed = Segment.direction(d, [c, b, a])
        }
        return reversed.map { CGPoint(x: -$0.x, y: -$0.y) }
    }

    private static func direction(_ from: CGPoint, _ candidates: [CGPoint]) -> CGPoint? {
        for p in candidates {
            let dx = p.x - from.x, dy = p.y - from.y
            let len = (dx * dx + dy * dy).squareRoot()
            if len > 1e-12 * max(1, abs(from.x) + abs(from.y)) { return CGPoint(x: dx / len, y: dy / len) }
        }
        return nil
    }

    /// Point at parameter t in [0, 1].
    func point(at t: CGFloat) -> CGPoint {
        let u = 1 - t
        switch self {
        case .line(let a, let b):
            return CGPoint(x: a.x * u + b.x * t, y: a.y * u + b.y * t)
        case .quad(let a, let b, let c):
            let w0 = u * u, w1 = 2 * u * t, w2 = t * t
            return CGPoint(x: a.x * w0 + b.x * w1 + c.x * w2, y: a.y * w0 + b.y * w1 + c.y * w2)
        case .cubic(let a, let b, let c, let d):
            let w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t
            return CGPoint(x: a.x * w0 + b.x * w1 + c.x * w2 + d.x * w3,
                           y: a.y * w0 + b.y * w1 + c.y * w2 + d.y * w3)
        }
    }

    /// Speed |B'(t)|.
    func speed(at t: CGFloat) -> CGFloat {
        let u = 1 - t
        switch self {
        case .line(let a, let b):
            return hypot(b.x - a.x, b.y - a.y)
        case .quad(let a, let b, let c):
            let dx = 2 * (u * (b.x - a.x) + t * (c.x - b.x)), dy = 2 * (u * (b.y - a.y) + t * (c.y - b.y))
            return hypot(dx, dy)
        case .cubic(let a, let b, let c, let d):
            let dx = 3 * (u * u * (b.x - a.x) + 2 * u * t * (c.x - b.x) + t * t * (d.x - c.x))
            let dy = 3 * (u * u * (b.y - a.y) + 2 * u * t * (c.y - b.y) + t * t * (d.y - c.y))
            return hypot(dx, dy)
        }
    }

    /// The part of the segment between parameters t0 <= t1 (de Casteljau).
    func split(from t0: CGFloat, to t1: CGFloat) -> Segment {
        if t0 <= 0 && t1 >= 1 { return self }
        switch self {
        case .line:
            return .line(point(at: t0), point(at: t1))
        case .quad(let a, let b, let c):
            let right = Segment.quadRight(a, b, c, t0)
            let s = t0 >= 1 ? 0 : (t1 - t0) / (1 - t0)
            return Segment.quadLeft(right.0, right.1, right.2, s)
        case .cubic(let a, let b, let c, let d):
            let r = Segment.cubicRight(a, b, c, d, t0)
            let s = t0 >= 1 ? 0 : (t1 - t0) / (1 - t0)
            return Segment.cubicLeft(r.0, r.1, r.2, r.3, s)
        }
    }

    private static func lerp(_ a: CGPoint, _ b: CGPoint, _ t: CGFloat) -> CGPoint {
        CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }

    private static func quadRight(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint, _ t: CGFloat)
        -> (CGPoint, CGPoint, CGPoint) {
        let ab = lerp(a, b, t), bc = lerp(b, c, t)
        return (lerp(ab, bc, t), bc, c)
    }

    private static func quadLeft(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint, _ t: CGFloat) -> Segment {
        let ab = lerp(a, b, t), bc = lerp(b, c, t)
        return .quad(a, ab, lerp(ab, bc, t))
    }

    private static func cubicRight(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint, _ d: CGPoint, _ t: CGFloat)
        -> (CGPoint, CGPoint, CGPoint, CGPoint) {
        let ab = lerp(a, b, t), bc = lerp(b, c, t), cd = lerp(c, d, t)
        let abc = lerp(ab, bc, t), bcd = lerp(bc, cd, t)
        return (lerp(abc, bcd, t), bcd, cd, d)
    }

    private static func cubicLeft(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint, _ d: CGPoint, _ t: CGFloat) -> Segment {
        let ab = lerp(a, b, t), bc = lerp(b, c, t), cd = lerp(c, d, t)
        let abc = lerp(ab, bc, t), bcd = lerp(bc, cd, t)
        return .cubic(a, ab, abc, lerp(abc, bcd, t))
    }

    /// The segment as a cubic (exact degree elevation), so lines, quads and cubics can interpolate.
    var asCubic: Segment {
        switch self {
        case .line(let a, let b):
            return .cubic(a, Segment.lerp(a, b, 1.0 / 3.0), Segment.lerp(a, b, 2.0 / 3.0), b)
        case .quad(let a, let b, let c):
            return .cubic(a, Segment.lerp(a, b, 2.0 / 3.0), Segment.lerp(c, b, 2.0 / 3.0), c)
        case .cubic:
            return self
        }
    }

    /// Adds the segment's end point and its interior extrema to `box` (start is added by the caller).
    func addExtrema(to box: inout BoxAccumulator) {
        box.add(end)
        switch self {
        case .line:
            break
        case .quad(let a, let b, let c):
            for t in [Segment.quadRoot(a.x, b.x, c.x), Segment.quadRoot(a.y, b.y, c.y)] {
                if let t { box.add(point(at: t)) }
            }
        case .cubic(let a, let b, let c, let d):
            for t in Segment.cubicRoots(a.x, b.x, c.x, d.x) + Segment.cubicRoots(a.y, b.y, c.y, d.y) {
                box.add(point(at: t))
            }
        }
    }

    /// Parameter in (0, 1) where a quadratic coordinate has zero derivative.
    private static func quadRoot(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat) -> CGFloat? {
        let den = a - 2 * b + c
        guard den != 0 else { return nil }
        let t = (a - b) / den
        return t > 0 && t < 1 ? t : nil
    }

    /// Parameters in (0, 1) where a cubic coordinate has zero derivative.
    private static func cubicRoots(_ p0: CGFloat, _ p1: CGFloat, _ p2: CGFloat, _ p3: CGFloat) -> [CGFloat] {
        let a = -p0 + 3 * p1 - 3 * p2 + p3, b = 2 * (p0 - 2 * p1 + p2), c = p1 - p0
        var roots: [CGFloat] = []
        if abs(a) < 1e-12 * (abs(b) + abs(c) + 1e-300) {
            if b != 0 { roots.append(-c / b) }
        } else {
            let disc = b * b - 4 * a * c
            if disc >= 0 {
                let s = disc.squareRoot()
                roots.append((-b + s) / (2 * a)); roots.append((-b - s) / (2 * a))
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}
