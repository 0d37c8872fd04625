import Foundation
import Quartzite

/// A rectangle of a layer placed upright (scaled and moved only) on the target, in device pixels: what a
/// scissor box, a cover folded into the clear colour and a quad drawn without its fringe are decided by.
extension Compositor {
    /// The whole pixels of the target being drawn into (the canvas at the content scale).
    var targetPixels: PixelBox {
        PixelBox(x: 0, y: 0, width: Int(clampingPixel: (canvasSize.width * contentScale).rounded()),
                 height: Int(clampingPixel: (canvasSize.height * contentScale).rounded()))
    }

    /// `rect`, in a layer's space placed by `world`, in the target's pixels (standardised: min below max);
    /// nil when the placement turns, skews or projects it, or the result is not finite.
    func uprightPixelRect(_ rect: CGRect, _ world: CATransform3D) -> CGRect? {
        guard Self.isUpright(world), !rect.isNull else { return nil }
        let x0 = (rect.minX * world.m11 + world.m41) * contentScale, x1 = (rect.maxX * world.m11 + world.m41) * contentScale
        let y0 = (rect.minY * world.m22 + world.m42) * contentScale, y1 = (rect.maxY * world.m22 + world.m42) * contentScale
        guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return nil }
        return CGRect(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0))
    }

    /// Whether every edge of a pixel rectangle lies on a pixel edge (within 1/1000 of a pixel).
    static func isOnPixelEdges(_ pixels: CGRect) -> Bool {
        [pixels.minX, pixels.maxX, pixels.minY, pixels.maxY].allSatisfy { abs($0 - $0.rounded()) < 1e-3 }
    }

    /// Whether `rect`, placed by `world`, is upright with every edge on a pixel edge: its coverage is then 1
    /// inside and 0 outside, and the antialiasing fringe round its quad, and the depth test that keeps the
    /// fringe's pixels blended once, would change no pixel. A canvas-filling gradient sky or picture drew both
    /// over every pixel.
    func liesOnPixelEdges(_ rect: CGRect, _ world: CATransform3D) -> Bool {
        uprightPixelRect(rect, world).map(Self.isOnPixelEdges) ?? false
    }

    /// Whether every piece of a fill's outline, placed by `world`, runs along a pixel edge (upright, each
    /// piece horizontal or vertical on a whole pixel): its coverage at every pixel centre is then 0 or 1, and
    /// the fringe, its depth test and its own draw would change no pixel (the HUD's bars, snapped to pixels).
    func boundaryLiesOnPixelEdges(_ mesh: TriangleMesh, _ world: CATransform3D) -> Bool {
        guard Self.isUpright(world) else { return false }
        let sx = Float(world.m11 * contentScale), sy = Float(world.m22 * contentScale)
        let tx = Float(world.m41 * contentScale), ty = Float(world.m42 * contentScale)
        guard sx.isFinite, sy.isFinite, tx.isFinite, ty.isFinite else { return false }
        func onEdge(_ v: Float) -> Bool { abs(v - v.rounded()) < 1e-3 }
        for piece in mesh.boundary {
            let x0 = piece.x * sx + tx, y0 = piece.y * sy + ty, x1 = piece.z * sx + tx, y1 = piece.w * sy + ty
            guard (x0 == x1 && onEdge(x0)) || (y0 == y1 && onEdge(y0)) else { return false }
        }
        return true
    }

    /// Whether `rect`, placed by `world`, covers exactly `width` x `height` whole pixels, its edges on pixel
    /// edges: an image of that size drawn over it puts one texel on each pixel, centre on centre.
    func mapsTexelForPixel(_ rect: CGRect, _ world: CATransform3D, width: Int, height: Int) -> Bool {
        guard let pixels = uprightPixelRect(rect, world), Self.isOnPixelEdges(pixels) else { return false }
        return abs(pixels.width - CGFloat(width)) < 1e-3 && abs(pixels.height - CGFloat(height)) < 1e-3
    }

    /// The filtering for a layer's contents drawn without a fringe: nearest where the whole image (unit
    /// contentsRect and contentsCenter) lands texel for pixel, else what the layer asks for.
    func contentsSampling(_ image: CGImage, _ frame: CompositorFrame) -> ImageSampling {
        let p = frame.p, unit = CGRect(x: 0, y: 0, width: 1, height: 1)
        guard p.contentsRect == unit, p.contentsCenter == unit,
              mapsTexelForPixel(ContentsLayout.placement(of: image, p).destination, frame.world,
                                width: image.width, height: image.height) else { return ContentsLayout.sampling(p) }
        return .nearest
    }
}
