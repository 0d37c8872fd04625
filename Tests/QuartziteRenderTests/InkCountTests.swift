import Foundation
import Testing
import Quartzite
import QuartziteRender

/// A frame's ink (`FrameTimings.inkPixels`): the pixels its draws wrote or blended, overdraw counted, against
/// the areas drawn.
@MainActor
@Suite(.serialized)
struct InkCountTests {
    /// The ink of one timed frame of `root` on a 200x100 canvas.
    func ink(of root: CALayer) throws -> Int? {
        let renderer = try HeadlessRenderer(size: CGSize(width: 200, height: 100))
        defer { renderer.close() }
        renderer.countsInk = true
        return try renderer.renderTimed(root, at: 0).inkPixels
    }

    func rectangle(_ frame: CGRect, alpha: CGFloat = 1) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: alpha)
        return layer
    }

    /// A pixel-aligned 100 x 50 rectangle inks its area and the one-pixel fringe that coverage
    /// antialiasing draws round every edge (at coverage 0 on a pixel-aligned edge): 102 x 52 pixels.
    @Test func aPixelAlignedRectangleInksItsAreaAndFringe() throws {
        let root = CALayer()
        root.addSublayer(rectangle(CGRect(x: 10, y: 20, width: 100, height: 50)))
        let counted = try ink(of: root)
        #expect(counted == 102 * 52, "\(String(describing: counted))")
    }

    /// The same translucent rectangle twice: every pixel of it counts twice.
    @Test func stackedRectanglesCountTheirOverdraw() throws {
        let root = CALayer()
        root.addSublayer(rectangle(CGRect(x: 10, y: 20, width: 100, height: 50), alpha: 0.5))
        root.addSublayer(rectangle(CGRect(x: 10, y: 20, width: 100, height: 50), alpha: 0.5))
        let counted = try ink(of: root)
        #expect(counted == 2 * 102 * 52, "\(String(describing: counted))")
    }

    /// An empty tree draws nothing (the clear is not ink); without counting there is no figure.
    @Test func aClearIsNoInkAndAnUncountedFrameHasNone() throws {
        #expect(try ink(of: CALayer()) == 0)
        let renderer = try HeadlessRenderer(size: CGSize(width: 20, height: 20))
        defer { renderer.close() }
        #expect(try renderer.renderTimed(rectangle(CGRect(x: 0, y: 0, width: 10, height: 10)), at: 0).inkPixels == nil)
    }
}

/// Seed 001's logo collapses to nothing for an instant every loop: a masked layer whose tree puts no ink
/// anywhere. Its offscreen groups must be tiny, not the whole canvas (they were: 27 ms frames at 1280x720).
@MainActor
@Suite(.serialized)
struct EmptyGroupRegressionTests {
    @Test func aMaskedLayerWithoutInkOpensNoCanvasSizedGroup() throws {
        let root = CALayer()
        let empty = CALayer()
        empty.frame = CGRect(x: 100, y: 50, width: 0, height: 0)
        empty.addSublayer(CALayer())
        let mask = CAShapeLayer()
        mask.path = CGPath(ellipseIn: CGRect(x: -20, y: -20, width: 40, height: 40), transform: nil)
        mask.fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        empty.mask = mask
        root.addSublayer(empty)
        let renderer = try HeadlessRenderer(size: CGSize(width: 200, height: 100))
        defer { renderer.close() }
        renderer.countsInk = true
        let ink = try #require(try renderer.renderTimed(root, at: 0).inkPixels)
        // A canvas-sized composite alone would be 20,000 pixels. The group's area is a pixel and its padding,
        // on the smallest surface (64 pixels a side): the mask's circle drawn there and the composite are under
        // two such surfaces.
        #expect(ink < 2 * 64 * 64, "\(ink)")
        let b = try renderer.render(root, at: 1.0 / 60)
        #expect(b.pixel(x: 100, y: 50) == rgba(0, 0, 0, 0))
    }
}

/// A gradient, picture or filled outline that lies on pixel edges has no antialiasing fringe (its coverage is
/// exactly 1 inside and 0 outside); off them it keeps one. A picture drawn texel for pixel is sampled nearest,
/// which gives each pixel its texel, as bilinear filtering at texel centres does.
@MainActor
@Suite(.serialized)
struct PixelEdgeContentTests {
    /// The ink of `layer` alone, as `InkCountTests` counts it.
    func ink(of layer: CALayer) throws -> Int? {
        let root = CALayer()
        root.addSublayer(layer)
        return try InkCountTests().ink(of: root)
    }

