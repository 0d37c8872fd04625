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

    /// Composites the current transparency layer with the alpha and blend mode of its begin, and restores
    /// the state saved then. Without one it does nothing but report.
    public func endTransparencyLayer() {
        guard let layer = transparencyLayers.popLast() else {
            return Diagnostics.report("CGContext.endTransparencyLayer: no transparency layer to end (unbalanced call ignored)")
        }
        // States saved inside the layer and not restored are dropped with it.
        while savedStates.count > layer.depth + 1 { restoreGState() }
        let group = cairo_pop_group(cairo)
        defer { cairo_pattern_destroy(group) }
        restoreGState()
        cairo_save(cairo)
        cairo_set_operator(cairo, layer.blendMode.cairoOperator)
        cairo_set_source(cairo, group)
        cairo_paint_with_alpha(cairo, Double(layer.alpha))
        cairo_restore(cairo)
    }
}

/// A begun transparency layer: what it is composited with, and how deep the saved states were.
struct TransparencyLayer {
    let alpha: CGFloat
    let blendMode: CGBlendMode
    let depth: Int
}
