import Foundation
import Testing
@testable import QuartziteGeometry

/// `copy(strokingWithWidth:)` of lines that cross each other: the copy fills exactly the stroke, judged by
/// each point's distance to the lines (closed form), not by the outline the copy is made from.
@Suite struct StrokedCopyLoopsTests {
    /// Distance from `p` to the segment from `a` to `b`.
    func distance(_ p: CGPoint, _ a: CGPoint, _ b: CGPoint) -> CGFloat {
        let dx = b.x - a.x, dy = b.y - a.y
        let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)))
        return hypot(p.x - a.x - t * dx, p.y - a.y - t * dy)
    }

    /// Star polygons {n / ((n - 1) / 2)} stroked with butt caps and mitre joins: a point within half the width
    /// of a line less a margin is inside the copy under both rules; one further than half the width plus the
    /// margin, and beyond the reach of any mitre (miterLimit x width / 2 from a corner), is outside. Crossing
    /// lines make outline ends the sweep finds a hair apart; loops left open there once closed with stray
    /// chords that filled regions far from any line.
    @Test(arguments: [(5, 3.0), (7, 7.0), (9, 7.0), (9, 15.0)])
    func starStrokeCopyCoversOnlyTheStroke(points n: Int, width: CGFloat) {
        let corners = (0..<n).map { k -> CGPoint in
            let angle = -CGFloat.pi / 2 + CGFloat(k) * 2 * .pi * CGFloat((n - 1) / 2) / CGFloat(n)
            return CGPoint(x: 100 * cos(angle), y: 100 * sin(angle))
        }
        let star = CGMutablePath()
        star.addLines(between: corners)
        star.closeSubpath()
        let copy = star.copy(strokingWithWidth: width, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        let margin: CGFloat = 0.25
        var wrong = 0
        for i in 0..<80 {
            for j in 0..<80 {
                let p = CGPoint(x: -120 + 3 * CGFloat(i) + 0.37, y: -120 + 3 * CGFloat(j) + 0.61)
                let near = corners.indices.map { distance(p, corners[$0], corners[($0 + 1) % n]) }.min() ?? .infinity
                let nearCorner = corners.map { hypot(p.x - $0.x, p.y - $0.y) }.min() ?? .infinity
                let winding = copy.contains(p, using: .winding), evenOdd = copy.contains(p, using: .evenOdd)
                if near < width / 2 - margin, !(winding && evenOdd) { wrong += 1 }
                if near > width / 2 + margin, nearCorner > 10 * width / 2 + margin, winding || evenOdd { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }
}
