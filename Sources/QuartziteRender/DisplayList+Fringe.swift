import Foundation
import Quartzite

extension DisplayList {
    /// Appends a mesh for coverage antialiasing: first a fringe along its outline (`TriangleMesh.boundary`),
    /// a quad per piece reaching `halfPixel` to each side of it with coverage 1 on the inner side and 0 on
    /// the outer, then the mesh's own triangles at coverage 1. Drawn as one with the depth test at one depth
    /// value, the fringe keeps every pixel it reaches, so a pixel whose centre lies within half a pixel of the
    /// outline gets the coverage of its distance to it (the box filter's, for a straight edge) and the rest
    /// of the mesh fills the inside once. Returns the range of both.
    ///
    /// With a `placement` (a 2D layer), positions are placed in canvas points, where half a device pixel is
    /// `halfPixel`, and the normals are found there (`flipped` when the placement mirrors, which turns the
    /// outline's way round). Without, positions stay in layer points for the draw's own matrix, and
    /// `width` says how far half a pixel reaches along each piece's normal (perspective and uneven scales
    /// make that differ from piece to piece); moving out in layer points is out on screen too.
    mutating func appendWithFringe(_ mesh: TriangleMesh, placement t: AffinePlacement?, halfPixel: Float,
                                   flipped: Bool, width: FringeWidth? = nil, u: Float, v: Float) -> IndexRange {
        let first = indices.count
        let fixed = flipped ? -halfPixel : halfPixel
        let pieces = mesh.boundary
        @inline(__always) func placed(_ p: SIMD2<Float>) -> SIMD2<Float> {
            guard let t else { return p }
            return SIMD2(t.a * p.x + t.c * p.y + t.tx, t.b * p.x + t.d * p.y + t.ty)
        }
        let side: Float = flipped ? -1 : 1
        /// Piece j's placed outward unit normal.
        func normal(_ j: Int) -> SIMD2<Float>? {
            Self.outwardNormal(placed(SIMD2(pieces[j].x, pieces[j].y)), placed(SIMD2(pieces[j].z, pieces[j].w)), side: side)
        }
        // Pieces come loop by loop (`TriangleMesh.orderBoundaryIntoLoops`): a run of pieces joined end to
        // start, closed when its last ends at its first's start (where it stops, even if the next loop
        // starts at the same point).
        @inline(__always) func joins(_ a: Int, _ b: Int) -> Bool { pieces[a].z == pieces[b].x && pieces[a].w == pieces[b].y }
        var runStart = 0
        while runStart < pieces.count {
            var runEnd = runStart
            while runEnd + 1 < pieces.count, !(runEnd > runStart && joins(runEnd, runStart)), joins(runEnd, runEnd + 1) {
                runEnd += 1
            }
            let closed = runEnd > runStart && joins(runEnd, runStart)
            @inline(__always) func previous(_ i: Int) -> Int? { i > runStart ? i - 1 : (closed ? runEnd : nil) }
            @inline(__always) func next(_ i: Int) -> Int? { i < runEnd ? i + 1 : (closed ? runStart : nil) }
            /// Piece j's quad ends: at each end where `mitreStart` / `mitreEnd` say so and the corner allows, cut along the
            /// corner's bisector on the side where square ends would overlap (inside a convex corner,
            /// outside a reflex one) and square on the other, with the corner itself between them;
            /// elsewhere square. nil for a piece of no length.
            func ends(_ j: Int, mitreStart: Bool, mitreEnd: Bool) -> FringeEnds? {
                let p0 = placed(SIMD2(pieces[j].x, pieces[j].y)), p1 = placed(SIMD2(pieces[j].z, pieces[j].w))
                guard let unit = normal(j) else { return nil }
                let n = unit * halfPixel
                var e = FringeEnds(p0: p0, p1: p1, innerStart: p0 - n, outerStart: p0 + n, innerEnd: p1 - n, outerEnd: p1 + n)
                if mitreStart, let k = previous(j), let other = normal(k), let m = Self.mitre(other, unit, reach: halfPixel) {
                    let d0 = p0 - placed(SIMD2(pieces[k].x, pieces[k].y)), d1 = p1 - p0
                    if (d0.x * d1.y - d0.y * d1.x) * side > 0 { e.innerStart = p0 - m } else { e.outerStart = p0 + m }
                    e.startCut = true
                }
                if mitreEnd, let k = next(j), let other = normal(k), let m = Self.mitre(unit, other, reach: halfPixel) {
                    let d0 = p1 - p0, d1 = placed(SIMD2(pieces[k].z, pieces[k].w)) - p1
                    if (d0.x * d1.y - d0.y * d1.x) * side > 0 { e.innerEnd = p1 - m } else { e.outerEnd = p1 + m }
                    e.endCut = true
                }
                return e
            }
            /// Piece j cut at both its corners, nil when it then folds (a piece shorter than its cuts shrink
            /// it) or has no length.
            func cut(_ j: Int) -> FringeEnds? { ends(j, mitreStart: true, mitreEnd: true).flatMap { $0.folds ? nil : $0 } }
            // Each piece is cut once, carried along the run: the previous piece's, this one's and the next
            // one's (a closed run's first piece follows its last). Where both corners are cut, as along most
            // of a loop, that is the piece's quad.
            let placedRun = t != nil
            let firstCut = placedRun ? cut(runStart) : nil
            var foldsBefore = placedRun ? previous(runStart).map { cut($0) == nil } : nil
            var cutHere = firstCut
            for i in runStart...runEnd {
                let s = pieces[i]
                if placedRun {
                    let cutAfter = next(i).map { $0 == runStart ? firstCut : cut($0) }
                    let foldsAfter = cutAfter.map { $0 == nil }
                    defer { foldsBefore = cutHere == nil; cutHere = cutAfter ?? nil }
                    let foldsHere = cutHere == nil
                    // Placed, every piece reaches the same half pixel, so a corner's two quads can meet along
                    // its bisector, where the two pieces are equally near: each pixel by the corner takes its
                    // nearest piece's coverage. (Square ends overlap inside a convex corner and the first
                    // drawn wins: a pixel half a pixel inside one piece got coverage 1 however near the
                    // other was.) A corner is cut only where neither of its pieces would fold.
                    let cutStart = !foldsHere && foldsBefore == false
                    let cutEnd = !foldsHere && foldsAfter == false
                    let whole = cutStart && cutEnd ? cutHere : nil
                    guard let e = whole ?? ends(i, mitreStart: cutStart, mitreEnd: cutEnd) else { continue }
                    appendFringe(e, u: u, v: v)
                    continue
                }
                appendSquareFringe(s, halfPixel: width.map { $0.halfPixel(along: s) } ?? fixed, u: u, v: v)
            }
            runStart = runEnd + 1
        }
        appendCovered(mesh, placement: t, u: u, v: v)
        return IndexRange(first: first, count: indices.count - first)
    }

