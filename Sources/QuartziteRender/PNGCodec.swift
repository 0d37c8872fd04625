import Foundation
import CPNG

/// Why an image could not be read or written.
public enum ImageError: Error, CustomStringConvertible, Equatable {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The data is not an image Quartzite can decode (PNG or JPEG), or it is truncated or corrupt.
    case undecodable(String)
    /// Encoding failed.
    case encoding(String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "cannot read image '\(path)': \(reason)"
        case .undecodable(let s): return "cannot decode image: \(s)"
        case .encoding(let s): return "cannot encode PNG: \(s)"
        }
    }
}

/// PNG through libpng's simplified API.
enum PNGCodec {
    /// libpng's PNG_FORMAT_RGBA is a macro expression Swift does not import: OR the flags.
    private static let formatRGBA = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    static func encode(_ bitmap: Bitmap) throws -> Data {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(bitmap.width)
        image.height = UInt32(bitmap.height)
        image.format = formatRGBA
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
        let reason = message(of: image)
        throw ImageError.encoding(reason.isEmpty ? "libpng could not write a \(bitmap.width)x\(bitmap.height) image into \(capacity) bytes" : reason)
    }

    /// Decodes PNG bytes into straight-alpha RGBA, top row first.
    static func decode(_ data: Data, maximumPixelCount limit: Int) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let began = data.withUnsafeBytes { raw in
            png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count)
        }
        guard began != 0 else { throw ImageError.undecodable("PNG header: \(message(of: image))") }
        image.format = formatRGBA
        let width = Int(image.width), height = Int(image.height)
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            png_image_free(&image)
            throw ImageError.undecodable("PNG size \(width)x\(height) is outside 1...16384")
        }
        guard width * height <= limit else {
            png_image_free(&image)
            throw ImageError.undecodable("PNG: its header claims \(width)x\(height) pixels, over the limit of \(limit) pixels")
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let finished = data.withUnsafeBytes { _ in
            png_image_finish_read(&image, nil, &pixels, png_int_32(width * 4), nil)
        }
        guard finished != 0 else {
            let m = message(of: image)
            png_image_free(&image)
            throw ImageError.undecodable("PNG data: \(m)")
        }
        return (width, height, pixels)
    }

    private static func message(of image: png_image) -> String {
        var copy = image.message
        return withUnsafeBytes(of: &copy) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
