import Foundation

/// A projective map of the plane (a 3 x 3 homography, row vectors as `CATransform3D`): what a layer's 3D
/// transform does to its flat z = 0 plane once Core Animation flattens it into its superlayer's plane.
/// Point conversions between layers chain one per level.
struct PlaneMap: Equatable {
    var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    static func == (a: PlaneMap, b: PlaneMap) -> Bool {
        a.m.0 == b.m.0 && a.m.1 == b.m.1 && a.m.2 == b.m.2 && a.m.3 == b.m.3 && a.m.4 == b.m.4
            && a.m.5 == b.m.5 && a.m.6 == b.m.6 && a.m.7 == b.m.7 && a.m.8 == b.m.8
    }

    static let identity = PlaneMap(m: (1, 0, 0, 0, 1, 0, 0, 0, 1))

    init(m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)) { self.m = m }

    /// The map of the z = 0 plane through `t`, z dropped after it (x, y and w kept).
    init(flattening t: CATransform3D) {
        m = (t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m44)
    }

    /// This map, then `next`.
    func then(_ next: PlaneMap) -> PlaneMap {
        let a = m, b = next.m
        return PlaneMap(m: (
            a.0 * b.0 + a.1 * b.3 + a.2 * b.6, a.0 * b.1 + a.1 * b.4 + a.2 * b.7, a.0 * b.2 + a.1 * b.5 + a.2 * b.8,
            a.3 * b.0 + a.4 * b.3 + a.5 * b.6, a.3 * b.1 + a.4 * b.4 + a.5 * b.7, a.3 * b.2 + a.4 * b.5 + a.5 * b.8,
            a.6 * b.0 + a.7 * b.3 + a.8 * b.6, a.6 * b.1 + a.7 * b.4 + a.8 * b.7, a.6 * b.2 + a.7 * b.5 + a.8 * b.8))
    }

    /// The inverse map; nil when the map collapses the plane (a zero scale) or is not finite.
    func inverted() -> PlaneMap? {
        let (a, b, c, d, e, f, g, h, i) = m
        let c0 = e * i - f * h, c1 = -(d * i - f * g), c2 = d * h - e * g
        let det = a * c0 + b * c1 + c * c2
        guard det.isFinite, abs(det) > 1e-300 else { return nil }
        let r = 1 / det
        return PlaneMap(m: (
            c0 * r, -(b * i - c * h) * r, (b * f - c * e) * r,
            c1 * r, (a * i - c * g) * r, -(a * f - c * d) * r,
            c2 * r, -(a * h - b * g) * r, (a * e - b * d) * r))
    }

    /// The image of `p`; nil where the map sends it to infinity or behind the viewer (w <= 0).
    func apply(_ p: CGPoint) -> CGPoint? {
        let x = p.x * m.0 + p.y * m.3 + m.6
        let y = p.x * m.1 + p.y * m.4 + m.7
        let w = p.x * m.2 + p.y * m.5 + m.8
        guard w > 0, w.isFinite else { return nil }
        let result = CGPoint(x: x / w, y: y / w)
        return result.x.isFinite && result.y.isFinite ? result : nil
    }
}
