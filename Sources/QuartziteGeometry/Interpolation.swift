import Foundation

extension CGPath {
    /// The path `fraction` of the way to `other` (fraction may leave 0...1, for springs that overshoot).
    ///
    /// Rule: when both paths have the same sequence of moveTo / drawing segment / close, points are
    /// interpolated one to one; lines and quads are raised to cubics where the other path has a curve, so a
    /// rect morphs into a rounded rect. Otherwise the paths cannot correspond and the result jumps:
    /// `fraction < 0.5 ? self : other` (Core Animation's result is undefined there too).
    package func interpolated(to other: CGPath, fraction: CGFloat) -> CGPath {
        guard fraction.isFinite else { return immutableCopy }
        if elements == other.elements { return immutableCopy }
        guard elements.count == other.elements.count else { return fraction < 0.5 ? immutableCopy : other.immutableCopy }
        var out: [PathElement] = []
        out.reserveCapacity(elements.count)
        var fromCurrent = CGPoint.zero, toCurrent = CGPoint.zero
        var fromStart = CGPoint.zero, toStart = CGPoint.zero
        func mix(_ a: CGPoint, _ b: CGPoint) -> CGPoint {
            CGPoint(x: a.x + (b.x - a.x) * fraction, y: a.y + (b.y - a.y) * fraction)
        }
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case (.moveTo(let p), .moveTo(let q)):
                out.append(.moveTo(mix(p, q)))
                fromStart = p; toStart = q; fromCurrent = p; toCurrent = q
            case (.closeSubpath, .closeSubpath):
                out.append(.closeSubpath)
                fromCurrent = fromStart; toCurrent = toStart
            case (.lineTo(let p), .lineTo(let q)):
                out.append(.lineTo(mix(p, q)))
                fromCurrent = p; toCurrent = q
            case (.quadCurveTo(let c1, let e1), .quadCurveTo(let c2, let e2)):
                out.append(.quadCurveTo(control: mix(c1, c2), end: mix(e1, e2)))
                fromCurrent = e1; toCurrent = e2
            default:
                guard let sa = CGPath.segment(from: fromCurrent, a), let sb = CGPath.segment(from: toCurrent, b),
                      case .cubic(_, let a1, let a2, let a3) = sa.asCubic,
                      case .cubic(_, let b1, let b2, let b3) = sb.asCubic else {
                    return fraction < 0.5 ? immutableCopy : other.immutableCopy
                }
                out.append(.curveTo(control1: mix(a1, b1), control2: mix(a2, b2), end: mix(a3, b3)))
                fromCurrent = a3; toCurrent = b3
            }
        }
        return CGPath(elements: out)
    }

    /// A drawing element as a segment from `current`; nil for moveTo / close.
    static func segment(from current: CGPoint, _ element: PathElement) -> Segment? {
        switch element {
        case .lineTo(let p): return .line(current, p)
        case .quadCurveTo(let c, let e): return .quad(current, c, e)
        case .curveTo(let c1, let c2, let e): return .cubic(current, c1, c2, e)
        case .moveTo, .closeSubpath: return nil
        }
    }
}
