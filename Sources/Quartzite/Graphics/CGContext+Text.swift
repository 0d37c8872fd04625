import Foundation

/// Text, as the glyph outlines string drawing lays out.
extension CGContext {
    /// Fills each part's outlines in its colour, the outlines' origin at `origin` in user space. The current
    /// path is kept: string drawing does not consume it.
    func fillOutlines(_ parts: [TextOutlines.Part], at origin: CGPoint) {
        let placement = CGAffineTransform(translationX: origin.x, y: origin.y).concatenating(state.ctm)
        for part in parts {
            let device = CGMutablePath()
            device.addPath(part.path, transform: placement)
            draw(.fill(device, .winding), with: .color(part.color))
        }
    }
}
