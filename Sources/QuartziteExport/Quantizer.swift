import Foundation
import QuartziteRender
import CImageQuant

/// An image as palette indices: what a GIF frame stores.
package struct IndexedImage: Sendable {
    /// Columns.
    package let width: Int
    /// Rows.
    package let height: Int
    /// The colours, RGB, at most 256.
    package let palette: [SIMD3<UInt8>]
    /// One palette index a pixel, rows top first.
    package let indices: [UInt8]
}

/// Opaque RGBA to at most 256 colours with Floyd-Steinberg dithering, by libimagequant (pngquant's library):
/// its palette is chosen for what the eye sees (a median cut refined by k-means in a perceptual space), and
/// its dithering is weighted by how much each pixel's error shows, so gradients keep their smoothness
/// without noise on flat colour.
package final class Quantizer {
    private let attributes: OpaquePointer
    private let dithering: Float

    /// A quantizer at libimagequant's `speed` (1 slowest and best ... 10 fastest; 4 is its default) that
    /// dithers at `dithering` (0 none ... 1 full).
    package init(speed: Int32 = 4, dithering: Float = 1) throws {
        guard let attributes = liq_attr_create() else { throw ExportError("libimagequant could not start (no memory)") }
        self.attributes = attributes
        self.dithering = min(max(dithering, 0), 1)
        _ = liq_set_speed(attributes, min(max(speed, 1), 10))
        _ = liq_set_max_colors(attributes, 256)
    }

    deinit { liq_attr_destroy(attributes) }

    /// `bitmap`'s pixels as palette indices. Alpha is ignored (the caller flattens translucent pixels first).
    package func quantize(_ bitmap: Bitmap) throws -> IndexedImage {
        let width = bitmap.width, height = bitmap.height
        guard width <= Int(Int32.max), height <= Int(Int32.max) else { throw ExportError("a frame too large to quantize") }
        return try bitmap.rgba.withUnsafeBytes { raw throws -> IndexedImage in
            // libimagequant reads the pixels in place until the image is remapped: all within this closure.
            guard let base = raw.baseAddress,
                  let image = liq_image_create_rgba(attributes, base, Int32(width), Int32(height), 0) else {
                throw ExportError("libimagequant refused a \(width)x\(height) frame")
            }
            defer { liq_image_destroy(image) }
            var result: OpaquePointer?
            let status = liq_image_quantize(image, attributes, &result)
            guard status == LIQ_OK, let result else { throw ExportError("libimagequant could not quantize a frame (error \(status.rawValue))") }
            defer { liq_result_destroy(result) }
            _ = liq_set_dithering_level(result, dithering)
            var indices = [UInt8](repeating: 0, count: width * height)
            let remapped = indices.withUnsafeMutableBytes { out -> liq_error in
                guard let base = out.baseAddress else { return LIQ_BUFFER_TOO_SMALL }
                return liq_write_remapped_image(result, image, base, out.count)
            }
            guard remapped == LIQ_OK, let palette = liq_get_palette(result) else {
                throw ExportError("libimagequant could not remap a frame (error \(remapped.rawValue))")
            }
            let count = Int(min(palette.pointee.count, 256))
            let colours = withUnsafeBytes(of: palette.pointee.entries) { entries in
                let entry = entries.bindMemory(to: liq_color.self)
                return (0..<count).map { SIMD3(entry[$0].r, entry[$0].g, entry[$0].b) }
            }
            return IndexedImage(width: width, height: height, palette: colours, indices: indices)
        }
    }
}
