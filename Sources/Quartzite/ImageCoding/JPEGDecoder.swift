import CQuartziteSupport
import Foundation

/// JPEG through libjpeg, behind a small C wrapper that turns libjpeg's longjmp errors into return codes.
package enum JPEGDecoder {
    package static func decode(_ data: Data, maximumPixelCount: Int) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        var error = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { raw in
            quartzite_jpeg_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count,
                                  max(1, maximumPixelCount), &pixels, &width, &height, &error, error.count)
        }
        guard status == 0, let pixels else {
            let message = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ImageError.undecodable("JPEG: \(message)")
        }
        defer { quartzite_jpeg_free(pixels) }
        let count = Int(clamping: width) * Int(clamping: height) * 4
        return (Int(width), Int(height), Array(UnsafeBufferPointer(start: pixels, count: count)))
    }
}
