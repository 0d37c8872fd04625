import CCairo
import Foundation

/// Drawing an image mask: Core Graphics paints the current fill colour through it. Here that is a fill of the
/// rect (or of the whole clip, tiled) under the mask as an image clip, so blend modes, alpha, shadows and
/// pattern fill colours behave as for any fill.
extension CGContext {
    /// Fills `r` (user space) with the fill colour through `mask` placed in it, or with `byTiling`, the whole
    /// clip through the mask repeated in tiles the size of `r`. Nothing is drawn when the mask cannot be placed.
    func paintFill(through mask: CGImage, in r: CGRect, byTiling: Bool) {
        saveGState()
        defer { restoreGState() }
        if !byTiling { clip(to: r) }
        guard narrowClip(by: mask, in: r, extend: byTiling ? CAIRO_EXTEND_REPEAT : CAIRO_EXTEND_PAD) else {
            return Diagnostics.report("CGContext.draw(_:in:): the image mask cannot be placed in \(r); nothing is drawn")
        }
        if byTiling { return draw(.clipArea, with: .color(state.fillColor)) }
        fill(r)
    }
}
