import Foundation
import Testing
@testable import QuartziteGeometry

/// The outline a fill or stroke union reports (`TriangleMesh.boundary`), which antialiasing fringes follow:
/// its length against closed-form perimeters, and every piece's outward side outside the region.
@Suite struct OutlineTests {
    /// Every piece has the region on its inner side and not on its outer side (probed `eps` away from the
    /// middle of the piece), by the path's own containment test.
    func expectOutward(_ mesh: TriangleMesh, inside: (CGPoint) -> Bool, eps: CGFloat = 0.01,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        var wrong = 0
        for s in mesh.boundary {
            let dx = CGFloat(s.z - s.x), dy = CGFloat(s.w - s.y)
            let len = (dx * dx + dy * dy).squareRoot()
            guard len > 4 * eps else { continue }
            let mx = CGFloat(s.x + s.z) / 2, my = CGFloat(s.y + s.w) / 2
            let nx = dy / len, ny = -dx / len
            if inside(CGPoint(x: mx + nx * eps, y: my + ny * eps)) || !inside(CGPoint(x: mx - nx * eps, y: my - ny * eps)) {
                wrong += 1
            }
        }
        #expect(wrong == 0, sourceLocation: sourceLocation)
    }

    @Test func rectangleOutlineIsItsFourSides() {
        for clockwise in [true, false] {
            let m = CGMutablePath()
            let pts = [CGPoint(x: 10, y: 20), CGPoint(x: 110, y: 20), CGPoint(x: 110, y: 70), CGPoint(x: 10, y: 70)]
            m.addLines(between: clockwise ? pts : pts.reversed())
            m.closeSubpath()
            let mesh = m.fillMesh()
            #expect(abs(mesh.boundaryLength - 300) < 1e-3)
            #expect(abs(mesh.boundaryArea - 5000) < 1e-3)
            expectOutward(mesh) { m.contains($0) }
        }
    }

