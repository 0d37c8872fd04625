import Foundation

/// A filled region's outline as one closed loop that is seen whole from one point inside it (the region is
/// star-shaped: every convex shape, a pentagram's non-zero union, a rounded rectangle). A fan of triangles
/// from that point covers the region exactly, each triangle holding one piece of the outline, so the renderer
/// can antialias each piece inside its own triangle instead of drawing the mesh plus a fringe of thin quads
/// (`DisplayList.appendFan`): a third of the triangles for a star, and no triangle one pixel thin.
public struct FanOutline: Equatable, Sendable {
    /// The loop's corners in order, clockwise on screen (y down), the first not repeated; runs of collinear
    /// pieces are merged into one.
    public let points: [SIMD2<Float>]
    /// The point every piece is seen from, strictly inside each piece's half-plane: the loop's centroid.
    public let centre: SIMD2<Float>

    /// Loops longer than this are left to the mesh: a fan's triangles would be slivers, and checking it costs
    /// a pass over the loop every frame.
    public static let maxPoints = 512

    /// The fan outline of `boundary` (pieces running clockwise on screen, as `TriangleMesh.boundary`), or nil
    /// when the pieces are not one closed loop, or the loop is not seen whole from its centroid.
    public init?(boundary: [SIMD4<Float>]) {
        guard boundary.count >= 3, boundary.count <= 4 * Self.maxPoints else { return nil }
        // Chain the pieces end to start. They come from one tessellation, so a shared corner is mostly the
        // same Float pair in both pieces; a crossing found from each of its two edges may differ in the last
        // bit, so an end without an exact match takes the one unused start within a few ulps of it.
        var next: [SIMD2<Float>: Int] = [:]
        next.reserveCapacity(boundary.count)
        for (i, s) in boundary.enumerated() {
            guard next.updateValue(i, forKey: SIMD2(s.x, s.y)) == nil else { return nil }
        }
        var used = [Bool](repeating: false, count: boundary.count)
        var chained: [SIMD2<Float>] = []
        chained.reserveCapacity(boundary.count)
        var i = 0
        for _ in 0..<boundary.count {
            guard !used[i] else { return nil }
            used[i] = true
            let s = boundary[i]
            chained.append(SIMD2(s.x, s.y))
            guard let j = next[SIMD2(s.z, s.w)] ?? Self.nearStart(to: SIMD2(s.z, s.w), in: boundary, unused: used, first: 0)
            else { return nil }
            i = j
        }
        guard i == 0, let loop = Self.mergingCollinear(chained), loop.count >= 3, loop.count <= Self.maxPoints,
              let centre = Self.centroid(loop), Self.seesWhole(loop, from: centre) else { return nil }
        points = loop
        self.centre = SIMD2(Float(centre.x), Float(centre.y))
        // The centre is kept in Float: check again from where it will be used.
        guard Self.seesWhole(loop, from: SIMD2(Double(self.centre.x), Double(self.centre.y))) else { return nil }
    }

    /// The piece whose start lies within a few ulps of `end`: unused, or the first piece (which closes the
    /// loop); nil when there is none or more than one.
    private static func nearStart(to end: SIMD2<Float>, in boundary: [SIMD4<Float>], unused used: [Bool],
                                  first: Int) -> Int? {
        let tolerance = 8 * max(end.x.magnitude, end.y.magnitude, 1).ulp
        var found: Int?
        for (k, s) in boundary.enumerated() where !used[k] || k == first {
            guard abs(s.x - end.x) <= tolerance, abs(s.y - end.y) <= tolerance else { continue }
            guard found == nil else { return nil }
            found = k
        }
        return found
    }

    /// The loop without pieces a few ulps long, and without corners that continue their piece straight on
    /// (a tessellator's outline splits edges where other edges start); nil when fewer than three corners
    /// remain.
    private static func mergingCollinear(_ corners: [SIMD2<Float>]) -> [SIMD2<Float>]? {
        // First the pieces a few ulps long (a tessellator may close a crossing found twice with one): their
        // start goes, their end stays.
        var loop: [SIMD2<Float>] = []
        loop.reserveCapacity(corners.count)
        for (k, p) in corners.enumerated() {
            let q = corners[(k + 1) % corners.count]
            let tolerance = 8 * max(p.x.magnitude, p.y.magnitude, 1).ulp
            if abs(q.x - p.x) <= tolerance && abs(q.y - p.y) <= tolerance { continue }
            loop.append(p)
        }
        let n = loop.count
        guard n >= 3 else { return nil }
        var kept: [SIMD2<Float>] = []
        kept.reserveCapacity(n)
        for k in 0..<n {
            let a = SIMD2<Double>(loop[(k + n - 1) % n]), b = SIMD2<Double>(loop[k]), c = SIMD2<Double>(loop[(k + 1) % n])
            let u = b - a, v = c - b
            let cross = u.x * v.y - u.y * v.x, dot = (u * v).sum()
            let lengths = (u * u).sum().squareRoot() * (v * v).sum().squareRoot()
            // Straight on within Float rounding of the split points.
            if dot > 0 && abs(cross) <= 1e-6 * lengths { continue }
            kept.append(loop[k])
        }
        return kept.count >= 3 ? kept : nil
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
    /// fan's triangles all turn one way and tile the region without overlap.
    private static func seesWhole(_ loop: [SIMD2<Float>], from c: SIMD2<Double>) -> Bool {
        var turn = 0.0
        for k in 0..<loop.count {
            let p = SIMD2<Double>(loop[k]) - c, q = SIMD2<Double>(loop[(k + 1) % loop.count]) - c
            let cross = p.x * q.y - p.y * q.x
            let length = ((q - p) * (q - p)).sum().squareRoot()
            // At least a thousandth of a point inside each piece's line, so Float placement keeps the sign.
            guard cross > 1e-3 * length else { return false }
            turn += atan2(cross, (p * q).sum())
        }
        return abs(turn - 2 * .pi) < 1e-3
    }
}
