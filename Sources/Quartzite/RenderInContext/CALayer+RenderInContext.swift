import Foundation

extension CALayer {
    /// The deepest sublayer `render(in:)` draws (deeper ones are left out, with a message).
    static let renderInContextDepth = 256

    /// Draws the layer and its sublayers into `ctx` in the layer's own coordinates (under the context's CTM),
    /// from the model values: animations are not applied, as Core Animation's `render(in:)` does. Shadows,
    /// a replicator's copies, conic gradients and `compositingFilter`'s blend modes are drawn. As Apple
    /// documents for it, layers with 3D transforms, masks and filters are not drawn; here emitter particles
    /// are left out too (DESIGN.md).
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
    /// Layers drawn inside a replicator's copies after the first, and how many replicators the walk is in
    /// (`LayerPainter+Replicator.swift`).
    var replicatedLayers = 0
    var laterCopies = 0
    var replicatorNesting = 0
    var reportedCopies = false
    /// The most layers the copies after the first may draw (the Evaluator's budget, read under its lock).
    let replicatedLayerBudget: Int

    init(context: CGContext) {
        self.context = context
        replicatedLayerBudget = LayerTreeLock.withLock { Evaluator.maximumReplicatedNodes }
    }

    /// Draws `layer` and its subtree in the coordinates the context has now (the layer's own).
    mutating func draw(_ layer: CALayer, depth: Int) {
        let p = LayerTreeLock.withLock { layer.modelValues }
        let opacity = CGFloat(p.opacity)
        guard !p.isHidden, opacity > 0, opacity.isFinite else { return }
        if laterCopies > 0 { replicatedLayers += 1 }
        context.saveGState()
        defer { context.restoreGState() }
        if opacity < 1 { context.setAlpha(opacity) }
        // A compositing filter blends the layer and its sublayers, as one picture, onto what is behind them.
        let blend = p.compositingBlendMode.flatMap { $0 == .normal ? nil : $0 }
        if let blend { context.setBlendMode(blend) }
        // A shadow cast from the content needs the content as one picture: the transparency layer casts it.
        let shadowFromContent = RenderedShadow.begin(p, in: context)
        let grouped = opacity < 1 || shadowFromContent || blend != nil
        if grouped { context.beginTransparencyLayer(auxiliaryInfo: nil) }
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

    /// Each sublayer, by zPosition then order, in its own coordinates (once per copy under a replicator);
    /// those not placed by an affine transform are left out.
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
        if let copies = p.replicator, copies.changesDrawing {
            return drawCopies(of: ordered.map(\.element), copies, bounds: p.bounds, in: sublayerSpace, depth: depth)
        }
        draw(ordered.map(\.element), in: sublayerSpace, depth: depth)
    }

    /// `sublayers` in order, each placed by its transform to its superlayer followed by `space` (its
    /// superlayer's sublayer space); those not placed by an affine transform are left out.
    mutating func draw(_ sublayers: [CALayer], in space: CATransform3D, depth: Int) {
        for sublayer in sublayers {
            let toParent = LayerTreeLock.withLock { sublayer.modelValues.transformToSuperlayer }.concatenating(space)
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
