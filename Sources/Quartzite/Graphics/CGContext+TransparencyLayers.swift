import CCairo
import Foundation

/// Transparency layers: drawing gathered offscreen and composited as one, with the alpha and blend mode in
/// force when the layer began (so a group of overlapping shapes fades as one picture).
extension CGContext {
    /// Begins a transparency layer: until `endTransparencyLayer()`, drawing goes to a transparent layer of
    /// the context's size with alpha 1, normal blending and no shadow; the state is saved as `saveGState`
    /// saves it. `auxiliaryInfo` is accepted and unused, as Core Graphics documents it.
    public func beginTransparencyLayer(auxiliaryInfo: [AnyHashable: Any]?) {
        transparencyLayers.append(TransparencyLayer(alpha: state.alpha, blendMode: state.blendMode, depth: savedStates.count))
        saveGState()
        state.alpha = 1
        state.blendMode = .normal
        state.shadow = nil
        cairo_push_group(cairo)
    }

    /// Begins a transparency layer bounded by `rect` (drawing outside it is cut away).
    public func beginTransparencyLayer(in rect: CGRect, auxiliaryInfo: [AnyHashable: Any]?) {
        beginTransparencyLayer(auxiliaryInfo: auxiliaryInfo)
        clip(to: rect)
    }

    /// Composites the current transparency layer with the alpha, blend mode and shadow of its begin (the
    /// layer's picture casts the shadow as one shape, as Apple documents), under the clip, and restores the
    /// state saved then. Without one it does nothing but report.
    public func endTransparencyLayer() { finishTransparencyLayer(tint: nil) }

    /// Ends the current transparency layer, its picture's colours first multiplied by `tint` when there is
    /// one (`multiply(_:by:)`).
    func finishTransparencyLayer(tint: SIMD4<Float>?) {
        guard let layer = transparencyLayers.popLast() else {
            return Diagnostics.report("CGContext.endTransparencyLayer: no transparency layer to end (unbalanced call ignored)")
        }
        // States saved inside the layer and not restored are dropped with it.
        while savedStates.count > layer.depth + 1 { restoreGState() }
        guard let group = cairo_pop_group(cairo) else { return restoreGState() }
        defer { cairo_pattern_destroy(group) }
        restoreGState()
        if let tint { Self.multiply(group, by: tint) }
        let region = clipPixels()
        guard !region.isEmpty else { return }
        // As every drawing call: the caller's memory in first, the result back out after.
        storage.readIn(region)
        if let shadow = state.shadow, shadow.color.alpha > 0 {
            drawShadow(shadow, ofGroup: group, alpha: layer.alpha, blendMode: layer.blendMode, within: region)
        }
        var alpha = layer.alpha
        if alpha < 1, layer.blendMode.takesAlphaInSource {
            Self.multiply(group, by: SIMD4(1, 1, 1, Float(alpha)))
            alpha = 1
        }
        cairo_save(cairo)
        cairo_set_operator(cairo, layer.blendMode.cairoOperator)
        cairo_set_source(cairo, group)
        cairo_paint_with_alpha(cairo, Double(alpha))
        cairo_restore(cairo)
        storage.writeBack(region)
        reportCairoErrors()
    }
}

/// A begun transparency layer: what it is composited with, and how deep the saved states were.
struct TransparencyLayer {
    let alpha: CGFloat
    let blendMode: CGBlendMode
    let depth: Int
}