    /// Appends the fringe quad of one piece in layer points, square at both ends, reaching `halfPixel` to
    /// each side of it; nothing for a piece of no length or no reach.
    private mutating func appendSquareFringe(_ s: SIMD4<Float>, halfPixel: Float?, u: Float, v: Float) {
        guard let halfPixel else { return }
        let p0 = SIMD2(s.x, s.y), p1 = SIMD2(s.z, s.w)
        let d = p1 - p0
        let length = (d.x * d.x + d.y * d.y).squareRoot()
        guard length > 0, length.isFinite else { return }
        // The outward normal of a piece running clockwise on screen, half a pixel long.
        let n = SIMD2(d.y, -d.x) * (halfPixel / length)
        appendFringe(FringeEnds(p0: p0, p1: p1, innerStart: p0 - n, outerStart: p0 + n, innerEnd: p1 - n,
                                outerEnd: p1 + n), u: u, v: v)
    }

    /// Appends a mesh's own triangles at coverage 1, placed by `t` when given.
    private mutating func appendCovered(_ mesh: TriangleMesh, placement t: AffinePlacement?, u: Float, v: Float) {
        let base = UInt32(vertexCount)
        for p in mesh.positions {
            if let t {
                vertices.append(t.a * p.x + t.c * p.y + t.tx); vertices.append(t.b * p.x + t.d * p.y + t.ty)
            } else {
                vertices.append(p.x); vertices.append(p.y)
            }
            vertices.append(u); vertices.append(v); vertices.append(1)
        }
        for i in mesh.indices { indices.append(base + i) }
    }

