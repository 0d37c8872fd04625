import CCairo
import Foundation

/// Every drawing call goes through `draw(_:with:)`: bring the touched pixels in, draw the shadow, draw, write
/// the pixels back, so the caller's memory holds the result as the call returns.
extension CGContext {
    /// Draws `coverage` with `source` under the current state (a pattern colour, an image's or a `CGPattern`'s,
    /// as its tiles, through the mask clip when there is one).
    func draw(_ coverage: Coverage, with source: PaintSource, blendMode: CGBlendMode? = nil,
              shadowed: Bool = true) {
        if case .color(let color) = source, let tile = color.patternTile {
            guard let pattern = tiledPattern(tile) else { return }
            defer { cairo_pattern_destroy(pattern) }
            return draw(coverage, with: .pattern(pattern), blendMode: blendMode, shadowed: shadowed)
        }
        if case .color(let color) = source, let fill = color.patternFill {
            guard let pattern = cellPattern(fill) else { return }
            defer { cairo_pattern_destroy(pattern) }
            return draw(coverage, with: .pattern(pattern), blendMode: blendMode, shadowed: shadowed)
        }
        let region = clipPixels()
        guard !region.isEmpty else { return }
        storage.readIn(region)
        let mask = state.clipMask
        if mask != nil { beginMaskedDrawing() }
        let mode = blendMode ?? (state.blendMode == .plusDarker ? .normal : state.blendMode)
        if shadowed, let shadow = state.shadow, shadow.color.alpha > 0 {
            drawShadow(shadow, of: coverage, with: source, blendMode: mode, within: region)
        }
        cairo_save(cairo)
        CairoPainter(cr: cairo, base: flip, state: state, blendMode: mode).paint(coverage, with: source)
        cairo_restore(cairo)
        if let mask { endMaskedDrawing(through: mask) }
        storage.writeBack(region)
        reportCairoErrors()
    }

    /// The whole pixels the clip lets through (all the drawing a call can change lies there).
    func clipPixels() -> PixelRect {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        cairo_clip_extents(cairo, &x0, &y0, &x1, &y1)
        cairo_restore(cairo)
        func pixel(_ v: Double, _ limit: Int) -> Int { Int(min(max(v, 0), Double(limit))) }
        return PixelRect(x0: pixel(x0.rounded(.down), width), y0: pixel(y0.rounded(.down), height),
                         x1: pixel(x1.rounded(.up), width), y1: pixel(y1.rounded(.up), height))
    }

    /// Cairo stops drawing for good after an error; every input that could cause one is checked first, so one
    /// here is a bug worth a message.
    func reportCairoErrors() {
        let status = cairo_status(cairo)
        guard status != CAIRO_STATUS_SUCCESS else { return }
        let text = cairo_status_to_string(status).map { String(cString: $0) } ?? "unknown"
        Diagnostics.report("CGContext: cairo stopped drawing: \(text)")
    }

    /// Paints the inside of the current path by `rule` with the fill colour, then empties the path.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        let path = devicePath
        beginPath()
        guard !path.isEmpty else { return }
        draw(.fill(path, rule), with: .color(state.fillColor))
    }

    /// Strokes the current path with the stroke colour and line style, then empties the path.
    public func strokePath() {
        let path = devicePath
        beginPath()
        guard !path.isEmpty else { return }
        draw(.stroke(path), with: .color(state.strokeColor))
    }

    /// Fills the current path by `rule` and strokes it on top, then empties the path.
    public func drawPath(using mode: CGPathDrawingMode) {
        let path = devicePath
        beginPath()
        guard !path.isEmpty else { return }
        switch mode {
        case .fill, .eoFill: draw(.fill(path, mode == .eoFill ? .evenOdd : .winding), with: .color(state.fillColor))
        case .stroke: draw(.stroke(path), with: .color(state.strokeColor))
        case .fillStroke, .eoFillStroke:
            draw(.fill(path, mode == .eoFillStroke ? .evenOdd : .winding), with: .color(state.fillColor))
            draw(.stroke(path), with: .color(state.strokeColor))
        }
    }

    /// Fills `rect` with the fill colour; the current path is kept.
    public func fill(_ rect: CGRect) { fill([rect]) }

    /// Fills `rects` (as one path, winding rule) with the fill colour; the current path is kept.
    public func fill(_ rects: [CGRect]) {
        let path = CGMutablePath()
        path.addRects(rects, transform: state.ctm)
        guard !path.isEmpty else { return }
        draw(.fill(path, .winding), with: .color(state.fillColor))
    }

    /// Fills the ellipse inscribed in `rect`; the current path is kept.
    public func fillEllipse(in rect: CGRect) {
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: state.ctm)
        guard !path.isEmpty else { return }
        draw(.fill(path, .winding), with: .color(state.fillColor))
    }

    /// Strokes `rect`; the current path is kept.
    public func stroke(_ rect: CGRect) {
        let path = CGMutablePath()
        path.addRect(rect, transform: state.ctm)
        guard !path.isEmpty else { return }
        draw(.stroke(path), with: .color(state.strokeColor))
    }

    /// Strokes `rect` with line width `width`; the current path is kept.
    public func stroke(_ rect: CGRect, width: CGFloat) {
        saveGState()
        setLineWidth(width)
        stroke(rect)
        restoreGState()
    }

    /// Strokes the ellipse inscribed in `rect`; the current path is kept.
    public func strokeEllipse(in rect: CGRect) {
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: state.ctm)
        guard !path.isEmpty else { return }
        draw(.stroke(path), with: .color(state.strokeColor))
    }

    /// Strokes a line between each pair of points (an odd last point is ignored); the current path is kept.
    public func strokeLineSegments(between points: [CGPoint]) {
        let path = CGMutablePath()
        for i in stride(from: 0, to: points.count - 1, by: 2) {
            path.move(to: points[i], transform: state.ctm)
            path.addLine(to: points[i + 1], transform: state.ctm)
        }
        guard !path.isEmpty else { return }
        draw(.stroke(path), with: .color(state.strokeColor))
    }

    /// Makes `rect` transparent (black where the context has no alpha), whatever the blend mode, alpha or
    /// shadow; the clip still applies.
    public func clear(_ rect: CGRect) {
        let path = CGMutablePath()
        path.addRect(rect, transform: state.ctm)
        guard !path.isEmpty else { return }
        draw(.fill(path, .winding), with: .color(.black), blendMode: .clear, shadowed: false)
    }
}

/// How `drawPath(using:)` paints the current path.
public enum CGPathDrawingMode: Int32, Sendable {
    /// Fill, winding rule.
    case fill
    /// Fill, even-odd rule.
    case eoFill
    /// Stroke.
    case stroke
    /// Fill (winding) then stroke.
    case fillStroke
    /// Fill (even-odd) then stroke.
    case eoFillStroke
}
