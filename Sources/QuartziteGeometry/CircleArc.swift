import Foundation

/// An arc of one circle, as a path made of cubic Bézier arcs describes it: `UIBezierPath(arcCenter:...)`,
/// `addArc(center:...)`, `CGPath(ellipseIn:)` of a square. The renderer draws a stroke of such a path (the
/// progress rings of seeds 000 and 003, bench S2) as one quad whose shader measures the distance to the arc.
package struct CircleArc: Equatable, Sendable {
    package var center: CGPoint
    package var radius: CGFloat
    /// Radians, y down (increasing angles turn clockwise on screen).
    package var startAngle: CGFloat
    /// Signed radians; at most a full turn in size.
    package var sweep: CGFloat

    /// The arc a path traces, or nil when it is anything else: one subpath of cubic segments (a closing
    /// segment of zero length allowed) whose ends lie on one circle, each control point where a circular
    /// arc's approximation puts it (within 1e-4 of the radius), all turning the same way.
    package init?(_ path: CGPath) {
        var points: [CGPoint] = []
        var controls: [(CGPoint, CGPoint)] = []
        for (i, element) in path.elements.enumerated() {
            switch element {
            case .moveTo(let p):
                guard i == 0 else { return nil }
                points.append(p)
            case .curveTo(let c1, let c2, let end):
                guard i > 0 else { return nil }
                controls.append((c1, c2))
                points.append(end)
            case .closeSubpath:
                guard i == path.elements.count - 1, let first = points.first, let last = points.last,
                      hypot(first.x - last.x, first.y - last.y) <= 1e-9 * max(1, abs(first.x) + abs(first.y)) else { return nil }
            case .lineTo, .quadCurveTo:
                return nil
            }
        }
        guard !controls.isEmpty, controls.count <= 8 else { return nil }
        // The centre: where the first end's and the first segment's tangent normals meet. Each cubic arc's
        // first control point lies along the tangent at its start, perpendicular to the radius.
        let p0 = points[0], p1 = points[1], c = controls[0].0
        let t = CGPoint(x: c.x - p0.x, y: c.y - p0.y)
        let tl = hypot(t.x, t.y)
        guard tl > 0, tl.isFinite else { return nil }
        // Both normals of the tangent; the centre is on the side p1 bends towards.
        var n = CGPoint(x: -t.y / tl, y: t.x / tl)
        if (p1.x - p0.x) * n.x + (p1.y - p0.y) * n.y < 0 { n = CGPoint(x: -n.x, y: -n.y) }
        // |p1 - (p0 + n r)| = r  =>  r = |p1 - p0|^2 / (2 (p1 - p0) . n)
        let dx = p1.x - p0.x, dy = p1.y - p0.y
        let along = dx * n.x + dy * n.y
        guard along > 0 else { return nil }
        let r = (dx * dx + dy * dy) / (2 * along)
        let centre = CGPoint(x: p0.x + n.x * r, y: p0.y + n.y * r)
        guard r > 0, r.isFinite, centre.x.isFinite, centre.y.isFinite else { return nil }
        let tolerance = 1e-4 * r
        var sweep: CGFloat = 0
        var previous = atan2(p0.y - centre.y, p0.x - centre.x)
        let start = previous
        for (k, (c1, c2)) in controls.enumerated() {
            let a = points[k], b = points[k + 1]
            guard abs(hypot(b.x - centre.x, b.y - centre.y) - r) <= tolerance else { return nil }
            let angle = atan2(b.y - centre.y, b.x - centre.x)
            var delta = angle - previous
            // The way round: the side the first control point leaves towards.
            let cross = (a.x - centre.x) * (c1.y - a.y) - (a.y - centre.y) * (c1.x - a.x)
            if cross > 0 { while delta <= 0 { delta += 2 * .pi } } else { while delta >= 0 { delta -= 2 * .pi } }
            guard abs(delta) <= .pi / 2 + 1e-6 else { return nil }
            // A circular arc of angle delta: control points at 4/3 tan(delta / 4) r along the tangents.
            let k4 = 4 / 3 * tan(delta / 4)
            let e1 = CGPoint(x: a.x - (a.y - centre.y) * k4, y: a.y + (a.x - centre.x) * k4)
            let e2 = CGPoint(x: b.x + (b.y - centre.y) * k4, y: b.y - (b.x - centre.x) * k4)
            guard hypot(e1.x - c1.x, e1.y - c1.y) <= tolerance, hypot(e2.x - c2.x, e2.y - c2.y) <= tolerance else { return nil }
            if sweep != 0, (sweep > 0) != (delta > 0) { return nil }
            sweep += delta
            previous = angle
        }
        guard abs(sweep) <= 2 * .pi + 1e-6 else { return nil }
        self.center = centre
        self.radius = r
        self.startAngle = start
        self.sweep = sweep
    }
}
