import Foundation
import Testing
@testable import Quartzite

/// `CGImage.dataProvider` and images made from a data provider: the bytes read back are the pixels drawn or
/// given, in the image's own layout (`bytesPerRow`, `bitmapInfo`), as the `CFDataGetBytePtr` idiom reads them.
@Suite struct CGDataProviderTests {
    /// iOS's idiom: the provider's data, its byte pointer, and a pixel at y x bytesPerRow + x x 4.
    func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        let data = image.dataProvider?.data
        guard let bytes = CFDataGetBytePtr(data) else { return [] }
        let i = y * image.bytesPerRow + x * image.bitsPerPixel / 8
        return (0..<(image.bitsPerPixel / 8)).map { bytes[i + $0] }
    }

    /// A bitmap context's picture: red in the bottom-left 2 x 2 (y up), so rows 2 and 3 of 4 from the top,
    /// columns 0 and 1; the rest transparent. RGBA, premultiplied, width x 4 bytes a row.
    @Test func aContextsImageGivesThePixelsDrawn() throws {
        let ctx = try #require(CGTest.context(4, 4))
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        let image = try #require(ctx.makeImage())
        #expect(image.bytesPerRow == 16 && image.bitsPerPixel == 32 && image.alphaInfo == .premultipliedLast)
        #expect(CFDataGetLength(image.dataProvider?.data) == 64)
        for y in 0..<4 {
            for x in 0..<4 {
                #expect(pixel(image, x, y) == (x < 2 && y >= 2 ? [255, 0, 0, 255] : [0, 0, 0, 0]), "(\(x), \(y))")
            }
        }
        #expect(Data(try #require(image.dataProvider?.data)) == Data(image.premultipliedRGBA))
    }

    /// BGRA bytes (premultipliedFirst, 32-bit little-endian) with padded rows: the provider comes back as it
    /// was given, the layout is reported as made, and the picture holds the colours the bytes encode.
    @Test func anImageFromAProviderKeepsItsBytesAndLayout() throws {
        // Row 0: blue, green; row 1: red, half-transparent red (premultiplied 128, alpha 128); 4 bytes padding.
        let bytes: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 9, 9, 9, 9,
                              0, 0, 255, 255, 0, 0, 128, 128, 9, 9, 9, 9]
        let info = CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue).union(.byteOrder32Little)
        let provider = try #require(CGDataProvider(data: Data(bytes)))
        let image = try #require(CGImage(width: 2, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 12,
                                         space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info, provider: provider,
                                         decode: nil, shouldInterpolate: true, intent: .defaultIntent))
        #expect(image.dataProvider === provider && image.bytesPerRow == 12 && image.bitmapInfo == info)
        #expect(image.alphaInfo == .premultipliedFirst)
        #expect([UInt8](try #require(image.dataProvider?.data)) == bytes)
        #expect(pixel(image, 1, 1) == [0, 0, 128, 128])
        #expect(image.premultipliedRGBA == [0, 0, 255, 255, 0, 255, 0, 255, 255, 0, 0, 255, 128, 0, 0, 128])
    }

    /// Grey samples become grey pixels; straight alpha is multiplied in (255 x 128 / 255 = 128); skipped alpha
    /// is opaque; 24-bit RGB has no alpha.
    @Test func otherLayoutsReadAsTheirSamplesSay() throws {
        func make(_ bytes: [UInt8], _ w: Int, bpp: Int, _ space: CGColorSpace, _ alpha: CGImageAlphaInfo) -> CGImage? {
            guard let provider = CGDataProvider(data: Data(bytes)) else { return nil }
            return CGImage(width: w, height: 1, bitsPerComponent: 8, bitsPerPixel: bpp, bytesPerRow: w * bpp / 8,
                           space: space, bitmapInfo: CGBitmapInfo(rawValue: alpha.rawValue), provider: provider,
                           decode: nil, shouldInterpolate: false, intent: .defaultIntent)
        }
        let gray = try #require(make([0, 128, 255], 3, bpp: 8, CGColorSpaceCreateDeviceGray(), .none))
        #expect(gray.premultipliedRGBA == [0, 0, 0, 255, 128, 128, 128, 255, 255, 255, 255, 255])
        #expect(gray.bitsPerPixel == 8 && gray.colorSpace?.model == .monochrome && pixel(gray, 1, 0) == [128])
        let straight = try #require(make([255, 0, 0, 128], 1, bpp: 32, CGColorSpaceCreateDeviceRGB(), .last))
        #expect(straight.premultipliedRGBA == [128, 0, 0, 128])
        let skipped = try #require(make([7, 10, 20, 30], 1, bpp: 32, CGColorSpaceCreateDeviceRGB(), .noneSkipFirst))
        #expect(skipped.premultipliedRGBA == [10, 20, 30, 255])
        let rgb = try #require(make([10, 20, 30], 1, bpp: 24, CGColorSpaceCreateDeviceRGB(), .none))
        #expect(rgb.premultipliedRGBA == [10, 20, 30, 255])
        let grayAlpha = try #require(make([200, 128], 1, bpp: 16, CGColorSpaceCreateDeviceGray(), .last))
        #expect(grayAlpha.premultipliedRGBA == [100, 100, 100, 128])
    }

    /// Layouts and sizes that do not fit give nil, never a trap.
    @Test func badLayoutsGiveNil() throws {
        let provider = try #require(CGDataProvider(data: Data([UInt8](repeating: 255, count: 16))))
        let rgb = CGColorSpaceCreateDeviceRGB()
        let last = CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue)
        func image(_ w: Int, _ h: Int, bpc: Int = 8, bpp: Int = 32, rowBytes: Int, info: CGBitmapInfo? = nil) -> CGImage? {
            CGImage(width: w, height: h, bitsPerComponent: bpc, bitsPerPixel: bpp, bytesPerRow: rowBytes, space: rgb,
                    bitmapInfo: info ?? last, provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
        }
        #expect(image(2, 2, rowBytes: 8) != nil)
        #expect(image(2, 3, rowBytes: 8) == nil)            // 24 bytes needed, 16 given
        #expect(image(2, 2, rowBytes: 4) == nil)            // a row is 8 bytes
        #expect(image(2, 2, bpc: 16, rowBytes: 8) == nil)
        #expect(image(0, 2, rowBytes: 8) == nil)
        #expect(image(-1, 2, rowBytes: 8) == nil)
        #expect(image(1 << 40, 2, rowBytes: 8) == nil)
        #expect(image(2, 2, rowBytes: Int.max) == nil)
        #expect(image(2, 2, rowBytes: -8) == nil)
        #expect(image(2, 2, bpp: 24, rowBytes: 8) == nil)   // premultiplied alpha needs 32 bits
        #expect(image(2, 2, rowBytes: 8, info: last.union(.floatComponents)) == nil)
        #expect(image(2, 2, rowBytes: 8, info: CGBitmapInfo(rawValue: 31)) == nil)
        let empty = try #require(CGDataProvider(data: Data()))
        #expect(CFDataGetLength(empty.data) == 0 && CFDataGetBytePtr(empty.data) != nil)
        #expect(CFDataGetBytePtr(nil) == nil && CFDataGetLength(nil) == 0)
    }
}
