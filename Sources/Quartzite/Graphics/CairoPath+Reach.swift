import Foundation

/// Paths that reach far outside the surface. Cairo loses an edge that is not axis-aligned once its ends lie
/// some 65,000 device units out (a diagonal from -1e5 to 1e5 draws nothing; -6e4 to 6e4 draws), so such a
/// path is cut to a box well beyond any surface first: what the surface shows is unchanged, and the cut's
/// own edges lie tens of thousands of pixels outside it.
extension CairoGeometry {
    /// How far from the origin, in device units, a path may reach before it is cut (surfaces are at most
    /// 16,384 pixels a side).
    static let reach: CGFloat = 32_768

    /// `path` as cairo can draw it: itself when it lies within `reach`, else flattened and cut to the box of
    /// that reach, as closed polygons for filling (`filled`) or as open pieces for stroking.
    static func withinReach(_ path: CGPath, filled: Bool) -> CGPath {
        let box = path.boundingBox
        guard box.minX < -reach || box.minY < -reach || box.maxX > reach || box.maxY > reach else { return path }
        let cut = CGMutablePath()
        for line in path.flattened(tolerance: 0.25) {
            if filled {
                let polygon = clippedPolygon(line.points)
                guard let first = polygon.first else { continue }
                cut.move(to: first)
                for p in polygon.dropFirst() { cut.addLine(to: p) }
                cut.closeSubpath()
            } else if line.isClosed, line.points.allSatisfy({ abs($0.x) <= reach && abs($0.y) <= reach }) {
                // A closed subpath inside the box stays closed (its first corner keeps its join).
                cut.addLines(between: line.points)
                cut.closeSubpath()
            } else {
                for piece in clippedPieces(line.points + (line.isClosed ? line.points.prefix(1) : [])) {
                    cut.addLines(between: piece)
                }
            }
        }
        return cut
    }

    /// A polygon cut to the reach's box (Sutherland-Hodgman, one side of the box at a time): the inside of the
    /// box, by either fill rule, is what it was.
    static func clippedPolygon(_ points: [CGPoint]) -> [CGPoint] {
        let sides: [(inside: (CGPoint) -> Bool, cross: (CGPoint, CGPoint) -> CGPoint)] = [
            ({ $0.x >= -reach }, { crossing($0, $1, x: -reach) }), ({ $0.x <= reach }, { crossing($0, $1, x: reach) }),
            ({ $0.y >= -reach }, { crossing($0, $1, y: -reach) }), ({ $0.y <= reach }, { crossing($0, $1, y: reach) }),
        ]
        var polygon = points
        for side in sides {
            guard let last = polygon.last else { return [] }
            var kept: [CGPoint] = []
            var previous = last
            for point in polygon {
                switch (side.inside(previous), side.inside(point)) {
                case (true, true): kept.append(point)
                case (true, false): kept.append(side.cross(previous, point))
                case (false, true): kept += [side.cross(previous, point), point]
                case (false, false): break
                }
                previous = point
            }
            polygon = kept
        }
        return polygon
    }

    /// An open polyline's parts inside the reach's box (Liang-Barsky on each segment), joined where they meet.
    static func clippedPieces(_ points: [CGPoint]) -> [[CGPoint]] {
        var pieces: [[CGPoint]] = []
        for (a, b) in zip(points, points.dropFirst()) {
            guard let (p, q) = clippedSegment(a, b) else { continue }
            if let end = pieces.last?.last, end == p { pieces[pieces.count - 1].append(q) } else { pieces.append([p, q]) }
        }
        return pieces
    }

    /// The part of segment ab inside the box, or nil.
    private static func clippedSegment(_ a: CGPoint, _ b: CGPoint) -> (CGPoint, CGPoint)? {
        let d = CGPoint(x: b.x - a.x, y: b.y - a.y)
        var t0: CGFloat = 0, t1: CGFloat = 1
        for (p, q) in [(-d.x, a.x + reach), (d.x, reach - a.x), (-d.y, a.y + reach), (d.y, reach - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let r = q / p
            if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
            if t0 > t1 { return nil }
        }
        return (CGPoint(x: a.x + d.x * t0, y: a.y + d.y * t0), CGPoint(x: a.x + d.x * t1, y: a.y + d.y * t1))
    }

    /// Where segment ab crosses the vertical line at `x`.
    private static func crossing(_ a: CGPoint, _ b: CGPoint, x: CGFloat) -> CGPoint {
        let t = (x - a.x) / (b.x - a.x)
        return CGPoint(x: x, y: a.y + (b.y - a.y) * t)
    }

    /// Where segment ab crosses the horizontal line at `y`.
    private static func crossing(_ a: CGPoint, _ b: CGPoint, y: CGFloat) -> CGPoint {
        let t = (y - a.y) / (b.y - a.y)
        return CGPoint(x: a.x + (b.x - a.x) * t, y: y)
    }
}
