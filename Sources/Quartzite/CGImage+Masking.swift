import CCairo
import Foundation

/// `CGImage.masking(_:)`: an image whose pixels let through only what a mask covers.
extension CGImage {
    /// This image seen through `mask`, as Core Graphics' `CGImageCreateWithMask`: each pixel (colour and alpha,
    /// premultiplied) is scaled by the mask's coverage there. For an image mask (`CGImage(maskWidth:...)`) a
    /// decoded sample S lets 1 - S through (0 paints, 1 does not); for an image, its samples are the alpha (1
    /// paints, 0 does not): an opaque image is read by its luma (a grey image's sample), an image with
    /// transparency by its alpha, as `CGContext.clip(to:mask:)` reads masks. A mask of another size is
    /// stretched over the image, resampled bilinearly.
    ///
    /// The result is an ordinary image of this one's size, drawn like any other (`UIImage(cgImage:)` included).
    /// Nil when this image is itself an image mask, as Core Graphics refuses one.
    public func masking(_ mask: CGImage) -> CGImage? {
        guard !isMask else {
            Diagnostics.report("CGImage.masking(_:): an image mask cannot be masked; nil")
            return nil
        }
        guard let coverage = mask.coverage(stretchedTo: width, height) else { return nil }
        var pixels = premultipliedRGBA
        for (i, c) in coverage.enumerated() where c != 255 {
            for k in i * 4..<i * 4 + 4 { pixels[k] = UInt8((UInt32(pixels[k]) * UInt32(c) + 127) / 255) }
        }
        return try? CGImage(width: width, height: height, premultipliedRGBA: pixels)
    }

    /// `maskCoverage` resampled to `w` x `h` pixels (bilinearly, edges padded); itself when the sizes match.
    /// Nil when cairo cannot make the surfaces.
    private func coverage(stretchedTo w: Int, _ h: Int) -> [UInt8]? {
        if w == width, h == height { return maskCoverage }
        guard let source = CGContext.coverageSurface(of: self) else { return nil }
        defer { cairo_surface_destroy(source) }
        guard let target = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(w), Int32(h)) else { return nil }
        defer { cairo_surface_destroy(target) }
        guard cairo_surface_status(target) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(target) else { return nil }
        cairo_scale(cr, Double(w) / Double(width), Double(h) / Double(height))
        cairo_set_source_surface(cr, source, 0, 0)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(target)
        guard let data = cairo_image_surface_get_data(target) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(target))
        return (0..<w * h).map { data[($0 / w) * stride + $0 % w] }
    }
}
