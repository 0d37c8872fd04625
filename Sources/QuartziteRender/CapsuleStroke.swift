import Foundation
import Quartzite

/// Strokes drawn without tessellation under coverage antialiasing: a stroke with round caps and round joins is
/// exactly the set of points within half its line width of one of its segments, the union of their capsules.
/// Each segment becomes one quad; capsule.frag measures every pixel's distance to all of the stroke's segments,
/// so coverage is the union's and each pixel blends once (only the nearest segment's quad draws it). Bench S3
/// (1,000 polylines changing every frame) spent most of its frame finding each stroke's mesh and outline.
enum CapsuleStroke {
    /// List entries passed with the vertices; the rest go to the segment buffer.
    static let entriesPerVertex = 4
    /// Most segments one stroke may have (a long wave sampled every few pixels has hundreds). Strokes past
    /// `CapsuleLists.bitmaskSegments` find their near segments by a sweep, within budgets that keep a stroke
    /// whose segments crowd one place (lists that grow with the square of the count) on the mesh.
    static let maxSegments = 4_096
    /// Texels of the segment buffer per entry: the entry, then its inverse squared length.
    static let texelsPerEntry = 2
    /// List entries past the fourth, per frame, where the driver's texture-buffer size is not known: the
    /// guaranteed size in OpenGL 3.3 (65,536 texels) holds this many.
    static let segmentsPerFrame = 65_536 / texelsPerEntry

    /// The entries a frame may pass in a texture buffer of `texels` texels (GL_MAX_TEXTURE_BUFFER_SIZE),
    /// at most 2^20 texels (16 MB of segments) and at least OpenGL 3.3's guarantee. llvmpipe allows 2^27: with
    /// it, S3 at 10,000 polylines keeps every stroke on this path instead of tessellating the ones past 65,536
    /// texels.
    static func entriesPerFrame(texels: Int) -> Int {
        min(max(texels, 65_536), 1 << 20) / texelsPerEntry
    }

    /// A segment as the shader measures it: its start and its direction times its length (x0, y0, x1 - x0,
    /// y1 - y0). Made once on the CPU with `inverseSquaredLength`, so that every quad measuring a segment
    /// uses the same bits (the owner test depends on it) and the shader divides nothing.
    static func entry(_ s: SIMD4<Float>) -> SIMD4<Float> { SIMD4(s.x, s.y, s.z - s.x, s.w - s.y) }

    /// 1 / (squared length) of a segment's `entry`, 0 for a segment without length (a dot: the distance is
    /// then to its point).
    static func inverseSquaredLength(_ e: SIMD4<Float>) -> Float {
        let squared = e.z * e.z + e.w * e.w
        return squared > 0 ? 1 / squared : 0
    }
    /// The quad's corners in order round it (drawn as triangles 0 1 2 and 0 2 3): along the segment (0 start,
    /// 1 end) and across it (-1, 1).
    static let corners: [(Float, Float)] = [(0, -1), (1, -1), (1, 1), (0, 1)]

