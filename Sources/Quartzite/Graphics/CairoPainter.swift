import CCairo
import Foundation

/// What one drawing call covers. Paths are in the context's y-up device space.
enum Coverage {
    /// The inside of a path by a fill rule.
    case fill(CGPath, CGPathFillRule)
    /// A stroke of a path with the state's line style.
    case stroke(CGPath)
    /// Everything the clip lets through (gradients).
    case clipArea
}

/// What one drawing call paints with.
enum PaintSource {
    /// A colour (the global alpha still to multiply in).
    case color(CGColor)
    /// A cairo pattern whose space is given in user space coordinates; the painter sets it up against the CTM.
    case pattern(OpaquePointer)
}

/// Draws one `Coverage` with one `PaintSource` on a cairo context, given where the y-up device space lies on
/// its surface (`base`). The context's own drawing and its shadow's silhouette both go through here, with
/// different bases.
struct CairoPainter {
    let cr: OpaquePointer
    /// The y-up device space to the surface's pixels.
    let base: CGAffineTransform
    let state: GraphicsState
    let blendMode: CGBlendMode

    /// Paints; the caller saves and restores cairo's state around it.
    func paint(_ coverage: Coverage, with source: PaintSource) {
        cairo_set_operator(cr, blendMode.cairoOperator)
        let antialias = state.shouldAntialias && state.allowsAntialiasing
        cairo_set_antialias(cr, antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
        switch coverage {
        case .fill(let path, let rule): fill(path, rule, with: source)
        case .stroke(let path): stroke(path, with: source)
        case .clipArea: if setSource(source) { paintSource(source) }
        }
    }

    /// A solid fill with a bounded operator is cairo's fill; anything else is the source painted through the
    /// path as a clip, which keeps the pixels outside the path, as Core Graphics does.
    private func fill(_ path: CGPath, _ rule: CGPathFillRule, with source: PaintSource) {
        guard setSource(source), CairoGeometry.setMatrix(base, on: cr) else { return }
        CairoGeometry.setPath(path, on: cr, filled: true)
        cairo_set_fill_rule(cr, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        if case .color = source, !blendMode.isUnboundedInCairo {
            cairo_fill(cr)
        } else {
            cairo_clip(cr)
            paintSource(source)
        }
    }

    /// A stroke with the line style in user space (the CTM at the time of the stroke sets the pen).
    private func stroke(_ path: CGPath, with source: PaintSource) {
        guard CairoGeometry.isInvertible(state.ctm.concatenating(base)) else { return }
        // A pattern under a global alpha needs the alpha painted in, which only the masked stroke does.
        let fadedPattern: Bool
        if case .pattern = source { fadedPattern = state.alpha < 1 } else { fadedPattern = false }
        guard blendMode.isUnboundedInCairo || fadedPattern else {
            guard setSource(source) else { return }
            strokePath(path)
            return
        }
        strokeThroughMask(path, with: source)
    }

    /// Sets the path and the pen, and strokes.
    private func strokePath(_ path: CGPath) {
        CairoGeometry.setMatrix(base, on: cr)
        CairoGeometry.setPath(path, on: cr, filled: false)
        CairoGeometry.setMatrix(state.ctm.concatenating(base), on: cr)
        cairo_set_line_width(cr, state.lineWidth)
        cairo_set_line_cap(cr, [.butt: CAIRO_LINE_CAP_BUTT, .round: CAIRO_LINE_CAP_ROUND,
                                .square: CAIRO_LINE_CAP_SQUARE][state.lineCap] ?? CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cr, [.miter: CAIRO_LINE_JOIN_MITER, .round: CAIRO_LINE_JOIN_ROUND,
                                 .bevel: CAIRO_LINE_JOIN_BEVEL][state.lineJoin] ?? CAIRO_LINE_JOIN_MITER)
        cairo_set_miter_limit(cr, state.miterLimit)
        cairo_set_dash(cr, state.dashLengths.map { Double($0) }, Int32(clamping: state.dashLengths.count),
                       state.dashPhase)
        cairo_stroke(cr)
    }

    /// A stroke for an operator cairo applies outside the shape (or a pattern painted at a global alpha): the
    /// blend of the whole area is worked out in a group, then laid over the destination through the stroke's
    /// coverage (SOURCE through a mask is a lerp). The group starts as a copy of what is drawn into now (a
    /// transparency layer's or mask clip's group, or the surface).
    private func strokeThroughMask(_ path: CGPath, with source: PaintSource) {
        let below = cairo_get_group_target(cr)
        cairo_push_group(cr)
        cairo_identity_matrix(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, below, 0, 0)
        cairo_paint(cr)
        cairo_set_operator(cr, blendMode.cairoOperator)
        if setSource(source) { paintSource(source) }
        let blended = cairo_pop_group(cr)
        cairo_push_group_with_content(cr, CAIRO_CONTENT_ALPHA)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        strokePath(path)
        let coverage = cairo_pop_group(cr)
        cairo_identity_matrix(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source(cr, blended)
        cairo_mask(cr, coverage)
        cairo_pattern_destroy(blended)
        cairo_pattern_destroy(coverage)
    }

    /// Makes `source` cairo's source: a colour with the global alpha, or a pattern placed in user space.
    /// False when the CTM cannot place a pattern (singular).
    private func setSource(_ source: PaintSource) -> Bool {
        switch source {
        case .color(let color):
            let c = color.rgba
            cairo_set_source_rgba(cr, c[0], c[1], c[2], c[3] * state.alpha)
            return true
        case .pattern(let pattern):
            guard CairoGeometry.setMatrix(state.ctm.concatenating(base), on: cr) else { return false }
            cairo_set_source(cr, pattern)
            return true
        }
    }

    /// Paints the source over the clip (a colour already carries the global alpha; a pattern is scaled by it
    /// in a group first where the blend needs the alpha in the source).
    private func paintSource(_ source: PaintSource) {
        guard case .pattern = source, state.alpha < 1 else { return cairo_paint(cr) }
        guard blendMode.takesAlphaInSource else { return cairo_paint_with_alpha(cr, state.alpha) }
        cairo_push_group(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_paint_with_alpha(cr, state.alpha)
        cairo_pop_group_to_source(cr)
        cairo_set_operator(cr, blendMode.cairoOperator)
        cairo_paint(cr)
    }
}
