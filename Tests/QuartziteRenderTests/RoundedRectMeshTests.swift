import Foundation
import Testing
import Quartzite
@testable import QuartziteRender

/// The rounded-bounds mesh covers the rounded rectangle once: its triangles' areas add up to the inscribed
/// polygon's closed-form area (so nothing overlaps), which is within the tolerance band of the true area
/// w h - (4 - pi) r^2, and every vertex lies in the bounds.
struct RoundedRectMeshTests {
    @Test(arguments: [(40.0, 40.0, 6.0, 0.25), (100.0, 30.0, 15.0, 0.1), (20.0, 20.0, 10.0, 0.25), (50.0, 80.0, 2.0, 1.0)])
    func coversTheRoundedRectangleOnce(_ w: Double, _ h: Double, _ r: Double, _ tolerance: Double) {
        let rect = CGRect(x: 3, y: -7, width: w, height: h)
        let all: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
        let mesh = RoundedRectMesh.make(rect, radius: r, corners: all, tolerance: tolerance)
        // Segments per quarter: the fewest whose chord sits within `tolerance` of the arc.
        let n = Int((Double.pi / 2 / (2 * acos(1 - tolerance / r))).rounded(.up))
        #expect(r * (1 - cos(Double.pi / 4 / Double(n))) <= tolerance + 1e-9)
        let polygon = w * h - 4 * r * r + 4 * Double(n) * 0.5 * r * r * sin(Double.pi / 2 / Double(n))
        #expect(abs(mesh.area - polygon) < 1e-3 * polygon)
        let exact = w * h - (4 - Double.pi) * r * r
        #expect(polygon <= exact && exact - polygon <= tolerance * 2 * Double.pi * r)
        for v in mesh.positions {
            #expect(Double(v.x) >= rect.minX - 1e-4 && Double(v.x) <= rect.maxX + 1e-4)
            #expect(Double(v.y) >= rect.minY - 1e-4 && Double(v.y) <= rect.maxY + 1e-4)
        }
        #expect(mesh.indices.allSatisfy { Int($0) < mesh.positions.count })
        #expect(!mesh.mayOverlap)
        // The outline (for coverage fringes) is the same polygon, clockwise on screen: it encloses the same
        // area, and its length is the straight sides plus 4n chords.
        #expect(abs(mesh.boundaryArea - polygon) < 1e-3 * polygon)
        let perimeter = 2 * (w + h) - 8 * r + 4 * Double(n) * 2 * r * sin(Double.pi / 4 / Double(n))
        #expect(abs(mesh.boundaryLength - perimeter) < 1e-3 * perimeter)
    }

    @Test func squareCornersStaySquare() {
        let rect = CGRect(x: 0, y: 0, width: 40, height: 30)
        let mesh = RoundedRectMesh.make(rect, radius: 8, corners: [.layerMinXMinYCorner], tolerance: 0.25)
        let n = Int((Double.pi / 2 / (2 * acos(1 - 0.25 / 8))).rounded(.up))
        // One rounded corner: the rectangle less one corner's r^2 plus its inscribed quarter polygon.
        let expected = 40.0 * 30 - 64 + Double(n) * 0.5 * 64 * sin(Double.pi / 2 / Double(n))
        #expect(abs(mesh.area - expected) < 1e-3)
        #expect(mesh.positions.contains(SIMD2(40, 30)))   // a square corner is a vertex
        #expect(!mesh.positions.contains(SIMD2(0, 0)))    // the rounded one is not
    }
}
