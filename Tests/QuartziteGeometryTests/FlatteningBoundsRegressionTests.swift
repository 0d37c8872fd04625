import Foundation
import Testing
@testable import QuartziteGeometry

/// A curve with a control point far out but finite: Wang's chord count is about 1e150, finite, and was
/// converted to Int before being bounded (a trap). It is bounded to the flattening's cap of 100,000 chords.
@Suite struct FlatteningBoundsRegressionTests {
    @Test func aFarControlPointGivesTheCappedChordCount() {
        let curve = Segment.cubic(.zero, CGPoint(x: 1e300, y: 0), CGPoint(x: 0, y: 1e300), CGPoint(x: 1, y: 1))
        #expect(curve.chordCount(tolerance: 0.25) == 100_000)
        let quad = Segment.quad(.zero, CGPoint(x: -1e300, y: 1e300), CGPoint(x: 1, y: 0))
        #expect(quad.chordCount(tolerance: 0.25) == 100_000)
    }

    /// A control point a little out gives Wang's count: for the quad (0,0) (10,0) (0,0) the second
    /// difference is 20, so n = ⌈√(0.25 · 20 / 0.25)⌉ = ⌈√20⌉ = 5.
    @Test func aNearControlPointGivesWangsCount() {
        let quad = Segment.quad(.zero, CGPoint(x: 10, y: 0), .zero)
        #expect(quad.chordCount(tolerance: 0.25) == 5)
    }
}

/// The flattening's budget says when it acts: a path that needs more line segments than it allows leaves a
/// diagnostic. (The fill's work budget reports the same way; reaching it takes some 25 s in a debug build.)
@Suite struct TessellationBudgetDiagnosticsTests {
    @Test func aPathOverTheSegmentBudgetIsReported() {
        // Each curve needs the cap of 100,000 chords; eleven of them need more than the 1,000,000 budget.
        let path = CGMutablePath()
        path.move(to: .zero)
        for i in 0..<11 {
            path.addCurve(to: CGPoint(x: CGFloat(i + 1), y: 0), control1: CGPoint(x: 1e12, y: 1e12),
                          control2: CGPoint(x: -1e12, y: 1e12))
        }
        let polylines = path.flattened()
        #expect(polylines.reduce(0) { $0 + $1.points.count } <= 1_000_000 + 12)
        #expect(Diagnostics.messages.contains { $0.contains("needs more than 1000000 line segments") })
    }
}
