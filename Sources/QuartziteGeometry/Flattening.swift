import Foundation

extension Segment {
    /// Chords needed so the polyline stays within `tolerance` of the curve (Wang's formula: a proven bound
    /// from the control polygon's second differences, so tiny curves get few points and big ones many).
    func chordCount(tolerance: CGFloat) -> Int {
        let m: CGFloat
        let factor: CGFloat
        switch self {
        case .line: return 1
        case .quad(let a, let b, let c):
            m = hypot(a.x - 2 * b.x + c.x, a.y - 2 * b.y + c.y); factor = 0.25
        case .cubic(let a, let b, let c, let d):
            m = max(hypot(a.x - 2 * b.x + c.x, a.y - 2 * b.y + c.y), hypot(b.x - 2 * c.x + d.x, b.y - 2 * c.y + d.y))
            factor = 0.75
        }
        let n = (factor * m / tolerance).squareRoot().rounded(.up)
        // Bounded before the conversion: a finite n can still be far past any Int.
        guard n.isFinite else { return 1 }
        return Swift.max(1, Int(Swift.min(n, 100_000)))
    }
}

extension Subpath {
    /// The subpath as a polyline with corner flags. Consecutive duplicate points are merged (their corner
    /// flags or-ed); a closed polyline drops its repeated start point. `budget` counts remaining chords.
    func flatten(tolerance: CGFloat, budget: inout Int) -> FlatPolyline {
        if segments.allSatisfy(\.isLine) { return flattenLines(budget: &budget) }
        let zero = CGPoint.zero
        // Sized once: the chord counts are cheap next to evaluating the points, and four growing arrays
        // per subpath were a measurable share of stroking short polylines.
        var total = 1
        for seg in segments { total += seg.chordCount(tolerance: tolerance) }
        total = Swift.min(total, Swift.max(1, budget) + segments.count + 1)
        var points: [CGPoint] = [], corners: [Bool] = [], tangentIn: [CGPoint] = [], tangentOut: [CGPoint] = []
        points.reserveCapacity(total); corners.reserveCapacity(total)
        tangentIn.reserveCapacity(total); tangentOut.reserveCapacity(total)
        points.append(start); corners.append(true); tangentIn.append(zero); tangentOut.append(zero)
        func add(_ p: CGPoint, corner: Bool, tangent: CGPoint) {
            if let last = points.last, last == p {
                if corner { corners[corners.count - 1] = true }
                if tangent != zero { tangentIn[tangentIn.count - 1] = tangent }
                return
            }
            points.append(p); corners.append(corner); tangentIn.append(tangent); tangentOut.append(zero)
        }
        for seg in segments {
            var n = budget > 0 ? seg.chordCount(tolerance: tolerance) : 1
            n = Swift.min(n, Swift.max(1, budget))
            budget -= n
            let isCurve: Bool
            if case .line = seg { isCurve = false } else { isCurve = true }
            // Only the first non-degenerate segment leaving a vertex sets its outgoing tangent.
            if isCurve, tangentOut[tangentOut.count - 1] == zero, let t = seg.startTangent {
                tangentOut[tangentOut.count - 1] = t
            }
            if n > 1 {
                for i in 1..<n { add(seg.point(at: CGFloat(i) / CGFloat(n)), corner: false, tangent: zero) }
            }
            add(seg.end, corner: true, tangent: isCurve ? (seg.endTangent ?? zero) : zero)
        }
        if isClosed, points.count > 1, points.last == points.first {
            points.removeLast(); corners.removeLast()
            if let t = tangentIn.popLast(), t != zero { tangentIn[0] = t }
            tangentOut.removeLast()
            corners[0] = true
        }
        return FlatPolyline(points: points, corners: corners, isClosed: isClosed,
                            tangentIn: tangentIn, tangentOut: tangentOut)
    }
}

extension Subpath {
    /// Straight segments only: every vertex is a corner and no tangent differs from its chord, so only the
    /// points are stored (the empty flag and tangent arrays say so; one allocation instead of four).
    private func flattenLines(budget: inout Int) -> FlatPolyline {
        var points: [CGPoint] = []
        points.reserveCapacity(segments.count + 1)
        points.append(start)
        for seg in segments where seg.end != points[points.count - 1] { points.append(seg.end) }
        budget -= segments.count
        if isClosed, points.count > 1, points[points.count - 1] == points[0] { points.removeLast() }
        return FlatPolyline(points: points, corners: [], isClosed: isClosed, tangentIn: [], tangentOut: [])
    }
}

extension Segment {
    /// Whether this is a straight segment.
    var isLine: Bool {
        if case .line = self { return true }
        return false
    }
}

extension Array where Element == Subpath {
    /// Flattens every drawing subpath (a lone moveTo is dropped).
    func flatten(tolerance: CGFloat) -> [FlatPolyline] {
        let tol = Tolerance.clamp(tolerance)
        var budget = Tolerance.segmentBudget
        var out: [FlatPolyline] = []
        out.reserveCapacity(count)
        for subpath in self where subpath.draws { out.append(subpath.flatten(tolerance: tol, budget: &budget)) }
        if budget <= 0 {
            Diagnostics.report("a path needs more than \(Tolerance.segmentBudget) line segments at its tolerance; the curves past them are drawn as single chords")
        }
        return out
    }
}

extension CGPath {
    /// The path as polylines within `tolerance` (path units) of its curves. A subpath that draws but has
    /// no length comes back as a single point; a lone moveTo is dropped.
    package func flattened(tolerance: CGFloat = 0.25) -> [Polyline] {
        Subpath.parse(elements).flatten(tolerance: tolerance).map { Polyline(points: $0.points, isClosed: $0.isClosed) }
    }
}
