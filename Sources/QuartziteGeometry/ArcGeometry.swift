import Foundation

/// Arcs, ellipses and rounded rects as cubic Béziers.
enum ArcGeometry {
    /// Bézier handle length for a quarter circle of radius 1.
    static let kappa: CGFloat = 0.5522847498307936

    /// Core Graphics' sweep rule, measured in the requested direction: equal angles draw no arc; a
    /// difference of 2π or more, or any non-zero whole number of turns (either sign), draws one whole
    /// circle; anything else is reduced modulo 2π into that direction (so 0 to π/2 the other way is the
    /// three-quarter arc). The whole-turn case is what iOS shows for the common full circle drawn "the other
    /// way" (`startAngle: 0, endAngle: 2 * .pi, clockwise: false` in UIKit, or -π/2 to 3π/2): a circle, not
    /// nothing. A difference within 1e-9 of a whole turn counts as one, so angles such as 3π/2 - (-π/2)
    /// that are a turn only up to rounding still close. Nil for non-finite angles.
    static func sweep(from start: CGFloat, to end: CGFloat, decreasing: Bool) -> CGFloat? {
        guard start.isFinite, end.isFinite else { return nil }
        let twoPi = 2 * CGFloat.pi
        let difference = decreasing ? start - end : end - start
        guard difference != 0 else { return 0 }
        var magnitude = twoPi
        if difference < twoPi {
            let reduced = difference - twoPi * (difference / twoPi).rounded(.down)
            let wholeTurns = reduced < 1e-9 || twoPi - reduced < 1e-9
            magnitude = wholeTurns ? twoPi : reduced
        }
        return decreasing ? -magnitude : magnitude
    }

    /// The arc as cubics of at most 90° each (equal pieces, so the count depends only on the sweep).
    /// Sweeps of more than two turns are reduced to one or two turns plus the remainder, keeping the parity
    /// of the turn count: the same pixels for a stroke and for either fill rule, without thousands of
    /// coincident loops for the tessellators to intersect.
    static func cubics(center: CGPoint, radius r: CGFloat, start: CGFloat, sweep: CGFloat) -> [PathElement] {
        guard sweep != 0, sweep.isFinite, r.isFinite else { return [] }
        var total = sweep
        let turn = 2 * CGFloat.pi
        if abs(total) > 2 * turn {
            let turns = (abs(total) / turn).rounded(.down)
            let remainder = abs(total) - turns * turn
            let kept: CGFloat = turns.truncatingRemainder(dividingBy: 2) == 0 ? 2 : 1
            total = (total < 0 ? -1 : 1) * (kept * turn + max(0, remainder))
        }
        let n = max(1, Int((abs(total) / (CGFloat.pi / 2) - 1e-9).rounded(.up)))
        let step = total / CGFloat(n)
        let k = 4.0 / 3.0 * tan(step / 4)
        var out: [PathElement] = []
        out.reserveCapacity(n)
        for i in 0..<n {
            let a0 = start + step * CGFloat(i), a1 = start + step * CGFloat(i + 1)
            let c0 = cos(a0), s0 = sin(a0), c1 = cos(a1), s1 = sin(a1)
            let p0 = CGPoint(x: center.x + r * c0, y: center.y + r * s0)
            let p3 = CGPoint(x: center.x + r * c1, y: center.y + r * s1)
            out.append(.curveTo(control1: CGPoint(x: p0.x - k * r * s0, y: p0.y + k * r * c0),
                                control2: CGPoint(x: p3.x + k * r * s1, y: p3.y - k * r * c1), end: p3))
        }
        return out
    }

