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
    /// `asMask`: a `maskRoundedRects` command of its own instead (an in-place mask).
    mutating func appendRoundedRect(_ rect: CGRect, radius: CGFloat, placement t: AffinePlacement, scale: Float,
                                    color: SIMD4<Float>, canvasMatrix: [Float], asMask: Bool = false) {
        let (u, v) = Self.packed(color)
        let hw = Float(rect.width / 2), hh = Float(rect.height / 2), r = Float(radius)
        let cx = Float(rect.midX), cy = Float(rect.midY)
        // Grown by a device pixel so the half-pixel of coverage outside the edge has fragments to land on.
        let grow = 1 / scale
        let first = roundedRectVertices.count / RoundedRectVertex.floats
        for (sx, sy) in RoundedRectQuad.corners {
            let lx = sx * (hw + grow), ly = sy * (hh + grow)
            let x = cx + lx, y = cy + ly
            roundedRectVertices.append(t.a * x + t.c * y + t.tx)
            roundedRectVertices.append(t.b * x + t.d * y + t.ty)
            roundedRectVertices.append(lx); roundedRectVertices.append(ly)
            roundedRectVertices.append(hw); roundedRectVertices.append(hh)
            roundedRectVertices.append(r); roundedRectVertices.append(scale)
            roundedRectVertices.append(u); roundedRectVertices.append(v)
        }
        if asMask {
            commands.append(.maskRoundedRects(first: first, count: 6, matrix: addMatrix(canvasMatrix)))
        } else if case .roundedRects(let runFirst, let count, let matrix)? = commands.last, runFirst + count == first {
            commands[commands.count - 1] = .roundedRects(first: runFirst, count: count + 6, matrix: matrix)
        } else {
            commands.append(.roundedRects(first: first, count: 6, matrix: addMatrix(canvasMatrix)))
        }
    }
}
