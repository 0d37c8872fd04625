import Foundation

extension CGPath {
    /// Whether `point` is inside the path's fill under `rule`, with the path first transformed by
    /// `transform` (Core Graphics' meaning). Every subpath counts as closed, as for filling.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        guard point.isUsable else { return false }
        var winding = 0
        for poly in Subpath.parse(elements).flatten(tolerance: 0.05) where poly.points.count >= 3 {
            let pts = transform.isIdentity ? poly.points : poly.points.map { $0.applying(transform) }
            for i in 0..<pts.count {
                let a = pts[i], b = pts[(i + 1) % pts.count]
                // Half-open in y so a vertex on the scan line counts once.
                if a.y <= point.y {
                    if b.y > point.y, cross(a, b, point) > 0 { winding += 1 }
                } else if b.y <= point.y, cross(a, b, point) < 0 {
                    winding -= 1
                }
            }
        }
        return rule == .winding ? winding != 0 : winding % 2 != 0
    }

    private func cross(_ a: CGPoint, _ b: CGPoint, _ p: CGPoint) -> CGFloat {
        (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
    }
}
