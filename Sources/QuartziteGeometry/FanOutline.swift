import Foundation

/// A filled region's outline as one closed loop that is seen whole from one point inside it (the region is
/// star-shaped: every convex shape, a pentagram's non-zero union). A fan of triangles
/// from that point covers the region exactly, each triangle holding one piece of the outline, so the renderer
/// can antialias each piece inside its own triangle instead of drawing the mesh plus a fringe of thin quads
/// (`DisplayList.appendFan`): a third of the triangles for a star, and no triangle one pixel thin.
package struct FanOutline: Equatable, Sendable {
    /// The loop's corners in order, clockwise on screen (y down), the first not repeated; runs of collinear
    /// pieces are merged into one.
    package let points: [SIMD2<Float>]
    /// The point every piece is seen from, strictly inside each piece's half-plane: the loop's centroid.
    package let centre: SIMD2<Float>

    /// Loops longer than this are left to the mesh: a fan's triangles would be slivers, and checking it costs
    /// a pass over the loop every frame.
    package static let maxPoints = 512

    /// The fan outline of `boundary` (pieces running clockwise on screen, as `TriangleMesh.boundary`), or nil
    /// when the pieces are not one closed loop, or the loop is not seen whole from its centroid.
    package init?(boundary: [SIMD4<Float>]) {
        guard boundary.count >= 3, boundary.count <= 4 * Self.maxPoints,
              var loop = Self.chained(boundary), Self.mergeCollinear(&loop), loop.count <= Self.maxPoints,
              let centre = Self.centroid(loop), Self.seesWhole(loop, from: centre) else { return nil }
        points = loop
        self.centre = SIMD2(Float(centre.x), Float(centre.y))
        // The centre is kept in Float: check again from where it will be used.
        guard Self.seesWhole(loop, from: SIMD2(Double(self.centre.x), Double(self.centre.y))) else { return nil }
    }

    /// The pieces' starts in loop order, chained end to start from the first piece; nil unless they form
    /// one closed loop. They come from one tessellation, so a shared corner is mostly the same Float pair in
    /// both pieces; a crossing found from each of its two edges may differ in the last bit, so an end without
    /// an exact match takes the one unused start within a few ulps of it. (Made once per fill mesh: short
    /// loops, the usual case, are searched directly rather than hashed.)
    private static func chained(_ boundary: [SIMD4<Float>]) -> [SIMD2<Float>]? {
        let n = boundary.count
        var byStart: [SIMD2<Float>: Int]?
        if n > 32 {
            var index: [SIMD2<Float>: Int] = [:]
            index.reserveCapacity(n)
            for (i, s) in boundary.enumerated() {
                guard index.updateValue(i, forKey: SIMD2(s.x, s.y)) == nil else { return nil }
            }
            byStart = index
        }
        var used = [Bool](repeating: false, count: n)
        var loop: [SIMD2<Float>] = []
        loop.reserveCapacity(n)
        var i = 0
        for _ in 0..<n {
            guard !used[i] else { return nil }
            used[i] = true
            let s = boundary[i]
            loop.append(SIMD2(s.x, s.y))
            let end = SIMD2(s.z, s.w)
            var next = byStart.map { $0[end] } ?? nil
            if byStart == nil {
                for (k, t) in boundary.enumerated() where (!used[k] || k == 0) && t.x == end.x && t.y == end.y {
                    next = k
                    break
                }
            }
            guard let j = next ?? nearStart(to: end, in: boundary, unused: used) else { return nil }
            i = j
        }
        return i == 0 ? loop : nil
    }

    /// The piece whose start lies within a few ulps of `end`: unused, or the first piece (which closes the
    /// loop); nil when there is none or more than one.
    private static func nearStart(to end: SIMD2<Float>, in boundary: [SIMD4<Float>], unused used: [Bool]) -> Int? {
        let tolerance = 8 * max(end.x.magnitude, end.y.magnitude, 1).ulp
        var found: Int?
        for (k, s) in boundary.enumerated() where !used[k] || k == 0 {
            guard abs(s.x - end.x) <= tolerance, abs(s.y - end.y) <= tolerance else { continue }
            guard found == nil else { return nil }
            found = k
        }
        return found
    }

    /// Drops, in place, the corners that start a piece a few ulps long (a tessellator may close a crossing
    /// found twice with one) and then those that continue their piece straight on (a tessellator's outline
    /// splits edges where other edges start); false when fewer than three corners remain.
    private static func mergeCollinear(_ loop: inout [SIMD2<Float>]) -> Bool {
        var n = loop.count
        // Each decision reads the corner after (not yet overwritten), so the pass can compact in place.
        let first = loop[0]
        var kept = 0
        for k in 0..<n {
            let p = loop[k], q = k + 1 == n ? first : loop[k + 1]
            let tolerance = 8 * max(p.x.magnitude, p.y.magnitude, 1).ulp
            if abs(q.x - p.x) <= tolerance && abs(q.y - p.y) <= tolerance { continue }
            loop[kept] = p
            kept += 1
        }
        n = kept
        guard n >= 3 else { return false }
        // Each decision reads the corners before and after as they were: keep copies of the ones a
        // compacting write may have replaced.
        let head = loop[0]
        var before = loop[n - 1]
        kept = 0
        for k in 0..<n {
            let b = loop[k], c = k + 1 == n ? head : loop[k + 1]
            let u = SIMD2<Double>(b) - SIMD2<Double>(before), v = SIMD2<Double>(c) - SIMD2<Double>(b)
            before = b
            let cross = u.x * v.y - u.y * v.x, dot = (u * v).sum()
            let lengths = (u * u).sum().squareRoot() * (v * v).sum().squareRoot()
            // Straight on within Float rounding of the split points.
            if dot > 0 && abs(cross) <= 1e-6 * lengths { continue }
            loop[kept] = b
            kept += 1
        }
        loop.removeLast(loop.count - kept)
        return kept >= 3
    }

    /// The area centroid of the loop, nil for a loop of no area or one running anticlockwise on screen.
    private static func centroid(_ loop: [SIMD2<Float>]) -> SIMD2<Double>? {
        var twiceArea = 0.0, cx = 0.0, cy = 0.0
        let origin = SIMD2<Double>(loop[0])
        for k in 0..<loop.count {
            let p = SIMD2<Double>(loop[k]) - origin, q = SIMD2<Double>(loop[(k + 1) % loop.count]) - origin
            let cross = p.x * q.y - q.x * p.y
            twiceArea += cross
            cx += (p.x + q.x) * cross
            cy += (p.y + q.y) * cross
        }
        guard twiceArea > 0, twiceArea.isFinite else { return nil }
        return origin + SIMD2(cx, cy) / (3 * twiceArea)
    }

    /// Whether every piece has `c` strictly on its inner side and the loop goes round `c` once: then the
    /// fan's triangles all turn one way and tile the region without overlap. (Every triangle turning one way,
    /// the loop goes round `c` as many times as it crosses the ray from `c` to the right.)
    private static func seesWhole(_ loop: [SIMD2<Float>], from c: SIMD2<Double>) -> Bool {
        var crossings = 0
        for k in 0..<loop.count {
            let p = SIMD2<Double>(loop[k]) - c, q = SIMD2<Double>(loop[k + 1 == loop.count ? 0 : k + 1]) - c
            let cross = p.x * q.y - p.y * q.x
            let length = ((q - p) * (q - p)).sum().squareRoot()
            // At least a thousandth of a point inside each piece's line, so Float placement keeps the sign.
            guard cross > 1e-3 * length else { return false }
            // Turning clockwise on screen (y down), the loop crosses the ray going from y < 0 to y >= 0.
            if p.y < 0 && q.y >= 0 { crossings += 1 }
        }
        return crossings == 1
    }
}
