import Foundation
import Testing
@testable import QuartziteGeometry

/// Strokes as wide as or wider than their curvature radius must leave no pinholes: every sample well inside
/// the analytically covered region is covered by some triangle, also after the vertices are snapped to a
/// GPU's sub-pixel grid (OpenGL guarantees at least 4 sub-pixel bits, so a 1/16 px grid). A mesh whose
/// pieces meet in T-junctions passes with exact positions but cracks once snapped: the circular-loader
/// reveal showed such 1-pixel specks.
@Suite struct WideStrokeCoverageTests {
    /// The mesh with every position rounded to a multiple of `grid` (path units are pixels here).
    func snapped(_ mesh: TriangleMesh, grid: Float) -> TriangleMesh {
        var out = mesh
        out.positions = mesh.positions.map { ($0 / grid).rounded(.toNearestOrEven) * grid }
        return out
    }

    /// Samples (4 per pixel) at most `hw - margin` from the analytic centre curve that no triangle covers.
    /// `distance` gives a point's distance to the stroked curve.
    func holes(_ mesh: TriangleMesh, bounds: CGRect, hw: Double, margin: Double,
               distance: (Double, Double) -> Double) -> [(Double, Double)] {
        var raster = Raster(covering: bounds, margin: 1, samples: 2, pixel: 1)
        raster.fill(mesh)
        var out: [(Double, Double)] = []
        let step = 0.5
        for sy in 0..<raster.sampleHeight {
            let y = raster.originY + (Double(sy) + 0.5) * step
            for sx in 0..<raster.sampleWidth where !raster.hits[sy * raster.sampleWidth + sx] {
                let x = raster.originX + (Double(sx) + 0.5) * step
                if distance(x, y) < hw - margin { out.append((x, y)) }
            }
        }
        return out
    }

    /// Full circles as the circular-loader draws them (UIKit's arc from 12 o'clock, four cubics, miter
    /// joins, butt caps), at line widths of r, 2r and 3r and several tolerances, exact and snapped.
    @Test(arguments: [(20.0, 0.25), (45.5, 0.1), (123.4, 0.25), (123.4, 1.0)])
    func circlesHaveNoPinholes(radius r: Double, tolerance: Double) {
        let centre = CGPoint(x: 160.3, y: 159.7)
        let path = UIBezierPath(arcCenter: centre, radius: r, startAngle: -.pi / 2, endAngle: 3 * .pi / 2,
                                clockwise: true).cgPath
        for widthFactor in [1.0, 1.84, 2.0, 3.0] where r * widthFactor < 300 {
            let hw = r * widthFactor / 2
            let mesh = path.strokeMesh(StrokeStyle(lineWidth: r * widthFactor), tolerance: tolerance)
            let box = CGRect(x: centre.x - r - hw, y: centre.y - r - hw, width: 2 * (r + hw), height: 2 * (r + hw))
            // Flattening and the round pieces' rims each stay within the tolerance; 0.5 px more keeps the
            // samples clear of the edge.
            let margin = 2 * tolerance + 0.5
            func distance(_ x: Double, _ y: Double) -> Double {
                abs(((x - centre.x) * (x - centre.x) + (y - centre.y) * (y - centre.y)).squareRoot() - r)
            }
            for grid: Float in [0, 1.0 / 16, 1.0 / 256] {
                let m = grid == 0 ? mesh : snapped(mesh, grid: grid)
                let found = holes(m, bounds: box, hw: hw, margin: margin, distance: distance)
                #expect(found.isEmpty, "r \(r), width \(r * widthFactor), tolerance \(tolerance), grid \(grid): \(found.count) uncovered samples, e.g. \(found.prefix(3))")
            }
        }
    }

    /// Open arcs with round caps and joins, as seed 003's trimmed rings: the covered region is every point
    /// within hw of the arc (the nearest arc point is the radial one inside the arc's span, else an end).
    @Test(arguments: [(30.0, 0.25), (64.0, 0.5)])
    func roundCappedArcsHaveNoPinholes(radius r: Double, tolerance: Double) {
        let centre = CGPoint(x: 100.45, y: 80.15)
        let start = -0.3, end = 3.9
        let path = CGMutablePath()
        path.addArc(center: centre, radius: r, startAngle: start, endAngle: end, clockwise: false)
        let a = CGPoint(x: centre.x + r * cos(start), y: centre.y + r * sin(start))
        let b = CGPoint(x: centre.x + r * cos(end), y: centre.y + r * sin(end))
        func distance(_ x: Double, _ y: Double) -> Double {
            let dx = x - centre.x, dy = y - centre.y
            var angle = atan2(dy, dx)
            while angle < start { angle += 2 * .pi }
            let ends = min(hypot(x - a.x, y - a.y), hypot(x - b.x, y - b.y))
            return angle <= end ? min(ends, abs((dx * dx + dy * dy).squareRoot() - r)) : ends
        }
        for widthFactor in [1.0, 2.0, 3.0] {
            let hw = r * widthFactor / 2
            let style = StrokeStyle(lineWidth: r * widthFactor, lineCap: .round, lineJoin: .round)
            let mesh = path.strokeMesh(style, tolerance: tolerance)
            let box = CGRect(x: centre.x - r - hw, y: centre.y - r - hw, width: 2 * (r + hw), height: 2 * (r + hw))
            for grid: Float in [0, 1.0 / 16] {
                let m = grid == 0 ? mesh : snapped(mesh, grid: grid)
                let found = holes(m, bounds: box, hw: hw, margin: 2 * tolerance + 0.5, distance: distance)
                #expect(found.isEmpty, "r \(r), width \(r * widthFactor), grid \(grid): \(found.count) uncovered, e.g. \(found.prefix(3))")
            }
        }
    }

