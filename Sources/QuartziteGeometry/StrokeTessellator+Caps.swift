import Foundation

/// The ends of strokes: caps on open ends and the dots Core Animation draws for zero-length subpaths.
extension StrokeTessellator {
    /// A zero-length subpath: a disc for round caps, an axis-aligned square for square caps (the direction
    /// is unknown), nothing for butt — as Core Animation draws.
    mutating func dot(_ p: CGPoint) {
        guard p.isFiniteFloat else { return }
        let hw = halfWidth
        switch cap {
        case .butt: break
        case .round:
            let steps = max(3, Int((2 * CGFloat.pi / atan2(stepSin, stepCos)).rounded(.up)))
            let step = 2 * CGFloat.pi / CGFloat(steps)
            let radius = hw * 2 / (1 + cos(step / 2))
            let c = builder.vertex(p.x, p.y)
            let first = builder.vertex(p.x + radius, p.y)
            var prev = first
            for i in 1..<steps {
                let a = step * CGFloat(i)
                let v = builder.vertex(p.x + cos(a) * radius, p.y + sin(a) * radius)
                builder.triangle(c, prev, v)
                prev = v
            }
            builder.triangle(c, prev, first)
        case .square:
            let a = builder.vertex(p.x - hw, p.y - hw), b = builder.vertex(p.x + hw, p.y - hw)
            let c = builder.vertex(p.x + hw, p.y + hw), d = builder.vertex(p.x - hw, p.y + hw)
            builder.triangle(a, b, c); builder.triangle(a, c, d)
        }
    }

    /// Cap at an open end on rung `r`; `outward` points away from the stroke. `leftIsPlus` says whether the
    /// rung's plus vertex is on the left of `outward` (true at the end, where the rung faces forward).
    mutating func capPiece(at p: CGPoint, _ r: Rung, outward d: CGPoint, leftIsPlus: Bool) {
        let hw = halfWidth
        // Left of `outward` is +(-d.y, d.x).
        let left = leftIsPlus ? r.plus : r.minus, right = leftIsPlus ? r.minus : r.plus
        switch cap {
        case .butt: break
        case .square:
            let ex = d.x * hw, ey = d.y * hw, nx = -d.y * hw, ny = d.x * hw
            let a = builder.vertex(p.x + nx + ex, p.y + ny + ey), b = builder.vertex(p.x - nx + ex, p.y - ny + ey)
            builder.triangle(left, a, b)
            builder.triangle(left, b, right)
        case .round:
            // A half disc from the left vertex round the front to the right one, fanned from the right one.
            roundFan(apex: right, from: left, to: right, center: p, start: CGPoint(x: -d.y, y: d.x),
                     end: CGPoint(x: d.y, y: -d.x), clockwise: true)
        }
    }
}
