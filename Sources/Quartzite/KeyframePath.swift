import Foundation

/// A `CAKeyframeAnimation.path` prepared once: one segment per drawing element (line, curve, and the line
/// that closes a subpath), each flattened with QuartziteGeometry's flattener and measured, so a frame can
/// walk a segment by arc length. Moves between subpaths are jumps, not segments.
struct KeyframePath: Sendable {
    struct Segment: Sendable {
        /// The flattened segment, from its start point to its end point.
        var points: [CGPoint]
        /// Arc length from the start to each point.
        var distances: [Double]
        var length: Double { distances.last ?? 0 }
    }

    let segments: [Segment]

    /// The path's segments; nil when it has none (empty, or only moves).
    init?(_ path: CGPath, tolerance: CGFloat = 0.05) {
        var segments: [Segment] = []
        var current = CGPoint.zero, start = CGPoint.zero
        for element in path.elements {
            let mini = CGMutablePath()
            mini.move(to: current)
            switch element {
            case .moveTo(let p):
                current = p
                start = p
                continue
            case .lineTo(let p): mini.addLine(to: p); current = p
            case .quadCurveTo(let c, let p): mini.addQuadCurve(to: p, control: c); current = p
            case .curveTo(let c1, let c2, let p): mini.addCurve(to: p, control1: c1, control2: c2); current = p
            case .closeSubpath:
                mini.addLine(to: start)
                current = start
            }
            let points = mini.flattened(tolerance: tolerance).first?.points ?? []
            guard let first = points.first else { continue }
            var distances = [0.0]
            var previous = first
            for p in points.dropFirst() {
                distances.append(distances[distances.count - 1] + Double(hypot(p.x - previous.x, p.y - previous.y)))
                previous = p
            }
            segments.append(Segment(points: points, distances: distances))
        }
        guard !segments.isEmpty else { return nil }
        self.segments = segments
    }

    /// The vertices: the start of each segment and the end of the last (what `keyTimes` refers to).
    var vertexCount: Int { segments.count + 1 }

    /// Segment lengths, for paced timing.
    var lengths: [Double] { segments.map(\.length) }

    /// The point a fraction `t` (0...1) of the way along segment `index` by arc length, and the direction
    /// of travel there in radians (y down, so positive turns clockwise on screen).
    func point(segment index: Int, t: Double) -> (point: CGPoint, angle: Double) {
        let segment = segments[min(max(index, 0), segments.count - 1)]
        let points = segment.points
        guard points.count > 1, segment.length > 0 else {
            return (points.first ?? .zero, tangentAngle(near: index))
        }
        let target = min(max(t.isNaN ? 0 : t, 0), 1) * segment.length
        // The first piece whose end reaches the target distance (binary search: long curves have many).
        var lo = 1, hi = points.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if segment.distances[mid] < target { lo = mid + 1 } else { hi = mid }
        }
        let a = points[lo - 1], b = points[lo]
        let span = segment.distances[lo] - segment.distances[lo - 1]
        let f = span > 0 ? (target - segment.distances[lo - 1]) / span : 0
        let p = CGPoint(x: a.x + (b.x - a.x) * CGFloat(f), y: a.y + (b.y - a.y) * CGFloat(f))
        return (p, Double(atan2(b.y - a.y, b.x - a.x)))
    }

    /// The point at a vertex (`index` 0 ... segments.count), for discrete timing.
    func vertex(_ index: Int) -> (point: CGPoint, angle: Double) {
        if index >= segments.count { return point(segment: segments.count - 1, t: 1) }
        return point(segment: index, t: 0)
    }

    /// The direction of the nearest segment with length, for a degenerate one.
    private func tangentAngle(near index: Int) -> Double {
        for offset in 0..<segments.count {
            for i in [index - offset, index + offset] where i >= 0 && i < segments.count {
                let pts = segments[i].points
                if segments[i].length > 0, let a = pts.first, let b = pts.dropFirst().first {
                    return Double(atan2(b.y - a.y, b.x - a.x))
                }
            }
        }
        return 0
    }
}
