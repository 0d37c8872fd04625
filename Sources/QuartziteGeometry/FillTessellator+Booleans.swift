import Foundation

extension FillTessellator {
    /// The outline of the region `coverage` describes for two sets of rings (every ring closed, as a fill
    /// closes it): pieces running clockwise on screen round the region, so outer loops and holes run opposite
    /// ways and either fill rule fills exactly the region. nil when the work budget runs out.
    ///
    /// - Complexity: the fill sweep's over both paths' edges together (see `tessellate(_:rule:)`).
    static func outline(_ first: [FlatPolyline], _ second: [FlatPolyline], coverage: SweepCoverage) -> [SIMD4<Float>]? {
        var edges: [Edge] = []
        edges.reserveCapacity(first.reduce(0) { $0 + $1.points.count } + second.reduce(0) { $0 + $1.points.count })
        appendRings(first, weight: 1, to: &edges)
        appendRings(second, weight: SweepCoverage.secondPath, to: &edges)
        return tessellate(edges: &edges, coverage: coverage, triangles: false)?.boundary
    }

    /// Every ring's edges, its last point joined back to its first; rings of fewer than 3 points enclose
    /// nothing and are skipped.
    private static func appendRings(_ rings: [FlatPolyline], weight: Int64, to edges: inout [Edge]) {
        for ring in rings where ring.points.count >= 3 {
            var a = ring.points[ring.points.count - 1]
            for b in ring.points {
                addEdge(a.x, a.y, b.x, b.y, weight: weight, to: &edges)
                a = b
            }
        }
    }
}
