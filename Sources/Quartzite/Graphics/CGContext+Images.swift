import CCairo
import Foundation

/// Images, drawn as cairo surface patterns placed in user space.
extension CGContext {
    /// Draws `image` scaled to fill `rect` (user space), upright: its top row along the rect's top edge (maxY,
    /// y being up), as Core Graphics draws it in a bitmap context. Resampled by `interpolationQuality`; an empty
    /// or non-finite rect draws nothing. An image mask (`isMask`) paints the fill colour through its coverage
    /// (where its decoded samples are 0), as Core Graphics uses the current fill colour for one.
    public func draw(_ image: CGImage, in rect: CGRect) { draw(image, in: rect, byTiling: false) }

    /// Draws `image` in `rect`, or with `byTiling`, repeats it over the whole clip in tiles the size of `rect`
    /// with one tile at `rect` (an image mask paints the fill colour through every tile).
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool) {
        let r = rect.standardized
        guard [r.minX, r.minY, r.width, r.height].allSatisfy(\.isFinite), r.width > 0, r.height > 0 else {
            return Diagnostics.report("CGContext.draw(_:in:): rect \(rect) draws nothing")
        }
        if image.isMask { return paintFill(through: image, in: r, byTiling: byTiling) }
        // Pixel (u, v), rows from the top, lands at (minX + u w / iw, maxY - v h / ih). A rect so small (or so
        // far) that this cannot be inverted, in user space or through the CTM, draws nothing.
        let iw = CGFloat(image.width), ih = CGFloat(image.height)
        let space = CGAffineTransform(a: r.width / iw, b: 0, c: 0, d: -r.height / ih, tx: r.minX, ty: r.maxY)
        guard CairoGeometry.isInvertible(space), CairoGeometry.isInvertible(space.concatenating(state.ctm)) else {
            return Diagnostics.report("CGContext.draw(_:in:): rect \(rect) is too small or far to place the image; nothing is drawn")
        }
        guard let surface = Self.cairoSurface(of: image) else { return }
        defer { cairo_surface_destroy(surface) }
        guard let pattern = cairo_pattern_create_for_surface(surface) else { return }
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_set_extend(pattern, byTiling ? CAIRO_EXTEND_REPEAT : CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(pattern, state.interpolationQuality.cairoFilter)
        guard CairoGeometry.setPatternSpace(pattern, to: space) else { return }
        if byTiling { return draw(.clipArea, with: .pattern(pattern)) }
        let path = CGMutablePath()
        path.addRect(r, transform: state.ctm)
        draw(.fill(path, .winding), with: .pattern(pattern))
    }

    /// Draws `image` into `rect` of a y-down space (a layer's, UIKit's) with its first row at the top: a bitmap
    /// Core Graphics draws upright in y-up space, flipped back about the rect. A rect that is not finite draws
    /// nothing.
    func drawUpright(_ image: CGImage, in rect: CGRect) {
        guard [rect.minX, rect.minY, rect.width, rect.height].allSatisfy(\.isFinite) else { return }
        saveGState()
        translateBy(x: rect.minX, y: rect.maxY)
        scaleBy(x: 1, y: -1)
        draw(image, in: CGRect(origin: .zero, size: rect.size))
        restoreGState()
    }

    /// The image's pixels as a cairo surface (cairo's layout), scaled by `alpha` (in 0...1) when it is under 1;
    /// the caller destroys it.
    static func cairoSurface(of image: CGImage, alpha: CGFloat = 1) -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width),
                                                       Int32(image.height)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              let data = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        let rgba = PixelFormat(red: 0, green: 1, blue: 2, alpha: 3, hasAlpha: true)
        image.premultipliedRGBA.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            PixelCopy.copy(PixelRect(x0: 0, y0: 0, x1: image.width, y1: image.height), from: base,
                           stride: image.width * 4, as: rgba, to: data,
                           stride: Int(cairo_image_surface_get_stride(surface)), as: .cairo)
        }
        if alpha < 1 {
            let stride = Int(cairo_image_surface_get_stride(surface))
            scalePremultiplied(data, rows: image.height, rowBytes: image.width * 4, stride: stride, by: alpha)
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    /// Multiplies every byte of premultiplied pixels by `alpha`, rounding to nearest (colours and alpha scale
    /// together, so the pixels stay premultiplied).
    private static func scalePremultiplied(_ data: UnsafeMutablePointer<UInt8>, rows: Int, rowBytes: Int,
                                           stride: Int, by alpha: CGFloat) {
        let factor = Double(min(max(alpha, 0), 1))
        for row in 0..<rows {
            let line = data + row * stride
            for i in 0..<rowBytes { line[i] = UInt8((Double(line[i]) * factor).rounded()) }
        }
    }
}
