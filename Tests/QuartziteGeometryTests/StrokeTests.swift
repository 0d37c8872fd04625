import Foundation
import Testing
@testable import QuartziteGeometry

@Suite struct StrokeTests {
    func segment(_ length: CGFloat) -> CGPath {
        let m = CGMutablePath()
        m.move(to: CGPoint(x: 10, y: 10))
        m.addLine(to: CGPoint(x: 10 + length, y: 10))
        return m
    }

    @Test func capsAreas() {
        let L: CGFloat = 40, w: CGFloat = 10
        let butt = coveredArea(segment(L).strokeMesh(StrokeStyle(lineWidth: w)), pixel: 0.5)
        #expect(abs(butt - Double(L * w)) / Double(L * w) < 0.005)
        let square = coveredArea(segment(L).strokeMesh(StrokeStyle(lineWidth: w, lineCap: .square)), pixel: 0.5)
        #expect(abs(square - Double((L + w) * w)) / Double((L + w) * w) < 0.005)
        let roundExact = Double(L * w) + .pi * Double(w * w) / 4
        let round = coveredArea(segment(L).strokeMesh(StrokeStyle(lineWidth: w, lineCap: .round), tolerance: 0.01), pixel: 0.5)
        #expect(abs(round - roundExact) / roundExact < 0.005)
    }

    @Test func zeroLengthSubpathDrawsDotForRoundAndSquareOnly() {
        let m = CGMutablePath()
        m.move(to: CGPoint(x: 5, y: 5))
        m.addLine(to: CGPoint(x: 5, y: 5))
        #expect(m.strokeMesh(StrokeStyle(lineWidth: 4)).isEmpty)
        let disc = coveredArea(m.strokeMesh(StrokeStyle(lineWidth: 4, lineCap: .round), tolerance: 0.001), pixel: 0.1)
        #expect(abs(disc - 4 * .pi) / (4 * .pi) < 0.01)
        #expect(abs(m.strokeMesh(StrokeStyle(lineWidth: 4, lineCap: .square)).area - 16) < 1e-6)
        let moveOnly = CGMutablePath()
        moveOnly.move(to: .zero)
        #expect(moveOnly.strokeMesh(StrokeStyle(lineWidth: 4, lineCap: .round)).isEmpty)
    }

    /// A right-angle corner: miter adds the (w/2)² square, bevel half of it, round a quarter disc.
    @Test func joinAreas() {
        let m = CGMutablePath()
        m.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 40, y: 0), CGPoint(x: 40, y: 40)])
        let w: CGFloat = 10, hw = Double(w / 2)
        let base = 2 * 40 * Double(w) - hw * hw  // two butt rectangles minus their inner overlap
        let miter = coveredArea(m.strokeMesh(StrokeStyle(lineWidth: w, lineJoin: .miter)), pixel: 0.25)
        let bevel = coveredArea(m.strokeMesh(StrokeStyle(lineWidth: w, lineJoin: .bevel)), pixel: 0.25)
        let round = coveredArea(m.strokeMesh(StrokeStyle(lineWidth: w, lineJoin: .round), tolerance: 0.01), pixel: 0.25)
        #expect(abs(miter - (base + hw * hw)) < 1)
        #expect(abs(bevel - (base + hw * hw / 2)) < 1)
        #expect(abs(round - (base + .pi * hw * hw / 4)) < 1)
    }

    /// Core Graphics' miter limit: miter while 1/sin(θ/2) <= limit. At 90° that ratio is √2.
    @Test func miterLimitThreshold() {
        let m = CGMutablePath()
        m.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 40, y: 0), CGPoint(x: 40, y: 40)])
        let above = m.strokeMesh(StrokeStyle(lineWidth: 10, lineJoin: .miter, miterLimit: 1.415)).area
        let below = m.strokeMesh(StrokeStyle(lineWidth: 10, lineJoin: .miter, miterLimit: 1.414)).area
        #expect(abs(above - below - 12.5) < 1e-3)
    }

    @Test func closedSubpathJoinsAtStartWithoutCaps() {
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20))
        let covered = coveredArea(square.strokeMesh(StrokeStyle(lineWidth: 4, lineCap: .round)), pixel: 0.25)
        #expect(abs(covered - (24 * 24 - 16 * 16)) < 0.5)
    }

    /// A circle of radius r stroked with width 2r covers the whole disc of radius 2r.
    @Test func wideStrokesHaveNoHoles() {
        let ring = CGPath(ellipseIn: CGRect(x: -20, y: -20, width: 40, height: 40))
        let mesh = ring.strokeMesh(StrokeStyle(lineWidth: 452.5))
        var raster = Raster(covering: CGRect(x: -250, y: -250, width: 500, height: 500), samples: 2, pixel: 1)
        raster.fill(mesh)
        var missing = 0
        for i in 0..<20_000 {
            let a = Double(i) * 2.399963, r = 236 * (Double(i) / 20_000).squareRoot()
            if !raster.isCovered(CGPoint(x: r * cos(a), y: r * sin(a))) { missing += 1 }
        }
        #expect(missing == 0)
        let small = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20)).strokeMesh(StrokeStyle(lineWidth: 20), tolerance: 0.01)
        let area = coveredArea(small, pixel: 0.25)
        #expect(abs(area - .pi * 400) / (.pi * 400) < 0.005)
    }

    @Test func badWidthsGiveEmptyMeshes() {
        for w in [-1, 0, CGFloat.nan, .infinity] {
            #expect(segment(10).strokeMesh(StrokeStyle(lineWidth: w)).isEmpty)
        }
        let mesh = segment(10).strokeMesh(StrokeStyle(lineWidth: 2, miterLimit: .nan), tolerance: .nan)
        #expect(!mesh.isEmpty && mesh.mayOverlap && isWellFormed(mesh))
    }

    @Test func roundPiecesScaleWithTolerance() {
        let coarse = segment(10).strokeMesh(StrokeStyle(lineWidth: 100, lineCap: .round), tolerance: 1)
        let fine = segment(10).strokeMesh(StrokeStyle(lineWidth: 100, lineCap: .round), tolerance: 0.01)
        #expect(fine.triangleCount > 3 * coarse.triangleCount)
    }
}
