import Foundation
import Testing
import QuartziteGeometry

/// Cases the seeded fuzz (`quartzite-fuzz`, seed 20250615) found, named after their class and case and
/// reduced to what triggers them. Without its fix each hangs (the test never ends).
@Suite struct GeometryFuzzRegressionTests {
    /// paths 659: `p.copy(dashingWithPhase: -10.163353068962365, lengths: [1.7976931348623157e+308,
    /// 86.40694520543889, 73.8829179420798])`. The odd pattern repeats once, and the repeated pattern's
    /// period overflows to infinity; a negative phase then walked into it forever (infinity minus a dash is
    /// infinity). A pattern of infinite period draws solid, as an unusable pattern does.
    @Test func fuzzingPaths659DashPeriodOverflows() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addLine(to: CGPoint(x: 100, y: 0))
        let lengths: [CGFloat] = [.greatestFiniteMagnitude, 86.40694520543889, 73.8829179420798]
        let dashed = p.copy(dashingWithPhase: -10.163353068962365, lengths: lengths)
        #expect(dashed.length == 100)
        let stroke = p.strokeMesh(StrokeStyle(lineWidth: 2, dashPattern: lengths, dashPhase: -10.163353068962365))
        #expect(abs(stroke.area - 200) < 1e-6)
    }

    /// layer-geometry 97: a shape's path given `addRect` of a rect of hostile numbers trapped in Foundation's
    /// `CGRect.intersection` once rects were cut to the reach a path keeps. Every such rect is now either cut
    /// (finite corners within ±1e12) or dropped (a NaN, or an edge no number can place), and
    /// `CGRect.infinite` covers any canvas.
    @Test func layerGeometry97HostileRectsAreCutOrDropped() {
        let numbers: [CGFloat] = [.nan, .infinity, -.infinity, 1e300, -1e300, 1e19, -1e7, .greatestFiniteMagnitude,
                                  -.greatestFiniteMagnitude, .leastNonzeroMagnitude, -0.0, 25]
        for x in numbers {
            for width in numbers {
                let path = CGMutablePath()
                path.addRect(CGRect(x: x, y: 0, width: width, height: 10))
                let box = path.boundingBox
                #expect(path.isEmpty || [box.minX, box.minY, box.maxX, box.maxY].allSatisfy { abs($0) <= 1e12 },
                        "x \(x) width \(width)")
            }
        }
        let infinite = CGMutablePath()
        infinite.addRect(.infinite)
        #expect(infinite.boundingBox.contains(CGRect(x: -1e9, y: -1e9, width: 2e9, height: 2e9)))
    }
}