    func gradient(_ frame: CGRect) -> CAGradientLayer {
        let layer = CAGradientLayer()
        layer.frame = frame
        layer.colors = [CGColor(red: 0, green: 0, blue: 1, alpha: 1), CGColor(red: 1, green: 1, blue: 1, alpha: 1)]
        return layer
    }

    @Test func aGradientOnPixelEdgesInksItsAreaOnly() throws {
        #expect(try ink(of: gradient(CGRect(x: 10, y: 20, width: 100, height: 50))) == 100 * 50)
        // Half a pixel off: the fringe's ring (a pixel each side) draws too.
        #expect(try ink(of: gradient(CGRect(x: 10.5, y: 20, width: 100, height: 50))) ?? 0 > 100 * 50)
    }

    @Test func aPictureOnPixelEdgesInksItsAreaOnly() throws {
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        layer.contents = try CGImage(width: 2, height: 2, premultipliedRGBA: [UInt8](repeating: 255, count: 16))
        #expect(try ink(of: layer) == 100 * 50)
    }

    /// A shape layer filling two rectangles of whole pixels (an L of 30 x 10 and 10 x 20, 500 pixels) inks
    /// exactly them; moved by a quarter pixel it keeps its fringe.
    @Test func aFillOnPixelEdgesInksItsAreaOnly() throws {
        func shape(at x: CGFloat) -> CAShapeLayer {
            let layer = CAShapeLayer()
            layer.frame = CGRect(x: x, y: 20, width: 60, height: 40)
            let path = CGMutablePath()
            path.addRects([CGRect(x: 0, y: 0, width: 30, height: 10), CGRect(x: 0, y: 10, width: 10, height: 20)])
            layer.path = path
            layer.fillColor = CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 0.5)
            return layer
        }
        #expect(try ink(of: shape(at: 10)) == 500)
        #expect(try ink(of: shape(at: 10.25)) ?? 0 > 500)
    }

    /// The commands of one frame of `layer` on a 200 x 100 canvas at `scale` pixels a point.
    func commands(_ layer: CALayer, scale: CGFloat = 1) -> [DisplayCommand] {
        let root = CALayer()
        root.addSublayer(layer)
        let compositor = Compositor(canvasSize: CGSize(width: 200, height: 100), contentScale: scale)
        compositor.coverageAntialiasing = true
        return compositor.build(Evaluator.presentationTree(of: root, at: 0)).commands
    }

    func samplings(_ commands: [DisplayCommand]) -> [ImageSampling] {
        commands.compactMap { if case .image(_, _, _, _, let sampling, _) = $0 { sampling } else { nil } }
    }

    /// A 3 x 2 picture of six colours shown at its size on whole pixels: nearest sampling, and each pixel is
    /// its texel. Scaled, off pixel edges or asking for another part, it keeps the layer's filters.
    @Test func aPictureTexelForPixelSamplesNearest() throws {
        let texels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255,
                               255, 255, 0, 255, 0, 255, 255, 255, 255, 0, 255, 255]
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 20, width: 3, height: 2)
        layer.contents = try CGImage(width: 3, height: 2, premultipliedRGBA: texels)
        #expect(samplings(commands(layer)) == [.nearest])
        let root = CALayer()
        root.addSublayer(layer)
        let renderer = try HeadlessRenderer(size: CGSize(width: 200, height: 100))
        defer { renderer.close() }
        let bitmap = try renderer.render(root, at: 0)
        for y in 0..<2 {
            for x in 0..<3 {
                let i = (y * 3 + x) * 4
                #expect(bitmap.pixel(x: 10 + x, y: 20 + y) == SIMD4(texels[i], texels[i + 1], texels[i + 2], 255))
            }
        }
        #expect(samplings(commands(layer, scale: 2)) == [.linear], "two pixels a texel")
        func change(_ body: () -> Void) {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            body()
            CATransaction.commit()
        }
        change { layer.frame = CGRect(x: 10.5, y: 20, width: 3, height: 2) }
        #expect(samplings(commands(layer)).allSatisfy { $0 == .linear }, "off pixel edges")
        change {
            layer.frame = CGRect(x: 10, y: 20, width: 3, height: 2)
            layer.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 1)
        }
        #expect(samplings(commands(layer)) == [.linear], "part of the image")
    }
}
