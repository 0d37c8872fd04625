import Foundation

/// Text, as string drawing and Core Text lay it out: run backgrounds, then glyph outlines filled (and stroked,
/// and shadowed) as their look and the text drawing mode say.
extension CGContext {
    /// Draws `drawing` with its origin at `origin` in user space, filled. The current path is kept: string
    /// drawing does not consume it.
    func drawText(_ drawing: TextOutlines.Drawing, at origin: CGPoint) {
        drawText(drawing, transform: CGAffineTransform(translationX: origin.x, y: origin.y), mode: .fill)
    }

    /// Draws `drawing` through `transform` (the drawing's space to user space) as `mode` says: filled in each
    /// part's colour, stroked with the current line width in that colour (a run's own stroke attribute keeps
    /// its width and colour), or not at all. A transform that is not finite draws nothing, with a diagnostic.
    func drawText(_ drawing: TextOutlines.Drawing, transform: CGAffineTransform, mode: CGTextDrawingMode) {
        let placement = transform.concatenating(state.ctm)
        guard [placement.a, placement.b, placement.c, placement.d, placement.tx, placement.ty].allSatisfy(\.isFinite) else {
            return Diagnostics.report("CGContext: text placed by a transform that is not finite (text position or text matrix) is not drawn")
        }
        let (fills, strokes) = mode.paints
        guard fills || strokes else { return }
        for background in drawing.backgrounds {
            let device = CGMutablePath()
            device.addRect(background.box, transform: placement)
            draw(.fill(device, .winding), with: .color(background.color))
        }
        for part in drawing.parts {
            let device = CGMutablePath()
            device.addPath(part.path, transform: placement)
            drawPart(device, look: part.look, fills: fills, strokes: strokes)
        }
    }

    /// One look's glyphs in device space: shadowed as the look says, filled unless its stroke attribute
    /// outlines only, stroked by its stroke attribute or, when the mode strokes, with the current line width.
    private func drawPart(_ device: CGPath, look: TextOutlines.Look, fills: Bool, strokes: Bool) {
        saveGState()
        if let shadow = look.shadow {
            setShadow(offset: CGSize(width: shadow.offsetWidth, height: shadow.offsetHeight), blur: shadow.blur,
                      color: shadow.color)
        }
        if fills && (look.stroke?.fills ?? true) { draw(.fill(device, .winding), with: .color(look.color)) }
        if let stroke = look.stroke {
            setLineWidth(stroke.width)
            draw(.stroke(device), with: .color(stroke.color))
        } else if strokes {
            draw(.stroke(device), with: .color(look.color))
        }
        restoreGState()
    }
}
