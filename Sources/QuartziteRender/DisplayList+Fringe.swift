import Foundation
import Quartzite

extension DisplayList {
    /// Appends a mesh for coverage antialiasing: first a fringe along its outline (`TriangleMesh.boundary`),
    /// a quad per piece reaching `halfPixel` to each side of it with coverage 1 on the inner side and 0 on
    /// the outer, then the mesh's own triangles at coverage 1. Drawn as one with the depth test at one depth
    /// value, the fringe keeps every pixel it reaches, so a pixel whose centre lies within half a pixel of the
    /// outline gets the coverage of its distance to it (the box filter's, for a straight edge) and the rest
    /// of the mesh fills the inside once. `placement` puts positions in canvas points (nil: they stay in layer
    /// points for the draw's matrix); `halfPixel` is half a device pixel in those units; `flipped` when the
    /// placement mirrors. Returns the range of both.
    mutating func appendWithFringe(_ mesh: TriangleMesh, placement t: AffinePlacement?, halfPixel: Float,
                                   flipped: Bool, u: Float, v: Float) -> IndexRange {
        let first = indices.count
        let h = flipped ? -halfPixel : halfPixel
        for s in mesh.boundary {
            var p0 = SIMD2(s.x, s.y), p1 = SIMD2(s.z, s.w)
            if let t {
                p0 = SIMD2(t.a * p0.x + t.c * p0.y + t.tx, t.b * p0.x + t.d * p0.y + t.ty)
                p1 = SIMD2(t.a * p1.x + t.c * p1.y + t.tx, t.b * p1.x + t.d * p1.y + t.ty)
            }
            let d = p1 - p0
            let length = (d.x * d.x + d.y * d.y).squareRoot()
            guard length > 0, length.isFinite else { continue }
            // The outward normal of a piece running clockwise on screen, half a pixel long.
            let n = SIMD2(d.y, -d.x) * (h / length)
            let base = UInt32(vertexCount)
            appendVertex(p0 - n, u, v, 1)
            appendVertex(p1 - n, u, v, 1)
            appendVertex(p1 + n, u, v, 0)
            appendVertex(p0 + n, u, v, 0)
            indices.append(base); indices.append(base + 1); indices.append(base + 2)
            indices.append(base); indices.append(base + 2); indices.append(base + 3)
        }
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
        return IndexRange(first: first, count: indices.count - first)
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
