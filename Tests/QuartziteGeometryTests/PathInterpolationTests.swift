import Foundation
import Testing
@testable import QuartziteGeometry

@Suite struct PathInterpolationTests {
    @Test func matchingStructuresInterpolatePointwise() {
        let a = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10))
        let b = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 30, height: 30))
        let mid = a.interpolated(to: b, fraction: 0.5)
        #expect(mid == CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20)))
    }

    @Test func rectMorphsIntoRoundedRect() {
        let r = CGRect(x: 0, y: 0, width: 40, height: 20)
        let a = UIBezierPath(roundedRect: r, cornerRadius: 0).cgPath
        let b = UIBezierPath(roundedRect: r, cornerRadius: 10).cgPath
        #expect(a.interpolated(to: b, fraction: 0.5) == UIBezierPath(roundedRect: r, cornerRadius: 5).cgPath)
    }

    @Test func linesRaiseToCubicsWhenOtherIsCurved() {
        let a = CGMutablePath(), b = CGMutablePath()
        a.move(to: .zero); a.addLine(to: CGPoint(x: 30, y: 0))
        b.move(to: .zero); b.addCurve(to: CGPoint(x: 30, y: 0), control1: CGPoint(x: 10, y: 30), control2: CGPoint(x: 20, y: 30))
        let mid = a.interpolated(to: b, fraction: 0.5)
        #expect(mid.elements[1] == .curveTo(control1: CGPoint(x: 10, y: 15), control2: CGPoint(x: 20, y: 15), end: CGPoint(x: 30, y: 0)))
    }

    @Test func mismatchedStructuresJumpAtHalf() {
        let a = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1))
        let b = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(a.interpolated(to: b, fraction: 0.49) == a)
        #expect(a.interpolated(to: b, fraction: 0.5) == b)
    }
}
