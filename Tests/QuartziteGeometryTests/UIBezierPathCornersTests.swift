import Foundation
import Testing
@testable import QuartziteGeometry

/// `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)` and `reversing()`, against closed-form areas
/// and UIKit's documented shape: rounded corners are quarter circles of `cornerRadii.width`, clamped to half
/// the shorter side, the path runs visually clockwise from the top edge.
@Suite struct UIBezierPathCornersTests {
    /// Signed shoelace area of the flattened path (positive for visually clockwise on a y-down screen).
    static func signedArea(_ path: CGPath) -> CGFloat {
        var sum: CGFloat = 0
        for poly in path.flattened(tolerance: 0.001) {
            var pts = poly.points
            if let first = pts.first { pts.append(first) }
            for (a, b) in zip(pts, pts.dropFirst()) { sum += a.x * b.y - b.x * a.y }
        }
        return sum / 2
    }

    static func roundedArea(width: CGFloat, height: CGFloat, radius r: CGFloat, corners: Int) -> CGFloat {
        width * height - CGFloat(corners) * r * r * (1 - .pi / 4)
    }

    @Test func roundedCornersCutQuarterCircles() {
        let rect = CGRect(x: 5, y: 7, width: 100, height: 60)
        let cases: [(UIRectCorner, Int)] = [(.allCorners, 4), ([.topLeft, .topRight], 2), (.bottomLeft, 1), ([], 0)]
        for (corners, count) in cases {
            let path = UIBezierPath(roundedRect: rect, byRoundingCorners: corners, cornerRadii: CGSize(width: 10, height: 40))
            let expected = Self.roundedArea(width: 100, height: 60, radius: 10, corners: count)
            #expect(abs(Self.signedArea(path.cgPath) - expected) < 1e-3 * expected, "\(corners)")
            // The corners' control points lie on the rect's edges: the bounds are the rect, to rounding.
            let b = path.bounds
            #expect([b.minX - rect.minX, b.minY - rect.minY, b.maxX - rect.maxX, b.maxY - rect.maxY].allSatisfy { abs($0) < 1e-9 })
        }
    }

    @Test func theRadiusIsClampedToHalfTheShorterSide() {
        let path = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 60), byRoundingCorners: .allCorners,
                                cornerRadii: CGSize(width: 500, height: 500))
        let expected = Self.roundedArea(width: 100, height: 60, radius: 30, corners: 4)
        #expect(abs(Self.signedArea(path.cgPath) - expected) < 1e-3 * expected)
        let bad = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 10, height: 10), byRoundingCorners: .allCorners,
                               cornerRadii: CGSize(width: CGFloat.nan, height: 1))
        #expect(abs(Self.signedArea(bad.cgPath) - 100) < 1e-9)
    }

    @Test func thePathStartsOnTheTopEdgeAndRunsClockwise() {
        let path = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 20), byRoundingCorners: .topLeft,
                                cornerRadii: CGSize(width: 6, height: 6))
        #expect(path.cgPath.elements.first == .moveTo(CGPoint(x: 6, y: 0)))
        #expect(Self.signedArea(path.cgPath) > 0)
    }

    @Test func reversingRunsTheOtherWayOverTheSameShape() {
        let open = UIBezierPath()
        open.move(to: CGPoint(x: 0, y: 0))
        open.addLine(to: CGPoint(x: 10, y: 0))
        open.addCurve(to: CGPoint(x: 20, y: 10), controlPoint1: CGPoint(x: 15, y: 0), controlPoint2: CGPoint(x: 20, y: 5))
        let back = open.reversing()
        #expect(back.cgPath.elements == [
            .moveTo(CGPoint(x: 20, y: 10)),
            .curveTo(control1: CGPoint(x: 20, y: 5), control2: CGPoint(x: 15, y: 0), end: CGPoint(x: 10, y: 0)),
            .lineTo(CGPoint(x: 0, y: 0)),
        ])
        let rounded = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 50, height: 30), byRoundingCorners: .allCorners,
                                   cornerRadii: CGSize(width: 8, height: 8))
        let area = Self.signedArea(rounded.cgPath)
        #expect(abs(Self.signedArea(rounded.reversing().cgPath) + area) < 1e-6 * area)
        #expect(rounded.reversing().reversing().cgPath == rounded.cgPath)
    }

    @Test func aCornerRadiusPastHalfTheShorterSideMakesACapsule() {
        // UIKit clamps the one radius to half the shorter side: a 100 x 50 rect with radius 40 is a capsule with
        // semicircular ends of radius 25 (area 100 x 50 - 4 x 25^2 (1 - pi / 4)), not elliptical corners.
        let path = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 50), cornerRadius: 40)
        let expected = Self.roundedArea(width: 100, height: 50, radius: 25, corners: 4)
        #expect(abs(Self.signedArea(path.cgPath) - expected) < 1e-3 * expected)
        let square = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 20, height: 20), cornerRadius: 1e9)
        #expect(abs(Self.signedArea(square.cgPath) - .pi * 100) < 0.1)
    }

    @Test func boundsHoldTheControlPointsAsUIKitDefinesThem() {
        // "The smallest rectangle that completely encloses all points in the path, including any control points."
        let path = UIBezierPath()
        path.move(to: .zero)
        path.addQuadCurve(to: CGPoint(x: 10, y: 0), controlPoint: CGPoint(x: 5, y: 10))
        #expect(path.bounds == CGRect(x: 0, y: 0, width: 10, height: 10))
    }
}
