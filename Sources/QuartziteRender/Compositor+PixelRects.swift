import Foundation
import Quartzite

/// A rectangle of a layer placed upright (scaled and moved only) on the target, in device pixels: what a
/// scissor box, a cover folded into the clear colour and a quad drawn without its fringe are decided by.
extension Compositor {
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
}
