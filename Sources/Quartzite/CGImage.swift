import Foundation

/// A decoded bitmap image: 8-bit RGBA, premultiplied alpha, rows top to bottom. Decoding from PNG and JPEG is
/// `CGImage(contentsOf:)` and `CGImage(imageData:)` (ImageCoding/); this type is the value layers hold.
public final class CGImage: @unchecked Sendable, Equatable, Hashable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bits per colour component: 8, or an image mask's own (1, 2, 4 or 8).
    public var bitsPerComponent: Int { provided?.bitsPerComponent ?? 8 }
    /// Bytes from one row to the next in `dataProvider`'s data: width x 4, or what the image was made with
    /// from a data provider.
    public var bytesPerRow: Int { provided?.bytesPerRow ?? width * 4 }
    /// Premultiplied RGBA bytes, `width` x 4 a row, top row first (what drawing and the renderer read, whatever
    /// layout the image was made from).
    package let premultipliedRGBA: [UInt8]
    /// The provider and layout the image was made from (`CGImage(width:...provider:...)`); nil for an image made
    /// from premultiplied RGBA, whose layout is that.
    let provided: ProvidedBitmap?
    /// Whether every pixel's alpha is 255: drawn at full opacity, the image replaces what is below, so the
    /// renderer draws it without blending (on llvmpipe a third cheaper than blending over the target).
    package let isOpaque: Bool

    /// An image from premultiplied RGBA bytes. Throws when the size is empty or absurd (over 16384 pixels a
    /// side, larger than any GL texture here) or the byte count does not match it.
    public convenience init(width: Int, height: Int, premultipliedRGBA: [UInt8]) throws {
        try self.init(width: width, height: height, premultipliedRGBA: premultipliedRGBA, provided: nil)
    }

    /// An image from premultiplied RGBA bytes converted from `provided`'s layout, which it reports.
    init(width: Int, height: Int, premultipliedRGBA: [UInt8], provided: ProvidedBitmap?) throws {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw CGImageError.invalidSize("image size \(width)x\(height) is outside 1...16384 pixels a side")
        }
        guard premultipliedRGBA.count == width * height * 4 else {
            throw CGImageError.invalidSize("\(premultipliedRGBA.count) bytes do not make a \(width)x\(height) RGBA image")
        }
        self.width = width
        self.height = height
        self.premultipliedRGBA = premultipliedRGBA
        self.provided = provided
        self.isOpaque = Self.everyAlphaIsFull(premultipliedRGBA)
    }

    /// Whether every fourth byte (alpha) of `rgba` is 255. Checked a run of pixels at a time, so an image with
    /// a transparent pixel early (text, a layer's rounded drawing) stops at once, and an opaque one costs a
    /// pass the compiler vectorises.
    static func everyAlphaIsFull(_ rgba: [UInt8]) -> Bool {
        rgba.withUnsafeBytes { bytes in
            let pixels = bytes.count / 4, run = 1024
            var start = 0
            while start < pixels {
                let end = min(start + run, pixels)
                var all: UInt32 = 0xFFFF_FFFF
                for i in start..<end { all &= UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)) }
                if all & 0xFF00_0000 != 0xFF00_0000 { return false }
                start = end
            }
            return true
        }
    }

    /// Identity: two layers showing the same CGImage share one texture.
    public static func == (lhs: CGImage, rhs: CGImage) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Why an image could not be made.
public enum CGImageError: Error, Equatable, CustomStringConvertible {
    /// The size or the byte count is not usable.
    case invalidSize(String)

    public var description: String {
        switch self { case .invalidSize(let s): return s }
    }
}
