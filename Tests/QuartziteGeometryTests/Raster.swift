import Foundation
import QuartziteGeometry

/// Point-sampled coverage of a mesh on a pixel grid: the union of its triangles, so overlapping stroke
/// triangles count once. Each pixel gets `samples` x `samples` samples at sub-pixel centres.
struct Raster {
    let originX: Double, originY: Double
    let width: Int, height: Int
    let samples: Int
    /// Pixel size in path units.
    let pixel: Double
    var hits: [Bool]

    init(originX: Double, originY: Double, width: Int, height: Int, samples: Int = 8, pixel: Double = 1) {
        self.originX = originX; self.originY = originY
        self.width = width; self.height = height
        self.samples = samples; self.pixel = pixel
        hits = Array(repeating: false, count: width * height * samples * samples)
    }

    /// Grid covering `rect` with a margin, at the given pixel size.
    init(covering rect: CGRect, margin: Double = 2, samples: Int = 8, pixel: Double = 1) {
        let x0 = (Double(rect.minX) - margin).rounded(.down), y0 = (Double(rect.minY) - margin).rounded(.down)
        let w = Int(((Double(rect.maxX) + margin - x0) / pixel).rounded(.up))
        let h = Int(((Double(rect.maxY) + margin - y0) / pixel).rounded(.up))
        self.init(originX: x0, originY: y0, width: w, height: h, samples: samples, pixel: pixel)
    }

    var sampleWidth: Int { width * samples }
    var sampleHeight: Int { height * samples }
    var sampleArea: Double { (pixel / Double(samples)) * (pixel / Double(samples)) }

    mutating func fill(_ mesh: TriangleMesh) {
        let step = pixel / Double(samples)
        var i = 0
        while i + 2 < mesh.indices.count {
            let p = [mesh.indices[i], mesh.indices[i + 1], mesh.indices[i + 2]].map { mesh.positions[Int($0)] }
            i += 3
            var ax = Double(p[0].x), ay = Double(p[0].y), bx = Double(p[1].x), by = Double(p[1].y)
            let cx = Double(p[2].x), cy = Double(p[2].y)
            var area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
            if area == 0 { continue }
            if area < 0 { swap(&ax, &bx); swap(&ay, &by); area = -area }
            let minSX = max(0, Int(((min(ax, bx, cx) - originX) / step - 0.5).rounded(.down)))
            let maxSX = min(sampleWidth - 1, Int(((max(ax, bx, cx) - originX) / step - 0.5).rounded(.up)))
            let minSY = max(0, Int(((min(ay, by, cy) - originY) / step - 0.5).rounded(.down)))
            let maxSY = min(sampleHeight - 1, Int(((max(ay, by, cy) - originY) / step - 0.5).rounded(.up)))
            if minSX > maxSX || minSY > maxSY { continue }
            for sy in minSY...maxSY {
                let y = originY + (Double(sy) + 0.5) * step
                for sx in minSX...maxSX {
                    let x = originX + (Double(sx) + 0.5) * step
                    let e0 = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
                    let e1 = (cx - bx) * (y - by) - (cy - by) * (x - bx)
                    let e2 = (ax - cx) * (y - cy) - (ay - cy) * (x - cx)
                    if e0 >= 0 && e1 >= 0 && e2 >= 0 { hits[sy * sampleWidth + sx] = true }
                }
            }
        }
    }

    /// Covered area in path units squared.
    var coveredArea: Double { Double(hits.reduce(0) { $0 + ($1 ? 1 : 0) }) * sampleArea }

    /// Whether the sample nearest to `p` is covered.
    func isCovered(_ p: CGPoint) -> Bool {
        let step = pixel / Double(samples)
        let sx = Int(((Double(p.x) - originX) / step).rounded(.down)), sy = Int(((Double(p.y) - originY) / step).rounded(.down))
        guard sx >= 0, sy >= 0, sx < sampleWidth, sy < sampleHeight else { return false }
        return hits[sy * sampleWidth + sx]
    }

    /// Coverage fraction per pixel, row-major.
    var pixelCoverage: [Double] {
        var out = Array(repeating: 0.0, count: width * height)
        for sy in 0..<sampleHeight {
            for sx in 0..<sampleWidth where hits[sy * sampleWidth + sx] {
                out[(sy / samples) * width + sx / samples] += 1
            }
        }
        let n = Double(samples * samples)
        return out.map { $0 / n }
    }
}

/// Covered area of a mesh (union of triangles), measured by point sampling.
func coveredArea(_ mesh: TriangleMesh, samples: Int = 8, pixel: Double = 1) -> Double {
    guard let box = meshBounds(mesh) else { return 0 }
    var r = Raster(covering: box, samples: samples, pixel: pixel)
    r.fill(mesh)
    return r.coveredArea
}

/// Bounds of a mesh's vertices.
func meshBounds(_ mesh: TriangleMesh) -> CGRect? {
    guard !mesh.positions.isEmpty else { return nil }
    let xs = mesh.positions.map { Double($0.x) }, ys = mesh.positions.map { Double($0.y) }
    guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
    return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
}

/// Every index in range and every position finite.
func isWellFormed(_ mesh: TriangleMesh) -> Bool {
    mesh.indices.count % 3 == 0
        && mesh.indices.allSatisfy { Int($0) < mesh.positions.count }
        && mesh.positions.allSatisfy { $0.x.isFinite && $0.y.isFinite }
}
