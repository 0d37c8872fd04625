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
        for s in mesh.boundary {
            var h = fixed
            if t == nil, let width {
                guard let reach = width.halfPixel(along: s) else { continue }
                h = reach
            }
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
        var i = firstVertex * Self.floatsPerVertex
        while i < vertices.count {
            let fx = w != 0 ? (vertices[i] - x0) / w : 0, fy = h != 0 ? (vertices[i + 1] - y0) / h : 0
            vertices[i + 2] = u0 + fx * du
            vertices[i + 3] = v0 + fy * dv
            i += Self.floatsPerVertex
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
