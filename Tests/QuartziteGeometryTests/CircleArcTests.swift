import Foundation
import Testing
@testable import QuartziteGeometry

/// Paths that trace one circle are recognised with their centre, radius, start and sweep; anything else is not.
@Suite struct CircleArcTests {
    @Test func bezierArcFromTwelveOClockClockwise() throws {
        let path = UIBezierPath(arcCenter: CGPoint(x: 40, y: 30), radius: 25, startAngle: -.pi / 2,
                                endAngle: 3 * .pi / 2, clockwise: true).cgPath
        let arc = try #require(CircleArc(path))
        #expect(abs(arc.center.x - 40) < 1e-9 && abs(arc.center.y - 30) < 1e-9)
        #expect(abs(arc.radius - 25) < 1e-9)
        #expect(abs(arc.startAngle - -CGFloat.pi / 2) < 1e-9)
        #expect(abs(arc.sweep - 2 * .pi) < 1e-9)
    }

    @Test func partialArcBothWays() throws {
        let m = CGMutablePath()
        m.addArc(center: CGPoint(x: 0, y: 0), radius: 10, startAngle: 0, endAngle: .pi / 3, clockwise: false)
        let arc = try #require(CircleArc(m))
        #expect(abs(abs(arc.sweep) - .pi / 3) < 1e-9)
        let n = CGMutablePath()
        n.addArc(center: CGPoint(x: 0, y: 0), radius: 10, startAngle: 0, endAngle: .pi / 3, clockwise: true)
        let other = try #require(CircleArc(n))
        // The other way round: the rest of the circle, turning the opposite way.
        #expect(abs(abs(other.sweep) - 5 * .pi / 3) < 1e-9)
        #expect((other.sweep > 0) != (arc.sweep > 0))
    }

    @Test func ellipseOfASquareIsAFullCircle() throws {
        let arc = try #require(CircleArc(CGPath(ellipseIn: CGRect(x: 10, y: 20, width: 60, height: 60), transform: nil)))
        #expect(abs(arc.center.x - 40) < 1e-9 && abs(arc.center.y - 50) < 1e-9)
        #expect(abs(arc.radius - 30) < 1e-9)
        #expect(abs(abs(arc.sweep) - 2 * .pi) < 1e-9)
    }

    @Test func otherPathsAreNotArcs() {
        #expect(CircleArc(CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 60, height: 40), transform: nil)) == nil)
        #expect(CircleArc(CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)) == nil)
        let wavy = CGMutablePath()
        wavy.move(to: CGPoint(x: 0, y: 0))
        wavy.addCurve(to: CGPoint(x: 10, y: 0), control1: CGPoint(x: 3, y: 5), control2: CGPoint(x: 7, y: -5))
        #expect(CircleArc(wavy) == nil)
        let two = CGMutablePath()
        two.addEllipse(in: CGRect(x: 0, y: 0, width: 10, height: 10))
        two.addEllipse(in: CGRect(x: 20, y: 0, width: 10, height: 10))
        #expect(CircleArc(two) == nil)
        #expect(CircleArc(CGMutablePath()) == nil)
    }
}
