import Foundation
import Testing
@testable import QuartziteGeometry

@Suite struct FillTests {
    /// Fill triangles must not overlap: their area sum equals the union's sampled area.
    func expectNoOverlap(_ mesh: TriangleMesh, pixel: Double = 0.25, sourceLocation: SourceLocation = #_sourceLocation) {
        let union = coveredArea(mesh, samples: 4, pixel: pixel)
        #expect(abs(union - mesh.area) <= 0.005 * mesh.area + 1, "sum \(mesh.area) vs union \(union)", sourceLocation: sourceLocation)
        #expect(!mesh.mayOverlap, sourceLocation: sourceLocation)
        #expect(isWellFormed(mesh), sourceLocation: sourceLocation)
    }

    /// A regular polygon's inscribed area approaches πr²; tolerance 0.25 loses at most perimeter x 0.25.
    @Test func circleArea() {
        let r: CGFloat = 50
        let mesh = CGPath(ellipseIn: CGRect(x: -r, y: -r, width: 2 * r, height: 2 * r)).fillMesh(tolerance: 0.01)
        let exact = Double.pi * Double(r * r)
        #expect(abs(mesh.area - exact) / exact < 0.001)
    }

    @Test func ringEvenOddAndReversedWinding() {
        let m = CGMutablePath()
        m.addEllipse(in: CGRect(x: -40, y: -40, width: 80, height: 80))
        m.addEllipse(in: CGRect(x: -20, y: -20, width: 40, height: 40))
        let ring = Double.pi * (1600 - 400)
        #expect(abs(m.fillMesh(rule: .evenOdd, tolerance: 0.01).area - ring) / ring < 0.002)
        // Same orientation with winding fills the hole.
        #expect(abs(m.fillMesh(rule: .winding, tolerance: 0.01).area - Double.pi * 1600) / (Double.pi * 1600) < 0.002)
        // Reversed inner circle: winding leaves the hole.
        let reversed = CGMutablePath()
        reversed.addEllipse(in: CGRect(x: -40, y: -40, width: 80, height: 80))
        reversed.addArc(center: .zero, radius: 20, startAngle: 0, endAngle: -2 * .pi, clockwise: true)
        reversed.closeSubpath()
        let mesh = reversed.fillMesh(rule: .winding, tolerance: 0.01)
        #expect(abs(mesh.area - ring) / ring < 0.002)
        expectNoOverlap(mesh)
    }

    @Test func roundedRectArea() {
        let w: CGFloat = 100, h: CGFloat = 60, r: CGFloat = 15
        let p = CGPath(roundedRect: CGRect(x: 0, y: 0, width: w, height: h), cornerWidth: r, cornerHeight: r)
        let exact = Double(w * h) - (4 - Double.pi) * Double(r * r)
        #expect(abs(p.fillMesh(tolerance: 0.01).area - exact) / exact < 0.001)
    }

    /// Pentagram: even-odd leaves the centre pentagon empty, winding fills it.
    @Test func pentagramRules() {
        let R = 100.0
        let pts = (0..<5).map { i -> CGPoint in
            let a = -Double.pi / 2 + Double(i) * 4 * .pi / 5
            return CGPoint(x: R * cos(a), y: R * sin(a))
        }
        let m = CGMutablePath()
        m.addLines(between: pts)
        m.closeSubpath()
        // Closed forms: the notches lie on radius R·cos72°/cos36°; the centre is a pentagon of that radius.
        let pentagon = { (rad: Double) in 2.5 * rad * rad * sin(2 * .pi / 5) }
        let innerRadius = R * cos(2 * .pi / 5) / cos(.pi / 5)
        let winding = m.fillMesh(rule: .winding)
        let evenOdd = m.fillMesh(rule: .evenOdd)
        // 10 triangles (centre, tip, notch), 36° apart.
        let starWithCentre = 10 * 0.5 * R * innerRadius * sin(.pi / 5)
        #expect(abs(winding.area - starWithCentre) < 1e-6 * starWithCentre)
        #expect(abs(evenOdd.area - (starWithCentre - pentagon(innerRadius))) < 1e-6 * starWithCentre)
        #expect(m.contains(.zero) && !m.contains(.zero, using: .evenOdd))
        expectNoOverlap(winding)
        expectNoOverlap(evenOdd)
    }

    @Test func nestedRectsSameAndOppositeOrientation() {
        let outer = CGRect(x: 0, y: 0, width: 100, height: 100), inner = CGRect(x: 25, y: 25, width: 50, height: 50)
        let same = CGMutablePath()
        same.addRect(outer); same.addRect(inner)
        #expect(same.fillMesh(rule: .winding).area == 10_000)
        #expect(same.fillMesh(rule: .evenOdd).area == 7_500)
        let opposite = CGMutablePath()
        opposite.addRect(outer)
        opposite.addLines(between: [CGPoint(x: 25, y: 25), CGPoint(x: 25, y: 75), CGPoint(x: 75, y: 75), CGPoint(x: 75, y: 25)])
        opposite.closeSubpath()
        #expect(opposite.fillMesh(rule: .winding).area == 7_500)
        #expect(opposite.fillMesh(rule: .evenOdd).area == 7_500)
        expectNoOverlap(opposite.fillMesh(rule: .winding))
    }

    @Test func overlappingSubpathsDoNotDoubleCover() {
        let m = CGMutablePath()
        m.addRect(CGRect(x: 0, y: 0, width: 60, height: 60))
        m.addRect(CGRect(x: 30, y: 30, width: 60, height: 60))
        m.addEllipse(in: CGRect(x: 10, y: 40, width: 70, height: 30))
        expectNoOverlap(m.fillMesh(rule: .winding))
        expectNoOverlap(m.fillMesh(rule: .evenOdd))
        #expect(m.fillMesh(rule: .evenOdd).area < m.fillMesh(rule: .winding).area)
    }

    @Test func convexFanAndDegenerateInput() {
        let tri = CGMutablePath()
        tri.addLines(between: [.zero, CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 20, y: 0), CGPoint(x: 0, y: 10)])
        #expect(tri.fillMesh().area == 100)
        let line = CGMutablePath()
        line.addLines(between: [.zero, CGPoint(x: 10, y: 10), CGPoint(x: 20, y: 20)])
        #expect(line.fillMesh().isEmpty)
        #expect(CGPath().fillMesh().isEmpty)
    }
}
