import Foundation
import Quartzite

/// A text layer's text: its image (from `TextImageCache`) drawn over its bounds as contents are, tinted by
/// the walk's tint times the foreground colour (the image of a plain string is white; see `TextRasterizer`).
extension Compositor {
    /// Rasterisations of text run by this compositor since it was made.
    package var textRasterizations: Int { texts.rasterizations }

    /// Draws the text of `frame`'s layer at `textScale`'s pixels per point.
    func drawText(_ frame: CompositorFrame, tint: Tint, into list: inout DisplayList) {
        let p = frame.p
        let scale = Self.textScale(contentsScale: p.contentsScale, displayScale: contentScale, world: frame.world)
        guard let values = p.text,
              let request = TextRequest(values, size: p.bounds.size, scale: scale),
              let image = texts.image(for: request, frame: frameNumberForCaches) else { return }
        // The image covers whole pixels: its last column and row reach up to a pixel past the bounds.
        let rect = CGRect(x: p.bounds.minX, y: p.bounds.minY,
                          width: CGFloat(image.width) / request.scale, height: CGFloat(image.height) / request.scale)
        let color = request.color == nil ? values.foregroundColor?.premultipliedRGBA ?? .zero : .one
        let exact = mapsTexelForPixel(rect, frame.world, width: image.width, height: image.height)
        list.commands.append(.image(list.appendQuad(rect), matrix: frame.matrix, image: image, tint: tint * color,
                                    sampling: exact ? .nearest : .linear))
    }

    /// Pixels per point of a text layer's image: the larger of its contentsScale and the display's pixels
    /// per point (a port's labels stay crisp on a denser display without setting contentsScale), times how
    /// much the layer's transforms magnify it, rounded up to a quarter octave. So text magnified by a scale
    /// transform is crisp once the transform settles, drawn at most 19 % smaller than it was rasterised, and
    /// a zoom re-rasterises at each quarter octave it passes (five times from 1x to 2x), not every frame.
    /// A shrinking transform keeps the unmagnified scale, so text scaled down and back is not rasterised again.
    static func textScale(contentsScale: CGFloat, displayScale: CGFloat, world: CATransform3D) -> CGFloat {
        let base = max(contentsScale, displayScale)
        let magnification = LayerGeometry.scale(world)
        // Float noise in a composed transform (1.0000001) is not a magnification.
        guard magnification > 1.001 else { return base }
        let steps = (4 * log2(magnification)).rounded(.up)
        return base * pow(2, min(steps, maximumMagnificationSteps) / 4)
    }

    /// The most quarter octaves a transform magnifies text's image (64x); beyond it the image is stretched.
    static let maximumMagnificationSteps: CGFloat = 24
}
