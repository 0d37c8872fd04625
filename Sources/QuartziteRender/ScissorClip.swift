import Foundation
import Quartzite

/// Whole pixels of a target: x right and y down from its top left.
package struct PixelBox: Equatable, Sendable {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int

    /// A box of `width` x `height` pixels whose top left is at (`x`, `y`).
    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// The whole pixels that meet the rectangle from (`minX`, `minY`) to (`maxX`, `maxY`) in pixels: its
    /// corners rounded outward (clamped to ±2^30).
    package init(corners minX: CGFloat, _ minY: CGFloat, _ maxX: CGFloat, _ maxY: CGFloat) {
        x = Int(clampingPixel: minX.rounded(.down)); y = Int(clampingPixel: minY.rounded(.down))
        width = max(Int(clampingPixel: maxX.rounded(.up)) - x, 0); height = max(Int(clampingPixel: maxY.rounded(.up)) - y, 0)
    }

    /// The pixels in both boxes (empty, at `x`/`y` inside both, when they do not meet).
    package func intersection(_ other: PixelBox) -> PixelBox {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(x + width, other.x + other.width), y1 = min(y + height, other.y + other.height)
        return PixelBox(x: x0, y: y0, width: max(x1 - x0, 0), height: max(y1 - y0, 0))
    }
}

/// masksToBounds of an upright, square-cornered layer as a scissor box instead of a stencil clip: the same
/// pixels (a stencil of one sample a pixel keeps the pixels whose centres lie inside the bounds, and so does
/// this box), without a pass to write the stencil, a pass to take it back, or a stencil test on every
/// pixel drawn inside (llvmpipe does not even bin what falls outside a scissor). The gallery clips each of its
/// fourteen thumbnails so.
extension Compositor {
    /// The box of pixels whose centres lie inside the layer's bounds, when its clip can be one: the layer is
    /// upright (scaled and moved only) and square-cornered, and either the target has one sample a pixel or
    /// the bounds' edges fall on pixel edges (with MSAA a stencil clip covers edge pixels partly).
    func scissorBox(_ frame: CompositorFrame) -> PixelBox? {
        guard !isRounded(frame.p), let pixels = uprightPixelRect(frame.p.bounds, frame.world),
              coverageAntialiasing || Self.isOnPixelEdges(pixels) else { return nil }
        return scissorBox(pixels)
    }

    /// The box of pixels whose centres lie inside `pixels` (a rectangle in the target's pixels).
    func scissorBox(_ pixels: CGRect) -> PixelBox {
        let (minX, maxX, minY, maxY) = (pixels.minX, pixels.maxX, pixels.minY, pixels.maxY)
        // Pixel i's centre i + 0.5 lies inside [min, max) when i is at least ceil(min - 0.5) and below
        // ceil(max - 0.5); clamped to the target, where nothing outside is drawn anyway.
        let (targetWidth, targetHeight) = (targetPixels.width, targetPixels.height)
        func first(_ v: CGFloat, _ limit: Int) -> Int { min(max(Int(clampingPixel: (v - 0.5).rounded(.up)), 0), limit) }
        let x0 = first(minX, targetWidth), x1 = first(maxX, targetWidth)
        let y0 = first(minY, targetHeight), y1 = first(maxY, targetHeight)
        return PixelBox(x: x0, y: y0, width: max(x1 - x0, 0), height: max(y1 - y0, 0))
    }
}
