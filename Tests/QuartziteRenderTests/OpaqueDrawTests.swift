import Foundation
import Testing
import Quartzite
import QuartziteRender

/// An opaque picture at full opacity is drawn without blending (it replaces what is below); anything that
/// lets the background through (a transparent texel, opacity under 1) still blends. The pixels are the ones
/// source-over gives either way.
@MainActor
@Suite(.serialized)
struct OpaqueDrawTests {
    /// A 4 x 4 picture of (40, 80, 160), its last pixel's alpha `lastAlpha` (premultiplied: transparent
    /// black when 0).
    func picture(lastAlpha: UInt8 = 255) throws -> CGImage {
        var bytes = [UInt8](repeating: 0, count: 16).flatMap { _ in [40, 80, 160, 255] as [UInt8] }
        if lastAlpha < 255 { bytes.replaceSubrange(60..<64, with: [0, 0, 0, lastAlpha]) }
        return try CGImage(width: 4, height: 4, premultipliedRGBA: bytes)
    }

    @Test func everyAlphaFullMakesAnImageOpaque() throws {
        #expect(try picture().isOpaque)
        #expect(try !picture(lastAlpha: 254).isOpaque)
        #expect(try !picture(lastAlpha: 0).isOpaque)
        // Past the first run of 1,024 pixels the scan still finds a transparent one.
        var long = [UInt8](repeating: 255, count: 3000 * 4)
        long[2999 * 4 + 3] = 0
        #expect(try !CGImage(width: 3000, height: 1, premultipliedRGBA: long).isOpaque)
        #expect(try CGImage(width: 3000, height: 1, premultipliedRGBA: [UInt8](repeating: 255, count: 3000 * 4)).isOpaque)
    }

    /// Draws the 4 x 4 picture, at `opacity`, texel for pixel at (2, 2) of a red 8 x 8 canvas.
    func render(_ image: CGImage, opacity: Float) throws -> Bitmap {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
        root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let layer = CALayer()
        layer.frame = CGRect(x: 2, y: 2, width: 4, height: 4)
        layer.contents = image
        layer.opacity = opacity
        root.addSublayer(layer)
        let renderer = try HeadlessRenderer(size: CGSize(width: 8, height: 8))
        defer { renderer.close() }
        return try renderer.render(root, at: 0)
    }

    @Test func anOpaquePictureReplacesWhatIsBelow() throws {
        let b = try render(picture(), opacity: 1)
        #expect(b.pixel(x: 2, y: 2) == rgba(40, 80, 160))
        #expect(b.pixel(x: 5, y: 5) == rgba(40, 80, 160))
        #expect(b.pixel(x: 1, y: 1) == rgba(255, 0, 0))
        #expect(b.pixel(x: 6, y: 6) == rgba(255, 0, 0))
    }

    /// A transparent texel shows the red below (drawn without blending it would punch a hole); half opacity
    /// gives half of each, 0.5 x (40, 80, 160) + 0.5 x (255, 0, 0), within a level of rounding.
    @Test func whatLetsTheBackgroundThroughStillBlends() throws {
        let holed = try render(picture(lastAlpha: 0), opacity: 1)
        #expect(holed.pixel(x: 5, y: 5) == rgba(255, 0, 0))
        #expect(holed.pixel(x: 4, y: 5) == rgba(40, 80, 160))
        let half = try render(picture(), opacity: 0.5)
        #expect(maxChannelDifference(half.pixel(x: 3, y: 3), rgba(148, 40, 80)) <= 1)
    }
}
