import Foundation
import Testing
@testable import QuartziteGeometry

@Suite struct PathBuildingTests {
    func near(_ a: CGPoint, _ b: CGPoint, _ eps: CGFloat = 1e-9) -> Bool { abs(a.x - b.x) < eps && abs(a.y - b.y) < eps }

    @Test func rectElementsAndBounds() {
        let p = CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(p.elements == [.moveTo(CGPoint(x: 1, y: 2)), .lineTo(CGPoint(x: 4, y: 2)), .lineTo(CGPoint(x: 4, y: 6)),
                               .lineTo(CGPoint(x: 1, y: 6)), .closeSubpath])
        #expect(p.boundingBox == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(p.currentPoint == CGPoint(x: 1, y: 2))
        #expect(CGPath().boundingBox.isNull && CGPath().isEmpty)
    }

    @Test func ellipseStartsAtThreeOClockAndRunsIncreasingAngle() {
        let p = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 10), transform: nil)
        #expect(p.elements.count == 6)
        #expect(p.elements.first == .moveTo(CGPoint(x: 20, y: 5)))
        if case .curveTo(_, _, let end) = p.elements[1] { #expect(near(end, CGPoint(x: 10, y: 10))) } else { Issue.record("not a curve") }
        #expect(p.elements.last == .closeSubpath)
        let ui = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 20, height: 10)).cgPath
        #expect(ui == p)
    }

    @Test func tightBoundsExcludeControlPoints() {
        let m = CGMutablePath()
        m.move(to: .zero)
        m.addCurve(to: CGPoint(x: 10, y: 0), control1: CGPoint(x: 0, y: 10), control2: CGPoint(x: 10, y: 10))
        #expect(m.boundingBox.maxY == 10)
        // Cubic peak: y(0.5) = 3 * 0.25 * 0.5 * 10 * 2 = 7.5
        #expect(abs(m.boundingBoxOfPath.maxY - 7.5) < 1e-9)
    }

    @Test func coreGraphicsClockwiseDecreasesAngle() {
        let m = CGMutablePath()
        m.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        // Decreasing from 0 to π/2 the long way: 270°, three 90° cubics.
        #expect(m.elements.count == 4)
        let n = CGMutablePath()
        n.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(n.elements.count == 2)
        #expect(near(n.currentPoint, CGPoint(x: 0, y: 10)))
    }

    @Test func uiKitClockwiseIsVisuallyClockwise() {
        let c = CGPoint(x: 50, y: 50), r: CGFloat = 20
        let p = UIBezierPath(arcCenter: c, radius: r, startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true).cgPath
        #expect(abs(p.length - 2 * .pi * r) / (2 * .pi * r) < 3e-4)  // 4-cubic circle, see LengthTrimDashTests
        let quarter = p.trimmed(from: 0, to: 0.25)
        #expect(near(quarter.currentPoint, CGPoint(x: c.x + r, y: c.y), 1e-6))
    }

    @Test func arcStructureDoesNotDependOnRadius() {
        func kinds(_ r: CGFloat) -> [Int] {
            let m = CGMutablePath()
            m.addArc(center: .zero, radius: r, startAngle: 0.3, endAngle: 2.9, clockwise: false)
            return m.elements.map { if case .curveTo = $0 { return 2 } else { return 0 } }
        }
        #expect(kinds(1) == kinds(100))
    }

    @Test func tangentArcMeetsBothLines() {
        let m = CGMutablePath()
        m.move(to: CGPoint(x: 0, y: 0))
        m.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 3)
        #expect(m.elements[1] == .lineTo(CGPoint(x: 7, y: 0)))
        #expect(near(m.currentPoint, CGPoint(x: 10, y: 3), 1e-9))
    }

    @Test func transformsApplyToAddedGeometry() {
        let m = CGMutablePath()
        m.addRect(CGRect(x: 0, y: 0, width: 1, height: 1), transform: CGAffineTransform(scaleX: 2, y: 3))
        #expect(m.boundingBox == CGRect(x: 0, y: 0, width: 2, height: 3))
        var t = CGAffineTransform(translationX: 5, y: 0)
        let moved = m.copy(using: &t)
        #expect(moved?.boundingBox == CGRect(x: 5, y: 0, width: 2, height: 3))
    }

    @Test func nanElementsAreDropped() {
        let m = CGMutablePath()
        m.move(to: .zero)
        m.addLine(to: CGPoint(x: CGFloat.nan, y: 1))
        m.addLine(to: CGPoint(x: 1, y: 1))
        #expect(m.elements.count == 2)
    }

    @Test func lineAfterCloseStartsAtSubpathStart() {
        let m = CGMutablePath()
        m.move(to: CGPoint(x: 1, y: 1))
        m.addLine(to: CGPoint(x: 5, y: 1))
        m.closeSubpath()
        m.addLine(to: CGPoint(x: 1, y: 9))
        #expect(m.elements[3] == .moveTo(CGPoint(x: 1, y: 1)))
    }

    @Test func equalityAndHashingByElements() {
        let a = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1)), b = CGMutablePath()
        b.addRect(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a.mutableCopy() == a)
    }

    @Test func containsRespectsRules() {
        let m = CGMutablePath()
        m.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        m.addRect(CGRect(x: 2, y: 2, width: 6, height: 6))
        #expect(m.contains(CGPoint(x: 5, y: 5)))
        #expect(!m.contains(CGPoint(x: 5, y: 5), using: .evenOdd))
        #expect(m.contains(CGPoint(x: 1, y: 5), using: .evenOdd))
        #expect(!m.contains(CGPoint(x: 11, y: 5)))
    }
}
