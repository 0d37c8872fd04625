import CCairo
import Foundation

/// Transparency layers whose picture is multiplied by a colour before it is composited: a replicator's
/// copies in `render(in:)`, each tinted by its instance colour as a whole picture. Core Graphics has no
/// such call; cairo's multiply operator adds the source where the destination is clear, so the picture's
/// pixels are scaled here, one pass over the group's surface.
extension CGContext {
    /// Ends the current transparency layer with its premultiplied pixels multiplied by `tint` (straight RGBA,
    /// each in 0...1), premultiplied: red by red x alpha and so on, alpha by alpha.
    func endTransparencyLayer(multipliedBy tint: SIMD4<Float>) { finishTransparencyLayer(tint: tint) }

    /// Scales the pixels of a popped group's surface by `tint`, premultiplied. A group whose surface is not
    /// a 32-bit image (cairo makes image groups on image surfaces, so none is) is left as it is, with a
    /// diagnostic.
    static func multiply(_ group: OpaquePointer, by tint: SIMD4<Float>) {
        var surface: OpaquePointer?
        guard cairo_pattern_get_surface(group, &surface) == CAIRO_STATUS_SUCCESS, let surface,
              cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32 else {
            return Diagnostics.report("CGContext: a transparency layer's picture could not be tinted; drawn as it is")
        }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        // Within 0...1 (NaN as 1), so a scaled channel stays within a byte.
        var clamped = SIMD4<Float>(repeating: 1)
        for i in 0..<4 where !tint[i].isNaN { clamped[i] = min(max(tint[i], 0), 1) }
        let factors = SIMD4(clamped.x * clamped.w, clamped.y * clamped.w, clamped.z * clamped.w, clamped.w)
        for row in 0..<height {
            let pixels = UnsafeMutableRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width where pixels[x] != 0 {
                pixels[x] = scaled(pixels[x], by: factors)
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// One ARGB32 word (alpha in the top byte, then red, green, blue) with each channel scaled and rounded.
    private static func scaled(_ word: UInt32, by f: SIMD4<Float>) -> UInt32 {
        func channel(_ shift: UInt32, _ factor: Float) -> UInt32 {
            UInt32((Float((word >> shift) & 0xFF) * factor).rounded()) << shift
        }
        return channel(16, f.x) | channel(8, f.y) | channel(0, f.z) | channel(24, f.w)
    }
}
