import Foundation
import Testing
@testable import QuartziteGeometry

/// The straight-line fast path must give exactly what the general route (parse into subpaths, then
/// flatten) gives: the same points, closedness and (implied) corner flags, for every arrangement of moves,
/// lines, closes, duplicate points and lines after a close.
@Suite struct LineFlatteningTests {
    @Test func fastPathMatchesGeneralRoute() {
        var rng = FuzzTests.Rng(state: 7)
        for _ in 0..<2000 {
            let m = CGMutablePath()
            for _ in 0..<(1 + Int(rng.next() % 9)) {
                // Coordinates on a coarse grid so duplicates and returns to the start are common.
                let p = CGPoint(x: CGFloat(rng.next() % 3) * 10, y: CGFloat(rng.next() % 3) * 10)
                switch rng.next() % 6 {
                case 0: m.move(to: p)
                case 1: m.closeSubpath()
                default: m.addLine(to: p)
                }
            }
            let general = Subpath.parse(m.elements).flatten(tolerance: 0.25)
            guard let fast = FlatPolyline.lines(m.elements) else {
                Issue.record("fast path refused a straight-line path: \(m.elements)")
                continue
            }
            #expect(fast.map(\.points) == general.map(\.points), "\(m.elements)")
            #expect(fast.map(\.isClosed) == general.map(\.isClosed), "\(m.elements)")
            for (f, g) in zip(fast, general) {
                #expect(f.points.indices.allSatisfy { f.isCorner($0) == g.isCorner($0) })
                #expect(f.points.indices.allSatisfy { f.tangent(into: $0) == g.tangent(into: $0) && f.tangent(outOf: $0) == g.tangent(outOf: $0) })
            }
        }
    }

    @Test func curvesTakeTheGeneralRoute() {
        let m = CGMutablePath()
        m.move(to: .zero)
        m.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 5))
        #expect(FlatPolyline.lines(m.elements) == nil)
    }
}