    /// The distance between two segments (x0, y0, x1, y1): 0 where they cross, else the least distance from an
    /// end of one to the other.
    static func distance(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> Float {
        func cross(_ o: SIMD2<Float>, _ p: SIMD2<Float>, _ q: SIMD2<Float>) -> Float {
            (p.x - o.x) * (q.y - o.y) - (p.y - o.y) * (q.x - o.x)
        }
        let a0 = SIMD2(a.x, a.y), a1 = SIMD2(a.z, a.w), b0 = SIMD2(b.x, b.y), b1 = SIMD2(b.z, b.w)
        let c0 = cross(a0, a1, b0), c1 = cross(a0, a1, b1), c2 = cross(b0, b1, a0), c3 = cross(b0, b1, a1)
        if ((c0 < 0 && c1 > 0) || (c0 > 0 && c1 < 0)) && ((c2 < 0 && c3 > 0) || (c2 > 0 && c3 < 0)) { return 0 }
        func toSegment(_ p: SIMD2<Float>, _ s0: SIMD2<Float>, _ s1: SIMD2<Float>) -> Float {
            let ba = s1 - s0, pa = p - s0
            let len2 = (ba * ba).sum()
            let h = len2 > 0 ? min(max((pa * ba).sum() / len2, 0), 1) : 0
            let d = pa - ba * h
            return (d * d).sum().squareRoot()
        }
        return min(min(toSegment(a0, b0, b1), toSegment(a1, b0, b1)), min(toSegment(b0, a0, a1), toSegment(b1, a0, a1)))
    }

    /// Whether two segments come within `limit` of each other (`distance` below it); segments whose bounding
    /// boxes are farther apart than that are rejected without measuring.
    static func isNear(_ a: SIMD4<Float>, _ b: SIMD4<Float>, within limit: Float) -> Bool {
        if min(b.x, b.z) - max(a.x, a.z) >= limit || min(a.x, a.z) - max(b.x, b.z) >= limit
            || min(b.y, b.w) - max(a.y, a.w) >= limit || min(a.y, a.w) - max(b.y, b.w) >= limit { return false }
        return distance(a, b) < limit
    }

    /// Whether segment `a` comes before `b` (their coordinates compared in order): the tie-break when a
    /// pixel is equally near both, so that exactly one of their quads draws it. The shader is told, per
    /// quad, which of its listed segments win ties against its own (they are listed first).
    static func comesBefore(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> Bool {
        if a.x != b.x { return a.x < b.x }
        if a.y != b.y { return a.y < b.y }
        if a.z != b.z { return a.z < b.z }
        return a.w < b.w
    }

    /// The stroke's segments in the path's points (x0, y0, x1, y1): every subpath's, closing segments too, a
    /// subpath without length as one segment of no length (Core Animation's dot). nil when capsules do not
    /// describe the stroke (other caps or joins, dashes, trims), when it has more than `maxSegments`, or when
    /// a point is not finite (the mesh path reports that).
    static func segments(of path: CGPath, style: StrokeStyle, tolerance: CGFloat) -> [SIMD4<Float>]? {
        guard style.lineCap == .round, style.lineJoin == .round, style.dashPattern.isEmpty,
              style.strokeStart <= 0, style.strokeEnd >= 1 else { return nil }
        var segments: [SIMD4<Float>] = []
        for polyline in path.flattened(tolerance: tolerance) {
            let points = polyline.points
            guard let first = points.first else { continue }
            let count = points.count == 1 ? 1 : points.count - 1 + (polyline.isClosed ? 1 : 0)
            guard segments.count + count <= maxSegments else { return nil }
            if points.count == 1 {
                segments.append(SIMD4(Float(first.x), Float(first.y), Float(first.x), Float(first.y)))
                continue
            }
            for i in 0..<count {
                let a = points[i], b = points[(i + 1) % points.count]
                segments.append(SIMD4(Float(a.x), Float(a.y), Float(b.x), Float(b.y)))
            }
        }
        guard !segments.isEmpty, segments.allSatisfy({ $0.x.isFinite && $0.y.isFinite && $0.z.isFinite && $0.w.isFinite })
        else { return nil }
        return segments
    }
}

/// Which segments each capsule quad must measure, for a stroke's placed segments: quad i's list (in `lists`,
/// from `starts[i]` to `starts[i + 1]`) holds its own segment, then the segments that win ties against it
/// (`ties[i]` of them; the shader compares with <= up to there and with < after), then the rest that come near
/// enough to be nearer somewhere it draws, each part in the segments' order. Every list in one array: a few
/// allocations a stroke, not one a segment.
struct CapsuleLists {
    var lists: [Int] = []
    var starts: [Int] = []
    var ties: [Int] = []
    /// Entries past the first `entriesPerVertex` of each list: they go to the frame's segment texture.
    var overflow = 0

    /// Strokes of up to this many segments find their near pairs as one bitmask word per segment (every pair
    /// measured, no allocation per segment); longer ones by a sweep.
    static let bitmaskSegments = 32
    /// Pairs a swept stroke may measure, per segment. A long stroke whose segments keep apart (a wave, a
    /// spiral) measures a few each; past this, its segments crowd one place and the mesh draws it.
    static let testsPerSegment = 64
    /// Near pairs a swept stroke may have, per segment on average (each is an entry in two lists).
    static let pairsPerSegment = 6
    /// Near segments any one segment of a swept stroke may have: each is a measurement in every pixel of its
    /// quad, so a comb's spine near a thousand teeth would cost more than its mesh (the bitmask's strokes have
    /// at most 31).
    static let maxNeighbours = 31

    /// The lists for `placed`, where segment j matters to quad i only when both come within `reach` of one
    /// pixel: when the segments come within twice that of each other (a symmetric test, so two quads that meet
    /// at a pixel list each other). nil when a long stroke's segments crowd past the budgets.
    init?(_ placed: [SIMD4<Float>], reach: Float) {
        lists.reserveCapacity(placed.count * 3)
        starts.reserveCapacity(placed.count + 1)
        ties.reserveCapacity(placed.count)
        if placed.count <= Self.bitmaskSegments {
            let near = Self.nearness(placed, within: 2 * reach)
            for i in placed.indices { append(i, placed, near: SetBits(word: near[i])) }
        } else {
            guard let near = SweptNearness(placed, within: 2 * reach, testsPerSegment: Self.testsPerSegment,
                                           pairsPerSegment: Self.pairsPerSegment,
                                           maxNeighbours: Self.maxNeighbours) else { return nil }
            for i in placed.indices { append(i, placed, near: near.neighbours(of: i)) }
        }
        starts.append(lists.count)
    }

    /// Quad i's list from its near segments (in the segments' order).
    private mutating func append(_ i: Int, _ placed: [SIMD4<Float>], near: some Sequence<Int>) {
        starts.append(lists.count)
        lists.append(i)
        for j in near where CapsuleStroke.comesBefore(placed[j], placed[i]) { lists.append(j) }
        ties.append(lists.count - starts[i] - 1)
        for j in near where !CapsuleStroke.comesBefore(placed[j], placed[i]) { lists.append(j) }
        overflow += max(0, lists.count - starts[i] - CapsuleStroke.entriesPerVertex)
    }

    /// Which segments are near which, each pair measured once (the test is symmetric): bit j of the i-th
    /// word (at most `bitmaskSegments` segments).
    private static func nearness(_ placed: [SIMD4<Float>], within limit: Float) -> [UInt32] {
        var bits = [UInt32](repeating: 0, count: placed.count)
        for i in placed.indices {
            for j in placed.indices where j > i && CapsuleStroke.isNear(placed[i], placed[j], within: limit) {
                bits[i] |= 1 << UInt32(j)
                bits[j] |= 1 << UInt32(i)
            }
        }
        return bits
    }

    /// The indices of a word's set bits, ascending: a bitmask stroke's near segments, walked without a
    /// closure (a stroke is listed every frame).
    private struct SetBits: Sequence, IteratorProtocol {
        var word: UInt32

        mutating func next() -> Int? {
            guard word != 0 else { return nil }
            let index = word.trailingZeroBitCount
            word &= word - 1
            return index
        }
    }

    /// Quad i's list.
    func list(_ i: Int) -> ArraySlice<Int> { lists[starts[i]..<starts[i + 1]] }
}

extension DisplayList {
    /// Appends a stroke's capsules (`CapsuleStroke.segments`), placed in 2D by `t` (a rotation and uniform
    /// scale of `scale` device pixels per point; `pixelsPerPoint` for the canvas), joined to the previous
    /// command when that is a run of them and `joinsRun`. Each quad's list (`CapsuleLists`) goes with its
    /// vertices, its entries past the first four to `capsuleSegments`. False, appending nothing, when a
    /// segment lands outside Float's range or the frame's texture buffer has no room for the lists.
    mutating func appendCapsules(_ segments: [SIMD4<Float>], placement t: AffinePlacement, scale: Float,
                                 pixelsPerPoint: Float, lineWidth: Float, color: SIMD4<Float>,
                                 canvasMatrix: [Float], joinsRun: Bool = true) -> Bool {
        let halfWidth = lineWidth / 2 * scale
        // Coverage ends half a pixel past the half width; a hundredth more so rounding loses no pixel centre.
        let reach = halfWidth + 0.51
        guard let placed = Self.placedCapsules(segments, placement: t, pixelsPerPoint: pixelsPerPoint, reach: reach)
        else { return false }
        guard let lists = CapsuleLists(placed, reach: reach) else { return false }
        let texelFloats = 4 * CapsuleStroke.texelsPerEntry
        guard capsuleSegments.count / texelFloats + lists.overflow <= capsuleEntryCapacity else { return false }
        let firstVertex = capsuleVertices.count / CapsuleVertex.floats
        writeCapsuleQuads(placed, lists: lists, color: color, halfWidth: halfWidth, reach: reach,
                          pixelsPerPoint: pixelsPerPoint)
        let count = placed.count * CapsuleStroke.corners.count
        if joinsRun, case .capsules(let runFirst, let runCount, let matrix)? = commands.last, runFirst + runCount == firstVertex {
            commands[commands.count - 1] = .capsules(first: runFirst, count: runCount + count, matrix: matrix)
        } else {
            commands.append(.capsules(first: firstVertex, count: count, matrix: addMatrix(canvasMatrix)))
        }
        return true
    }

    /// The segments in the target's pixels, where the shader measures; a segment met again (either way round)
    /// once, as the union is the same and two equal segments could not tell which of them is nearer. nil when
    /// one lands out of Float's range (absurd sizes or offsets): the mesh path reports and skips it.
    private static func placedCapsules(_ segments: [SIMD4<Float>], placement t: AffinePlacement,
                                       pixelsPerPoint: Float, reach: Float) -> [SIMD4<Float>]? {
        var placed: [SIMD4<Float>] = []
        placed.reserveCapacity(segments.count)
        // A long stroke looks its segments up in a set; a short one's scan allocates nothing.
        let isLong = segments.count > CapsuleLists.bitmaskSegments
        var seen = Set<SIMD4<Float>>(minimumCapacity: isLong ? segments.count : 0)
        for s in segments {
            let p = SIMD4(t.a * s.x + t.c * s.y + t.tx, t.b * s.x + t.d * s.y + t.ty,
                          t.a * s.z + t.c * s.w + t.tx, t.b * s.z + t.d * s.w + t.ty) * pixelsPerPoint
            guard p.x.isFinite, p.y.isFinite, p.z.isFinite, p.w.isFinite, (reach * 4).isFinite else { return nil }
            let reversed = SIMD4(p.z, p.w, p.x, p.y)
            let isMetAgain = isLong ? seen.contains(p) || seen.contains(reversed)
                : placed.contains(where: { $0 == p || $0 == reversed })
            guard !isMetAgain else { continue }
            if isLong { seen.insert(p) }
            placed.append(p)
        }
        return placed
    }

    /// Writes each placed segment's quad: its list's overflow to `capsuleSegments`, then four vertices that
    /// differ only in position. The rest of a vertex is made once per quad in a scratch buffer (`tail`, the
    /// vertex without its position, laid out by `CapsuleVertex`) and copied after each position.
    private mutating func writeCapsuleQuads(_ placed: [SIMD4<Float>], lists: CapsuleLists, color: SIMD4<Float>,
                                            halfWidth: Float, reach: Float, pixelsPerPoint: Float) {
        let entries = placed.map(CapsuleStroke.entry)
        let inverses = entries.map(CapsuleStroke.inverseSquaredLength)
        let (u, v) = Self.packed(color)
        let texelFloats = 4 * CapsuleStroke.texelsPerEntry
        let positionFloats = CapsuleVertex.color
        let (colorAt, strokeAt) = (CapsuleVertex.color - positionFloats, CapsuleVertex.stroke - positionFloats)
        let firstEntry = CapsuleVertex.entries - positionFloats
        let firstInverse = CapsuleVertex.inverseSquaredLengths - positionFloats
        withUnsafeTemporaryAllocation(of: Float.self, capacity: CapsuleVertex.floats - positionFloats) { tail in
            for (i, s) in placed.enumerated() {
                let list = lists.list(i)
                let rest = capsuleSegments.count / texelFloats
                for j in list.dropFirst(CapsuleStroke.entriesPerVertex) {
                    let e = entries[j]
                    capsuleSegments.append(e.x); capsuleSegments.append(e.y); capsuleSegments.append(e.z); capsuleSegments.append(e.w)
                    capsuleSegments.append(inverses[j])
                    capsuleSegments.append(0); capsuleSegments.append(0); capsuleSegments.append(0)
                }
                tail[colorAt] = u; tail[colorAt + 1] = v
                tail[strokeAt] = Float(rest); tail[strokeAt + 1] = Float(list.count)
                tail[strokeAt + 2] = Float(lists.ties[i]); tail[strokeAt + 3] = halfWidth
                for k in 0..<CapsuleStroke.entriesPerVertex {
                    let listed = k < list.count
                    let e = listed ? entries[list[list.startIndex + k]] : SIMD4<Float>(repeating: 0)
                    let at = firstEntry + 4 * k
                    tail[at] = e.x; tail[at + 1] = e.y; tail[at + 2] = e.z; tail[at + 3] = e.w
                    tail[firstInverse + k] = listed ? inverses[list[list.startIndex + k]] : 0
                }
                appendQuadCorners(of: s, reach: reach, pixelsPerPoint: pixelsPerPoint, tail: UnsafeBufferPointer(tail))
            }
        }
    }

    /// The four corners of a segment's quad, reaching `reach` pixels past it every way, each followed by `tail`.
    private mutating func appendQuadCorners(of s: SIMD4<Float>, reach: Float, pixelsPerPoint: Float,
                                            tail: UnsafeBufferPointer<Float>) {
        let length = ((s.z - s.x) * (s.z - s.x) + (s.w - s.y) * (s.w - s.y)).squareRoot()
        let (dx, dy) = length > 0 ? ((s.z - s.x) / length, (s.w - s.y) / length) : (Float(1), Float(0))
        for (along, across) in CapsuleStroke.corners {
            let ex = along == 0 ? s.x - dx * reach : s.z + dx * reach
            let ey = along == 0 ? s.y - dy * reach : s.w + dy * reach
            capsuleVertices.append((ex - dy * reach * across) / pixelsPerPoint)
            capsuleVertices.append((ey + dx * reach * across) / pixelsPerPoint)
            capsuleVertices.append(contentsOf: tail)
        }
    }
}
