import CCairo
import Foundation

/// Hands paths and matrices to cairo.
enum CairoGeometry {
    /// Cairo keeps coordinates in 24.8 fixed point; beyond about ±8 million device units they wrap, so
    /// coordinates are clamped well inside that.
    static let coordinateLimit: CGFloat = 4_000_000

    /// Replaces cairo's path with `path` (whose points are in cairo's current user space). Quadratic curves
    /// become the cubics that trace them exactly.
    static func setPath(_ path: CGPath, on cr: OpaquePointer, filled: Bool) {
        cairo_new_path(cr)
        let path = withinReach(path, filled: filled)
        var current = CGPoint.zero, start = CGPoint.zero
        for element in path.elements {
            switch element {
            case .moveTo(let p):
                let q = clamped(p)
                cairo_move_to(cr, q.x, q.y)
                (current, start) = (q, q)
            case .lineTo(let p):
                current = clamped(p)
                cairo_line_to(cr, current.x, current.y)
            case .quadCurveTo(let c, let e):
                let (c0, end) = (clamped(c), clamped(e))
                let c1 = CGPoint(x: current.x + (c0.x - current.x) * 2 / 3, y: current.y + (c0.y - current.y) * 2 / 3)
                let c2 = CGPoint(x: end.x + (c0.x - end.x) * 2 / 3, y: end.y + (c0.y - end.y) * 2 / 3)
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, end.x, end.y)
                current = end
            case .curveTo(let c1, let c2, let e):
                let (a, b, end) = (clamped(c1), clamped(c2), clamped(e))
                cairo_curve_to(cr, a.x, a.y, b.x, b.y, end.x, end.y)
                current = end
            case .closeSubpath:
                cairo_close_path(cr)
                current = start
            }
        }
    }

    private static func clamped(_ p: CGPoint) -> CGPoint {
        guard abs(p.x) > coordinateLimit || abs(p.y) > coordinateLimit else { return p }
        Diagnostics.report("CGContext: coordinates beyond ±4,000,000 device pixels are clamped")
        return CGPoint(x: min(max(p.x, -coordinateLimit), coordinateLimit),
                       y: min(max(p.y, -coordinateLimit), coordinateLimit))
    }

    /// Sets cairo's matrix; false (leaving it alone) when `t` is singular or not finite, which cairo refuses.
    @discardableResult
    static func setMatrix(_ t: CGAffineTransform, on cr: OpaquePointer) -> Bool {
        guard isInvertible(t) else { return false }
        var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        cairo_set_matrix(cr, &m)
        return true
    }

    /// Whether cairo accepts `t` as a matrix: finite, with a finite non-zero determinant and a finite inverse.
    static func isInvertible(_ t: CGAffineTransform) -> Bool {
        let det = t.a * t.d - t.b * t.c
        guard det != 0, det.isFinite, [t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite) else { return false }
        let i = t.inverted()
        return [i.a, i.b, i.c, i.d, i.tx, i.ty].allSatisfy(\.isFinite)
    }

    /// A pattern's matrix: `t` maps the pattern's space to user space (cairo wants the inverse). False, with
    /// the pattern untouched, when `t` is not invertible: cairo would mark the pattern in error, and the
    /// context it is drawn into stops drawing for good.
    @discardableResult
    static func setPatternSpace(_ pattern: OpaquePointer, to t: CGAffineTransform) -> Bool {
        guard isInvertible(t) else { return false }
        let i = t.inverted()
        var m = cairo_matrix_t(xx: i.a, yx: i.b, xy: i.c, yy: i.d, x0: i.tx, y0: i.ty)
        cairo_pattern_set_matrix(pattern, &m)
        return true
    }
}