    @Test func lShapeHasItsHorizontalSidesOnce() {
        // An L: 60 wide, 60 tall, arm 20 thick. Perimeter 4 x 60 = 240.
        let m = CGMutablePath()
        m.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 20, y: 0), CGPoint(x: 20, y: 40), CGPoint(x: 60, y: 40),
                             CGPoint(x: 60, y: 60), CGPoint(x: 0, y: 60)])
        m.closeSubpath()
        let mesh = m.fillMesh()
        #expect(abs(mesh.boundaryLength - 240) < 1e-3)
        // One piece per side: runs along an edge are not cut at every slab.
        #expect(mesh.boundary.count == 6)
        expectOutward(mesh) { m.contains($0) }
    }

    @Test func abuttingSquaresShareNoOutline() {
        // Two squares of side 10 touching along x = 10: the union's perimeter is 60, not 80.
        let m = CGMutablePath()
        m.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        m.addRect(CGRect(x: 10, y: 0, width: 10, height: 10))
        let mesh = m.fillMesh()
        #expect(abs(mesh.boundaryLength - 60) < 1e-3)
        // Stacked vertically, the shared side is horizontal.
        let v = CGMutablePath()
        v.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        v.addRect(CGRect(x: 0, y: 10, width: 10, height: 10))
        #expect(abs(v.fillMesh().boundaryLength - 60) < 1e-3)
    }

    func pentagram(_ R: CGFloat) -> CGPath {
        let m = CGMutablePath()
        let pts = (0..<5).map { k -> CGPoint in
            let a = -CGFloat.pi / 2 + CGFloat(k * 2 % 5) * 2 * .pi / 5
            return CGPoint(x: 50 + R * cos(a), y: 50 + R * sin(a))
        }
        m.addLines(between: pts)
        m.closeSubpath()
        return m
    }

    @Test func pentagramOutlineByRule() {
        let R: CGFloat = 40
        // The inner pentagon's circumradius, and each outer edge: from a tip to the next inner corner.
        let r = R * cos(2 * .pi / 5) / cos(.pi / 5)
        let outer = 10 * (R * R + r * r - 2 * R * r * cos(.pi / 5)).squareRoot()
        let inner = 5 * 2 * r * sin(.pi / 5)
        let path = pentagram(R)
        let nonZero = path.fillMesh(rule: .winding)
        #expect(abs(nonZero.boundaryLength - Double(outer)) < 1e-3)
        // The outline encloses what the triangles cover (two independent sums).
        #expect(abs(nonZero.boundaryArea - nonZero.area) < 1e-3)
        expectOutward(nonZero) { path.contains($0, using: .winding) }
        let evenOdd = path.fillMesh(rule: .evenOdd)
        #expect(abs(evenOdd.boundaryLength - Double(outer + inner)) < 1e-3)
        #expect(abs(evenOdd.boundaryArea - evenOdd.area) < 1e-3)
        expectOutward(evenOdd) { path.contains($0, using: .evenOdd) }
    }

    @Test func strokeUnionOfARoundCappedSegment() {
        let L: CGFloat = 50, w: CGFloat = 10
        let m = CGMutablePath()
        m.move(to: CGPoint(x: 10, y: 10))
        m.addLine(to: CGPoint(x: 10 + L, y: 10))
        let mesh = m.strokeCoverageMesh(StrokeStyle(lineWidth: w, lineCap: .round), tolerance: 0.01)
        let area = Double(L * w) + .pi * Double(w * w) / 4
        #expect(abs(mesh.boundaryArea - area) / area < 0.005)
        let perimeter = Double(2 * L) + .pi * Double(w)
        #expect(abs(mesh.boundaryLength - perimeter) / perimeter < 0.005)
        expectOutward(mesh) { p in
            let cx = min(max(p.x, 10), 10 + L)
            return (p.x - cx) * (p.x - cx) + (p.y - 10) * (p.y - 10) < w * w / 4
        }
    }

    @Test func strokeUnionOfACircleIsARing() {
        let R: CGFloat = 30, w: CGFloat = 8
        let m = CGMutablePath()
        m.addEllipse(in: CGRect(x: 50 - R, y: 50 - R, width: 2 * R, height: 2 * R))
        let mesh = m.strokeCoverageMesh(StrokeStyle(lineWidth: w), tolerance: 0.01)
        let area = 4 * Double.pi * Double(R * w / 2)
        #expect(abs(mesh.boundaryArea - area) / area < 0.005)
        // Outer and inner circles.
        #expect(abs(mesh.boundaryLength - 4 * .pi * Double(R)) / (4 * .pi * Double(R)) < 0.005)
        expectOutward(mesh) { p in
            let d = ((p.x - 50) * (p.x - 50) + (p.y - 50) * (p.y - 50)).squareRoot()
            return abs(d - R) < w / 2
        }
    }

    @Test func strokeUnionOfASharpPolylineHasNoInnerOutline() {
        // A zigzag with round joins: the union is exactly the set of points within w/2 of the polyline.
        let pts = [CGPoint(x: 10, y: 10), CGPoint(x: 60, y: 20), CGPoint(x: 15, y: 35), CGPoint(x: 70, y: 50)]
        let m = CGMutablePath()
        m.addLines(between: pts)
        let w: CGFloat = 12
        let mesh = m.strokeCoverageMesh(StrokeStyle(lineWidth: w, lineCap: .round, lineJoin: .round), tolerance: 0.01)
        func distance(_ p: CGPoint) -> CGFloat {
            var best = CGFloat.infinity
            for i in 0..<(pts.count - 1) {
                let a = pts[i], b = pts[i + 1]
                let abx = b.x - a.x, aby = b.y - a.y
                let t = min(max(((p.x - a.x) * abx + (p.y - a.y) * aby) / (abx * abx + aby * aby), 0), 1)
                let dx = p.x - a.x - t * abx, dy = p.y - a.y - t * aby
                best = min(best, (dx * dx + dy * dy).squareRoot())
            }
            return best
        }
        // Probes a little further out than chords' sagitta (0.01).
        expectOutward(mesh, inside: { distance($0) < w / 2 }, eps: 0.05)
    }
}
