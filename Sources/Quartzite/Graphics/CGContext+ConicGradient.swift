import CCairo
import Foundation

/// Conic gradients (a colour per angle about a centre), for `CAGradientLayer`'s `.conic` type in
/// `render(in:)`. Cairo has no conic pattern, and its mesh patterns colour each pixel from some point inside
/// it rather than its centre (several degrees off near the centre), so the gradient is worked out per pixel
/// centre, as the GL renderer's shader does: bands of rows of the clip are filled into an image surface from
/// a table of the gradient's colours, and each band is painted through its rectangle like any pattern (so
/// the clip's antialiased edge, the alpha and the blend mode apply).
extension CGContext {
    /// Entries in the colour table over one turn: a step is 1/4096 of a turn, a fraction of a level for
    /// stops a quarter turn or more apart.
    static let conicTableSize = 4096

    /// The most pixels in one band's image.
    static let conicBandPixels = 1 << 20

    /// Paints `gradient` around `center` (user space) over the clip: location t lies at angle `startAngle`
    /// + 2πt, angles measured from user space's x axis towards its y axis, so location 0 and location 1 meet
    /// on the start angle. Nothing is drawn, with a diagnostic, for a non-finite centre or angle or a
    /// singular CTM.
    func drawConicGradient(_ gradient: CGGradient, center: CGPoint, startAngle: CGFloat) {
        let toUser = state.ctm.concatenating(flip)
        guard [center.x, center.y, startAngle].allSatisfy(\.isFinite), CairoGeometry.isInvertible(toUser) else {
            return Diagnostics.report("render(in:): a conic gradient centred at \(center) (angle \(startAngle)) is not drawn")
        }
        let region = clipPixels()
        guard !region.isEmpty else { return }
        let table = Self.conicTable(gradient)
        let surfaceToUser = toUser.inverted()
        let rowsPerBand = max(1, Self.conicBandPixels / (region.x1 - region.x0))
        var top = region.y0
        while top < region.y1 {
            let band = PixelRect(x0: region.x0, y0: top, x1: region.x1, y1: min(top + rowsPerBand, region.y1))
            paintConicBand(band, table: table, center: center, startAngle: startAngle, surfaceToUser: surfaceToUser)
            top = band.y1
        }
    }

    /// The gradient's premultiplied ARGB32 words at `conicTableSize` evenly spaced locations over [0, 1).
    static func conicTable(_ gradient: CGGradient) -> [UInt32] {
        (0..<conicTableSize).map { i in
            let rgba = gradient.color(at: CGFloat(i) / CGFloat(conicTableSize))
            guard rgba.count == 4 else { return 0 }
            func byte(_ v: CGFloat) -> UInt32 { UInt32((min(max(v.isNaN ? 0 : v, 0), 1) * 255).rounded()) }
            let a = min(max(rgba[3].isNaN ? 0 : rgba[3], 0), 1)
            return byte(a) << 24 | byte(rgba[0] * a) << 16 | byte(rgba[1] * a) << 8 | byte(rgba[2] * a)
        }
    }

    /// One band of rows: each pixel's centre taken to user space, its angle about the centre looked up in the
    /// table, the image painted through the band's rectangle.
    private func paintConicBand(_ band: PixelRect, table: [UInt32], center: CGPoint, startAngle: CGFloat,
                                surfaceToUser: CGAffineTransform) {
        let (w, h) = (band.x1 - band.x0, band.y1 - band.y0)
        guard let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)) else { return }
        defer { cairo_surface_destroy(image) }
        guard cairo_surface_status(image) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(image) else { return }
        let stride = Int(cairo_image_surface_get_stride(image)), t = surfaceToUser
        let turn = 2 * CGFloat.pi, steps = CGFloat(table.count)
        for row in 0..<h {
            let words = UnsafeMutableRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            let sy = CGFloat(band.y0 + row) + 0.5
            for column in 0..<w {
                let sx = CGFloat(band.x0 + column) + 0.5
                let ux = t.a * sx + t.c * sy + t.tx - center.x, uy = t.b * sx + t.d * sy + t.ty - center.y
                var location = (atan2(uy, ux) - startAngle) / turn
                location -= location.rounded(.down)
                let index = location.isFinite ? min(Int(location * steps), table.count - 1) : 0
                words[column] = table[max(index, 0)]
            }
        }
        cairo_surface_mark_dirty(image)
        guard let pattern = cairo_pattern_create_for_surface(image) else { return }
        defer { cairo_pattern_destroy(pattern) }
        // User space to the image's pixels: through the CTM to the surface's pixels, then to the band's corner.
        let m = state.ctm.concatenating(flip)
            .concatenating(CGAffineTransform(translationX: -CGFloat(band.x0), y: -CGFloat(band.y0)))
        var matrix = cairo_matrix_t(xx: m.a, yx: m.b, xy: m.c, yy: m.d, x0: m.tx, y0: m.ty)
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_NEAREST)
        let rect = CGRect(x: CGFloat(band.x0), y: CGFloat(height - band.y1), width: CGFloat(w), height: CGFloat(h))
        draw(.fill(CGPath(rect: rect, transform: nil), .winding), with: .pattern(pattern))
    }
}
