import Foundation
import Testing
@testable import Quartzite

/// `endTransparencyLayer()` composites the layer "using the global alpha and shadow state of the context"
/// (Apple's documentation of `beginTransparencyLayer(auxiliaryInfo:)`), so a group casts one shadow; and, as
/// every drawing call, it leaves its result in the caller's memory.
@Suite struct TransparencyLayerShadowTests {
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// Two overlapping squares in a transparency layer cast one shadow of the shadow colour's alpha (0.5):
    /// 128 where their shadows overlap as where they do not (two separate shadows would give 191 there).
    @Test func aTransparencyLayerCastsOneShadow() throws {
        let context = try #require(CGTest.context(40, 40))
        context.setShadow(offset: CGSize(width: 10, height: -10), blur: 0,
                          color: CGColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        context.beginTransparencyLayer(auxiliaryInfo: nil)
        context.setFillColor(Self.blue)
        context.fill(CGRect(x: 0, y: 20, width: 15, height: 15))
        context.fill(CGRect(x: 8, y: 20, width: 15, height: 15))
        context.endTransparencyLayer()
        let pixels = CGTest.pixels(context)
        // y up: the squares cover rows 5..<20 from the top, their shadow x 10..<33 and rows 15..<30.
        #expect(CGTest.pixel(pixels, width: 40, x: 20, row: 25) == [128, 0, 0, 128])
        #expect(CGTest.pixel(pixels, width: 40, x: 12, row: 25) == [128, 0, 0, 128])
        #expect(CGTest.pixel(pixels, width: 40, x: 30, row: 12) == [0, 0, 0, 0])
        #expect(CGTest.pixel(pixels, width: 40, x: 5, row: 10) == [0, 0, 255, 255])
    }

    /// In the caller's memory in a layout cairo does not draw in (RGBA), a transparency layer's picture
    /// reaches the memory and stays there when the next call brings the memory in again.
    @Test func aTransparencyLayerReachesTheCallersMemory() {
        var memory = [UInt8](repeating: 0, count: 8 * 8 * 4)
        memory.withUnsafeMutableBytes { raw in
            guard let context = CGContext(data: raw.baseAddress, width: 8, height: 8, bitsPerComponent: 8, bytesPerRow: 32,
                                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGTest.rgbaInfo) else { return }
            context.beginTransparencyLayer(auxiliaryInfo: nil)
            context.setFillColor(Self.blue)
            context.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
            context.endTransparencyLayer()
            context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        }
        #expect(Array(memory[(3 * 8 + 3) * 4 ..< (3 * 8 + 3) * 4 + 4]) == [0, 0, 255, 255])
        #expect(Array(memory[(7 * 8) * 4 ..< (7 * 8) * 4 + 4]) == [255, 0, 0, 255])
    }
}
