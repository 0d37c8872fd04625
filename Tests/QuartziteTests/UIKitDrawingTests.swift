import CCairo
import Foundation
import Testing
@testable import Quartzite

/// UIKit's drawing calls as UIKit code makes them: an image renderer's context (points, origin at the top
/// left, at the format's scale), the current context they draw into, and the images they give. Expected
/// pixels are worked out from the rectangles drawn.
@Suite(.serialized) struct UIKitDrawingTests {
    /// Pixel (x, y) of an image, rows top first, as RGBA.
    func pixel(_ image: CGImage?, _ x: Int, _ y: Int) -> [UInt8] {
        guard let image, x >= 0, y >= 0, x < image.width, y < image.height else { return [] }
        let i = (y * image.width + x) * 4
        return Array(image.premultipliedRGBA[i ..< i + 4])
    }

    func format(scale: CGFloat, opaque: Bool = false) -> UIGraphicsImageRendererFormat {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        format.opaque = opaque
        return format
    }

    @Test func aRendererDrawsInPointsFromTheTopLeftAtItsScale() {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 10), format: format(scale: 2))
        var inside: CGContext?
        let image = renderer.image { context in
            inside = UIGraphicsGetCurrentContext()
            #expect(inside === context.cgContext)
            UIColor.red.setFill()
            UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 5)).fill()
            UIColor.blue.setFill()
            context.fill(CGRect(x: 15, y: 5, width: 5, height: 5))
        }
        #expect(inside != nil && UIGraphicsGetCurrentContext() == nil)
        #expect(image.size == CGSize(width: 20, height: 10) && image.scale == 2)
        #expect(image.cgImage?.width == 40 && image.cgImage?.height == 20)
        #expect(pixel(image.cgImage, 0, 0) == [255, 0, 0, 255] && pixel(image.cgImage, 19, 9) == [255, 0, 0, 255])
        #expect(pixel(image.cgImage, 20, 0) == [0, 0, 0, 0] && pixel(image.cgImage, 0, 10) == [0, 0, 0, 0])
        #expect(pixel(image.cgImage, 30, 10) == [0, 0, 255, 255] && pixel(image.cgImage, 39, 19) == [0, 0, 255, 255])
        #expect(pixel(image.cgImage, 29, 19) == [0, 0, 0, 0])
    }

    @Test func opaqueImagesAreBlackWhereNothingIsDrawn() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: format(scale: 1, opaque: true))
            .image { _ in
                UIColor.green.setFill()
                UIBezierPath(rect: CGRect(x: 0, y: 0, width: 2, height: 4)).fill()
            }
        #expect(pixel(image.cgImage, 0, 0) == [0, 255, 0, 255])
        #expect(pixel(image.cgImage, 3, 3) == [0, 0, 0, 255])
    }

    /// A stroke of width 4 along y = 10 covers rows 8 through 11, in the stroke colour, with the path's width.
    @Test func pathsStrokeWithTheirOwnLineStyle() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20), format: format(scale: 1)).image { _ in
            UIColor.black.set()
            let line = UIBezierPath()
            line.move(to: CGPoint(x: 0, y: 10))
            line.addLine(to: CGPoint(x: 20, y: 10))
            line.lineWidth = 4
            line.stroke()
        }
        let column = (0..<20).map { pixel(image.cgImage, 10, $0)[3] }
        #expect(column == (0..<20).map { (8...11).contains($0) ? 255 : 0 })
    }

    /// `addClip` cuts later drawing to the path; the even-odd rule leaves a ring's hole empty.
    @Test func clipsAndFillRules() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20), format: format(scale: 1)).image { ctx in
            let ring = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20))
            ring.append(UIBezierPath(rect: CGRect(x: 5, y: 5, width: 10, height: 10)))
            ring.usesEvenOddFillRule = true
            ring.addClip()
            UIColor.red.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        }
        #expect(pixel(image.cgImage, 2, 2) == [255, 0, 0, 255])
        #expect(pixel(image.cgImage, 10, 10) == [0, 0, 0, 0])
    }

    /// An image drawn with `draw(in:)` stands upright in UIKit's coordinates: its top row at the top.
    @Test func imagesDrawUpright() throws {
        let source = try CGImage(width: 1, height: 2, premultipliedRGBA: [255, 0, 0, 255, 0, 0, 255, 255])
        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 8), format: format(scale: 1)).image { _ in
            UIImage(cgImage: source).draw(in: CGRect(x: 0, y: 0, width: 4, height: 8))
        }
        #expect(pixel(image.cgImage, 1, 1) == [255, 0, 0, 255])
        #expect(pixel(image.cgImage, 1, 6) == [0, 0, 255, 255])
        #expect(UIImage(cgImage: source, scale: 2, orientation: .right).size == CGSize(width: 1, height: 0.5))
    }

    @Test func theLegacyImageContextFunctions() {
        #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 3, height: 2), false, 3)
        UIColor.red.setFill()
        UIGraphicsGetCurrentContext()?.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let image = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
        #expect(image?.cgImage?.width == 9 && image?.cgImage?.height == 6 && image?.scale == 3)
        #expect(pixel(image?.cgImage, 2, 2) == [255, 0, 0, 255] && pixel(image?.cgImage, 3, 3) == [0, 0, 0, 0])
        UIGraphicsEndImageContext()
        #expect(Diagnostics.messages.contains { $0.contains("UIGraphicsEndImageContext: the current context is not") })
        UIGraphicsPopContext()
        #expect(Diagnostics.messages.contains { $0.contains("UIGraphicsPopContext: no context was pushed") })
    }

    @Test func sizesThatGiveNoBitmap() {
        for size in [CGSize.zero, CGSize(width: CGFloat.nan, height: 4), CGSize(width: 1e9, height: 1)] {
            let image = UIGraphicsImageRenderer(size: size, format: format(scale: 1)).image { _ in
                UIColor.red.setFill()
                UIBezierPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1)).fill()
            }
            #expect(image.cgImage == nil && image.size == .zero, "\(size)")
        }
        #expect(Diagnostics.messages.contains { $0.contains("UIGraphicsImageRenderer: a size of") })
        UIGraphicsBeginImageContextWithOptions(.zero, false, 1)
        #expect(UIGraphicsGetCurrentContext() == nil)
    }

    /// PNG bytes that cairo, reading them back on its own, finds the same pixels in.
    @Test func pngDataDecodesToTheSamePixels() throws {
        let source = try CGImage(width: 2, height: 1, premultipliedRGBA: [255, 0, 0, 255, 0, 0, 128, 128])
        let data = try #require(UIImage(cgImage: source).pngData())
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        var reader = (data: data, offset: 0)
        let surface = withUnsafeMutablePointer(to: &reader) { state in
            cairo_image_surface_create_from_png_stream({ closure, out, length in
                guard let closure, let out else { return CAIRO_STATUS_READ_ERROR }
                let state = closure.assumingMemoryBound(to: (data: Data, offset: Int).self)
                let n = Int(length)
                guard state.pointee.offset + n <= state.pointee.data.count else { return CAIRO_STATUS_READ_ERROR }
                state.pointee.data.copyBytes(to: out, from: state.pointee.offset ..< state.pointee.offset + n)
                state.pointee.offset += n
                return CAIRO_STATUS_SUCCESS
            }, state)
        }
        defer { cairo_surface_destroy(surface) }
        #expect(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS)
        #expect(cairo_image_surface_get_width(surface) == 2 && cairo_image_surface_get_height(surface) == 1)
        let pixels = try #require(cairo_image_surface_get_data(surface))
        // cairo's ARGB32 words, premultiplied: opaque red, then blue at half alpha.
        #expect((0..<2).map { UnsafeRawPointer(pixels).load(fromByteOffset: 4 * $0, as: UInt32.self) } == [0xFFFF_0000, 0x8000_0080])
        #expect(UIImage().pngData() == nil)
    }

    /// A tinted image is the colour wherever the image has alpha, times that alpha.
    @Test func tintingKeepsTheAlphaAndTakesTheColour() throws {
        let source = try CGImage(width: 3, height: 1, premultipliedRGBA: [255, 0, 0, 255, 0, 0, 0, 0, 0, 128, 0, 128])
        let tinted = UIImage(cgImage: source, scale: 2, orientation: .up).withTintColor(.blue)
        #expect(tinted.scale == 2)
        #expect(pixel(tinted.cgImage, 0, 0) == [0, 0, 255, 255])
        #expect(pixel(tinted.cgImage, 1, 0) == [0, 0, 0, 0])
        #expect(pixel(tinted.cgImage, 2, 0) == [0, 0, 128, 128])
    }

    /// A layer's `draw(in:)` that pushes its context draws with UIKit calls, as iOS code does.
    @Test func aLayerDrawsWithUIKitCallsAfterPushingItsContext() {
        final class Badge: CALayer, @unchecked Sendable {
            override func draw(in ctx: CGContext) {
                UIGraphicsPushContext(ctx)
                UIColor.red.setFill()
                UIBezierPath(ovalIn: bounds).fill()
                UIGraphicsPopContext()
            }
        }
        let badge = Badge()
        badge.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        badge.display()
        let contents = badge.contents as? CGImage
        #expect(pixel(contents, 5, 5) == [255, 0, 0, 255])
        #expect(pixel(contents, 0, 0) == [0, 0, 0, 0])
        #expect(UIGraphicsGetCurrentContext() == nil)
    }
}
