import Foundation
import Testing
@testable import QuartziteGeometry

/// The iOS 16 line operations (`lineIntersection`, `lineSubtracting`): lengths and ends of the kept pieces
/// against closed-form geometry.
@Suite struct PathLineBooleanTests {
    /// Total length of a path's lines (a closed subpath's closing segment included).
    func length(_ path: CGPath) -> Double {
        path.flattened(tolerance: 0.001).reduce(0.0) { sum, line in
            let p = line.isClosed ? line.points + [line.points[0]] : line.points
            return sum + zip(p, p.dropFirst()).reduce(0.0) { $0 + Double(hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y)) }
        }
    }

    let square = CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100))

    /// A line from `from` to `to`.
    func line(_ from: CGPoint, _ to: CGPoint) -> CGPath {
        let m = CGMutablePath()
        m.move(to: from)
        m.addLine(to: to)
        return m
    }

    @Test func lineAcrossASquare() {
        let across = line(CGPoint(x: -50, y: 50), CGPoint(x: 150, y: 50))
        let inside = across.lineIntersection(square), outside = across.lineSubtracting(square)
        #expect(inside.elements == [.moveTo(CGPoint(x: 0, y: 50)), .lineTo(CGPoint(x: 100, y: 50))])
        #expect(abs(length(outside) - 100) < 1e-9)
        #expect(outside.flattened().count == 2)
        #expect(outside.elements.first == .moveTo(CGPoint(x: -50, y: 50)))
        #expect(outside.elements.last == .lineTo(CGPoint(x: 150, y: 50)))
    }

    /// A square outline starting at (0, 0) cut by the half plane x < 50 (a big rectangle): the kept part is
    /// one open piece, (50, 100) round by (0, 100) and (0, 0) to (50, 0), of length 200, though it passes
    /// through the subpath's start.
    @Test func aKeptRunThroughAClosedSubpathsStartIsOnePiece() {
        let halfPlane = CGPath(rect: CGRect(x: -1000, y: -1000, width: 1050, height: 3000))
        let kept = square.lineIntersection(halfPlane)
        #expect(kept.flattened().count == 1)
        #expect(abs(length(kept) - 200) < 1e-9)
        #expect(kept.elements.first == .moveTo(CGPoint(x: 50, y: 100)))
        #expect(kept.elements.last == .lineTo(CGPoint(x: 50, y: 0)))
        let cut = square.lineSubtracting(halfPlane)
        #expect(cut.flattened().count == 1 && abs(length(cut) - 200) < 1e-9)
    }

    @Test func closedOutlineWhollyInsideStaysClosed() {
        let small = CGPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20))
        let inside = small.lineIntersection(square)
        #expect(abs(length(inside) - 80) < 1e-9)
        #expect(inside.elements.last == .closeSubpath)
        #expect(small.lineSubtracting(square).isEmpty)
        // Wholly outside: lineSubtracting keeps it, closed.
        let far = CGPath(rect: CGRect(x: 200, y: 10, width: 20, height: 20))
        #expect(far.lineIntersection(square).isEmpty)
        #expect(abs(length(far.lineSubtracting(square)) - 80) < 1e-9)
    }

    @Test func halfACircleInsideAHalfPlane() {
        // A circle of radius 50 about the origin cut by x >= 0 keeps half its circumference, π r.
        let circle = CGPath(ellipseIn: CGRect(x: -50, y: -50, width: 100, height: 100))
        let right = CGPath(rect: CGRect(x: 0, y: -100, width: 200, height: 200))
        let half = Double.pi * 50
        #expect(abs(length(circle.lineIntersection(right)) - half) < 1e-3 * half)
        #expect(abs(length(circle.lineSubtracting(right)) - half) < 1e-3 * half)
        #expect(circle.lineIntersection(right).elements.allSatisfy { $0.points.allSatisfy { $0.x >= 0 } })
    }

    @Test func theRuleReadsTheMask() {
        // Two nested squares wound the same way: the winding rule fills both, even-odd only the frame.
        let frame = CGMutablePath()
        frame.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        frame.addRect(CGRect(x: 25, y: 25, width: 50, height: 50))
        let across = line(CGPoint(x: -10, y: 50), CGPoint(x: 110, y: 50))
        #expect(abs(length(across.lineIntersection(frame, using: .winding)) - 100) < 1e-9)
        #expect(abs(length(across.lineIntersection(frame, using: .evenOdd)) - 50) < 1e-9)
        #expect(abs(length(across.lineSubtracting(frame, using: .evenOdd)) - 70) < 1e-9)
    }

    @Test func emptyAndUnusableInputs() {
        let across = line(CGPoint(x: -50, y: 50), CGPoint(x: 150, y: 50))
        #expect(across.lineIntersection(CGPath()).isEmpty)
        #expect(abs(length(across.lineSubtracting(CGPath())) - 200) < 1e-9)
        #expect(CGPath().lineIntersection(square).isEmpty)
        let bad = CGPath(elements: [.moveTo(CGPoint(x: CGFloat.nan, y: 0)), .lineTo(CGPoint(x: 10, y: CGFloat.infinity)),
                                    .moveTo(CGPoint(x: 0, y: 0)), .lineTo(CGPoint(x: -CGFloat.infinity, y: 5))])
        for result in [bad.lineIntersection(square), square.lineSubtracting(bad), across.lineIntersection(bad)] {
            #expect(result.elements.allSatisfy { $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } })
        }
    }
}