    /// Random polylines, round caps and joins, widths from hairline to far wider than the segments: the
    /// covered region is every point within hw of the polyline (the distance to its nearest segment), and no
    /// sample inside it may be missed, exact or snapped. Short segments, reversals and sharp turns are where
    /// the join pieces must reach the next quad.
    @Test func randomRoundStrokesHaveNoPinholes() {
        var rng = FuzzTests.Rng(state: 11)
        for _ in 0..<60 {
            let count = 2 + Int(rng.next() % 7)
            let pts = (0..<count).map { _ in CGPoint(x: 20 + rng.unit() * 60, y: 20 + rng.unit() * 60) }
            let hw = 0.5 + rng.unit() * 25
            let path = CGMutablePath()
            path.addLines(between: pts)
            let mesh = path.strokeMesh(StrokeStyle(lineWidth: 2 * hw, lineCap: .round, lineJoin: .round), tolerance: 0.25)
            func distance(_ x: Double, _ y: Double) -> Double {
                var best = Double.infinity
                for i in 0..<(count - 1) {
                    let a = pts[i], b = pts[i + 1]
                    let dx = b.x - a.x, dy = b.y - a.y
                    let len2 = dx * dx + dy * dy
                    let t = len2 > 0 ? min(1, max(0, ((x - a.x) * dx + (y - a.y) * dy) / len2)) : 0
                    best = min(best, hypot(x - (a.x + t * dx), y - (a.y + t * dy)))
                }
                return best
            }
            let box = CGRect(x: 20 - hw, y: 20 - hw, width: 60 + 2 * hw, height: 60 + 2 * hw)
            for grid: Float in [0, 1.0 / 16] {
                let m = grid == 0 ? mesh : snapped(mesh, grid: grid)
                let found = holes(m, bounds: box, hw: hw, margin: 2 * 0.25 + 0.5, distance: distance)
                #expect(found.isEmpty, "points \(pts), hw \(hw), grid \(grid): \(found.count) uncovered, e.g. \(found.prefix(3))")
            }
        }
    }

    /// Random polylines with miter and bevel joins and butt caps: whatever the joins add, each segment's own
    /// rectangle (within hw across it and along its length) must be covered, exact or snapped, where the
    /// join pieces fan from the path's point and meet the rectangles' ends.
    @Test(arguments: [CGLineJoin.miter, .bevel])
    func randomSharpJoinsKeepTheirSegmentsWhole(join: CGLineJoin) {
        var rng = FuzzTests.Rng(state: 23)
        for _ in 0..<40 {
            let count = 2 + Int(rng.next() % 6)
            let pts = (0..<count).map { _ in CGPoint(x: 20 + rng.unit() * 60, y: 20 + rng.unit() * 60) }
            let hw = 0.5 + rng.unit() * 15
            let path = CGMutablePath()
            path.addLines(between: pts)
            let mesh = path.strokeMesh(StrokeStyle(lineWidth: 2 * hw, lineJoin: join), tolerance: 0.25)
            // Per segment: inside its rectangle by m exactly when this is below hw - m.
            func distance(_ x: Double, _ y: Double) -> Double {
                var best = Double.infinity
                for i in 0..<(count - 1) {
                    let a = pts[i], b = pts[i + 1]
                    let length = hypot(b.x - a.x, b.y - a.y)
                    guard length > 0 else { continue }
                    let ux = (b.x - a.x) / length, uy = (b.y - a.y) / length
                    let along = (x - a.x) * ux + (y - a.y) * uy, across = abs((y - a.y) * ux - (x - a.x) * uy)
                    best = min(best, max(across, hw - min(along, length - along)))
                }
                return best
            }
            let box = CGRect(x: 20 - hw, y: 20 - hw, width: 60 + 2 * hw, height: 60 + 2 * hw)
            for grid: Float in [0, 1.0 / 16] {
                let m = grid == 0 ? mesh : snapped(mesh, grid: grid)
                let found = holes(m, bounds: box, hw: hw, margin: 0.5, distance: distance)
                #expect(found.isEmpty, "\(join) points \(pts), hw \(hw), grid \(grid): \(found.count) uncovered, e.g. \(found.prefix(3))")
            }
        }
    }
}
