import Foundation
import Testing
import Quartzite
import QuartziteRender

/// An opaque picture that stays put at canvas level is kept at its size on the canvas after
/// `StableRasters.stableFrames` frames and then copied there: the pixels are the ones the picture drawn
/// directly gives.
@MainActor
@Suite(.serialized)
struct PictureRasterTests {
    /// An 8 x 6 picture of distinct colours, its last pixel's alpha `lastAlpha`.
    func picture(lastAlpha: UInt8 = 255) throws -> CGImage {
        var bytes: [UInt8] = []
        for i in 0..<48 { bytes += [UInt8(i * 5), UInt8(255 - i * 5), UInt8(i * 37 % 256), 255] }
        if lastAlpha < 255 { bytes.replaceSubrange(188..<192, with: [0, 0, 0, lastAlpha]) }
        return try CGImage(width: 8, height: 6, premultipliedRGBA: bytes)
    }

    /// A red 120 x 80 canvas with the picture stretched over `frame`.
    func scene(_ image: CGImage, frame: CGRect, opacity: Float = 1) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 120, height: 80)
        root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let layer = CALayer()
        layer.frame = frame
        layer.contents = image
        layer.opacity = opacity
        root.addSublayer(layer)
        return root
    }

    /// Frames 1 and 6 of `root` (6 shown from the raster when there is one), and the rasters copied.
    func firstAndSixth(_ root: CALayer) throws -> (Bitmap, Bitmap, copies: Int) {
        let renderer = try HeadlessRenderer(size: CGSize(width: 120, height: 80))
        defer { renderer.close() }
        renderer.skipsUnchangedFrames = false
        let first = try renderer.render(root, at: 0)
        for i in 1..<5 { _ = try renderer.render(root, at: Double(i) / 60) }
        return (first, try renderer.render(root, at: 5.0 / 60), renderer.rasterCopies)
    }

    /// Stretched by uneven factors (bilinear magnification, texels between pixel centres): frame 3 draws it
    /// and keeps what it drew, frames 4 to 6 are copies, with the direct draw's pixels.
    @Test func aPictureThatStaysPutIsCopiedWithTheSamePixels() throws {
        let (first, sixth, copies) = try firstAndSixth(scene(picture(), frame: CGRect(x: 10, y: 7, width: 71, height: 50)))
        #expect(copies == 3)
        #expect(first == sixth)
        #expect(sixth.pixel(x: 9, y: 30) == SIMD4(255, 0, 0, 255))
        #expect(sixth.pixel(x: 10, y: 30) != SIMD4(255, 0, 0, 255))
        #expect(sixth.pixel(x: 80, y: 56) != SIMD4(255, 0, 0, 255))
        #expect(sixth.pixel(x: 81, y: 56) == SIMD4(255, 0, 0, 255))
        #expect(sixth.pixel(x: 80, y: 57) == SIMD4(255, 0, 0, 255))
    }

    /// Off whole pixels the picture's edges take a coverage fringe, which a raster of whole pixels would not
    /// hold: it is drawn every frame.
    @Test func aPictureOffWholePixelsIsDrawn() throws {
        let (first, sixth, copies) = try firstAndSixth(scene(picture(), frame: CGRect(x: 10.3, y: 7.8, width: 70.4, height: 50.1)))
        #expect(copies == 0)
        #expect(first == sixth)
    }

    /// A picture with a transparent pixel, or at half opacity, lets the background through: always drawn.
    @Test func whatLetsTheBackgroundThroughIsDrawn() throws {
        let frame = CGRect(x: 10, y: 8, width: 64, height: 48)
        let holed = try firstAndSixth(scene(picture(lastAlpha: 0), frame: frame))
        #expect(holed.copies == 0)
        #expect(holed.0 == holed.1)
        let faded = try firstAndSixth(scene(picture(), frame: frame, opacity: 0.5))
        #expect(faded.copies == 0)
        #expect(faded.0 == faded.1)
    }

    /// The pixels whose centres lie inside, from the closed form: columns ceil(minX - 0.5) to
    /// floor(maxX - 0.5), rows likewise, cut to the target.
    @Test func theRasterHoldsThePixelsWhoseCentresTheQuadCovers() {
        let target = PixelBox(x: 0, y: 0, width: 100, height: 100)
        #expect(Compositor.sampledBox(CGRect(x: 10.2, y: 5.7, width: 10.6, height: 9.6), within: target)
                == PixelBox(x: 10, y: 6, width: 11, height: 9))
        #expect(Compositor.sampledBox(CGRect(x: -20, y: -20, width: 200, height: 60), within: target)
                == PixelBox(x: 0, y: 0, width: 100, height: 40))
        #expect(Compositor.sampledBox(CGRect(x: 10.5, y: 5, width: 10, height: 10), within: target) == nil,
                "an edge on a pixel centre: the rasteriser's tie rule decides")
        #expect(Compositor.sampledBox(CGRect(x: 200, y: 5, width: 10, height: 10), within: target) == nil)
    }

    /// A raster that cannot be made (out of memory): the frame that tried drew the picture anyway, and from
    /// the next frame on it is drawn directly.
    @Test func aRasterThatCannotBeMadeFallsBackToDrawing() throws {
        let root = scene(try picture(), frame: CGRect(x: 10, y: 7, width: 71, height: 50))
        let renderer = try HeadlessRenderer(size: CGSize(width: 120, height: 80))
        defer { renderer.close() }
        renderer.skipsUnchangedFrames = false
        renderer.failsRasters = true
        let frames = try (0..<6).map { try renderer.render(root, at: Double($0) / 60) }
        #expect(renderer.rasterCopies == 0)
        #expect(frames[3] == frames[0])
        #expect(frames[5] == frames[0])
        #expect(frames[2] == frames[0])
    }

    /// A clip that cuts the picture leaves part of it undrawn on the canvas, so the canvas cannot be kept as
    /// its raster: drawn directly every frame, the same pixels.
    @Test func aPictureCutByAClipIsDrawnDirectly() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 120, height: 80)
        root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let clip = CALayer()
        clip.frame = CGRect(x: 20, y: 10, width: 50, height: 40)
        clip.masksToBounds = true
        let layer = CALayer()
        layer.frame = CGRect(x: -10, y: -3, width: 71, height: 50)
        layer.contents = try picture()
        clip.addSublayer(layer)
        root.addSublayer(clip)
        let (first, sixth, copies) = try firstAndSixth(root)
        #expect(copies == 0)
        #expect(first == sixth)
        #expect(sixth.pixel(x: 19, y: 30) == SIMD4(255, 0, 0, 255))
        #expect(sixth.pixel(x: 20, y: 30) != SIMD4(255, 0, 0, 255))
    }

    /// A `shouldRasterize` layer whose bitmap cannot be made is drawn directly from the next frame on.
    @Test func aRasterizedLayerWhoseBitmapCannotBeMadeIsDrawnDirectly() throws {
        func root(rasterized: Bool) -> CALayer {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 120, height: 80)
            root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            let layer = CALayer()
            layer.frame = CGRect(x: 20, y: 10, width: 60, height: 40)
            layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            layer.cornerRadius = 8
            layer.shouldRasterize = rasterized
            root.addSublayer(layer)
            return root
        }
        let direct = try HeadlessRenderer(size: CGSize(width: 120, height: 80))
        defer { direct.close() }
        let expected = try direct.render(root(rasterized: false), at: 0)
        let renderer = try HeadlessRenderer(size: CGSize(width: 120, height: 80))
        defer { renderer.close() }
        renderer.skipsUnchangedFrames = false
        renderer.failsRasters = true
        let rasterized = root(rasterized: true)
        let failed = try renderer.render(rasterized, at: 0)
        #expect(failed.pixel(x: 50, y: 30) == SIMD4(255, 0, 0, 255), "the frame that tried lacks the layer")
        #expect(try renderer.render(rasterized, at: 1.0 / 60) == expected)
        #expect(try renderer.render(rasterized, at: 2.0 / 60) == expected)
    }
}
