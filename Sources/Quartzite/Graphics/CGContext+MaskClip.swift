import CCairo
import Foundation

/// Clipping by an image (`clip(to:mask:)`): cairo clips only by paths, so the masks' coverage is kept as one A8
/// surface the size of the context (`ClipMask`, in the graphics state), the product of every mask clipped to.
/// A drawing call under it draws into a group holding a copy of the pixels below (so blend modes see them), and
/// the group replaces the pixels through the coverage: each pixel becomes coverage x drawn + (1 - coverage) x
/// what was there, as drawing through a clip does.
extension CGContext {
    /// Maps `mask` into `rect` (user space, its first row along the rect's top edge, as `draw(_:in:)` places an
    /// image) and intersects the clip with it; outside `rect` nothing is drawn. Saved and restored with the
    /// graphics state; `resetClip()` removes it.
    ///
    /// Core Graphics wants a grey image without alpha (its samples are the coverage: 1 paints, 0 does not) or
    /// an image mask (`CGImage(maskWidth:...)`, the other way round: a decoded sample of 0 paints, 1 does not).
    /// Every other image here holds RGBA, so: an image whose every pixel is opaque is read as grey (its
    /// luma, 0.2126 R + 0.7152 G + 0.0722 B, which is the sample of a grey image), and any other is read by its
    /// alpha, as drawing code that clips to an icon's shape expects. The mask is resampled by
    /// `interpolationQuality`, as a drawn image is. An empty or non-finite `rect`, or one too small to place the
    /// mask, clips everything away (with a diagnostic when not finite).
    public func clip(to rect: CGRect, mask: CGImage) {
        let r = rect.standardized
        guard [r.minX, r.minY, r.width, r.height].allSatisfy(\.isFinite) else {
            Diagnostics.report("CGContext.clip(to:mask:): rect \(rect) is not finite; the clip is empty")
            return clipEverythingAway()
        }
        clip(to: r)
        guard r.width > 0, r.height > 0, narrowClip(by: mask, in: r, extend: CAIRO_EXTEND_PAD) else {
            return clipEverythingAway()
        }
    }

    /// Multiplies the mask clip by `mask` placed in `r` (user space), its edge pixels extended by `extend`
    /// beyond it (padded for a clip, repeated for a tiled image mask). False when it cannot be placed or made.
    func narrowClip(by mask: CGImage, in r: CGRect, extend: cairo_extend_t) -> Bool {
        guard let placement = maskPlacement(of: mask, in: r), let coverage = Self.coverageSurface(of: mask) else {
            return false
        }
        defer { cairo_surface_destroy(coverage) }
        guard let narrowed = ClipMask(width: width, height: height, narrowing: state.clipMask, by: coverage,
                                      placedBy: placement, extend: extend,
                                      filter: state.interpolationQuality.cairoFilter) else { return false }
        state.clipMask = narrowed
        return true
    }

    /// Empties the clip: nothing drawn afterwards shows until the state is restored or the clip reset.
    func clipEverythingAway() {
        cairo_new_path(cairo)
        cairo_clip(cairo)
    }

    /// The mask's pixels (rows top first) to the surface's pixels; nil when that cannot be inverted.
    private func maskPlacement(of mask: CGImage, in r: CGRect) -> CGAffineTransform? {
        let inUser = CGAffineTransform(a: r.width / CGFloat(mask.width), b: 0, c: 0, d: -r.height / CGFloat(mask.height),
                                       tx: r.minX, ty: r.maxY)
        let placement = inUser.concatenating(state.ctm).concatenating(flip)
        guard CairoGeometry.isInvertible(placement) else {
            Diagnostics.report("CGContext.clip(to:mask:): rect \(r) is too small or far to place the mask; the clip is empty")
            return nil
        }
        return placement
    }

    /// The mask's coverage (`CGImage.maskCoverage`) as an A8 surface of its size. The caller destroys it.
    static func coverageSurface(of mask: CGImage) -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(mask.width), Int32(mask.height)) else {
            return nil
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        mask.maskCoverage.withUnsafeBufferPointer { coverage in
            for y in 0..<mask.height {
                for x in 0..<mask.width { data[y * stride + x] = coverage[y * mask.width + x] }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    /// Starts a drawing call under a mask clip: a group holding a copy of the pixels the call may change.
    func beginMaskedDrawing() {
        let below = cairo_get_group_target(cairo)
        cairo_push_group(cairo)
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cairo, below, 0, 0)
        cairo_paint(cairo)
        cairo_restore(cairo)
    }

    /// Ends it: the group replaces the pixels below through the mask's coverage (SOURCE through a mask is a
    /// lerp between what was there and what was drawn).
    func endMaskedDrawing(through mask: ClipMask) {
        cairo_pop_group_to_source(cairo)
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        cairo_mask_surface(cairo, mask.surface, 0, 0)
        cairo_restore(cairo)
    }
}

/// The coverage every mask clipped to leaves, one byte a pixel of the context's surface. Never changed once
/// made (a further mask makes a new one), so saved states share it.
final class ClipMask: @unchecked Sendable {
    /// An A8 cairo surface the size of the context.
    let surface: OpaquePointer

    /// `previous` (or full coverage) times `coverage` placed by `placement` (its pixels to the surface's),
    /// extended beyond it by `extend`: padded (the clip to the mask's rect cuts there) or repeated (a tiled
    /// image mask). Nil when cairo cannot make the surface.
    init?(width: Int, height: Int, narrowing previous: ClipMask?, by coverage: OpaquePointer,
          placedBy placement: CGAffineTransform, extend: cairo_extend_t, filter: cairo_filter_t) {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        defer { cairo_destroy(cr) }
        self.surface = surface
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        if let previous { cairo_set_source_surface(cr, previous.surface, 0, 0) } else { cairo_set_source_rgba(cr, 0, 0, 0, 1) }
        cairo_paint(cr)
        guard let pattern = cairo_pattern_create_for_surface(coverage) else { return nil }
        defer { cairo_pattern_destroy(pattern) }
        // Padded, the mask's edge pixels keep their value out to the rect's edges (a 1 x 1 white mask covers its
        // whole rect); outside the rect the context's clip stops drawing.
        cairo_pattern_set_extend(pattern, extend)
        cairo_pattern_set_filter(pattern, filter)
        CairoGeometry.setPatternSpace(pattern, to: placement)
        cairo_set_operator(cr, CAIRO_OPERATOR_DEST_IN)
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
    }

    deinit { cairo_surface_destroy(surface) }
}
