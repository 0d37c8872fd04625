import Foundation

/// Expands polylines into stroke triangles: one quad per segment, a join piece at every interior vertex,
/// caps at open ends. Pieces overlap (the mesh says so) — the price of being robust for strokes wider than
/// the curvature radius, where offset-curve stitching breaks (spikes on wide strokes).
///
/// The pieces form one watertight chain: each piece starts on the very vertices (same indices) where the
/// piece before it ended, a "rung" across the stroke, so no vertex lies on another triangle's edge. A
/// T-junction there is a crack once the GPU snaps vertices to its sub-pixel grid: a 1-pixel speck on a wide
/// stroke where a join fan centred on the path meets the middle of a quad's end edge.
struct StrokeTessellator {
    let halfWidth: CGFloat
    let cap: CGLineCap
    let join: CGLineJoin
    let miterLimit: CGFloat
    /// The flattening tolerance: also the least overlap two pieces that do not share an edge must have.
    let tolerance: CGFloat
    /// Rotation by the largest angle one chord of a round piece may span and stay within the tolerance, and
    /// the radius of interior rim vertices over `halfWidth`.
    let stepCos: CGFloat, stepSin: CGFloat, rimScale: CGFloat
    var builder = MeshBuilder(mayOverlap: true)

    /// The open end of the chain: the vertices at p + n * halfWidth (`plus`) and p - n * halfWidth (`minus`),
    /// n being the left normal (-d.y, d.x) of the current direction d.
    struct Rung {
        var plus: UInt32
        var minus: UInt32
    }

    /// cos(pi / 2048): half the finest chord angle.
    private static let finestHalfCos = cos(CGFloat.pi / 2048)

    init(style: StrokeStyle, tolerance: CGFloat) {
        halfWidth = style.lineWidth / 2
        cap = style.lineCap
        join = style.lineJoin
        miterLimit = style.miterLimit.isNaN ? 10 : style.miterLimit
        self.tolerance = Tolerance.clamp(tolerance)
        // A chord spanning angle a stays within the tolerance of the circle while hw * (1 - cos(a / 2)) <= tol.
        let halfCos = 1 - self.tolerance / halfWidth
        // At most 1024 chords per half turn, however wide the stroke: absurd widths get coarser pieces.
        if halfCos <= CGFloat(0.5).squareRoot() || halfCos >= Self.finestHalfCos {
            let step = halfCos <= CGFloat(0.5).squareRoot() ? CGFloat.pi / 2 : CGFloat.pi / 1024
            stepCos = cos(step)
            stepSin = sin(step)
            rimScale = 2 / (1 + cos(step / 2))
        } else {
            // Double-angle formulas instead of acos, cos and sin: a stroke of a short path is cheap
            // enough that four transcendental calls per path showed in profiles.
            let halfSin = (1 - halfCos * halfCos).squareRoot()
            stepCos = 2 * halfCos * halfCos - 1
            stepSin = 2 * halfSin * halfCos
            rimScale = 2 / (1 + halfCos)
        }
        // (rimScale: interior rim vertices sit slightly outside the circle so the chords straddle it: an
        // inscribed polygon would lose area on every cap and join, measurable against cairo on round caps.)
    }

