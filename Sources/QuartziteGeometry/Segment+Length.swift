import Foundation

extension Segment {
    /// 5-point Gauss-Legendre nodes/weights on [-1, 1]: exact for polynomials of degree 9, so a few
    /// adaptive levels give arc lengths of smooth Béziers to ~1e-10.
    private static let nodes: [CGFloat] = [0, -0.5384693101056831, 0.5384693101056831,
                                           -0.9061798459386640, 0.9061798459386640]
    private static let weights: [CGFloat] = [0.5688888888888889, 0.4786286704993665, 0.4786286704993665,
                                             0.2369268850561891, 0.2369268850561891]

    private func gauss(_ t0: CGFloat, _ t1: CGFloat) -> CGFloat {
        let h = (t1 - t0) / 2, m = (t0 + t1) / 2
        var sum: CGFloat = 0
        for i in 0..<5 { sum += Segment.weights[i] * speed(at: m + h * Segment.nodes[i]) }
        return sum * h
    }

    /// Arc length between parameters t0 and t1 (adaptive; depth bounded by a constant, not by input).
    func length(from t0: CGFloat = 0, to t1: CGFloat = 1) -> CGFloat {
        if case .line(let a, let b) = self { return hypot(b.x - a.x, b.y - a.y) * (t1 - t0) }
        return adaptiveLength(t0, t1, whole: gauss(t0, t1), depth: 0)
    }

    private func adaptiveLength(_ t0: CGFloat, _ t1: CGFloat, whole: CGFloat, depth: Int) -> CGFloat {
        let m = (t0 + t1) / 2
        let left = gauss(t0, m), right = gauss(m, t1)
        let halves = left + right
        if depth >= 8 || abs(halves - whole) <= 1e-10 * max(halves, 1e-12) { return halves }
        return adaptiveLength(t0, m, whole: left, depth: depth + 1)
            + adaptiveLength(m, t1, whole: right, depth: depth + 1)
    }

    /// The parameter at arc length `s` from the start (0...total), by safeguarded Newton iteration.
    func parameter(atLength s: CGFloat, total: CGFloat) -> CGFloat {
        guard total > 0 else { return 0 }
        if s <= 0 { return 0 }
        if s >= total { return 1 }
        if case .line = self { return s / total }
        var lo: CGFloat = 0, hi: CGFloat = 1, t = s / total
        for _ in 0..<40 {
            let f = length(from: 0, to: t) - s
            if abs(f) <= 1e-9 * max(total, 1) { break }
            if f > 0 { hi = t } else { lo = t }
            let v = speed(at: t)
            var next = v > 0 ? t - f / v : (lo + hi) / 2
            if !(next > lo && next < hi) { next = (lo + hi) / 2 }
            t = next
            if hi - lo < 1e-14 { break }
        }
        return t
    }
}
