import Foundation

/// One layer's own pixels for `render(in:)`, in Core Animation's order: background, contents (a bitmap, a
/// shape, a gradient or text), border. Everything is drawn in the layer's coordinates (y down, as the layer
/// sees them); bitmaps are turned so that they stand as they do on screen.
enum RenderedParts {
    static func draw(_ layer: CALayer, _ p: LayerProperties, in context: CGContext) {
        background(p, context)
        contents(p, context)
        switch layer {
        case is CAShapeLayer: shape(p, context)
        case is CAGradientLayer: gradient(p, context)
        case is CATextLayer: text(p, context)
        default: break
        }
        border(p, context)
    }

    /// The bounds with their corners rounded by `cornerRadius` (at most half the shorter side).
    static func outline(_ p: LayerProperties) -> CGPath {
        let b = p.bounds.standardized
        let r = min(max(p.cornerRadius.isFinite ? p.cornerRadius : 0, 0), b.width / 2, b.height / 2)
        return r > 0 ? CGPath(roundedRect: b, cornerWidth: r, cornerHeight: r, transform: nil) : CGPath(rect: b, transform: nil)
    }

    /// The background colour over the outline; a pattern colour's tiles laid in the layer's space from the
    /// bounds' top-left corner (`BackgroundTiling`, as the GL compositor lays them), or its `rgba` where it
    /// cannot tile.
    private static func background(_ p: LayerProperties, _ context: CGContext) {
        guard let color = p.backgroundColor, color.alpha > 0 else { return }
        context.beginPath()
        context.addPath(outline(p))
        let b = p.bounds.standardized
        if color.isPattern,
           let tiling = color.backgroundTiling(origin: b.origin, pixelsPerPoint: context.state.ctm.meanScale) {
            return context.fillPath(tiledWith: tiling)
        }
        // A pattern that cannot tile shows its `rgba` (the image's average colour, the stencil's), as on screen.
        let c = color.rgba
        context.setFillColor(color.isPattern ? CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3]) : color)
        context.fillPath()
    }

    /// A `contents` bitmap: its `contentsRect` part, placed by `contentsGravity` at `contentsScale`.
    private static func contents(_ p: LayerProperties, _ context: CGContext) {
        guard let image = p.contents else { return }
        let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
        let part = p.contentsRect.standardized == unit ? image : image.cropping(to: CGRect(
            x: p.contentsRect.minX * CGFloat(image.width), y: p.contentsRect.minY * CGFloat(image.height),
            width: p.contentsRect.width * CGFloat(image.width), height: p.contentsRect.height * CGFloat(image.height)))
        guard let part else { return }
        let scale = p.contentsScale.isFinite && p.contentsScale > 0 ? p.contentsScale : 1
        let size = CGSize(width: CGFloat(part.width) / scale, height: CGFloat(part.height) / scale)
        context.drawUpright(part, in: p.contentsGravity.placement(of: size, in: p.bounds, flipped: p.isGeometryFlipped))
    }

    private static func border(_ p: LayerProperties, _ context: CGContext) {
        guard let color = p.borderColor, color.alpha > 0, p.borderWidth > 0, p.borderWidth.isFinite else { return }
        // The border lies inside the bounds: its centre line is the outline inset by half its width.
        let inset = p.bounds.standardized.insetBy(dx: p.borderWidth / 2, dy: p.borderWidth / 2)
        guard inset.width > 0, inset.height > 0 else {
            // At least half the shorter side wide, the border covers the whole outline.
            context.setFillColor(color)
            context.beginPath()
            context.addPath(outline(p))
            return context.fillPath()
        }
        let r = min(max(p.cornerRadius.isFinite ? p.cornerRadius - p.borderWidth / 2 : 0, 0), inset.width / 2, inset.height / 2)
        context.setStrokeColor(color)
        context.setLineWidth(p.borderWidth)
        context.beginPath()
        context.addPath(r > 0 ? CGPath(roundedRect: inset, cornerWidth: r, cornerHeight: r, transform: nil)
                              : CGPath(rect: inset, transform: nil))
        context.strokePath()
    }
}
