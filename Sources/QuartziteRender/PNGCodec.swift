import Foundation
import CPNG
import Quartzite

/// PNG encoding through libpng's simplified API (decoding is `PNGDecoder`, in Quartzite).
enum PNGCodec {
    static func encode(_ bitmap: Bitmap) throws -> Data {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(bitmap.width)
        image.height = UInt32(bitmap.height)
        image.format = LibPNG.formatRGBA
        defer { png_image_free(&image) }
        // Written once into a buffer of the largest size it can take (uninitialised: zeroing tens of MB a
        // frame would cost more than the copy out); should the bound be short (another zlib), the call says
        // the size it needs and a second one writes it. Only the encoded bytes are kept.
        var capacity = Int(clamping: quartzite_png_size_max(&image))
        for _ in 0..<2 {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(capacity, 1), alignment: 16)
            defer { buffer.deallocate() }
            var size = capacity
            let written = bitmap.rgba.withUnsafeBytes { raw in
                png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, raw.baseAddress, png_int_32(bitmap.width * 4), nil)
            }
            if written != 0, size <= capacity { return Data(buffer.prefix(size)) }
            guard written == 0, size > capacity else { break }
            capacity = size
            image.warning_or_error = 0
        }
        let reason = LibPNG.message(of: image)
        throw ImageError.encoding(reason.isEmpty ? "PNG: libpng could not write a \(bitmap.width)x\(bitmap.height) image into \(capacity) bytes" : "PNG: " + reason)
    }

}