    /// Appends a star-shaped fill (`FanOutline`) for coverage antialiasing as a fan of one triangle per outline
    /// piece, instead of `appendWithFringe`'s mesh and fringe quads. Each piece's line is moved out by
    /// `halfPixel` (canvas points) and neighbouring moved lines meet in a mitre, so the fan covers the region
    /// and half a pixel round it; each triangle's coverage is its own piece's distance function, 0 on the
    /// moved line and rising through 1 half a pixel inside the piece (the shader clamps), which is exactly
    /// what a fringe quad gives along the piece, without the quad's two thin triangles. The triangles tile
    /// the fan, so every pixel is drawn once without the depth test's help. Regular shapes (a regular
    /// polygon, a circle's flattening, a pentagram, under any rotation and uniform scale) have their spokes
    /// on their corners' bisectors, which is what makes each triangle's single distance right.
    ///
    /// Returns nil, appending nothing, when moving the pieces out would not leave a fan, or the fan would
    /// not give each pixel its nearest piece's coverage: a corner too sharp for a bounded mitre (a near
    /// hairpin), a piece shorter than its corners' mitres shrink it, a spoke that strays from its corner's
    /// bisector (a lopsided or stretched shape: a thin bar's, an ellipse's), or a piece passing within half a
    /// pixel of the centre. The caller then uses the fringe.
    mutating func appendFan(_ fan: FanOutline, placement t: AffinePlacement, halfPixel: Float, flipped: Bool,
                            u: Float, v: Float) -> IndexRange? {
        let points = fan.points, n = points.count
        let firstVertex = vertexCount, firstFloat = vertices.count, first = indices.count
        @inline(__always) func place(_ p: SIMD2<Float>) -> SIMD2<Float> {
            SIMD2(t.a * p.x + t.c * p.y + t.tx, t.b * p.x + t.d * p.y + t.ty)
        }
        // A mirroring placement turns the loop anticlockwise on screen: the outward side swaps.
        let side: Float = flipped ? -1 : 1
        let centre = place(fan.centre)
        @inline(__always) func outwardNormal(_ p: SIMD2<Float>, _ q: SIMD2<Float>) -> SIMD2<Float>? {
            Self.outwardNormal(p, q, side: side)
        }
        // Per corner, its moved point, then the centre carrying the coverage there of the piece that starts
        // at the corner: triangle k is (centre k, moved k, moved k + 1).
        let band = 2 * halfPixel
        var previous = place(points[n - 1])
        var corner = place(points[0])
        guard var incoming = outwardNormal(previous, corner) else { return nil }
        var firstMoved = SIMD2<Float>.zero, lastMoved = SIMD2<Float>.zero
        for k in 0..<n {
            let following = place(points[k + 1 == n ? 0 : k + 1])
            guard let outgoing = outwardNormal(corner, following) else { return rollBack(firstFloat, first) }
            guard let mitre = Self.mitre(incoming, outgoing, reach: halfPixel) else { return rollBack(firstFloat, first) }
            let moved = corner + mitre
            // The moved piece must still run the way its piece does, or the fan would fold over. (Its length
            // is linear in the distance moved, so it kept its way all along.)
            if k > 0 {
                let along = corner - previous, movedAlong = moved - lastMoved
                guard along.x * movedAlong.x + along.y * movedAlong.y > 0 else { return rollBack(firstFloat, first) }
            } else {
                firstMoved = moved
            }
            // Near the corner, pixels on either side of the spoke take that side's piece's distance; the
            // right split is the corner's bisector (where the two distances are equal), which runs through
            // `moved` and its mirror image inside, `corner - offset`. A spoke that misses that inner point
            // by more than a quarter of a pixel gives the wrong piece's coverage along a stretch of edge (on
            // a thin bar, the spokes run nearly along the long sides): such a fill takes the fringe instead.
            let offset = moved - corner, spoke = centre - moved, inner = -2 * offset
            let miss = spoke.x * inner.y - spoke.y * inner.x
            let tolerance = 0.5 * halfPixel
            guard miss * miss <= tolerance * tolerance * (spoke.x * spoke.x + spoke.y * spoke.y) else {
                return rollBack(firstFloat, first)
            }
            // The centre at least half a pixel inside the piece, so the coverage there reaches 1 (a piece's
            // line passing nearer would draw a faint streak through the middle).
            let inside = -((centre.x - corner.x) * outgoing.x + (centre.y - corner.y) * outgoing.y)
            guard inside >= halfPixel else { return rollBack(firstFloat, first) }
            appendVertex(moved, u, v, 0)
            appendVertex(centre, u, v, (inside + halfPixel) / band)
            let base = UInt32(firstVertex + 2 * k)
            indices.append(base + 1); indices.append(base); indices.append(k + 1 == n ? UInt32(firstVertex) : base + 2)
            lastMoved = moved
            previous = corner; corner = following; incoming = outgoing
        }
        // The closing piece, from the last corner to the first.
        let along = corner - previous, movedAlong = firstMoved - lastMoved
        guard along.x * movedAlong.x + along.y * movedAlong.y > 0 else { return rollBack(firstFloat, first) }
        return IndexRange(first: first, count: indices.count - first)
    }

