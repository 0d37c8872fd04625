import CCairo
import Foundation
import Testing
@testable import Quartzite

/// Bitmap contexts: where y-up drawing lands, the memory layout of each supported bitmapInfo, drawing that is
/// in the caller's memory as each call returns, and refused arguments.
@Suite struct CGContextBitmapTests {
    @Test func aFillAtTheOriginLandsInTheImagesBottomLeftCorner() throws {
        let ctx = try #require(CGTest.context(20, 10))
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        let image = try #require(ctx.makeImage())
        #expect(image.width == 20 && image.height == 10)
        let px = image.premultipliedRGBA
        #expect(CGTest.pixel(px, width: 20, x: 0, row: 9) == [255, 0, 0, 255])
        #expect(CGTest.pixel(px, width: 20, x: 4, row: 5) == [255, 0, 0, 255])
        #expect(CGTest.pixel(px, width: 20, x: 0, row: 4) == [0, 0, 0, 0])
        #expect(CGTest.pixel(px, width: 20, x: 5, row: 9) == [0, 0, 0, 0])
    }

    /// Each supported layout stores the premultiplied colour cairo makes of (0.8, 0.4, 0.2) at alpha 0.5 in the
    /// byte order Core Graphics documents: `order` lists which RGBA component each byte of the pixel holds.
    @Test(arguments: [
        (CGImageAlphaInfo.premultipliedLast.rawValue, [0, 1, 2, 3]),
        (CGImageAlphaInfo.premultipliedLast.rawValue | CGBitmapInfo.byteOrder32Big.rawValue, [0, 1, 2, 3]),
        (CGImageAlphaInfo.premultipliedLast.rawValue | CGBitmapInfo.byteOrder32Little.rawValue, [3, 2, 1, 0]),
        (CGImageAlphaInfo.premultipliedFirst.rawValue, [3, 0, 1, 2]),
        (CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Big.rawValue, [3, 0, 1, 2]),
        (CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue, [2, 1, 0, 3]),
    ] as [(UInt32, [Int])])
    func eachLayoutStoresTheDocumentedBytes(info: UInt32, order: [Int]) throws {
        let rgba = CGTest.cairo(1, 1) { cr in
            cairo_set_source_rgba(cr, 0.8, 0.4, 0.2, 0.5)
            cairo_paint(cr)
        }
        #expect(rgba[3] == 128 && rgba[0] == 102)
        var memory = [UInt8](repeating: 0, count: 4 * 2 * 2)
        try memory.withUnsafeMutableBytes { buffer in
            let ctx = try #require(CGContext(data: buffer.baseAddress, width: 2, height: 2, bitsPerComponent: 8,
                                             bytesPerRow: 8, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info))
            ctx.setFillColor(red: 0.8, green: 0.4, blue: 0.2, alpha: 0.5)
            ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            // Bottom-left pixel: memory row 1, column 0; in the caller's memory as the call returns.
            #expect(Array(buffer[8..<12]) == order.map { rgba[$0] })
            #expect(Array(buffer[0..<8]) == [0, 0, 0, 0, 0, 0, 0, 0])
            let image = try #require(ctx.makeImage())
            #expect(CGTest.pixel(image.premultipliedRGBA, width: 2, x: 0, row: 1) == rgba)
        }
    }

    @Test(arguments: [
        (CGImageAlphaInfo.noneSkipLast.rawValue, [204, 102, 51, 255]),
        (CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue, [51, 102, 204, 255]),
    ] as [(UInt32, [UInt8])])
    func opaqueLayoutsStoreColourAndAFullUnusedByte(info: UInt32, expected: [UInt8]) throws {
        let ctx = try #require(CGTest.context(1, 1, info: info))
        ctx.setFillColor(red: 0.8, green: 0.4, blue: 0.2, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let data = try #require(ctx.data)
        #expect((0..<4).map { data.load(fromByteOffset: $0, as: UInt8.self) } == expected)
        #expect(ctx.makeImage()?.premultipliedRGBA == [204, 102, 51, 255])
    }

    /// The caller's memory is read before each call: what the caller wrote stays where nothing is drawn.
    @Test func callerWritesBetweenCallsAreKept() throws {
        var memory = [UInt8](repeating: 0, count: 4 * 4 * 1)
        try memory.withUnsafeMutableBytes { buffer in
            let ctx = try #require(CGContext(data: buffer.baseAddress, width: 4, height: 1, bitsPerComponent: 8,
                                             bytesPerRow: 16, space: CGColorSpaceCreateDeviceRGB(),
                                             bitmapInfo: CGTest.rgbaInfo))
            for i in 0..<4 { buffer[i * 4 + 2] = 255; buffer[i * 4 + 3] = 255 }
            ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
            #expect(Array(buffer) == [255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255])
        }
    }

    /// A context's own memory, once handed out by `data`, keeps up with later drawing.
    @Test func ownedMemoryKeepsUpWithDrawing() throws {
        let ctx = try #require(CGTest.context(2, 1))
        let data = try #require(ctx.data)
        #expect(ctx.bytesPerRow == 8)
        ctx.setFillColor(gray: 1, alpha: 1)
        ctx.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        #expect((0..<8).map { data.load(fromByteOffset: $0, as: UInt8.self) } == [0, 0, 0, 0, 255, 255, 255, 255])
    }

    @Test func makeImageIsASnapshot() throws {
        let ctx = try #require(CGTest.context(1, 1))
        let before = try #require(ctx.makeImage())
        ctx.setFillColor(gray: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(before.premultipliedRGBA == [0, 0, 0, 0])
        #expect(ctx.makeImage()?.premultipliedRGBA == [255, 255, 255, 255])
    }

    @Test func unsupportedArgumentsGiveNil() {
        let rgb = CGColorSpaceCreateDeviceRGB()
        let info = CGTest.rgbaInfo
        func make(_ w: Int, _ h: Int, bits: Int = 8, row: Int = 0, space: CGColorSpace = rgb,
                  info: UInt32 = info) -> CGContext? {
            CGContext(data: nil, width: w, height: h, bitsPerComponent: bits, bytesPerRow: row, space: space,
                      bitmapInfo: info)
        }
        #expect(make(0, 10) == nil)
        #expect(make(-5, 10) == nil)
        #expect(make(10, 20000) == nil)
        #expect(make(10, 10, bits: 16) == nil)
        #expect(make(10, 10, space: CGColorSpaceCreateDeviceGray()) == nil)
        #expect(make(10, 10, info: CGImageAlphaInfo.last.rawValue) == nil)
        #expect(make(10, 10, info: CGImageAlphaInfo.alphaOnly.rawValue) == nil)
        #expect(make(10, 10, info: info | CGBitmapInfo.byteOrder16Little.rawValue) == nil)
        #expect(make(10, 10, info: info | CGBitmapInfo.floatComponents.rawValue) == nil)
        #expect(make(10, 10, row: 39) == nil)
        #expect(make(10, 10, row: Int.max / 2) == nil)
        #expect(make(16385, 1) == nil)
        #expect(Diagnostics.messages.contains { $0.hasPrefix("CGContext: unsupported parameter combination") })
    }

    @Test func colourSpacesByName() {
        #expect(CGColorSpace(name: CGColorSpace.sRGB)?.model == .rgb)
        #expect(CGColorSpace(name: CGColorSpace.displayP3) == CGColorSpaceCreateDeviceRGB())
        #expect(CGColorSpace(name: "no such space") == nil)
    }
}
