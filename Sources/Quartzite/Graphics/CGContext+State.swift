import CCairo
import Foundation

/// The graphics state: save and restore, colours, alpha, blend mode, line style and antialiasing.
extension CGContext {
    /// Pushes a copy of the graphics state (CTM, clip, colours, line style, alpha, blend mode, shadow); the
    /// current path is not part of it.
    public func saveGState() {
        savedStates.append(state)
        cairo_save(cairo)
    }

    /// Pops the state the matching `saveGState` pushed. Without one it does nothing but report, as Core Graphics
    /// logs and ignores an unbalanced restore.
    public func restoreGState() {
        guard let saved = savedStates.popLast() else {
            Diagnostics.report("CGContext.restoreGState: no saved state to restore (unbalanced call ignored)")
            return
        }
        state = saved
        cairo_restore(cairo)
    }

    /// The colour fills paint with.
    public func setFillColor(_ color: CGColor) { state.fillColor = color }
    /// The colour strokes paint with.
    public func setStrokeColor(_ color: CGColor) { state.strokeColor = color }
    /// The fill colour from sRGB components (clamped to 0...1).
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    /// The stroke colour from sRGB components (clamped to 0...1).
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    /// The fill colour as a grey.
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { state.fillColor = CGColor(gray: gray, alpha: alpha) }
    /// The stroke colour as a grey.
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(gray: gray, alpha: alpha)
    }

    /// The alpha multiplied into everything drawn; clamped to 0...1, NaN ignored.
    public func setAlpha(_ alpha: CGFloat) {
        guard !alpha.isNaN else { return Diagnostics.report("CGContext.setAlpha: NaN ignored") }
        state.alpha = min(max(alpha, 0), 1)
    }

    /// How drawing combines with the pixels already there.
    public func setBlendMode(_ mode: CGBlendMode) {
        if mode == .plusDarker {
            Diagnostics.report("CGContext.setBlendMode: plusDarker has no cairo operator; drawn as normal")
        }
        state.blendMode = mode
    }

    /// The stroke width in user space; a negative or non-finite width is ignored with a diagnostic.
    public func setLineWidth(_ width: CGFloat) {
        guard width.isFinite, width >= 0 else {
            return Diagnostics.report("CGContext.setLineWidth: \(width) ignored (needs a finite width >= 0)")
        }
        state.lineWidth = width
    }

    /// How open stroke ends are drawn.
    public func setLineCap(_ cap: CGLineCap) { state.lineCap = cap }
    /// How stroke segments meet.
    public func setLineJoin(_ join: CGLineJoin) { state.lineJoin = join }

    /// The longest miter, as a multiple of the line width, before a join is bevelled; non-finite ignored.
    public func setMiterLimit(_ limit: CGFloat) {
        guard limit.isFinite else { return Diagnostics.report("CGContext.setMiterLimit: \(limit) ignored") }
        state.miterLimit = limit
    }

    /// Dashes strokes: `lengths` alternate painted and unpainted lengths in user space, starting `phase` into
    /// the pattern. An empty array gives solid lines; lengths that are negative, non-finite or all zero give
    /// solid lines too, with a diagnostic.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        guard !lengths.isEmpty else {
            state.dashLengths = []
            return
        }
        guard lengths.allSatisfy({ $0.isFinite && $0 >= 0 }), lengths.contains(where: { $0 > 0 }),
              phase.isFinite else {
            Diagnostics.report("CGContext.setLineDash: lengths \(lengths) with phase \(phase) are not a dash; "
                + "lines are solid")
            state.dashLengths = []
            return
        }
        state.dashPhase = phase
        state.dashLengths = lengths
    }

    /// Whether shapes are antialiased (when `setAllowsAntialiasing` allows it too).
    public func setShouldAntialias(_ shouldAntialias: Bool) { state.shouldAntialias = shouldAntialias }
    /// Whether antialiasing may be used at all.
    public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) { state.allowsAntialiasing = allowsAntialiasing }

    /// How images are resampled when drawn scaled.
    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolationQuality }
        set { state.interpolationQuality = newValue }
    }

    /// Accepted: cairo flattens curves to its own tolerance of 0.1 device pixels.
    public func setFlatness(_ flatness: CGFloat) { state.flatness = flatness }
}
