import Foundation

/// A rendered frame: 8-bit RGBA with straight (not premultiplied) alpha, top row first.
public struct Bitmap: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// RGBA bytes, `height` rows of `width * 4`, top row first.
    public let rgba: [UInt8]

    /// A bitmap from straight-alpha RGBA rows, top row first; nil when the byte count does not match.
    public init?(width: Int, height: Int, rgba: [UInt8]) {
        guard width > 0, height > 0, rgba.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// Converts GL's readback (premultiplied, bottom row first) into a bitmap.
    init(glPixels: [UInt8], width: Int, height: Int) {
        var out = [UInt8](repeating: 0, count: glPixels.count)
        let row = width * 4
        glPixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let s = (height - 1 - y) * row, d = y * row
                    for x in stride(from: 0, to: row, by: 4) {
                        let a = src[s + x + 3]
                        dst[d + x + 3] = a
                        if a == 255 || a == 0 {
                            dst[d + x] = src[s + x]; dst[d + x + 1] = src[s + x + 1]; dst[d + x + 2] = src[s + x + 2]
                        } else {
                            // Un-premultiply with rounding.
                            for c in 0..<3 {
                                dst[d + x + c] = UInt8(min(255, (Int(src[s + x + c]) * 255 + Int(a) / 2) / Int(a)))
                            }
                        }
                    }
                }
            }
        }
        self.width = width
        self.height = height
        self.rgba = out
    }

    /// The pixel at (x, y) from the top-left as (r, g, b, a); nil outside the bitmap.
    public func pixel(x: Int, y: Int) -> SIMD4<UInt8>? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = (y * width + x) * 4
        return SIMD4(rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }

    /// The frame encoded as PNG.
    public func pngData() throws -> Data { try PNGCodec.encode(self) }

    /// Writes the frame as a PNG file, atomically: the bytes go to a temporary file beside `url`, renamed
    /// over it once complete, so a failure (a full disk, say) leaves any earlier file whole and no partial
    /// one. Throws `OutputError` with one readable line.
    public func writePNG(to url: URL) throws { try AtomicFile.write(pngData(), to: url) }
}