    /// Strokes one polyline.
    mutating func stroke(_ poly: FlatPolyline) {
        let pts = poly.points
        let n = pts.count
        guard n > 0 else { return }
        for p in pts where !p.isFiniteFloat { return }
        if n == 1 { dot(pts[0]); return }
        let closed = poly.isClosed
        let m = closed ? n : n - 1
        // Directions are computed as the walk reaches them (no buffer to allocate per path).
        let firstDir = Self.direction(pts, 0, after: CGPoint(x: 1, y: 0))
        var dir = firstDir
        if closed {
            let first = rung(at: pts[0], firstDir)
            var r = first
            for i in 0..<m {
                let v = i + 1 == n ? 0 : i + 1
                let end = rung(at: pts[v], dir)
                builder.quad(r, end)
                let last = i + 1 == m
                let nextDir = last ? firstDir : Self.direction(pts, i + 1, after: dir)
                r = vertexJoin(poly, v, end, from: dir, to: nextDir, target: last ? first : nil)
                dir = nextDir
            }
        } else {
            let startTangent = poly.tangent(outOf: 0)
            let startDir = startTangent == .zero ? firstDir : startTangent
            var r = rung(at: pts[0], startDir)
            capPiece(at: pts[0], r, outward: CGPoint(x: -startDir.x, y: -startDir.y), leftIsPlus: false)
            r = turn(at: pts[0], r, from: startDir, to: firstDir, style: .round)
            for i in 0..<m {
                let end = rung(at: pts[i + 1], dir)
                builder.quad(r, end)
                if i + 1 < m {
                    let nextDir = Self.direction(pts, i + 1, after: dir)
                    r = vertexJoin(poly, i + 1, end, from: dir, to: nextDir, target: nil)
                    dir = nextDir
                } else {
                    r = end
                }
            }
            let endTangent = poly.tangent(into: n - 1)
            let endDir = endTangent == .zero ? dir : endTangent
            r = turn(at: pts[n - 1], r, from: dir, to: endDir, style: .round)
            capPiece(at: pts[n - 1], r, outward: endDir, leftIsPlus: true)
        }
    }

    /// Unit direction of segment `i` (from point i to the next, wrapping); near-duplicate points survive the
    /// exact dedupe, so a degenerate segment keeps the `previous` direction instead of dividing by ~0.
    @inline(__always)
    private static func direction(_ pts: [CGPoint], _ i: Int, after previous: CGPoint) -> CGPoint {
        let a = pts[i], b = pts[i + 1 == pts.count ? 0 : i + 1]
        let dx = b.x - a.x, dy = b.y - a.y
        let len = (dx * dx + dy * dy).squareRoot()
        return len > 1e-12 ? CGPoint(x: dx / len, y: dy / len) : previous
    }

    /// The rung at `p` across direction `d` (two new vertices).
    @inline(__always)
    private mutating func rung(at p: CGPoint, _ d: CGPoint) -> Rung {
        let nx = -d.y * halfWidth, ny = d.x * halfWidth
        return Rung(plus: builder.vertex(p.x + nx, p.y + ny), minus: builder.vertex(p.x - nx, p.y - ny))
    }

    /// The join at vertex `v`: at corners the style join between the exact tangents, reached from and left
    /// to the chords by small round pieces; elsewhere a round piece between the chords.
    private mutating func vertexJoin(_ poly: FlatPolyline, _ v: Int, _ r: Rung, from chordIn: CGPoint,
                                     to chordOut: CGPoint, target: Rung?) -> Rung {
        let p = poly.points[v]
        guard poly.isCorner(v) else { return turn(at: p, r, from: chordIn, to: chordOut, style: .round, target: target) }
        let tIn = poly.tangent(into: v) == .zero ? chordIn : poly.tangent(into: v)
        let tOut = poly.tangent(outOf: v) == .zero ? chordOut : poly.tangent(outOf: v)
        var next = turn(at: p, r, from: chordIn, to: tIn, style: .round)
        next = turn(at: p, next, from: tIn, to: tOut, style: join)
        return turn(at: p, next, from: tOut, to: chordOut, style: .round, target: target)
    }

