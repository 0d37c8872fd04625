import CQuartziteSupport
import Foundation

/// JPEG through libjpeg, behind the C wrapper that keeps libjpeg's longjmp errors inside C.
package enum JPEGEncoder {
    /// `image` as a baseline JPEG of `quality` (0...1, UIKit's compression quality; outside it, or NaN, the
    /// nearest end). JPEG has no alpha: premultiplied colours are the image over black, as UIKit encodes a
    /// translucent image.
    package static func encode(_ image: CGImage, quality: CGFloat) throws -> Data {
        let level = quality.isNaN ? 1 : Int((min(max(quality, 0), 1) * 100).rounded())
        var bytes: UnsafeMutablePointer<UInt8>?
        var size = 0
        var error = [CChar](repeating: 0, count: 256)
        let status = image.premultipliedRGBA.withUnsafeBufferPointer { rgba in
            quartzite_jpeg_encode(rgba.baseAddress, Int32(image.width), Int32(image.height), image.width * 4,
                                  Int32(max(level, 1)), &bytes, &size, &error, error.count)
        }
        guard status == 0, let bytes else {
            let message = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ImageError.encoding("JPEG: \(message)")
        }
        defer { quartzite_jpeg_free(bytes) }
        return Data(bytes: bytes, count: size)
    }
}
