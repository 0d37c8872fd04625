import Foundation

extension CALayer {
    /// The deepest sublayer `render(in:)` draws (deeper ones are left out, with a message).
    static let renderInContextDepth = 256

    /// Draws the layer and its sublayers into `ctx` in the layer's own coordinates (under the context's CTM),
    /// from the model values: animations are not applied, as Core Animation's `render(in:)` does. As Apple
    /// documents for it, layers with 3D transforms, masks and filters are not drawn; here shadows, replicator
    /// copies, emitter particles and conic gradients are left out too (DESIGN.md).
    public func render(in ctx: CGContext) {
        var painter = LayerPainter(context: ctx)
        painter.draw(self, depth: 0)
    }
}

/// `render(in:)`'s walk: each layer's parts in Core Animation's order (background, contents, its own
/// drawing, border), then its sublayers by zPosition, each placed by its affine transform.
struct LayerPainter {
    let context: CGContext
    private var reportedDepth = false

    init(context: CGContext) { self.context = context }

    /// Draws `layer` and its subtree in the coordinates the context has now (the layer's own).
    mutating func draw(_ layer: CALayer, depth: Int) {
        let p = LayerTreeLock.withLock { layer.modelValues }
        let opacity = CGFloat(p.opacity)
        guard !p.isHidden, opacity > 0, opacity.isFinite else { return }
        context.saveGState()
        defer { context.restoreGState() }
        let grouped = opacity < 1
        if grouped {
            context.setAlpha(opacity)
            context.beginTransparencyLayer(auxiliaryInfo: nil)
        }
        if p.masksToBounds { clip(to: p) }
        RenderedParts.draw(layer, p, in: context)
        drawSublayers(of: layer, p, depth: depth)
        if grouped { context.endTransparencyLayer() }
    }

    /// The bounds, with their rounded corners, as a clip.
    private func clip(to p: LayerProperties) {
        context.beginPath()
        context.addPath(RenderedParts.outline(p))
        context.clip()
    }

    /// Each sublayer, by zPosition then order, in its own coordinates; those not placed by an affine
    /// transform are left out.
    private mutating func drawSublayers(of layer: CALayer, _ p: LayerProperties, depth: Int) {
        guard let sublayers = layer.sublayers, !sublayers.isEmpty else { return }
        guard depth < CALayer.renderInContextDepth else {
            if !reportedDepth { Diagnostics.report("render(in:): sublayers deeper than \(CALayer.renderInContextDepth) are not drawn") }
            reportedDepth = true
            return
        }
        let ordered = sublayers.enumerated().sorted {
            $0.element.zPosition != $1.element.zPosition ? $0.element.zPosition < $1.element.zPosition : $0.offset < $1.offset
        }
        let sublayerSpace = p.transformOfSublayers
        for (_, sublayer) in ordered {
            let toParent = LayerTreeLock.withLock { sublayer.modelValues.transformToSuperlayer }.concatenating(sublayerSpace)
            guard CATransform3DIsAffine(toParent) else { continue }
            let placement = CATransform3DGetAffineTransform(toParent)
            guard [placement.a, placement.b, placement.c, placement.d, placement.tx, placement.ty].allSatisfy(\.isFinite) else { continue }
            context.saveGState()
            context.concatenate(placement)
            draw(sublayer, depth: depth + 1)
            context.restoreGState()
        }
    }
}
