import CCairo
import Foundation

/// Shadows. Cairo has none, so each drawing call with a shadow first draws its silhouette, unclipped, into an
/// alpha surface moved by the offset, blurs it with a Gaussian of sigma = blur / 2 (the relation commonly
/// measured for Core Graphics: `shadowSigma(forBlur:)`), and paints the shadow colour through it under the
/// clip; then draws as usual. The silhouette is not clipped because Core Graphics casts a shadow from the
/// whole shape (drawing outside a clip can shadow inside it: the common inner-shadow idiom relies on it).
extension CGContext {
    /// Core Graphics' default shadow colour: black at one third alpha.
    static let defaultShadowColor = CGColor(gray: 0, alpha: 1.0 / 3)

    /// The largest blur drawn; larger ones draw as this (a blur that wide is a flat tint anyway).
    static let maximumShadowBlur: CGFloat = 128

    /// Shadows what is drawn next, with black at one third alpha. The offset and blur are in base space, which
    /// the CTM does not change: device pixels with y up in a bare bitmap context; points with y down in the
    /// contexts UIKit and layers make, where a positive height moves the shadow down (Apple's QA1706). A
    /// non-finite or negative value turns the shadow off, with a diagnostic.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: Self.defaultShadowColor)
    }

    /// Shadows what is drawn next with `color`; a nil or fully transparent colour turns shadows off.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard let color, color.alpha > 0 else {
            state.shadow = nil
            return
        }
        guard offset.width.isFinite, offset.height.isFinite, blur.isFinite, blur >= 0 else {
            Diagnostics.report("CGContext.setShadow: offset \(offset) and blur \(blur) must be finite (blur >= 0); "
                + "shadow off")
            state.shadow = nil
            return
        }
        if blur > Self.maximumShadowBlur {
            Diagnostics.report("CGContext.setShadow: blur \(blur) is drawn as \(Self.maximumShadowBlur)")
        }
        state.shadow = GraphicsState.Shadow(offset: offset, blur: min(blur, Self.maximumShadowBlur), color: color)
    }

    /// The Gaussian's sigma for a blur, both in the same units: Core Graphics' blur is twice the sigma.
    static func shadowSigma(forBlur blur: CGFloat) -> CGFloat { blur / 2 }

    /// The blur whose Gaussian has standard deviation `sigma` (the inverse of `shadowSigma(forBlur:)`).
    static func shadowBlur(forSigma sigma: CGFloat) -> CGFloat { sigma * 2 }

    /// Draws the shadow of `coverage` painted with `source`, for the clip's `region` of pixels.
    func drawShadow(_ shadow: GraphicsState.Shadow, of coverage: Coverage, with source: PaintSource,
                    blendMode: CGBlendMode, within region: PixelRect) {
        var silhouetteState = state
        silhouetteState.shadow = nil
        castShadow(shadow, blendMode: blendMode, within: region) { maskContext, shift in
            let base = flip.concatenating(CGAffineTransform(translationX: shift.x, y: shift.y))
            CairoPainter(cr: maskContext, base: base, state: silhouetteState, blendMode: .normal)
                .paint(coverage, with: source)
        }
    }

    /// Draws the shadow of a transparency layer's picture: `group`, a pattern in the surface's pixels, whose
    /// alpha times `alpha` is the silhouette.
    func drawShadow(_ shadow: GraphicsState.Shadow, ofGroup group: OpaquePointer, alpha: CGFloat,
                    blendMode: CGBlendMode, within region: PixelRect) {
        castShadow(shadow, blendMode: blendMode, within: region) { maskContext, shift in
            cairo_translate(maskContext, Double(shift.x), Double(shift.y))
            cairo_set_source(maskContext, group)
            cairo_paint_with_alpha(maskContext, Double(alpha))
        }
    }

    /// The steps every shadow shares: an A8 mask over `region` padded by three sigmas, the silhouette drawn
    /// into it by `silhouette` (given the mask's cairo context and the shift from the surface's pixels to the
    /// mask's, the offset included), blurred, and the shadow colour painted through it under the clip.
    private func castShadow(_ shadow: GraphicsState.Shadow, blendMode: CGBlendMode, within region: PixelRect,
                            silhouette: (OpaquePointer, CGPoint) -> Void) {
        let (offset, blur) = deviceShadow(shadow)
        let sigma = Double(Self.shadowSigma(forBlur: blur))
        let pad = Int((3 * sigma).rounded(.up))
        let (w, h) = (region.x1 - region.x0 + 2 * pad, region.y1 - region.y0 + 2 * pad)
        let origin = (x: region.x0 - pad, y: region.y0 - pad)
        guard let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(w), Int32(h)) else { return }
        defer { cairo_surface_destroy(mask) }
        guard cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS, let maskContext = cairo_create(mask) else { return }
        // The silhouette lands where its shadow falls: moved by the offset (y up), in the mask's pixels.
        silhouette(maskContext, CGPoint(x: offset.width - CGFloat(origin.x), y: -offset.height - CGFloat(origin.y)))
        cairo_destroy(maskContext)
        cairo_surface_flush(mask)
        if let pixels = cairo_image_surface_get_data(mask) {
            GaussianBlur.blur(pixels, width: w, height: h, stride: Int(cairo_image_surface_get_stride(mask)),
                              sigma: sigma)
        }
        cairo_surface_mark_dirty(mask)
        paintShadow(shadow.color, through: mask, at: origin, blendMode: blendMode)
    }

    /// The shadow's offset (y up) and blur in device pixels: its base-space values through `baseSpace`, the
    /// blur at most `maximumShadowBlur` pixels.
    func deviceShadow(_ shadow: GraphicsState.Shadow) -> (offset: CGSize, blur: CGFloat) {
        let t = baseSpace
        let offset = CGSize(width: t.a * shadow.offset.width + t.c * shadow.offset.height,
                            height: t.b * shadow.offset.width + t.d * shadow.offset.height)
        let scale = t.meanScale
        // The cap is in device pixels: it bounds the blur's work (its surface grows by three sigmas a side)
        // whatever the context's scale.
        return (offset, min(shadow.blur * scale, Self.maximumShadowBlur))
    }

    /// Takes the current transform as base space: a context made by UIKit or for a layer, whose base is its
    /// y-down space in points.
    func adoptBaseSpace() { baseSpace = state.ctm }

    /// Paints `color` through the blurred silhouette, under the clip.
    private func paintShadow(_ color: CGColor, through mask: OpaquePointer, at origin: (x: Int, y: Int),
                             blendMode: CGBlendMode) {
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        cairo_set_operator(cairo, blendMode.cairoOperator)
        let c = color.rgba
        cairo_set_source_rgba(cairo, c[0], c[1], c[2], c[3])
        cairo_mask_surface(cairo, mask, Double(origin.x), Double(origin.y))
        cairo_restore(cairo)
    }
}
