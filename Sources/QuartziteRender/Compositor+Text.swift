import Foundation
import Quartzite

/// A text layer's text: its image (from `TextImageCache`) drawn over its bounds as contents are, tinted by
/// the walk's tint times the foreground colour (the image of a plain string is white; see `TextRasterizer`).
extension Compositor {
    /// Rasterisations of text run by this compositor since it was made.
    package var textRasterizations: Int { texts.rasterizations }

    /// Draws the text of `frame`'s layer, at the larger of its contentsScale and the display's pixels per
    /// point (a port's labels stay crisp on a denser display without setting contentsScale).
    func drawText(_ frame: CompositorFrame, tint: Tint, into list: inout DisplayList) {
        let p = frame.p
        guard let values = p.text,
              let request = TextRequest(values, size: p.bounds.size, scale: max(p.contentsScale, contentScale)),
              let image = texts.image(for: request, frame: frameNumberForCaches) else { return }
        // The image covers whole pixels: its last column and row reach up to a pixel past the bounds.
        let rect = CGRect(x: p.bounds.minX, y: p.bounds.minY,
                          width: CGFloat(image.width) / request.scale, height: CGFloat(image.height) / request.scale)
        let color = request.color == nil ? values.foregroundColor?.premultipliedRGBA ?? .zero : .one
        list.commands.append(.image(list.appendQuad(rect), matrix: frame.matrix, image: image, tint: tint * color,
                                    sampling: .linear))
    }
}
