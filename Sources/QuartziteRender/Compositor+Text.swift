import Foundation
import Quartzite

/// A text layer's text: its image (from `TextImageCache`) drawn over its bounds as contents are, tinted by
/// the walk's tint times the foreground colour (the image of a plain string is white; see `TextRasterizer`).
extension Compositor {
    /// Rasterisations of text run by this compositor since it was made.
    package var textRasterizations: Int { texts.rasterizations }

    /// Draws the text of `frame`'s layer at `textScale`'s pixels per point: under coverage antialiasing a quad
    /// over each of its ink's boxes (`TextInk`), which leaves every pixel as a quad over the whole image would.
    func drawText(_ frame: CompositorFrame, tint: Tint, into list: inout DisplayList) {
        let p = frame.p
        guard let text = placedText(p, world: frame.world), !text.ink.boxes.isEmpty else { return }
        let (image, scale) = (text.image, text.scale)
        // The image covers whole pixels: its last column and row reach up to a pixel past the bounds.
        let rect = CGRect(x: p.bounds.minX, y: p.bounds.minY,
                          width: CGFloat(image.width) / scale, height: CGFloat(image.height) / scale)
        let color = text.plain ? p.text?.foregroundColor?.premultipliedRGBA ?? .zero : .one
        let exact = mapsTexelForPixel(rect, frame.world, width: image.width, height: image.height)
        var range = IndexRange(first: list.indices.count, count: 0)
        // With several samples a pixel, a sample outside a box can still read ink a minified image puts near
        // it: there the whole image is drawn.
        let whole = PixelBox(x: 0, y: 0, width: image.width, height: image.height)
        for box in coverageAntialiasing ? text.ink.boxes : [whole] {
            range.count += list.appendQuad(Self.inkRect(box, in: p.bounds, scale: scale),
                                           uv: Self.inkUV(box, width: image.width, height: image.height)).count
        }
        list.commands.append(.image(range, matrix: frame.matrix, image: image, tint: tint * color,
                                    sampling: exact ? .nearest : .linear))
    }

    /// A text layer's image at the pixels per point its world transform asks for (`textScale`), with its
    /// ink; nil when it has no text or the text could not be rasterised. `plain`: drawn in white, to be
    /// tinted by the foreground colour.
    func placedText(_ p: LayerProperties, world: CATransform3D) -> (image: CGImage, ink: TextInk, scale: CGFloat, plain: Bool)? {
        let scale = Self.textScale(contentsScale: p.contentsScale, displayScale: contentScale, world: world)
        guard let values = p.text, let request = TextRequest(values, size: p.bounds.size, scale: scale),
              let text = texts.text(for: request, frame: frameNumberForCaches) else { return nil }
        return (text.image, text.ink, request.scale, request.color == nil)
    }

    /// A box of a text image's texels in the layer's points (the image's top left at the bounds' origin).
    static func inkRect(_ box: PixelBox, in bounds: CGRect, scale: CGFloat) -> CGRect {
        CGRect(x: bounds.minX + CGFloat(box.x) / scale, y: bounds.minY + CGFloat(box.y) / scale,
               width: CGFloat(box.width) / scale, height: CGFloat(box.height) / scale)
    }

    /// A box of an image's texels as texture coordinates.
    private static func inkUV(_ box: PixelBox, width: Int, height: Int) -> CGRect {
        CGRect(x: CGFloat(box.x) / CGFloat(width), y: CGFloat(box.y) / CGFloat(height),
               width: CGFloat(box.width) / CGFloat(width), height: CGFloat(box.height) / CGFloat(height))
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
