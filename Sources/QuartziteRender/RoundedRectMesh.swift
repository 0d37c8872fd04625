import Foundation
import Quartzite

/// A layer's rounded bounds as triangles laid out for the rasteriser: a 3 x 3 grid of axis-aligned cells (the
/// centre, four bands, four corner squares) with a small fan in each rounded corner. A fan over the whole
/// outline, which a general fill gives, is long slivers across the layer, and on llvmpipe every block a
/// triangle's edge crosses costs per-sample edge tests (4x MSAA): bench S1's 336 tiles drew far slower that
/// way. The outline is the same polygon: quarter arcs split so no chord is further than `tolerance` from
/// the arc.
enum RoundedRectMesh {
    /// The mesh of `rect` with `radius` on the corners in `corners` (the others square); `radius` must be
    /// positive and at most half the shorter side.
    static func make(_ rect: CGRect, radius: CGFloat, corners: CACornerMask, tolerance: CGFloat) -> TriangleMesh {
        let r = Float(radius)
        let xs = [Float(rect.minX), Float(rect.minX) + r, Float(rect.maxX) - r, Float(rect.maxX)]
        let ys = [Float(rect.minY), Float(rect.minY) + r, Float(rect.maxY) - r, Float(rect.maxY)]
        var mesh = TriangleMesh()
        mesh.positions.reserveCapacity(24)
        mesh.indices.reserveCapacity(72)
        var grid = [Int32](repeating: -1, count: 16)
        func vertex(_ i: Int, _ j: Int) -> UInt32 {
            if grid[j * 4 + i] < 0 {
                grid[j * 4 + i] = Int32(mesh.positions.count)
                mesh.positions.append(SIMD2(xs[i], ys[j]))
            }
            return UInt32(grid[j * 4 + i])
        }
        func cell(_ i: Int, _ j: Int) {
            guard xs[i + 1] > xs[i], ys[j + 1] > ys[j] else { return }
            let a = vertex(i, j), b = vertex(i + 1, j), c = vertex(i + 1, j + 1), d = vertex(i, j + 1)
            mesh.indices += [a, b, c, a, c, d]
        }
        // Chord angle for the tolerance: a chord of angle t sits r (1 - cos(t/2)) inside its arc.
        let ratio = min(max(1 - Double(tolerance) / max(Double(radius), 1e-9), -1), 1)
        let step = 2 * acos(ratio)
        let segments = max(1, min(64, Int(clampingPixel: (Double.pi / 2 / max(step, 1e-3)).rounded(.up))))
        // Each corner: its cell, the arc's centre (the inner grid point), and its two ends on the bands.
        let cornerCells: [(mask: CACornerMask, i: Int, j: Int, centre: (Int, Int), from: (Int, Int), to: (Int, Int), start: Double)] = [
            (.layerMinXMinYCorner, 0, 0, (1, 1), (0, 1), (1, 0), Double.pi),
            (.layerMaxXMinYCorner, 2, 0, (2, 1), (2, 0), (3, 1), 1.5 * Double.pi),
            (.layerMaxXMaxYCorner, 2, 2, (2, 2), (3, 2), (2, 3), 0),
            (.layerMinXMaxYCorner, 0, 2, (1, 2), (1, 3), (0, 2), 0.5 * Double.pi),
        ]
        for j in 0..<3 {
            for i in 0..<3 where !(i != 1 && j != 1) { cell(i, j) }
        }
        // The outline, clockwise on screen like the corners' rims: each corner from its `from` end to its `to`
        // end (through the square corner when it is not rounded), the sides joining one corner to the next.
        var outline: [SIMD2<Float>] = []
        outline.reserveCapacity(4 * (segments + 2))
        let squareCorners = [(0, 0), (3, 0), (3, 3), (0, 3)]
        for (k, c) in cornerCells.enumerated() {
            outline.append(SIMD2(xs[c.from.0], ys[c.from.1]))
            guard corners.contains(c.mask) else {
                cell(c.i, c.j)
                outline.append(SIMD2(xs[squareCorners[k].0], ys[squareCorners[k].1]))
                outline.append(SIMD2(xs[c.to.0], ys[c.to.1]))
                continue
            }
            let centre = vertex(c.centre.0, c.centre.1)
            var previous = vertex(c.from.0, c.from.1)
            let cx = Double(xs[c.centre.0]), cy = Double(ys[c.centre.1])
            for k in 1...segments {
                let next: UInt32
                if k == segments {
                    next = vertex(c.to.0, c.to.1)
                } else {
                    // Angles grow clockwise on screen (y down), from the `from` end to the `to` end.
                    let angle = c.start + Double(k) / Double(segments) * Double.pi / 2
                    next = UInt32(mesh.positions.count)
                    mesh.positions.append(SIMD2(Float(cx + Double(radius) * cos(angle)), Float(cy + Double(radius) * sin(angle))))
                }
                outline.append(mesh.positions[Int(next)])
                mesh.indices += [centre, previous, next]
                previous = next
            }
        }
        for (k, p) in outline.enumerated() {
            let q = outline[k + 1 == outline.count ? 0 : k + 1]
            if p != q { mesh.boundary.append(SIMD4(p.x, p.y, q.x, q.y)) }
        }
        return mesh
    }
}
