import Foundation
import Testing
import Quartzite
@testable import QuartziteRender

/// Round strokes of straight segments drawn as capsules (CapsuleStroke.swift): cairo's pixels, each pixel
/// blended once where the stroke crosses or retraces itself, hairlines that keep their ink, and the cases that
/// must keep the tessellated path.
@MainActor
@Suite(.serialized)
struct CapsuleStrokeTests {
    let cairo = CairoComparisonTests()
    static let size = CairoComparisonTests.size

    /// A polyline that crosses itself twice, turns back sharply, retraces a segment, plus a dot (a subpath
    /// without length) and a closed triangle.
    nonisolated static func tangle() -> CGPath {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 12.3, y: 20.6))
        p.addLine(to: CGPoint(x: 110.4, y: 96.2))
        p.addLine(to: CGPoint(x: 20.8, y: 100.1))
        p.addLine(to: CGPoint(x: 96.5, y: 14.7))
        p.addLine(to: CGPoint(x: 60.2, y: 64.4))
        p.addLine(to: CGPoint(x: 96.5, y: 14.7))   // back along the last segment
        p.addLine(to: CGPoint(x: 116.0, y: 40.0))
        p.move(to: CGPoint(x: 30.5, y: 60.5))
        p.addLine(to: CGPoint(x: 30.5, y: 60.5))    // Core Animation's dot
        p.move(to: CGPoint(x: 70, y: 104))
        p.addLine(to: CGPoint(x: 100, y: 118))
        p.addLine(to: CGPoint(x: 64, y: 120))
        p.closeSubpath()
        return p
    }

    func layer(_ path: CGPath, width: CGFloat, color: CGColor) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.frame = CGRect(x: 0, y: 0, width: Self.size, height: Self.size)
        layer.path = path
        layer.fillColor = nil
        layer.strokeColor = color
        layer.lineWidth = width
        layer.lineCap = .round
        layer.lineJoin = .round
        return layer
    }

    func commands(_ layer: CALayer, coverage: Bool = true) -> [DisplayCommand] {
        let n = CGFloat(Self.size)
        let compositor = Compositor(canvasSize: CGSize(width: n, height: n), contentScale: 1)
        compositor.coverageAntialiasing = coverage
        return compositor.build(Evaluator.presentationTree(of: layer, at: 0)).commands
    }

    func isCapsules(_ c: DisplayCommand) -> Bool { if case .capsules = c { return true } else { return false } }

    /// Opaque and translucent (where a pixel blended twice would be darker than cairo's), upright and turned
    /// and scaled: cairo's stroke of the same path, drawn by one capsule command.
    @Test(arguments: [1.0, 0.5], [0.0, 30.0])
    func tangleMatchesCairo(alpha: Double, degrees: Double) throws {
        let color = CGColor(red: 0.9, green: 0.1, blue: 0.2, alpha: alpha)
        let shape = layer(Self.tangle(), width: 9, color: color)
        // Turned about the canvas centre and scaled by 0.8: the stroke is 7.2 pixels wide on screen.
        let angle = CGFloat(degrees) * .pi / 180
        let c = CGFloat(Self.size) / 2
        var place = CGAffineTransform(translationX: c, y: c).rotated(by: angle).scaledBy(x: 0.8, y: 0.8).translatedBy(x: -c, y: -c)
        shape.transform = CATransform3DScale(CATransform3DMakeRotation(angle, 0, 0, 1), 0.8, 0.8, 1)
        let placed = Self.tangle().copy(using: &place) ?? Self.tangle()
        try expectCairosStrokeBlendedOnce(shape, of: placed, width: 7.2, alpha: alpha, name: "\(alpha)-\(degrees)")
    }

    /// `shape` (stroked in red at `alpha`) shows cairo's stroke of `path` at `width` pixels over white, no
    /// pixel darker than the stroke's own colour over white (two blends would be), in one capsule command.
    func expectCairosStrokeBlendedOnce(_ shape: CAShapeLayer, of path: CGPath, width: CGFloat, alpha: Double,
                                       name: String) throws {
        let color = CGColor(red: 0.9, green: 0.1, blue: 0.2, alpha: alpha)
        let reference = CairoReference.render(path, paint: .stroke(StrokeStyle(lineWidth: width, lineCap: .round, lineJoin: .round)),
                                              color: color, background: .white, width: Self.size, height: Self.size)
        let bitmap = try cairo.ours(shape, samples: 1)
        let paint = SIMD4<UInt8>(UInt8((255 * (1 - alpha) + 230 * alpha).rounded()), UInt8((255 * (1 - alpha) + 26 * alpha).rounded()),
                                 UInt8((255 * (1 - alpha) + 51 * alpha).rounded()), 255)
        let result = cairo.compare(bitmap, reference, paint: paint, background: rgba(255, 255, 255))
        if result.meanDifference >= 0.5 || result.offEdgeOutliers > 0 { keepForInspection(bitmap, "capsules-\(name)") }
        #expect(result.meanDifference < 0.5 && result.offEdgeOutliers == 0, "\(name): \(result)")
        var darker = 0
        for i in stride(from: 0, to: bitmap.rgba.count, by: 4) where Int(bitmap.rgba[i + 1]) < Int(paint.y) - 3 { darker += 1 }
        #expect(darker == 0, "\(name): \(darker) pixels blended more than once")
        #expect(commands(shape).filter(isCapsules).count == 1 && commands(shape).count == 1, "\(name)")
    }

    /// Capsules measure in the pixels of the target they are drawn into: inside a `shouldRasterize` bitmap,
    /// and inside an offscreen group that covers only part of the canvas (a rounded masksToBounds clip,
    /// an alpha mask under coverage antialiasing, whose surface starts at the container's corner). Both show
    /// cairo's stroke.
    @Test(arguments: ["raster", "clipped group"])
    func capsulesInOtherTargetsMatchCairo(kind: String) throws {
        let red = CGColor(red: 0.9, green: 0.1, blue: 0.2, alpha: 1)
        // In the group, a smaller tangle in the top right, so the group's surface is offset both ways.
        var small = CGAffineTransform(translationX: 70, y: 4).scaledBy(x: 0.4, y: 0.4)
        let path = kind == "raster" ? Self.tangle() : Self.tangle().copy(using: &small) ?? Self.tangle()
        let width: CGFloat = kind == "raster" ? 9 : 4
        let shape = layer(path, width: width, color: red)
        var top: CALayer = shape
        if kind == "raster" {
            shape.shouldRasterize = true
        } else {
            // The container reaches past the stroke, so the clip cuts nothing.
            let container = CALayer()
            container.frame = CGRect(x: 60, y: 3, width: 64, height: 55)
            container.cornerRadius = 2
            container.masksToBounds = true
            shape.frame = CGRect(x: -60, y: -3, width: Self.size, height: Self.size)
            container.addSublayer(shape)
            top = container
        }
        let reference = CairoReference.render(path, paint: .stroke(StrokeStyle(lineWidth: width, lineCap: .round, lineJoin: .round)),
                                              color: red, background: .white, width: Self.size, height: Self.size)
        let bitmap = try cairo.ours(top, samples: 1)
        let result = cairo.compare(bitmap, reference, paint: SIMD4(230, 26, 51, 255), background: rgba(255, 255, 255))
        if result.meanDifference >= 0.5 || result.offEdgeOutliers > 0 { keepForInspection(bitmap, "capsules-\(kind)") }
        #expect(result.meanDifference < 0.5 && result.offEdgeOutliers == 0, "\(kind): \(result)")
        #expect(commands(top).contains(where: isCapsules), "\(kind)")
    }

    /// A horizontal hairline 0.25 pixels wide fades rather than vanishing: its ink (the sum of coverage) is its
    /// area, length x width plus the round caps' disc, within 5 %.
    @Test func hairlineKeepsItsInk() throws {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 20, y: 64.3))
        path.addLine(to: CGPoint(x: 108, y: 64.3))
        let width: CGFloat = 0.25
        let bitmap = try cairo.ours(layer(path, width: width, color: .black), samples: 1)
        var ink = 0.0
        for i in stride(from: 0, to: bitmap.rgba.count, by: 4) { ink += Double(255 - Int(bitmap.rgba[i])) / 255 }
        let area = 88 * Double(width) + Double.pi * Double(width * width) / 4
        #expect(abs(ink - area) < 0.05 * area, "ink \(ink), area \(area)")
    }

    /// Capsules describe only round caps with round joins, without dashes or trims, and only under coverage
    /// antialiasing; everything else keeps the tessellated stroke.
    @Test func otherStrokesKeepTheirMesh() {
        let zigzag = CairoComparisonTests.zigzag()
        func uses(_ configure: (CAShapeLayer) -> Void, coverage: Bool = true) -> Bool {
            let shape = layer(zigzag, width: 8, color: .black)
            configure(shape)
            return commands(shape, coverage: coverage).contains(where: isCapsules)
        }
        #expect(uses { _ in })
        #expect(!uses({ _ in }, coverage: false))
        #expect(!uses { $0.lineCap = .butt })
        #expect(!uses { $0.lineJoin = .miter })
        #expect(!uses { $0.lineDashPattern = [4, 2] })
        #expect(!uses { $0.strokeEnd = 0.5 })
        #expect(!uses { $0.strokeStart = 0.1 })
        #expect(!uses { $0.transform = CATransform3DMakeScale(2, 1, 1) })
        #expect(!uses { var t = CATransform3DIdentity; t.m34 = -1 / 500; $0.transform = CATransform3DRotate(t, 0.5, 0, 1, 0) })
        // More segments than a pixel should measure: the mesh.
        let many = CGMutablePath()
        many.move(to: .zero)
        for i in 1...(CapsuleStroke.maxSegments + 1) { many.addLine(to: CGPoint(x: i * 3, y: (i % 2) * 10)) }
        #expect(!uses { $0.path = many })
        // Placed beyond Float's range.
        #expect(!uses { $0.transform = CATransform3DMakeScale(1e38, 1e38, 1) })
        #expect(!uses { $0.lineWidth = 1e39 })
        let nan = CGMutablePath()
        nan.move(to: .zero)
        nan.addLine(to: CGPoint(x: CGFloat.nan, y: 4))
        #expect(!uses { $0.path = nan })
    }

    /// Segments of a closed subpath include the closing one; a subpath without length is one dot.
    @Test func segmentsOfClosedAndEmptySubpaths() throws {
        let style = StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .round)
        let triangle = CGMutablePath()
        triangle.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 0, y: 10)])
        triangle.closeSubpath()
        let segments = try #require(CapsuleStroke.segments(of: triangle, style: style, tolerance: 0.1))
        #expect(segments == [SIMD4(0, 0, 10, 0), SIMD4(10, 0, 0, 10), SIMD4(0, 10, 0, 0)])
        let dot = CGMutablePath()
        dot.move(to: CGPoint(x: 5, y: 6))
        dot.addLine(to: CGPoint(x: 5, y: 6))
        #expect(CapsuleStroke.segments(of: dot, style: style, tolerance: 0.1) == [SIMD4(5, 6, 5, 6)])
    }

    /// The distance between segments: 0 where they cross, the gap between parallel ones, an end's distance.
    @Test func segmentDistance() {
        #expect(CapsuleStroke.distance(SIMD4(0, 0, 10, 10), SIMD4(0, 10, 10, 0)) == 0)
        #expect(CapsuleStroke.distance(SIMD4(0, 0, 10, 0), SIMD4(0, 3, 10, 3)) == 3)
        #expect(abs(CapsuleStroke.distance(SIMD4(0, 0, 10, 0), SIMD4(13, 4, 20, 4)) - 5) < 1e-6)
        #expect(abs(CapsuleStroke.distance(SIMD4(0, 0, 10, 0), SIMD4(5, 2, 5, 9)) - 2) < 1e-6)
    }

    /// Nearness is distance below the limit, whether or not the bounding boxes reject early: parallel
    /// segments 3 apart, crossing ones, ends 5 apart diagonally (3-4-5), and boxes 10 apart in x.
    @Test func segmentNearness() {
        #expect(CapsuleStroke.isNear(SIMD4(0, 0, 10, 0), SIMD4(0, 3, 10, 3), within: 3.5))
        #expect(!CapsuleStroke.isNear(SIMD4(0, 0, 10, 0), SIMD4(0, 3, 10, 3), within: 3))
        #expect(CapsuleStroke.isNear(SIMD4(0, 0, 10, 10), SIMD4(0, 10, 10, 0), within: 0.1))
        #expect(CapsuleStroke.isNear(SIMD4(0, 0, 10, 0), SIMD4(13, 4, 20, 4), within: 5.1))
        #expect(!CapsuleStroke.isNear(SIMD4(0, 0, 10, 0), SIMD4(13, 4, 20, 4), within: 4.9))
        #expect(!CapsuleStroke.isNear(SIMD4(0, 0, 10, 0), SIMD4(20, 0, 30, 0), within: 10))
        #expect(CapsuleStroke.isNear(SIMD4(30, 0, 20, 0), SIMD4(10, 0, 0, 0), within: 10.5))
    }

    /// A wave of 64 segments (past the bitmask's 32: its near pairs come from the sweep), each segment near
    /// four others, so every list runs past the four entries a vertex carries: translucent, cairo's stroke,
    /// each pixel blended once, one capsule command.
    @Test func aLongWaveMatchesCairo() throws {
        let points = (0...64).map { i in CGPoint(x: 0.5 + Double(i) * 1.9, y: 64 + 30 * sin(Double(i) * 0.21)) }
        let wave = CGMutablePath()
        wave.addLines(between: points)
        let shape = layer(wave, width: 4, color: CGColor(red: 0.9, green: 0.1, blue: 0.2, alpha: 0.5))
        try expectCairosStrokeBlendedOnce(shape, of: wave, width: 4, alpha: 0.5, name: "wave")
        let placed = zip(points, points.dropFirst()).map { a, b in
            SIMD4(Float(a.x), Float(a.y), Float(b.x), Float(b.y))
        }
        let lists = try #require(CapsuleLists(placed, reach: 2.51))
        #expect(lists.overflow > 0)
    }

    /// A long stroke whose segments crowd one place (a scribble of 300 segments inside 12 x 12 points: every
    /// list would hold nearly every segment) keeps the mesh.
    @Test func aLongStrokeCrowdingOnePlaceKeepsTheMesh() {
        let scribble = CGMutablePath()
        scribble.move(to: CGPoint(x: 50, y: 50))
        for i in 1...300 { scribble.addLine(to: CGPoint(x: 50 + Double((i * 7) % 13), y: 50 + Double((i * 5) % 11))) }
        let shape = layer(scribble, width: 3, color: .black)
        #expect(!commands(shape).contains(where: isCapsules))
        #expect(!commands(shape).isEmpty)
    }

    /// The sweep finds exactly the pairs that measuring every pair finds, over random long strokes.
    @Test func theSweepFindsEveryNearPair() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Float {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(state >> 40) / Float(1 << 24)
        }
        for round in 0..<20 {
            let count = 40 + round * 7
            let placed = (0..<count).map { _ -> SIMD4<Float> in
                let a = SIMD2(next() * 200, next() * 150)
                return SIMD4(lowHalf: a, highHalf: SIMD2(next() * 200, next() * 150))
            }
            let limit: Float = 6 + Float(round)
            let found = SweptNearness(placed, within: limit, testsPerSegment: count, pairsPerSegment: count,
                                      maxNeighbours: count)
            let swept = try #require(found)
            for i in placed.indices {
                let expected = placed.indices.filter { $0 != i && CapsuleStroke.isNear(placed[i], placed[$0], within: limit) }
                #expect(Array(swept.neighbours(of: i)) == expected, "round \(round), segment \(i)")
            }
        }
        // Budgets: a stroke needing more measuring, more pairs, or more neighbours for one segment than
        // allowed gets none.
        let crowded = (0..<50).map { i in SIMD4<Float>(Float(i % 3), 0, Float(i % 3) + 1, 1) }
        #expect(SweptNearness(crowded, within: 4, testsPerSegment: 2, pairsPerSegment: 100, maxNeighbours: 100) == nil)
        #expect(SweptNearness(crowded, within: 4, testsPerSegment: 100, pairsPerSegment: 2, maxNeighbours: 100) == nil)
        #expect(SweptNearness(crowded, within: 4, testsPerSegment: 100, pairsPerSegment: 100, maxNeighbours: 10) == nil)
    }

    /// The sweep stops where `isNear` rejects, by the same subtraction: segments 1 apart in x, measured within
    /// 1 + 2^-23, where 3 + limit rounds to 4 (an addition would stop the sweep before a near pair).
    @Test func theSweepStopsByIsNearsOwnTest() throws {
        let limit: Float = 1 + .ulpOfOne
        let a = SIMD4<Float>(2, 0, 3, 0), b = SIMD4<Float>(4, 0, 5, 0)
        #expect(CapsuleStroke.isNear(a, b, within: limit))
        let swept = try #require(SweptNearness([a, b], within: limit, testsPerSegment: 4, pairsPerSegment: 4,
                                               maxNeighbours: 4))
        #expect(Array(swept.neighbours(of: 0)) == [1])
    }

    /// A narrow wave on its side (250 segments within 2 points in x: swept along x, each would be measured
    /// against a hundred or more, past the 64 a segment the budget allows) sweeps along y and keeps its
    /// capsules.
    @Test func anUprightWaveKeepsItsCapsules() {
        let points = (0...250).map { i in CGPoint(x: 64 + sin(Double(i) * 0.05), y: 0.5 + Double(i) * 0.5) }
        let wave = CGMutablePath()
        wave.addLines(between: points)
        #expect(commands(layer(wave, width: 0.5, color: .black)).contains(where: isCapsules))
    }

    /// A frame's segment lists fit the driver's texture buffer: two texels an entry, never less than OpenGL
    /// 3.3's guaranteed 65,536 texels, never more than 2^20 texels.
    @Test func theSegmentBudgetFollowsTheDriversTextureBuffer() {
        #expect(CapsuleStroke.entriesPerFrame(texels: 0) == 32_768)
        #expect(CapsuleStroke.entriesPerFrame(texels: 65_536) == 32_768)
        #expect(CapsuleStroke.entriesPerFrame(texels: 200_000) == 100_000)
        #expect(CapsuleStroke.entriesPerFrame(texels: 1 << 27) == 1 << 19)
    }
}
