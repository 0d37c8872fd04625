import Foundation

/// Expands polylines into stroke triangles: one quad per segment, a join piece at every interior vertex,
/// caps at open ends. Pieces overlap (the mesh says so) — the price of being robust for strokes wider than
/// the curvature radius, where offset-curve stitching breaks (LESSONS.md #6: spikes on wide strokes).
struct StrokeTessellator {
    let halfWidth: CGFloat
    let cap: CGLineCap
    let join: CGLineJoin
    let miterLimit: CGFloat
    /// Largest angle one chord of a round piece may span and stay within the tolerance.
    let maxArcStep: CGFloat
    var builder = MeshBuilder(mayOverlap: true)
    /// Scratch buffer for segment directions, reused across polylines to avoid an allocation per subpath.
    private var dirs: [CGPoint] = []

    init(style: StrokeStyle, tolerance: CGFloat) {
        halfWidth = style.lineWidth / 2
        cap = style.lineCap
        join = style.lineJoin
        miterLimit = style.miterLimit.isNaN ? 10 : style.miterLimit
        let ratio = Tolerance.clamp(tolerance) / halfWidth
        maxArcStep = min(CGFloat.pi / 2, 2 * acos(max(-1, 1 - ratio)))
    }

    /// Strokes one polyline.
    mutating func stroke(_ poly: FlatPolyline) {
        let pts = poly.points
        let n = pts.count
        guard n > 0 else { return }
        if n == 1 { dot(pts[0]); return }
        let closed = poly.isClosed
        let m = closed ? n : n - 1
        dirs.removeAll(keepingCapacity: true)
        var lastDir = CGPoint(x: 1, y: 0)
        for i in 0..<m {
            let a = pts[i], b = pts[(i + 1) % n]
            let dx = b.x - a.x, dy = b.y - a.y
            let len = (dx * dx + dy * dy).squareRoot()
            // Near-duplicates survive the exact dedupe; reuse the previous direction instead of dividing by ~0.
            if len > 1e-12 { lastDir = CGPoint(x: dx / len, y: dy / len) }
            dirs.append(lastDir)
        }
        let hw = halfWidth
        for i in 0..<m {
            let a = pts[i], b = pts[(i + 1) % n], d = dirs[i]
            let nx = -d.y * hw, ny = d.x * hw
            builder.quad(CGPoint(x: a.x + nx, y: a.y + ny), CGPoint(x: b.x + nx, y: b.y + ny),
                         CGPoint(x: b.x - nx, y: b.y - ny), CGPoint(x: a.x - nx, y: a.y - ny))
        }
        if closed {
            for v in 0..<n { vertexJoin(poly, v, from: dirs[(v + m - 1) % m], to: dirs[v]) }
        } else {
            if n > 2 { for v in 1..<(n - 1) { vertexJoin(poly, v, from: dirs[v - 1], to: dirs[v]) } }
            let startDir = exact(poly.tangentOut[0], bridging: dirs[0], at: pts[0], arriving: false)
            capPiece(at: pts[0], outward: CGPoint(x: -startDir.x, y: -startDir.y))
            capPiece(at: pts[n - 1], outward: exact(poly.tangentIn[n - 1], bridging: dirs[m - 1], at: pts[n - 1], arriving: true))
        }
    }

    /// The join at vertex `v`: at corners the style join between the exact tangents, bridged to the chords by
    /// small round pieces; elsewhere a round piece between the chords.
    private mutating func vertexJoin(_ poly: FlatPolyline, _ v: Int, from chordIn: CGPoint, to chordOut: CGPoint) {
        let p = poly.points[v]
        guard poly.corners[v] else { joinPiece(at: p, from: chordIn, to: chordOut, corner: false); return }
        let tIn = exact(poly.tangentIn[v], bridging: chordIn, at: p, arriving: true)
        let tOut = exact(poly.tangentOut[v], bridging: chordOut, at: p, arriving: false)
        joinPiece(at: p, from: tIn, to: tOut, corner: true)
    }

    /// `tangent` when known (after filling the sliver between it and the chord with a round piece), else the chord.
    private mutating func exact(_ tangent: CGPoint, bridging chord: CGPoint, at p: CGPoint, arriving: Bool) -> CGPoint {
        guard tangent != .zero else { return chord }
        if arriving {
            joinPiece(at: p, from: chord, to: tangent, corner: false)
        } else {
            joinPiece(at: p, from: tangent, to: chord, corner: false)
        }
        return tangent
    }

    /// A zero-length subpath: a disc for round caps, an axis-aligned square for square caps (the direction
    /// is unknown), nothing for butt — as Core Animation draws.
    private mutating func dot(_ p: CGPoint) {
        let hw = halfWidth
        switch cap {
        case .butt: break
        case .round: arcFan(center: p, startAngle: 0, sweep: 2 * .pi, closedRim: true)
        case .square:
            builder.quad(CGPoint(x: p.x - hw, y: p.y - hw), CGPoint(x: p.x + hw, y: p.y - hw),
                         CGPoint(x: p.x + hw, y: p.y + hw), CGPoint(x: p.x - hw, y: p.y + hw))
        }
    }

