import Foundation
import Testing
@testable import QuartziteGeometry

@Suite struct LengthTrimDashTests {
    @Test func lengths() {
        let line = CGMutablePath()
        line.addLines(between: [.zero, CGPoint(x: 3, y: 4)])
        #expect(line.length == 5)
        let r: CGFloat = 30
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 2 * r, height: 2 * r))
        // The 4-cubic circle deviates from a true circle by ~2.7e-4 r in radius.
        #expect(abs(circle.length - 2 * .pi * r) / (2 * .pi * r) < 3e-4)
        #expect(CGPath(rect: CGRect(x: 0, y: 0, width: 2, height: 3)).length == 10)
    }

    /// Cubic arc length against a fine trapezoidal integration of |B'(t)|.
    @Test func cubicLengthMatchesNumericIntegration() {
        let p0 = CGPoint(x: 0, y: 0), p1 = CGPoint(x: 100, y: 200), p2 = CGPoint(x: -50, y: 80), p3 = CGPoint(x: 120, y: -30)
        let m = CGMutablePath()
        m.move(to: p0)
        m.addCurve(to: p3, control1: p1, control2: p2)
        var sum = 0.0
        let n = 200_000
        var prev = p0
        for i in 1...n {
            let t = Double(i) / Double(n), u = 1 - t
            let x = u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x
            let y = u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y
            sum += hypot(x - prev.x, y - prev.y)
            prev = CGPoint(x: x, y: y)
        }
        #expect(abs(m.length - sum) < 1e-4)
    }

    @Test func trimmingCircleHalvesLength() {
        let r: CGFloat = 25
        let circle = CGPath(ellipseIn: CGRect(x: -r, y: -r, width: 2 * r, height: 2 * r))
        let half = circle.trimmed(from: 0, to: 0.5)
        #expect(abs(half.length - circle.length / 2) < 1e-6)
        #expect(abs(half.currentPoint.x - -r) < 1e-6 && abs(half.currentPoint.y) < 1e-6)
        #expect(circle.trimmed(from: 0.3, to: 0.3).isEmpty)
        #expect(circle.trimmed(from: 0.7, to: 0.2).isEmpty)
        #expect(circle.trimmed(from: -1, to: 2) == circle)
    }

    @Test func trimRunsOverSubpathsTogether() {
        let m = CGMutablePath()
        m.addLines(between: [.zero, CGPoint(x: 10, y: 0)])
        m.addLines(between: [CGPoint(x: 0, y: 10), CGPoint(x: 30, y: 10)])
        let t = m.trimmed(from: 0.5, to: 1)  // last 20 of 40: inside the second subpath
        #expect(t.elements == [.moveTo(CGPoint(x: 10, y: 10)), .lineTo(CGPoint(x: 30, y: 10))])
    }

    /// A closed square trimmed across its start point: the piece runs over the closing segment and gets caps.
    @Test func closedSubpathTrimmedAcrossStart() {
        let sq = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        let t = sq.trimmed(from: 0.75, to: 1)
        #expect(t.elements == [.moveTo(CGPoint(x: 0, y: 10)), .lineTo(CGPoint(x: 0, y: 0))])
        let full = sq.strokeMesh(StrokeStyle(lineWidth: 2, lineCap: .square))
        let almost = sq.strokeMesh(StrokeStyle(lineWidth: 2, lineCap: .butt, strokeEnd: 0.999))
        // Fully inside the range: closed, joined at the start corner; cut: butt ends leave that 1x1 corner open.
        #expect(abs(coveredArea(full, pixel: 0.25) - (144 - 64)) < 0.5)
        #expect(abs(coveredArea(almost, pixel: 0.125) - (144 - 64 - 1 - 0.08)) < 0.1)
    }

    @Test func strokeStartEqualsEndIsEmpty() {
        let c = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(c.strokeMesh(StrokeStyle(lineWidth: 2, lineCap: .round, strokeStart: 0.4, strokeEnd: 0.4)).isEmpty)
        #expect(c.strokeMesh(StrokeStyle(lineWidth: 2, strokeStart: 0.6, strokeEnd: 0.4)).isEmpty)
    }

    @Test func dashesCoverTheirShare() {
        let m = CGMutablePath()
        m.addLines(between: [.zero, CGPoint(x: 100, y: 0)])
        let dashed = m.copy(dashingWithPhase: 0, lengths: [10, 10])
        #expect(dashed.elements.count == 10)
        #expect(abs(dashed.length - 50) < 1e-9)
        let shifted = m.copy(dashingWithPhase: 5, lengths: [10, 10])
        #expect(shifted.elements.first == .moveTo(.zero))
        #expect(shifted.elements[1] == .lineTo(CGPoint(x: 5, y: 0)))
        // Caps on every dash.
        let capped = m.strokeMesh(StrokeStyle(lineWidth: 2, lineCap: .square, dashPattern: [10, 10]))
        #expect(abs(coveredArea(capped, pixel: 0.25) - 5 * 12 * 2) < 0.5)
        // Odd pattern repeats: [10] means 10 on, 10 off.
        #expect(abs(m.copy(dashingWithPhase: 0, lengths: [10]).length - 50) < 1e-9)
        // Invalid patterns draw solid.
        #expect(m.copy(dashingWithPhase: 0, lengths: [0, 0]) == m)
        #expect(m.copy(dashingWithPhase: 0, lengths: [-1, 3]) == m)
    }

    @Test func closedDashJoinsAcrossStart() {
        let sq = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        // 40 long, pattern 15 on 5 off with phase 10: on 0-5, 10-25, 30-40 -> last and first merge.
        let dashed = sq.copy(dashingWithPhase: 10, lengths: [15, 5])
        let moves = dashed.elements.filter { if case .moveTo = $0 { return true } else { return false } }
        #expect(moves.count == 2)
        #expect(abs(dashed.length - 30) < 1e-9)
    }

    @Test func dashesAfterTrimStartAtTrimmedStart() {
        let m = CGMutablePath()
        m.addLines(between: [.zero, CGPoint(x: 100, y: 0)])
        let mesh = m.strokeMesh(StrokeStyle(lineWidth: 2, dashPattern: [10, 10], strokeStart: 0.05))
        // Dashes at 5-15, 25-35, ... 85-95: five of 10 x 2.
        #expect(abs(coveredArea(mesh, pixel: 0.25) - 100) < 0.5)
    }

    /// A dash pattern far finer than its path (10 million points dashed every 2) would make 5 million dashes:
    /// refused with a diagnostic, drawing nothing, instead of hanging or drawing the line solid. A path made
    /// long by a far-out control point is refused the same way.
    @Test func dashCountsOverTheBudgetAreRefusedNotDrawnSolid() {
        let line = CGMutablePath()
        line.move(to: .zero)
        line.addLine(to: CGPoint(x: 10_000_000, y: 0))
        let style = StrokeStyle(lineWidth: 1, dashPattern: [1, 1])
        #expect(line.strokeMesh(style).indices.isEmpty)
        #expect(Diagnostics.messages.contains { $0.contains("over the limit of 100000") })
        let far = CGMutablePath()
        far.move(to: .zero)
        far.addCurve(to: CGPoint(x: 10, y: 0), control1: CGPoint(x: 1e12, y: 1e12), control2: CGPoint(x: 5, y: 5))
        #expect(far.copy(dashingWithPhase: 0, lengths: [2, 2]).elements.isEmpty)
        // Within the budget dashing works as before: 100 points every 2 is 25 dashes.
        let short = CGMutablePath()
        short.move(to: .zero)
        short.addLine(to: CGPoint(x: 100, y: 0))
        let dashes = short.copy(dashingWithPhase: 0, lengths: [2, 2]).elements.filter { if case .moveTo = $0 { return true } else { return false } }
        #expect(dashes.count == 25)
    }
}