    /// One piece's fringe: the piece, and where its quad's inner (coverage 1) and outer (coverage 0) edges
    /// end; at an end cut along a corner's bisector, the corner itself lies between them.
    struct FringeEnds {
        var p0, p1, innerStart, outerStart, innerEnd, outerEnd: SIMD2<Float>
        var startCut = false, endCut = false

        init(p0: SIMD2<Float>, p1: SIMD2<Float>, innerStart: SIMD2<Float>, outerStart: SIMD2<Float>,
             innerEnd: SIMD2<Float>, outerEnd: SIMD2<Float>) {
            self.p0 = p0; self.p1 = p1
            self.innerStart = innerStart; self.outerStart = outerStart; self.innerEnd = innerEnd; self.outerEnd = outerEnd
        }

        /// Whether an edge runs against the piece (its cuts shrink it past nothing).
        var folds: Bool {
            let d = p1 - p0, inner = innerEnd - innerStart, outer = outerEnd - outerStart
            return inner.x * d.x + inner.y * d.y <= 0 || outer.x * d.x + outer.y * d.y <= 0
        }
    }

    /// Appends a piece's fringe as the convex polygon inner start, inner end, [corner], outer end, outer
    /// start, [corner], fanned from the inner start: coverage 1 on the inner edge, 0 on the outer, one half
    /// at a cut corner (on the piece's line), so the coverage is the piece's distance function throughout.
    private mutating func appendFringe(_ e: FringeEnds, u: Float, v: Float) {
        let base = UInt32(vertexCount)
        appendVertex(e.innerStart, u, v, 1)
        appendVertex(e.innerEnd, u, v, 1)
        var count: UInt32 = 2
        if e.endCut { appendVertex(e.p1, u, v, 0.5); count += 1 }
        appendVertex(e.outerEnd, u, v, 0)
        appendVertex(e.outerStart, u, v, 0)
        count += 2
        if e.startCut { appendVertex(e.p0, u, v, 0.5); count += 1 }
        for k in 1..<(count - 1) {
            indices.append(base); indices.append(base + k); indices.append(base + k + 1)
        }
    }

    /// The outward unit normal of the piece from `p` to `q` running clockwise on screen (`side` -1 when a
    /// mirroring placement turned it anticlockwise); nil for a piece of no length.
    @inline(__always)
    static func outwardNormal(_ p: SIMD2<Float>, _ q: SIMD2<Float>, side: Float) -> SIMD2<Float>? {
        let d = q - p
        let length = (d.x * d.x + d.y * d.y).squareRoot()
        guard length > 0, length.isFinite else { return nil }
        return SIMD2(d.y, -d.x) * (side / length)
    }

