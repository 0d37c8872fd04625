import Foundation
import Quartzite

/// A layer background as one quad for the rounded-rectangle shader (rounded_rect.vert): under coverage
/// antialiasing this replaces the tessellated rounded bounds and their fringe (in bench S1, 2 triangles a
/// tile instead of 58). For layers placed in 2D by a rotation, uniform scale and translation, where a
/// distance in layer points times one scale is the distance on screen; others keep the mesh.
enum RoundedRectQuad {
    /// The quad's corners as two triangles, in units of the grown half size.
    static let corners: [(Float, Float)] = [(-1, -1), (1, -1), (1, 1), (-1, -1), (1, 1), (-1, 1)]

    /// Device pixels per layer point when the placement keeps shapes (a rotation and uniform scale, perhaps
    /// mirrored), else nil.
    static func uniformScale(_ t: AffinePlacement, pixelsPerPoint: CGFloat) -> Float? {
        let sx = t.a * t.a + t.b * t.b, sy = t.c * t.c + t.d * t.d, skew = t.a * t.c + t.b * t.d
        let tolerance = 1e-4 * max(sx, sy)
        guard sx > 0, sx.isFinite, sy.isFinite, abs(sx - sy) <= tolerance, abs(skew) <= tolerance else { return nil }
        return (sx + sy).squareRoot() / Float(2).squareRoot() * Float(pixelsPerPoint)
    }
}

extension DisplayList {
    /// Appends a background quad for the rounded-rectangle shader, joined to the previous command when that is
    /// a run of them. `radius` is at most half the shorter side; `scale` from `RoundedRectQuad.uniformScale`.
    /// `hole`: a box of the layer's points left out (something opaque covers it): the quad's bands round it,
    /// each measuring the same rectangle. `asMask`: a `maskRoundedRects` command of its own instead (an
    /// in-place mask).
    mutating func appendRoundedRect(_ rect: CGRect, radius: CGFloat, placement t: AffinePlacement, scale: Float,
                                    color: SIMD4<Float>, canvasMatrix: [Float], hole: CGRect? = nil, asMask: Bool = false) {
        let (u, v) = Self.packed(color)
        let hw = Float(rect.width / 2), hh = Float(rect.height / 2), r = Float(radius)
        let cx = Float(rect.midX), cy = Float(rect.midY)
        // Grown by a device pixel so the half-pixel of coverage outside the edge has fragments to land on.
        let grow = 1 / scale
        let quad = SIMD4(-(hw + grow), -(hh + grow), hw + grow, hh + grow)
        let pieces = hole.map { RoundedRectQuad.bands(quad, around: $0, centre: SIMD2(cx, cy)) } ?? [quad]
        let first = roundedRectVertices.count / RoundedRectVertex.floats
        for piece in pieces {
            for (sx, sy) in RoundedRectQuad.corners {
                let lx = sx < 0 ? piece.x : piece.z, ly = sy < 0 ? piece.y : piece.w
                let x = cx + lx, y = cy + ly
                roundedRectVertices.append(t.a * x + t.c * y + t.tx)
                roundedRectVertices.append(t.b * x + t.d * y + t.ty)
                roundedRectVertices.append(lx); roundedRectVertices.append(ly)
                roundedRectVertices.append(hw); roundedRectVertices.append(hh)
                roundedRectVertices.append(r); roundedRectVertices.append(scale)
                roundedRectVertices.append(u); roundedRectVertices.append(v)
            }
        }
        let count = 6 * pieces.count
        guard count > 0 else { return }
        if asMask {
            commands.append(.maskRoundedRects(first: first, count: count, matrix: addMatrix(canvasMatrix)))
        } else if case .roundedRects(let runFirst, let runCount, let matrix)? = commands.last, runFirst + runCount == first {
            commands[commands.count - 1] = .roundedRects(first: runFirst, count: runCount + count, matrix: matrix)
        } else {
            commands.append(.roundedRects(first: first, count: count, matrix: addMatrix(canvasMatrix)))
        }
    }
}

extension RoundedRectQuad {
    /// The parts of `quad` (x0, y0, x1, y1, relative to the rectangle's centre) outside `hole` (in the layer's
    /// points): a band above and below it across the quad, and one either side between them; those without
    /// area left out.
    static func bands(_ quad: SIMD4<Float>, around hole: CGRect, centre: SIMD2<Float>) -> [SIMD4<Float>] {
        func clamped(_ v: Float, _ lo: Float, _ hi: Float) -> Float { min(max(v, lo), hi) }
        let hx0 = clamped(Float(hole.minX) - centre.x, quad.x, quad.z), hx1 = clamped(Float(hole.maxX) - centre.x, hx0, quad.z)
        let hy0 = clamped(Float(hole.minY) - centre.y, quad.y, quad.w), hy1 = clamped(Float(hole.maxY) - centre.y, hy0, quad.w)
        let candidates = [SIMD4(quad.x, quad.y, quad.z, hy0), SIMD4(quad.x, hy1, quad.z, quad.w),
                          SIMD4(quad.x, hy0, hx0, hy1), SIMD4(hx1, hy0, quad.z, hy1)]
        return candidates.filter { $0.z > $0.x && $0.w > $0.y }
    }
}
