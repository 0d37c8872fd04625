import Foundation

/// The contents of shape, gradient and text layers for `render(in:)`.
extension RenderedParts {
    /// The path filled by its rule, then its `strokeStart`...`strokeEnd` part stroked in the line style.
    static func shape(_ p: LayerProperties, _ context: CGContext) {
        guard let path = p.path, !path.isEmpty else { return }
        if let fill = p.fillColor, fill.alpha > 0 {
            context.setFillColor(fill)
            context.beginPath()
            context.addPath(path)
            context.fillPath(using: p.fillRule.cgFillRule)
        }
        guard let stroke = p.strokeColor, stroke.alpha > 0, p.lineWidth > 0, p.lineWidth.isFinite else { return }
        let start = min(max(p.strokeStart, 0), 1), end = min(max(p.strokeEnd, 0), 1)
        guard end > start else { return }
        context.setStrokeColor(stroke)
        context.setLineWidth(p.lineWidth)
        context.setLineCap(p.lineCap.cgLineCap)
        context.setLineJoin(p.lineJoin.cgLineJoin)
        context.setMiterLimit(p.miterLimit)
        if let dashes = p.lineDashPattern, !dashes.isEmpty { context.setLineDash(phase: p.lineDashPhase, lengths: dashes) }
        context.beginPath()
        context.addPath(start == 0 && end == 1 ? path : path.trimmed(from: start, to: end))
        context.strokePath()
    }

    /// The gradient over the bounds (cut to their rounded outline): axial between the unit start and end
    /// points, radial as an ellipse centred on the start point reaching the end point, conic around the start
    /// point from the end point's direction.
    static func gradient(_ p: LayerProperties, _ context: CGContext) {
        guard let colors = p.colors, !colors.isEmpty else { return }
        let locations = p.locations.flatMap { $0.count == colors.count ? $0 : nil }
        guard let gradient = CGGradient(colorsSpace: nil, colors: colors, locations: locations) else { return }
        let b = p.bounds.standardized
        let point = { (u: CGPoint) in CGPoint(x: b.minX + u.x * b.width, y: b.minY + u.y * b.height) }
        let start = point(p.startPoint), end = point(p.endPoint)
        context.saveGState()
        defer { context.restoreGState() }
        context.beginPath()
        context.addPath(outline(p))
        context.clip()
        let extend: CGGradientDrawingOptions = [.drawsBeforeStartLocation, .drawsAfterEndLocation]
        switch p.gradientType {
        case .axial: context.drawLinearGradient(gradient, start: start, end: end, options: extend)
        case .radial:
            let rx = abs(end.x - start.x), ry = abs(end.y - start.y)
            guard rx > 0, ry > 0, rx.isFinite, ry.isFinite else { return }
            context.translateBy(x: start.x, y: start.y)
            context.scaleBy(x: rx, y: ry)
            context.drawRadialGradient(gradient, startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: 1,
                                       options: [.drawsAfterEndLocation])
        case .conic:
            // Core Animation's conic type: around the start point, location 0 towards the end point, the angle
            // growing from the layer's x axis towards its y axis (clockwise as the layer stands on screen).
            let angle = start == end ? 0 : atan2(end.y - start.y, end.x - start.x)
            context.drawConicGradient(gradient, center: start, startAngle: angle)
        default:
            Diagnostics.report("render(in:): a \(p.gradientType.rawValue) gradient is not drawn into a CGContext")
        }
    }

    /// The text as the renderer rasterises it, at the context's scale (at least the layer's contentsScale),
    /// in the foreground colour unless its runs carry their own.
    static func text(_ p: LayerProperties, _ context: CGContext) {
        guard let values = p.text else { return }
        let deviceScale = max(context.ctm.meanScale, 1)
        let scale = max(p.contentsScale.isFinite ? p.contentsScale : 1, deviceScale.isFinite ? deviceScale : 1)
        guard let request = TextRequest(values, size: p.bounds.size, scale: scale),
              let white = TextRasterizer.image(request) else { return }
        let image = request.color == nil
            ? (UIImage(cgImage: white).withTintColor(UIColor(cgColor: values.foregroundColor ?? .white)).cgImage ?? white)
            : white
        context.drawUpright(image, in: CGRect(origin: p.bounds.origin, size: p.bounds.size))
    }
}