    /// The join piece on the outer side of the turn at `p`. Vertices inside flattened curves always get a
    /// round piece so that curves stay smooth whatever the join style.
    private mutating func joinPiece(at p: CGPoint, from d0: CGPoint, to d1: CGPoint, corner: Bool) {
        let cross = d0.x * d1.y - d0.y * d1.x
        let dot = d0.x * d1.x + d0.y * d1.y
        if dot > 0 && abs(cross) < 1e-12 { return }
        let hw = halfWidth
        let s: CGFloat = cross > 0 ? -1 : 1
        let n0 = CGPoint(x: -d0.y * s, y: d0.x * s), n1 = CGPoint(x: -d1.y * s, y: d1.x * s)
        let o0 = CGPoint(x: p.x + n0.x * hw, y: p.y + n0.y * hw), o1 = CGPoint(x: p.x + n1.x * hw, y: p.y + n1.y * hw)
        switch corner ? join : .round {
        case .bevel:
            builder.triangle(p, o0, o1)
        case .miter:
            // 1 / sin(theta / 2) with theta the angle between the segments equals 1 / cos(turn / 2).
            let c2 = (1 + dot) / 2
            if c2 > 0, 1 / c2.squareRoot() <= miterLimit {
                let k = hw / (1 + dot)
                let tip = CGPoint(x: p.x + (n0.x + n1.x) * k, y: p.y + (n0.y + n1.y) * k)
                builder.quad(p, o0, tip, o1)
            } else {
                builder.triangle(p, o0, o1)
            }
        case .round:
            // Sweep from n0 to n1 through the outside; an exact reversal goes round the front (through d0).
            let sweep = cross == 0 ? -CGFloat.pi : atan2(cross, dot)
            arcFan(center: p, startAngle: atan2(n0.y, n0.x), sweep: sweep)
        }
    }

    /// Cap at an open end; `outward` points away from the stroke.
    private mutating func capPiece(at p: CGPoint, outward d: CGPoint) {
        let hw = halfWidth
        let nx = -d.y * hw, ny = d.x * hw
        switch cap {
        case .butt: break
        case .square:
            builder.quad(CGPoint(x: p.x + nx, y: p.y + ny), CGPoint(x: p.x + nx + d.x * hw, y: p.y + ny + d.y * hw),
                         CGPoint(x: p.x - nx + d.x * hw, y: p.y - ny + d.y * hw), CGPoint(x: p.x - nx, y: p.y - ny))
        case .round:
            // From +normal through the outward direction to -normal.
            arcFan(center: p, startAngle: atan2(ny, nx), sweep: -.pi)
        }
    }

    /// A disc sector of radius halfWidth, with as many chords as the tolerance needs. Interior rim vertices
    /// sit slightly outside the circle so the chords straddle it: an inscribed polygon would lose area on
    /// every cap and join (measurable against cairo on dashed round-capped strokes). The end vertices stay on
    /// the circle so they meet the segment quads exactly.
    private mutating func arcFan(center p: CGPoint, startAngle: CGFloat, sweep: CGFloat, closedRim: Bool = false) {
        guard p.isFiniteFloat else { return }
        let steps = min(1024, max(1, Int((abs(sweep) / maxArcStep).rounded(.up))))
        let step = sweep / CGFloat(steps)
        let cs = cos(step), sn = sin(step)
        let outer = 2 / (1 + cos(step / 2))
        var vx = cos(startAngle) * halfWidth, vy = sin(startAngle) * halfWidth
        let c = builder.vertex(p)
        let firstScale = closedRim ? outer : 1
        let first = builder.vertex(CGPoint(x: p.x + vx * firstScale, y: p.y + vy * firstScale))
        var prev = first
        for i in 0..<steps {
            (vx, vy) = (vx * cs - vy * sn, vx * sn + vy * cs)
            let v: UInt32
            if i == steps - 1 {
                v = closedRim ? first : builder.vertex(CGPoint(x: p.x + vx, y: p.y + vy))
            } else {
                v = builder.vertex(CGPoint(x: p.x + vx * outer, y: p.y + vy * outer))
            }
            builder.triangle(c, prev, v)
            prev = v
        }
    }
}

extension CGPath {
    /// Triangles covering the stroke of this path: trimmed to strokeStart...strokeEnd first, then dashed
    /// (see `Dashing`), then expanded. Triangles may overlap (`mayOverlap` is true).
    public func strokeMesh(_ style: StrokeStyle, tolerance: CGFloat = 0.25) -> TriangleMesh {
        var empty = TriangleMesh()
        empty.mayOverlap = true
        guard style.lineWidth.isFinite, style.lineWidth > 0, style.lineWidth < 1e15 else { return empty }
        var subpaths = Trimming.trim(Subpath.parse(elements), from: style.strokeStart, to: style.strokeEnd)
        guard !subpaths.isEmpty else { return empty }
        subpaths = Dashing.dash(subpaths, pattern: style.dashPattern, phase: style.dashPhase)
        var tessellator = StrokeTessellator(style: style, tolerance: tolerance)
        let polys = subpaths.flatten(tolerance: tolerance)
        // Rough upper bound (quad + small join per vertex) so the vertex arrays grow once, not repeatedly.
        let vertices = polys.reduce(0) { $0 + $1.points.count } * 12
        tessellator.builder.mesh.positions.reserveCapacity(vertices)
        tessellator.builder.mesh.indices.reserveCapacity(vertices * 2)
        for poly in polys { tessellator.stroke(poly) }
        return tessellator.builder.mesh
    }
}
