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

    /// An 8 x 8 JPEG (287 bytes) whose frame header is patched to claim 16384 x 16384 pixels: a gigabyte if
    /// decoded. Refused from the header, with the limit named, before anything is allocated.
    @Test func aJPEGWhoseHeaderClaimsAGigabyteIsRefusedFromTheHeader() throws {
        var bytes = ImageSamples.jpeg
        #expect(try CGImage(imageData: Data(bytes)).width == 8)
        let sof = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes.replaceSubrange(sof + 5..<sof + 9, with: [0x40, 0x00, 0x40, 0x00])
        #expect {
            _ = try CGImage(imageData: Data(bytes))
        } throws: { error in
            "\(error)".contains("claims 16384x16384 pixels, over the limit of 67108864 pixels")
        }
    }

    /// The same for a PNG whose header (its checksum mended) claims 16000 x 16000 pixels; and the limit is
    /// the caller's to set.
    @Test func aPNGOverThePixelLimitIsRefusedAndTheLimitIsConfigurable() throws {
        let tiny = try #require(Bitmap(width: 2, height: 2, rgba: [UInt8](repeating: 200, count: 16)))
        var bytes = [UInt8](try tiny.pngData())
        // IHDR's data starts after the 8-byte signature, the chunk length and its type (16 bytes in).
        bytes.replaceSubrange(16..<24, with: [0, 0, 0x3E, 0x80, 0, 0, 0x3E, 0x80])
        let crc = ImageSamples.crc32(bytes[12..<29])
        bytes.replaceSubrange(29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        #expect {
            _ = try CGImage(imageData: Data(bytes))
        } throws: { error in
            "\(error)".contains("claims 16000x16000 pixels, over the limit")
        }
        // (The global limit is not changed here: other suites decode images at the same time.)
        #expect(throws: ImageError.self) { _ = try CGImage(imageData: try tiny.pngData(), maximumPixelCount: 3) }
        #expect(try CGImage(imageData: try tiny.pngData(), maximumPixelCount: 4).width == 2)
        #expect(ImageDecodingLimits.maximumPixelCount == 8192 * 8192)
    }
}