    /// The tangent arc of `arct`: the first tangent point and the arc cubics; nil when degenerate.
    static func tangentArc(from p0: CGPoint, via p1: CGPoint, to p2: CGPoint, radius: CGFloat)
        -> (tangentPoint: CGPoint, cubics: [PathElement])? {
        let v1 = CGPoint(x: p0.x - p1.x, y: p0.y - p1.y), v2 = CGPoint(x: p2.x - p1.x, y: p2.y - p1.y)
        let l1 = hypot(v1.x, v1.y), l2 = hypot(v2.x, v2.y)
        guard l1 > 0, l2 > 0, p0.isUsable, p1.isUsable, p2.isUsable else { return nil }
        let u1 = CGPoint(x: v1.x / l1, y: v1.y / l1), u2 = CGPoint(x: v2.x / l2, y: v2.y / l2)
        let cosT = max(-1, min(1, u1.x * u2.x + u1.y * u2.y))
        let cross = u1.x * u2.y - u1.y * u2.x
        guard abs(cross) > 1e-12 else { return nil }
        let half = acos(cosT) / 2
        let dist = radius / tan(half)
        let t1 = CGPoint(x: p1.x + u1.x * dist, y: p1.y + u1.y * dist)
        let t2 = CGPoint(x: p1.x + u2.x * dist, y: p1.y + u2.y * dist)
        let bis = CGPoint(x: u1.x + u2.x, y: u1.y + u2.y)
        let bl = hypot(bis.x, bis.y)
        guard bl > 0 else { return nil }
        let cd = radius / sin(half)
        let c = CGPoint(x: p1.x + bis.x / bl * cd, y: p1.y + bis.y / bl * cd)
        let a = CGPoint(x: t1.x - c.x, y: t1.y - c.y), b = CGPoint(x: t2.x - c.x, y: t2.y - c.y)
        let start = atan2(a.y, a.x)
        let sweep = atan2(a.x * b.y - a.y * b.x, a.x * b.x + a.y * b.y)
        return (t1, cubics(center: c, radius: radius, start: start, sweep: sweep))
    }

    /// Ellipse elements: moveTo at 3 o'clock, 4 cubics in increasing angle, close. Empty for a null rect.
    static func ellipse(in rect: CGRect) -> [PathElement] {
        guard !rect.isNull else { return [] }
        let r = rect.standardized
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        let kx = kappa * rx, ky = kappa * ry
        return [
            .moveTo(CGPoint(x: cx + rx, y: cy)),
            .curveTo(control1: CGPoint(x: cx + rx, y: cy + ky), control2: CGPoint(x: cx + kx, y: cy + ry),
                     end: CGPoint(x: cx, y: cy + ry)),
            .curveTo(control1: CGPoint(x: cx - kx, y: cy + ry), control2: CGPoint(x: cx - rx, y: cy + ky),
                     end: CGPoint(x: cx - rx, y: cy)),
            .curveTo(control1: CGPoint(x: cx - rx, y: cy - ky), control2: CGPoint(x: cx - kx, y: cy - ry),
                     end: CGPoint(x: cx, y: cy - ry)),
            .curveTo(control1: CGPoint(x: cx + kx, y: cy - ry), control2: CGPoint(x: cx + rx, y: cy - ky),
                     end: CGPoint(x: cx + rx, y: cy)),
            .closeSubpath,
        ]
    }

    /// Rounded-rect elements, running in increasing angle (visually clockwise on a y-down screen) from the
    /// top edge; always 4 lines + 4 cubics so any two rounded rects interpolate.
    static func roundedRect(_ rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat) -> [PathElement] {
        guard !rect.isNull else { return [] }
        let r = rect.standardized
        let cw = cornerWidth.isFinite ? min(max(cornerWidth, 0), r.width / 2) : 0
        let ch = cornerHeight.isFinite ? min(max(cornerHeight, 0), r.height / 2) : 0
        let kx = kappa * cw, ky = kappa * ch
        let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
        func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }
        return [
            .moveTo(p(x0 + cw, y0)),
            .lineTo(p(x1 - cw, y0)),
            .curveTo(control1: p(x1 - cw + kx, y0), control2: p(x1, y0 + ch - ky), end: p(x1, y0 + ch)),
            .lineTo(p(x1, y1 - ch)),
            .curveTo(control1: p(x1, y1 - ch + ky), control2: p(x1 - cw + kx, y1), end: p(x1 - cw, y1)),
            .lineTo(p(x0 + cw, y1)),
            .curveTo(control1: p(x0 + cw - kx, y1), control2: p(x0, y1 - ch + ky), end: p(x0, y1 - ch)),
            .lineTo(p(x0, y0 + ch)),
            .curveTo(control1: p(x0, y0 + ch - ky), control2: p(x0 + cw - kx, y0), end: p(x0 + cw, y0)),
            .closeSubpath,
        ]
    }
}
