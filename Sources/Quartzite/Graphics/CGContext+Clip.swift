import CCairo
import Foundation

/// The clip: kept by cairo (saved and restored with the graphics state), narrowed by paths and rectangles;
/// image masks are `CGContext+MaskClip.swift`'s.
extension CGContext {
    /// Narrows the clip to the inside of the current path by `rule`, then empties the path.
    public func clip(using rule: CGPathFillRule = .winding) {
        let path = devicePath
        beginPath()
        clip(toDevicePath: path, rule: rule)
    }

    /// Narrows the clip to `rect`; the current path is kept.
    public func clip(to rect: CGRect) { clip(to: [rect]) }

    /// Narrows the clip to the union of `rects`; the current path is kept.
    public func clip(to rects: [CGRect]) {
        let path = CGMutablePath()
        path.addRects(rects, transform: state.ctm)
        clip(toDevicePath: path, rule: .winding)
    }

    /// Widens the clip back to the whole context, image masks included (the saved states keep their own clips).
    public func resetClip() {
        cairo_reset_clip(cairo)
        state.clipMask = nil
    }

    /// The box around the clip in user space; `.null` when nothing can be drawn (an empty clip or a singular CTM).
    public var boundingBoxOfClipPath: CGRect {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_save(cairo)
        let placed = CairoGeometry.setMatrix(state.ctm.concatenating(flip), on: cairo)
        cairo_clip_extents(cairo, &x0, &y0, &x1, &y1)
        cairo_restore(cairo)
        guard placed, x1 > x0, y1 > y0 else { return .null }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Intersects cairo's clip with a path in the y-up device space (an empty path clips everything away). The
    /// matrix, antialiasing and fill rule are left set: every drawing call sets its own.
    private func clip(toDevicePath path: CGPath, rule: CGPathFillRule) {
        CairoGeometry.setMatrix(flip, on: cairo)
        let antialias = state.shouldAntialias && state.allowsAntialiasing
        cairo_set_antialias(cairo, antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
        cairo_set_fill_rule(cairo, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        CairoGeometry.setPath(path, on: cairo, filled: true)
        cairo_clip(cairo)
    }
}
