import Foundation
import Testing
import Quartzite
import QuartziteRender

/// PNG round trip and bad image files: clear errors, never a crash.
@MainActor
struct ImageDecodingTests {
    @Test func pngRoundTripKeepsPixels() throws {
        var bytes: [UInt8] = []
        for y in 0..<3 { for x in 0..<4 { bytes += [UInt8(x * 60), UInt8(y * 100), 200, 255] } }
        let bitmap = try #require(Bitmap(width: 4, height: 3, rgba: bytes))
        let image = try CGImage(imageData: try bitmap.pngData())
        #expect(image.width == 4 && image.height == 3)
        #expect(image.premultipliedRGBA == bytes)  // opaque: premultiplied equals straight
    }

    @Test func truncatedMissingAndNonImageFilesThrow() throws {
        var bytes: [UInt8] = []
        for _ in 0..<(16 * 16) { bytes += [10, 20, 30, 255] }
        let png = try #require(Bitmap(width: 16, height: 16, rgba: bytes)).pngData()
        #expect(throws: ImageError.self) { try CGImage(imageData: png.prefix(png.count / 2)) }
        #expect(throws: ImageError.self) { try CGImage(imageData: Data("hello".utf8)) }
        #expect(throws: ImageError.self) { try CGImage(imageData: Data([0xFF, 0xD8, 0xFF, 0x00, 0x12])) }
        #expect(throws: ImageError.self) { try CGImage(contentsOf: URL(fileURLWithPath: "/nonexistent/x.png")) }
    }
}
