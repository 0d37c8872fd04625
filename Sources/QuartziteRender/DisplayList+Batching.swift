import Foundation
import Quartzite

/// A layer's placement when it is a plain 2D affine map (no perspective, nothing from z), so its triangles
/// can be placed on the CPU and joined with other layers' into one draw.
struct AffinePlacement {
    let a, b, c, d, tx, ty: Float

    /// nil when the transform needs the GPU's matrix: perspective (w not 1) or anything non-finite.
    init?(_ m: CATransform3D) {
        guard m.m14 == 0, m.m24 == 0, m.m44 == 1, m.isFinite else { return nil }
        a = Float(m.m11); b = Float(m.m12); c = Float(m.m21); d = Float(m.m22)
        tx = Float(m.m41); ty = Float(m.m42)
    }

    /// Whether the placement mirrors (the outline then runs the other way round on screen).
    var isMirror: Bool { a * d - b * c < 0 }
}

extension DisplayList {
    /// Appends a solid fill to the batched run: its vertices placed in canvas points with the colour packed
    /// per vertex (batch.vert), merged into the previous command when that is a batched run too, so
    /// consecutive fills cost one draw call whatever their colours and matrices. Painter's order holds:
    /// GL blends the triangles of one draw in order.
    mutating func appendBatchedFill(_ mesh: TriangleMesh, placement t: AffinePlacement, color: SIMD4<Float>,
                                    canvasMatrix: [Float]) {
        guard !mesh.isEmpty else { return }
        let (u, v) = Self.packed(color)
        let first = appendPlaced(mesh, placement: t, u: u, v: v)
        joinFillBatch(IndexRange(first: first, count: mesh.indices.count), canvasMatrix: canvasMatrix)
    }

    /// Draws `range` in the batched fill run: merged into the previous command when that is one ending where
    /// `range` starts, else a new run.
    private mutating func joinFillBatch(_ range: IndexRange, canvasMatrix: [Float]) {
        if case .fillBatch(let run, let matrix)? = commands.last, run.first + run.count == range.first {
            commands[commands.count - 1] = .fillBatch(IndexRange(first: run.first, count: run.count + range.count), matrix: matrix)
        } else {
            commands.append(.fillBatch(range, matrix: addMatrix(canvasMatrix)))
        }
    }

    /// Appends a star-shaped fill to the batched run as a fan whose triangles antialias their own outline
    /// piece (`appendFan`). The triangles tile the fan, so unlike a fringed mesh it needs no depth value to
    /// blend each pixel once, and it joins the plain fills' run. False, appending nothing, when the fan would
    /// fold or give pixels the wrong piece's coverage at this placement (see `appendFan`; the caller then
    /// draws the fringed mesh).
    mutating func appendBatchedFan(_ fan: FanOutline, placement t: AffinePlacement, color: SIMD4<Float>,
                                   canvasMatrix: [Float], halfPixel: Float) -> Bool {
        let (u, v) = Self.packed(color)
        guard let range = appendFan(fan, placement: t, halfPixel: halfPixel, flipped: t.isMirror, u: u, v: v) else {
            return false
        }
        joinFillBatch(range, canvasMatrix: canvasMatrix)
        return true
    }

    /// Appends a mesh placed on the CPU, with the packed colour in every vertex's texture coordinates;
    /// returns the index of its first index.
    private mutating func appendPlaced(_ mesh: TriangleMesh, placement t: AffinePlacement, u: Float, v: Float) -> Int {
        let base = UInt32(vertexCount)
        for p in mesh.positions {
            vertices.append(t.a * p.x + t.c * p.y + t.tx)
            vertices.append(t.b * p.x + t.d * p.y + t.ty)
            vertices.append(u)
            vertices.append(v)
            vertices.append(1)
        }
        let first = indices.count
        for i in mesh.indices { indices.append(base + i) }
        return first
    }

    /// A premultiplied colour as two floats of two 12-bit channels each (exact in float32).
    static func packed(_ color: SIMD4<Float>) -> (Float, Float) {
        let q = color.twelveBitChannels
        return (Float(q.x << 12 | q.y), Float(q.z << 12 | q.w))
    }

    /// `color` as the shaders see it after `packed`: each channel rounded to a multiple of 1/4095. (A clear
    /// colour standing in for a packed draw must be this, or it could land one 8-bit level away.)
    static func quantized(_ color: SIMD4<Float>) -> SIMD4<Float> {
        SIMD4<Float>(color.twelveBitChannels) / 4095
    }
}

extension DisplayList {
    /// Strokes per run (the index in a run has 8 bits) and per frame (one depth value each, 256 apart).
    static let strokesPerRun = 256, strokesPerFrame = 65_535

    /// Appends a translucent, self-overlapping stroke to the batched run of such strokes (joined with the
    /// previous command when that is one with room); false, appending nothing, when the frame has used
    /// every depth value, so the caller draws it on its own.
    mutating func appendBatchedStroke(_ mesh: TriangleMesh, placement t: AffinePlacement, color: SIMD4<Float>,
                                      canvasMatrix: [Float], fringe halfPixel: Float? = nil) -> Bool {
        guard onceStrokes < Self.strokesPerFrame else { return false }
        guard !mesh.isEmpty else { return true }
        var run: (range: IndexRange, matrix: Int, first: Int, strokes: Int)?
        if case .fillOnceBatch(let r, let m, let first, let strokes)? = commands.last,
           r.first + r.count == indices.count, strokes < Self.strokesPerRun {
            run = (r, m, first, strokes)
        }
        let local = run?.strokes ?? 0
        let (u, v) = Self.packedWithIndex(color, index: local)
        let range = halfPixel.map { appendWithFringe(mesh, placement: t, halfPixel: $0, flipped: t.isMirror, u: u, v: v) }
        let first = range?.first ?? appendPlaced(mesh, placement: t, u: u, v: v)
        let count = range?.count ?? mesh.indices.count
        if let run {
            commands[commands.count - 1] = .fillOnceBatch(
                IndexRange(first: run.range.first, count: run.range.count + count),
                matrix: run.matrix, firstStroke: run.first, strokes: run.strokes + 1)
        } else {
            commands.append(.fillOnceBatch(IndexRange(first: first, count: count),
                                           matrix: addMatrix(canvasMatrix), firstStroke: onceStrokes, strokes: 1))
        }
        onceStrokes += 1
        return true
    }

    /// A premultiplied colour as 10-bit channels with a stroke index's two nibbles (stroke_once.vert).
    static func packedWithIndex(_ color: SIMD4<Float>, index: Int) -> (Float, Float) {
        func q(_ x: Float) -> UInt32 { UInt32((min(max(x.isFinite ? x : 0, 0), 1) * 1023).rounded()) }
        let i = UInt32(index & 0xFF)
        return (Float(q(color.x) << 14 | q(color.y) << 4 | i >> 4), Float(q(color.z) << 14 | q(color.w) << 4 | i & 0xF))
    }
}

extension SIMD4<Float> {
    /// Each channel clamped to 0...1 (non-finite as 0) and rounded to 12 bits: what `DisplayList.packed` stores.
    fileprivate var twelveBitChannels: SIMD4<UInt32> {
        func q(_ x: Float) -> UInt32 { UInt32((Swift.min(Swift.max(x.isFinite ? x : 0, 0), 1) * 4095).rounded()) }
        return SIMD4<UInt32>(q(x), q(y), q(z), q(w))
    }
}
