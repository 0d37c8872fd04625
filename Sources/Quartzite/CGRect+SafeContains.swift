import Foundation

extension CGRect {
    /// Whether the rectangle contains `p` (its minimum edges in, its maximum edges out, as `contains(_:)`),
    /// without trapping: Foundation's `contains(_:)` on Linux forms ranges from the edges and traps when an
    /// edge is not a number (a NaN size, or an infinite origin and size of opposite signs). A rectangle with
    /// such an edge, or a point that is not a number, contains nothing.
    func safelyContains(_ p: CGPoint) -> Bool {
        let values = [origin.x, origin.y, size.width, size.height]
        if values.allSatisfy(\.isFinite) { return contains(p) }
        let xEdges = (origin.x, origin.x + size.width), yEdges = (origin.y, origin.y + size.height)
        guard !xEdges.0.isNaN, !xEdges.1.isNaN, !yEdges.0.isNaN, !yEdges.1.isNaN, size.width != 0, size.height != 0 else {
            return false
        }
        let x0 = Swift.min(xEdges.0, xEdges.1), x1 = Swift.max(xEdges.0, xEdges.1)
        let y0 = Swift.min(yEdges.0, yEdges.1), y1 = Swift.max(yEdges.0, yEdges.1)
        return x0 <= p.x && p.x < x1 && y0 <= p.y && p.y < y1
    }
}