    /// Where the lines of two pieces meeting at a corner cross once each moves `reach` out along its outward
    /// unit normal (`incoming`, `outgoing`), from the corner: the mitre, reach * sqrt(2 / (1 + cos turn))
    /// long. nil for a corner too sharp (cos turn at most -0.95, a mitre over about 6.3 reaches).
    @inline(__always)
    static func mitre(_ incoming: SIMD2<Float>, _ outgoing: SIMD2<Float>, reach: Float) -> SIMD2<Float>? {
        let cosTurn = incoming.x * outgoing.x + incoming.y * outgoing.y
        guard cosTurn > -0.95 else { return nil }
        return (incoming + outgoing) * (reach / (1 + cosTurn))
    }

    /// Drops what `appendFan` appended after `floats` vertex floats and `indexCount` indices; nil.
    private mutating func rollBack(_ floats: Int, _ indexCount: Int) -> IndexRange? {
        vertices.removeLast(vertices.count - floats)
        indices.removeLast(indices.count - indexCount)
        return nil
    }

    /// Appends an image's quad (`rect` showing `uv` of the texture, in layer points) with a fringe round it,
    /// fringe first as in `appendWithFringe`. Fringe vertices take the texture coordinates of where they
    /// lie, extended past the quad: the texture clamps to its edge, so the fringe shows the edge's texels.
    /// `edges` picks the sides that get one (top, right, bottom, left, as `TriangleMesh.quad`'s outline runs):
    /// the parts of a nine-part image fringe only the sides on its outside.
    mutating func appendQuadWithFringe(_ rect: CGRect, uv: CGRect, width: FringeWidth,
                                       edges: [Bool] = [true, true, true, true]) -> IndexRange {
        let (x0, y0, x1, y1) = (Float(rect.minX), Float(rect.minY), Float(rect.maxX), Float(rect.maxY))
        var quad = TriangleMesh.quad(rect)
        quad.boundary = zip(quad.boundary, edges).compactMap { $1 ? $0 : nil }
        let firstVertex = vertexCount
        let range = appendWithFringe(quad, placement: nil, halfPixel: 0.5, flipped: false, width: width, u: 0, v: 0)
        // As appendQuad: origin and origin + size, so a negative size flips the texture.
        let w = x1 - x0, h = y1 - y0
        let (u0, v0) = (Float(uv.origin.x), Float(uv.origin.y))
        // size, not width and height: those are standardised (never negative), and a flip must stay a flip.
        let (du, dv) = (Float(uv.size.width), Float(uv.size.height))
        var i = firstVertex * PlainVertex.floats
        while i < vertices.count {
            let fx = w != 0 ? (vertices[i] - x0) / w : 0, fy = h != 0 ? (vertices[i + 1] - y0) / h : 0
            vertices[i + 2] = u0 + fx * du
            vertices[i + 3] = v0 + fy * dv
            i += PlainVertex.floats
        }
        return range
    }

    @inline(__always)
    private mutating func appendVertex(_ q: SIMD2<Float>, _ u: Float, _ v: Float, _ coverage: Float) {
        vertices.append(q.x); vertices.append(q.y); vertices.append(u); vertices.append(v); vertices.append(coverage)
    }

    /// The next depth value of the frame for a shape drawn once per pixel, nil when all are taken (the caller
    /// then draws without a fringe).
    mutating func takeDepth() -> Int? {
        guard onceStrokes < Self.strokesPerFrame else { return nil }
        onceStrokes += 1
        return onceStrokes - 1
    }
}

extension TriangleMesh {
    /// A rectangle as two triangles with its outline (clockwise on screen).
    static func quad(_ b: CGRect) -> TriangleMesh {
        var quad = TriangleMesh()
        let (x0, y0, x1, y1) = (Float(b.minX), Float(b.minY), Float(b.maxX), Float(b.maxY))
        quad.positions = [SIMD2(x0, y0), SIMD2(x1, y0), SIMD2(x1, y1), SIMD2(x0, y1)]
        quad.indices = [0, 1, 2, 0, 2, 3]
        quad.boundary = [SIMD4(x0, y0, x1, y0), SIMD4(x1, y0, x1, y1), SIMD4(x1, y1, x0, y1), SIMD4(x0, y1, x0, y0)]
        return quad
    }
}
