import CCairo
import Foundation

extension UIImage {
    /// The image as PNG bytes (its pixels, straight alpha), encoded by cairo; nil for an image without a
    /// bitmap or when encoding fails.
    public func pngData() -> Data? {
        guard let cgImage, let surface = CGContext.cairoSurface(of: cgImage) else { return nil }
        defer { cairo_surface_destroy(surface) }
        var data = Data()
        let status = withUnsafeMutablePointer(to: &data) { target in
            cairo_surface_write_to_png_stream(surface, { closure, bytes, length in
                guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
                closure.assumingMemoryBound(to: Data.self).pointee.append(bytes, count: Int(length))
                return CAIRO_STATUS_SUCCESS
            }, target)
        }
        return status == CAIRO_STATUS_SUCCESS ? data : nil
    }

    /// The image as JPEG bytes at `compressionQuality` (0 smallest, 1 best), encoded by libjpeg; nil for an
    /// image without a bitmap. JPEG has no alpha: translucent pixels come out over black.
    public func jpegData(compressionQuality: CGFloat) -> Data? {
        guard let cgImage else { return nil }
        do {
            return try JPEGEncoder.encode(cgImage, quality: compressionQuality)
        } catch {
            Diagnostics.report("UIImage.jpegData: \(error)")
            return nil
        }
    }

    /// The image in `color` wherever it has alpha (its alpha times the colour's), at the same scale and
    /// orientation: how UIKit tints a template image.
    public func withTintColor(_ color: UIColor) -> UIImage {
        guard let cgImage,
              let context = CGContext(data: nil, width: cgImage.width, height: cgImage.height, bitsPerComponent: 8,
                                      bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return self }
        let whole = CGRect(x: 0, y: 0, width: cgImage.width, height: cgImage.height)
        context.draw(cgImage, in: whole)
        context.setBlendMode(.sourceIn)
        context.setFillColor(color.cgColor)
        context.fill(whole)
        guard let tinted = context.makeImage() else { return self }
        return UIImage(cgImage: tinted, scale: scale, orientation: imageOrientation)
    }
}
