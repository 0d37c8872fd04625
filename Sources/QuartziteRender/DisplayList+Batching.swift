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
        let base = UInt32(vertices.count / 4)
        for p in mesh.positions {
            vertices.append(t.a * p.x + t.c * p.y + t.tx)
            vertices.append(t.b * p.x + t.d * p.y + t.ty)
            vertices.append(u)
            vertices.append(v)
        }
        let first = indices.count
        for i in mesh.indices { indices.append(base + i) }
        if case .fillBatch(let run, let matrix)? = commands.last, run.first + run.count == first {
            commands[commands.count - 1] = .fillBatch(IndexRange(first: run.first, count: run.count + mesh.indices.count),
                                                      matrix: matrix)
        } else {
            commands.append(.fillBatch(IndexRange(first: first, count: mesh.indices.count), matrix: addMatrix(canvasMatrix)))
        }
    }

    /// A premultiplied colour as two floats of two 12-bit channels each (exact in float32).
    static func packed(_ color: SIMD4<Float>) -> (Float, Float) {
        func q(_ x: Float) -> UInt32 { UInt32((min(max(x.isFinite ? x : 0, 0), 1) * 4095).rounded()) }
        return (Float(q(color.x) << 12 | q(color.y)), Float(q(color.z) << 12 | q(color.w)))
    }
}
