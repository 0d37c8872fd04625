import Foundation

extension CGPath {
    /// Bounds of all points, control points included; `.null` when the path has no points.
    public var boundingBox: CGRect {
        var box = BoxAccumulator()
        for element in elements { for p in element.points where p.isUsable { box.add(p) } }
        return box.rect
    }

    /// Tight bounds of the path's curves (control points excluded); `.null` when empty.
    public var boundingBoxOfPath: CGRect {
        var box = BoxAccumulator()
        for sub in Subpath.parse(elements) {
            box.add(sub.start)
            for seg in sub.segments { seg.addExtrema(to: &box) }
        }
        return box.rect
    }
}

/// Grows a rectangle point by point.
struct BoxAccumulator {
    var minX = CGFloat.infinity, minY = CGFloat.infinity
    var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity

    mutating func add(_ p: CGPoint) {
        minX = min(minX, p.x); maxX = max(maxX, p.x)
        minY = min(minY, p.y); maxY = max(maxY, p.y)
    }

    var rect: CGRect {
        guard minX <= maxX, minY <= maxY else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
