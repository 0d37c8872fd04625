import Foundation
import Quartzite

/// A gradient layer that stays the same is drawn from a bitmap of its gradient, as Core Animation renders a
/// gradient layer's contents once and composites them after: on llvmpipe the gradient shader costs about
/// three plain pixels a pixel, a texel read texel for pixel about two (and an opaque bitmap is copied, see
/// `DisplayCommand.rasterImage`). The bitmap is made once the gradient has looked the same for
/// `StableRasters.stableFrames` frames in a row, upright on whole pixels only (one texel a pixel, no fringe),
/// and it is made again when the gradient, its tint or its size in pixels changes. Snow's full-canvas night
/// sky is the case this is for.
struct GradientLook: Equatable {
    var paint: GradientPaint
    /// The pixels it covers on the target (the dither's noise depends on where they are).
    var pixels: PixelBox
    var dither: Bool
}

extension Compositor {
    /// Draws the layer's gradient from its bitmap when it can (see `GradientLook`); false when the gradient
    /// is to be drawn directly.
    func drawGradientFromRaster(_ frame: CompositorFrame, paint: GradientPaint, into list: inout DisplayList) -> Bool {
        let p = frame.p
        guard nestedBodies == 0, drawingTransition == 0, currentTarget == 0, openGroups == 0,
              frame.world.m11 > 0, frame.world.m22 > 0, let pixels = uprightPixelRect(p.bounds, frame.world),
              Self.isOnPixelEdges(pixels) else { return false }
        let box = PixelBox(x: Int(clampingPixel: pixels.minX.rounded()), y: Int(clampingPixel: pixels.minY.rounded()),
                           width: Int(clampingPixel: pixels.width.rounded()), height: Int(clampingPixel: pixels.height.rounded()))
        guard box.width >= 1, box.height >= 1, box.width <= 8192, box.height <= 8192 else { return false }
        let look = GradientLook(paint: paint, pixels: box, dither: dithersGradients)
        guard let (key, mustDraw) = gradientRasters.raster(for: frame.node.layerID, look: look, frame: frameNumberForCaches,
                                                            makeKey: makeRasterKey) else { return false }
        if mustDraw { drawGradientRaster(key: key, paint: paint, bounds: p.bounds, box: box, into: &list) }
        let flippedUV = CGRect(x: 0, y: 1, width: 1, height: -1)
        list.commands.append(.rasterImage(key: key, range: list.appendQuad(p.bounds, uv: flippedUV), matrix: frame.matrix,
                                          tint: .one, sampling: .nearest, opaque: paint.isOpaque, pixels: box))
        return true
    }

    /// Draws the gradient over `bounds` into the raster `key` of `box`'s size, its noise that of the target's
    /// pixels in `box` (GL counts window rows from the bottom, in the raster as on the target).
    private func drawGradientRaster(key: Int, paint: GradientPaint, bounds: CGRect, box: PixelBox,
                                    into list: inout DisplayList) {
        let targetHeight = targetPixels.height
        var shown = paint
        shown.noiseOrigin = SIMD2(Float(box.x), Float(targetHeight - box.y - box.height))
        // Layer points to raster pixels: the bounds fill the bitmap.
        let toRaster = CATransform3DMakeTranslation(-bounds.minX, -bounds.minY, 0)
            .concatenating(CATransform3DMakeScale(CGFloat(box.width) / bounds.width, CGFloat(box.height) / bounds.height, 1))
        drawInRaster(key: key, width: box.width, height: box.height, covered: paint.isOpaque, into: &list) { list in
            list.commands.append(.gradient(list.appendQuad(bounds), matrix: list.addMatrix(clipMatrix(toRaster)), paint: shown))
        }
    }
}
