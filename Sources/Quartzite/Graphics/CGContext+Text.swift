import Foundation

/// Text, as string drawing lays it out: run backgrounds, then glyph outlines filled (and stroked, and
/// shadowed) as their look says.
extension CGContext {
    /// Draws `drawing` with its origin at `origin` in user space. The current path is kept: string drawing does
    /// not consume it.
    func drawText(_ drawing: TextOutlines.Drawing, at origin: CGPoint) {
        let placement = CGAffineTransform(translationX: origin.x, y: origin.y).concatenating(state.ctm)
        for background in drawing.backgrounds {
            let device = CGMutablePath()
            device.addRect(background.box, transform: placement)
            draw(.fill(device, .winding), with: .color(background.color))
        }
        for part in drawing.parts {
            let device = CGMutablePath()
            device.addPath(part.path, transform: placement)
            saveGState()
            if let shadow = part.look.shadow {
                setShadow(offset: CGSize(width: shadow.offsetWidth, height: shadow.offsetHeight), blur: shadow.blur,
                          color: shadow.color)
            }
            if part.look.stroke?.fills ?? true { draw(.fill(device, .winding), with: .color(part.look.color)) }
            if let stroke = part.look.stroke {
                setLineWidth(stroke.width)
                draw(.stroke(device), with: .color(stroke.color))
            }
            restoreGState()
        }
    }
}
