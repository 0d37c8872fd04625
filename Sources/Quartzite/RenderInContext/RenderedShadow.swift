import Foundation

/// A layer's shadow for `render(in:)`, cast as Core Animation casts it and drawn by the context's own
/// shadows (`CGContext.setShadow`): from the layer's shadowPath when it has one, else from everything the
/// layer draws, its sublayers included (the layer's transparency layer casts it as one picture); moved by
/// shadowOffset and blurred by a Gaussian whose standard deviation is shadowRadius, both in the layer's own
/// space; in shadowColor at shadowOpacity. A layer that masks to its bounds casts none: the bounds cut the
/// shadow away with everything else outside them, as in the GL renderer.
enum RenderedShadow {
    /// Sets `p`'s shadow on `context` and, when shadowPath gives its shape, draws it now and turns it off
    /// again. True when the shadow stays set, for the layer's transparency layer to cast from its content.
    static func begin(_ p: LayerProperties, in context: CGContext) -> Bool {
        guard !p.masksToBounds, let color = color(p) else { return false }
        guard !p.shadowRadius.isNaN, p.shadowOffset.width.isFinite, p.shadowOffset.height.isFinite else {
            Diagnostics.report("render(in:): a shadow whose radius is not a number or whose offset is not finite is not drawn")
            return false
        }
        // An infinite radius blurs the shadow away.
        guard p.shadowRadius.isFinite else { return false }
        context.setShadow(userSpaceOffset: p.shadowOffset, sigma: p.shadowRadius, color: color)
        guard let path = p.shadowPath else { return true }
        context.drawShadowOnly(ofFilled: path)
        context.setShadow(offset: .zero, blur: 0, color: nil)
        return false
    }

    /// shadowColor with its alpha times shadowOpacity (within 0...1); nil when that shows nothing.
    private static func color(_ p: LayerProperties) -> CGColor? {
        let opacity = p.shadowOpacity.isNaN ? 0 : CGFloat(min(max(p.shadowOpacity, 0), 1))
        guard let base = p.shadowColor, base.alpha * opacity > 0 else { return nil }
        return base.copy(alpha: base.alpha * opacity)
    }
}
