import CPNG
import Foundation

/// What the PNG decoder and the encoder share of libpng's simplified API.
package enum LibPNG {
    /// libpng's PNG_FORMAT_RGBA is a macro expression Swift does not import: OR the flags.
    package static let formatRGBA = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// The message libpng left in `image` after a failure; empty when none.
    package static func message(of image: png_image) -> String {
        var copy = image.message
        return withUnsafeBytes(of: &copy) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

/// PNG decoding through libpng's simplified API.
package enum PNGDecoder {
    /// Decodes PNG bytes into straight-alpha RGBA, top row first.
    package static func decode(_ data: Data, maximumPixelCount limit: Int) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let began = data.withUnsafeBytes { raw in
            png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count)
        }
        guard began != 0 else { throw ImageError.undecodable("PNG header: \(LibPNG.message(of: image))") }
        image.format = LibPNG.formatRGBA
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
            let m = LibPNG.message(of: image)
            png_image_free(&image)
            throw ImageError.undecodable("PNG data: \(m)")
        }
        return (width, height, pixels)
    }
}
