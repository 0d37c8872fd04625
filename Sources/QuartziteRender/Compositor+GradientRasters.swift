import Foundation
import Quartzite

/// A gradient layer that stays the same is drawn from a bitmap of its gradient, as Core Animation renders a
/// gradient layer's contents once and composites them after: on llvmpipe the gradient shader costs about
/// three plain pixels a pixel, a texel read texel for pixel about two. The bitmap is made once the gradient
/// has looked the same for `GradientRasters.stableFrames` frames in a row (an animated gradient, such as a
/// shimmer, is drawn directly every frame, never paying for both), upright on whole pixels only (one texel
/// a pixel, no fringe), and it is made again when the gradient, its tint or its size in pixels changes.
/// Snow's full-canvas night sky is the case this is for.
struct GradientRasters {
    /// What a layer's gradient looks like on screen, to know when its bitmap shows it.
    struct Look: Equatable {
        var paint: GradientPaint
        /// The pixels it covers on the target (the dither's noise depends on where they are).
        var pixels: PixelBox
        var dither: Bool
    }

    struct Entry {
        var look: Look
        /// Frames in a row that showed this look.
        var frames: Int
        /// The raster holding it, once made.
        var key: Int?
        var lastUsed: Int
    }

    /// Frames a gradient must look the same before it is kept as a bitmap.
    static let stableFrames = 3
    /// Frames an unused entry is kept (the back end keeps the raster longer, 240).
    static let unusedFrames = 120

    private(set) var entries: [ObjectIdentifier: Entry] = [:]

    /// Records that layer `id` shows `look` at `frame`; returns its raster key and whether the raster must be
    /// drawn first, or nil while the look has not been stable long enough.
    mutating func raster(for id: ObjectIdentifier, look: Look, frame: Int, makeKey: () -> Int) -> (key: Int, draw: Bool)? {
        guard var entry = entries[id], entry.look == look else {
            // A new look: drawn directly; the raster, if any, is kept for when the look settles again.
            entries[id] = Entry(look: look, frames: 1, key: entries[id]?.key, lastUsed: frame)
            return nil
        }
        entry.frames += 1
        entry.lastUsed = frame
        defer { entries[id] = entry }
        guard entry.frames >= Self.stableFrames else { return nil }
        if let key = entry.key, entry.frames > Self.stableFrames { return (key, false) }
        let key = entry.key ?? makeKey()
        entry.key = key
        return (key, true)
    }

    /// Forgets the layers not drawn for `unusedFrames` frames.
    mutating func evict(atFrame frame: Int) {
        entries = entries.filter { frame - $0.value.lastUsed < Self.unusedFrames }
    }
}

extension Compositor {
    /// Draws the layer's gradient from its bitmap when it can (see `GradientRasters`); false when the gradient
    /// is to be drawn directly.
    func drawGradientFromRaster(_ frame: CompositorFrame, paint: GradientPaint, into list: inout DisplayList) -> Bool {
        let p = frame.p
        guard nestedBodies == 0, drawingTransition == 0, currentTarget == 0, openGroups == 0,
              frame.world.m11 > 0, frame.world.m22 > 0, let pixels = uprightPixelRect(p.bounds, frame.world),
              Self.isOnPixelEdges(pixels) else { return false }
        let box = PixelBox(x: Int(clampingPixel: pixels.minX.rounded()), y: Int(clampingPixel: pixels.minY.rounded()),
                           width: Int(clampingPixel: pixels.width.rounded()), height: Int(clampingPixel: pixels.height.rounded()))
        guard box.width >= 1, box.height >= 1, box.width <= 8192, box.height <= 8192 else { return false }
        let look = GradientRasters.Look(paint: paint, pixels: box, dither: dithersGradients)
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
        drawInRaster(key: key, width: box.width, height: box.height, into: &list) { list in
            list.commands.append(.gradient(list.appendQuad(bounds), matrix: list.addMatrix(clipMatrix(toRaster)), paint: shown))
        }
    }
}
