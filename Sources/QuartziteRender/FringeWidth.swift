import Foundation
import Quartzite

/// How far half a device pixel reaches in a layer's own points, across one piece of an outline: the
/// fringe of a layer drawn with its matrix (perspective, uneven scales) is laid out in layer points, where
/// a pixel is longer across some edges than across others.
struct FringeWidth {
    /// The layer's points to canvas points, perspective included.
    let world: CATransform3D
    /// Device pixels per canvas point.
    let pixelsPerPoint: CGFloat

    /// The layer-space distance along the piece's outward normal that moves half a device pixel across the
    /// piece on screen, measured at its middle; nil when the piece is seen edge-on or behind the eye.
    func halfPixel(along s: SIMD4<Float>) -> Float? {
        let x0 = CGFloat(s.x), y0 = CGFloat(s.y), x1 = CGFloat(s.z), y1 = CGFloat(s.w)
        let dx = x1 - x0, dy = y1 - y0
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0, length.isFinite else { return nil }
        let ux = dx / length, uy = dy / length
        let mx = (x0 + x1) / 2, my = (y0 + y1) / 2
        // A step small against the piece yet far above rounding.
        let eps = max(length, 1e-3) * 1e-2
        guard let m = project(mx, my), let a = project(mx - ux * eps, my - uy * eps),
              let b = project(mx + ux * eps, my + uy * eps), let q = project(mx + uy * eps, my - ux * eps) else { return nil }
        let ex = b.x - a.x, ey = b.y - a.y
        let along = (ex * ex + ey * ey).squareRoot()
        guard along > 0 else { return nil }
        // The screen distance of the normal step, across the piece's image.
        let across = abs(((q.x - m.x) * ey - (q.y - m.y) * ex) / along) * pixelsPerPoint
        guard across > 1e-9 * eps, across.isFinite else { return nil }
        let reach = Float(0.5 * eps / across)
        return reach.isFinite ? reach : nil
    }

    /// A layer point on the canvas (divided by w); nil at or behind the eye.
    private func project(_ x: CGFloat, _ y: CGFloat) -> CGPoint? {
        let m = world
        let w = x * m.m14 + y * m.m24 + m.m44
        guard w > 1e-9 else { return nil }
        return CGPoint(x: (x * m.m11 + y * m.m21 + m.m41) / w, y: (x * m.m12 + y * m.m22 + m.m42) / w)
    }
}