    /// Turns the chain's rung at `p` from direction `d0` to `d1` with a piece on the outer side of the turn,
    /// ending on `target` when given (a closed subpath's first rung), else on a new rung.
    ///
    /// Round pieces fan from the rung's inner vertex over the rim, a convex polygon inscribed in the join's
    /// disc, so they share the incoming rung as an edge and cover the path's point itself with margin.
    /// Miter and bevel pieces, which must not reach into the inner side, fan from the path's point instead,
    /// and the zero-area triangles (rung, point) fill what would otherwise be T-junction cracks.
    private mutating func turn(at p: CGPoint, _ r: Rung, from d0: CGPoint, to d1: CGPoint,
                               style: CGLineJoin, target: Rung? = nil) -> Rung {
        let cross = d0.x * d1.y - d0.y * d1.x
        let dot = d0.x * d1.x + d0.y * d1.y
        if dot > 0 && abs(cross) < 1e-12 {
            // Straight on: the same rung continues (or is stitched to the target with zero-area triangles).
            guard let t = target else { return r }
            builder.quad(r, t)
            return t
        }
        let hw = halfWidth
        // The outer side of the turn is s * n: the right (s = -1) when turning left, the left otherwise.
        let s: CGFloat = cross > 0 ? -1 : 1
        let outer0 = s > 0 ? r.plus : r.minus, inner0 = s > 0 ? r.minus : r.plus
        let n1x = -d1.y * s, n1y = d1.x * s
        let next = target ?? rung(at: p, d1)
        let outer1 = s > 0 ? next.plus : next.minus, inner1 = s > 0 ? next.minus : next.plus
        switch style {
        case .round:
            roundFan(apex: inner0, from: outer0, to: outer1, center: p, start: CGPoint(x: -d0.y * s, y: d0.x * s),
                     end: CGPoint(x: n1x, y: n1y), clockwise: cross < 0 || (cross == 0))
            // Pieces that meet without sharing an edge must overlap by more than the GPU's vertex snapping;
            // below the tolerance, close the thin wedge between the fan and the next quad explicitly.
            if hw * hw * (1 - dot) / 2 < tolerance * tolerance { builder.triangle(inner0, outer1, inner1) }
        case .bevel, .miter:
            let c = builder.vertex(p.x, p.y)
            builder.triangle(outer0, c, inner0)
            builder.triangle(outer1, c, inner1)
            builder.triangle(c, inner0, inner1)
            // 1 / sin(theta / 2) with theta the angle between the segments equals 1 / cos(turn / 2).
            let c2 = (1 + dot) / 2
            if style == .miter, c2 > 0, 1 / c2.squareRoot() <= miterLimit {
                let k = hw / (1 + dot)
                let n0x = -d0.y * s, n0y = d0.x * s
                let tip = builder.vertex(p.x + (n0x + n1x) * k, p.y + (n0y + n1y) * k)
                builder.triangle(c, outer0, tip)
                builder.triangle(c, tip, outer1)
            } else {
                builder.triangle(c, outer0, outer1)
            }
        }
        return next
    }

    /// Triangles from `apex` over a rim running from vertex `from` to vertex `to` around `center` (unit
    /// directions `start` to `end`, at most a half turn), with interior rim vertices every step.
    @inline(__always)
    mutating func roundFan(apex: UInt32, from: UInt32, to: UInt32, center p: CGPoint, start: CGPoint,
                                   end: CGPoint, clockwise: Bool) {
        let c = stepCos, sn = clockwise ? -stepSin : stepSin
        let radius = halfWidth * rimScale
        var ux = start.x, uy = start.y
        var prev = from
        // cos(remaining angle) grows as the rim turns towards `end`; stop when one step would pass it.
        var guardCount = 0
        while ux * end.x + uy * end.y < c, guardCount < 1100 {
            (ux, uy) = (ux * c - uy * sn, ux * sn + uy * c)
            let v = builder.vertex(p.x + ux * radius, p.y + uy * radius)
            builder.triangle(apex, prev, v)
            prev = v
            guardCount += 1
        }
        // A cap's rim ends on its own apex: nothing left to close.
        if to != apex { builder.triangle(apex, prev, to) }
    }
}

extension MeshBuilder {
    /// The quad between two rungs (start, then end), as two triangles.
    @inline(__always)
    mutating func quad(_ s: StrokeTessellator.Rung, _ e: StrokeTessellator.Rung) {
        triangle(s.plus, e.plus, e.minus)
        triangle(s.plus, e.minus, s.minus)
    }
}
