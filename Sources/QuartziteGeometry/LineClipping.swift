import Foundation

/// Cuts a path's lines where they cross another path's outline and keeps the pieces inside (or outside)
/// its fill: what `CGPath.lineIntersection(_:using:)` and `lineSubtracting(_:using:)` return.
///
/// Each segment is cut at every parameter where it meets an edge of the mask; the winding number of the
/// mask at each piece's middle says whether the piece is inside. Pieces that follow one another stay one
/// subpath; a closed subpath kept whole stays closed.
enum LineClipping {
    /// The mask's rings as edges, their bounds, and what inside means.
    struct Mask {
        var edges: [(a: CGPoint, b: CGPoint)] = []
        /// Where the edges lie: a segment or point outside it meets no edge and is outside the fill, found
        /// without visiting the edges (a long line past a small mask costs nothing per segment).
        var minX = CGFloat.infinity, maxX = -CGFloat.infinity, minY = CGFloat.infinity, maxY = -CGFloat.infinity
        var rule: CGPathFillRule
        var keepsInside: Bool

        init(_ rings: [FlatPolyline], rule: CGPathFillRule, keepsInside: Bool) {
            self.rule = rule
            self.keepsInside = keepsInside
            for ring in rings where ring.points.count >= 3 {
                var a = ring.points[ring.points.count - 1]
                for b in ring.points { edges.append((a, b)); a = b }
            }
            for (a, _) in edges {
                minX = min(minX, a.x); maxX = max(maxX, a.x); minY = min(minY, a.y); maxY = max(maxY, a.y)
            }
        }

        /// Whether the box from (x0, y0) to (x1, y1) lies clear of the edges.
        @inline(__always)
        func misses(_ x0: CGFloat, _ x1: CGFloat, _ y0: CGFloat, _ y1: CGFloat) -> Bool {
            x1 < minX || x0 > maxX || y1 < minY || y0 > maxY
        }
    }

    /// Work units (an edge tested against a segment or a point) one clipping may spend: the fill sweep's
    /// budget, so a huge pair of paths returns instead of hanging.
    static let workBudget = FillTessellator.workBudget

    /// The kept pieces of `lines` as path elements; nil when the work budget runs out.
    ///
    /// - Complexity: O((s + c) * e) for s segments, c crossings and e mask edges.
    static func clip(_ lines: [FlatPolyline], by mask: Mask) -> [PathElement]? {
        var out: [PathElement] = []
        var work = 0
        for line in lines where line.points.count >= 2 {
            guard clip(line, by: mask, work: &work, into: &out) else { return nil }
        }
        return out
    }

    /// One polyline's kept pieces; false when the work budget runs out.
    private static func clip(_ line: FlatPolyline, by mask: Mask, work: inout Int,
                             into out: inout [PathElement]) -> Bool {
        let pts = line.points
        let segmentCount = line.isClosed ? pts.count : pts.count - 1
        var runs: [[CGPoint]] = []
        var keptAll = true
        for i in 0..<segmentCount {
            let p = pts[i], q = pts[(i + 1) % pts.count]
            let cuts = cutParameters(p, q, mask, work: &work)
            guard work <= workBudget else { return false }
            for (t0, t1) in zip(cuts, cuts.dropFirst()) where t1 > t0 {
                let middle = point(p, q, (t0 + t1) / 2)
                if !mask.misses(middle.x, middle.x, middle.y, middle.y) { work += mask.edges.count }
                guard work <= workBudget else { return false }
                let start = point(p, q, t0), end = point(p, q, t1)
                guard isInside(middle, mask) == mask.keepsInside else { keptAll = false; continue }
                if runs.last?.last != start { runs.append([start]) }
                runs[runs.count - 1].append(end)
            }
        }
        if line.isClosed, !keptAll { joinRunThroughStart(&runs) }
        for run in runs {
            out.append(.moveTo(run[0]))
            for point in run.dropFirst() { out.append(.lineTo(point)) }
        }
        if line.isClosed, keptAll, !runs.isEmpty { out.append(.closeSubpath) }
        return true
    }

    /// A closed subpath's kept run that passes through its first point comes out as the last run, ending
    /// there, and the first, starting there: one piece, so the last goes on into the first.
    private static func joinRunThroughStart(_ runs: inout [[CGPoint]]) {
        guard runs.count > 1, let start = runs.first?.first, runs[runs.count - 1].last == start else { return }
        let head = runs.removeFirst()
        runs[runs.count - 1] += head.dropFirst()
    }

    /// 0, 1 and every parameter in between where segment p-q meets a mask edge, sorted.
    private static func cutParameters(_ p: CGPoint, _ q: CGPoint, _ mask: Mask, work: inout Int) -> [CGFloat] {
        var cuts: [CGFloat] = [0, 1]
        let d = CGPoint(x: q.x - p.x, y: q.y - p.y)
        let minX = min(p.x, q.x), maxX = max(p.x, q.x), minY = min(p.y, q.y), maxY = max(p.y, q.y)
        guard !mask.misses(minX, maxX, minY, maxY) else { return cuts }
        work += mask.edges.count
        for (a, b) in mask.edges {
            if max(a.x, b.x) < minX || min(a.x, b.x) > maxX || max(a.y, b.y) < minY || min(a.y, b.y) > maxY { continue }
            let e = CGPoint(x: b.x - a.x, y: b.y - a.y), ap = CGPoint(x: a.x - p.x, y: a.y - p.y)
            let denominator = cross(d, e)
            if denominator == 0 {
                // Parallel: where a collinear edge's ends lie along the segment.
                guard cross(ap, d) == 0 else { continue }
                let length2 = d.x * d.x + d.y * d.y
                guard length2 > 0 else { continue }
                for end in [a, b] {
                    let t = ((end.x - p.x) * d.x + (end.y - p.y) * d.y) / length2
                    if t > 0 && t < 1 { cuts.append(t) }
                }
                continue
            }
            let t = cross(ap, e) / denominator, s = cross(ap, d) / denominator
            if t > 0 && t < 1 && s >= 0 && s <= 1 { cuts.append(t) }
        }
        cuts.sort()
        return cuts
    }

    /// Whether `point` is inside the mask's fill (the non-zero winding number test of `CGPath.contains`).
    private static func isInside(_ point: CGPoint, _ mask: Mask) -> Bool {
        guard !mask.misses(point.x, point.x, point.y, point.y) else { return false }
        var winding = 0
        for (a, b) in mask.edges {
            if a.y <= point.y {
                if b.y > point.y, cross(CGPoint(x: b.x - a.x, y: b.y - a.y), CGPoint(x: point.x - a.x, y: point.y - a.y)) > 0 {
                    winding += 1
                }
            } else if b.y <= point.y, cross(CGPoint(x: b.x - a.x, y: b.y - a.y), CGPoint(x: point.x - a.x, y: point.y - a.y)) < 0 {
                winding -= 1
            }
        }
        return mask.rule == .winding ? winding != 0 : winding % 2 != 0
    }

    /// The point at parameter t along p-q, exactly p and q at 0 and 1 (so pieces meet exactly).
    @inline(__always)
    private static func point(_ p: CGPoint, _ q: CGPoint, _ t: CGFloat) -> CGPoint {
        if t == 0 { return p }
        if t == 1 { return q }
        return CGPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
    }

    @inline(__always)
    private static func cross(_ u: CGPoint, _ v: CGPoint) -> CGFloat { u.x * v.y - u.y * v.x }
}
