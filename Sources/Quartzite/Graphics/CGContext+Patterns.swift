import CCairo
import Foundation

/// Pattern colours (`UIColor(patternImage:)`): their tiles are laid in the context's default user space (its
/// base space), not the current user space, as Core Graphics lays patterns: the CTM neither moves nor scales
/// them, and the pattern phase moves where tiling starts.
extension CGContext {
    /// Moves where pattern tiles start to `phase` in the context's default user space (points, y down, in
    /// UIKit's contexts; pixels, y up, in a bare bitmap context). Part of the graphics state; a non-finite
    /// phase is ignored with a diagnostic.
    public func setPatternPhase(_ phase: CGSize) {
        guard phase.width.isFinite, phase.height.isFinite else {
            return Diagnostics.report("CGContext.setPatternPhase: \(phase) ignored (needs finite numbers)")
        }
        state.patternPhase = phase
    }

    /// A repeating cairo pattern of `tile`, placed in user space as `PaintSource.pattern` wants it; nil (with a
    /// diagnostic) when the CTM or the tile's size cannot place it. The caller destroys it.
    func tiledPattern(_ tile: PatternTile) -> OpaquePointer? {
        guard let surface = Self.cairoSurface(of: tile.image, alpha: tile.alpha) else { return nil }
        defer { cairo_surface_destroy(surface) }
        return repeatingPattern(of: surface, pixelsToBase: tileInBase(tile))
    }

    /// `surface` repeated, its pixels (rows top first) placed in the base space by `pixelsToBase`, as a cairo
    /// pattern in user space (through the base space to the device, back through the CTM); nil (with a
    /// diagnostic) when that cannot be inverted. The caller destroys it.
    func repeatingPattern(of surface: OpaquePointer, pixelsToBase: CGAffineTransform) -> OpaquePointer? {
        let space = CairoGeometry.isInvertible(state.ctm)
            ? pixelsToBase.concatenating(baseSpace).concatenating(state.ctm.inverted()) : pixelsToBase
        guard CairoGeometry.isInvertible(state.ctm) else {
            Diagnostics.report("CGContext: a pattern colour's tile cannot be placed under this CTM; nothing is drawn")
            return nil
        }
        return repeatingPattern(of: surface, pixelsToUser: space)
    }

    /// `surface` repeated, its pixels (rows top first) placed in user space by `pixelsToUser`; nil (with a
    /// diagnostic) when that cannot be inverted. The caller destroys it.
    func repeatingPattern(of surface: OpaquePointer, pixelsToUser space: CGAffineTransform) -> OpaquePointer? {
        guard CairoGeometry.isInvertible(space) else {
            Diagnostics.report("CGContext: a pattern colour's tile cannot be placed under this CTM; nothing is drawn")
            return nil
        }
        guard let pattern = cairo_pattern_create_for_surface(surface) else { return nil }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT)
        cairo_pattern_set_filter(pattern, state.interpolationQuality.cairoFilter)
        CairoGeometry.setPatternSpace(pattern, to: space)
        return pattern
    }

    /// The tile's pixels (rows top first) in the base space: upright tiles of `tile.size` from the phase.
    private func tileInBase(_ tile: PatternTile) -> CGAffineTransform {
        let sx = tile.size.width / CGFloat(tile.image.width), sy = tile.size.height / CGFloat(tile.image.height)
        let phase = state.patternPhase
        // A base space whose y runs down (UIKit's) keeps rows going down; a y-up one turns them so the first row
        // is the top of each tile.
        let yDown = baseSpace.a * baseSpace.d - baseSpace.b * baseSpace.c < 0
        return yDown ? CGAffineTransform(a: sx, b: 0, c: 0, d: sy, tx: phase.width, ty: phase.height)
                     : CGAffineTransform(a: sx, b: 0, c: 0, d: -sy, tx: phase.width, ty: phase.height + tile.size.height)
    }
}
