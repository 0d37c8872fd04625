import Foundation

extension TriangleMesh {
    /// Makes outline pieces meet exactly where the sweep found their shared end a hair apart.
    ///
    /// Every piece ends on a slab bound, so ends that should meet share their y exactly; a crossing's x,
    /// though, is evaluated on each of its two edges and can round to neighbouring Floats (two values either
    /// side of 0, say). Ends on one y whose x differ by a few Float steps at the outline's largest coordinate
    /// become one, so `orderBoundaryIntoLoops` closes every loop; pieces left with no length are dropped.
    mutating func weldBoundary() {
        let scale = boundary.reduce(Float(0)) { max($0, abs($1.x), abs($1.y), abs($1.z), abs($1.w)) }
        let tolerance = scale * 4 * Float.ulpOfOne
        guard tolerance > 0, tolerance.isFinite else { return }
        // Both ends of every piece (index 2i: start of piece i, 2i + 1: its end), in (y, x) order.
        var ends = boundary.enumerated().flatMap { i, p in [(SIMD2(p.x, p.y), 2 * i), (SIMD2(p.z, p.w), 2 * i + 1)] }
        ends.sort { $0.0.y != $1.0.y ? $0.0.y < $1.0.y : $0.0.x < $1.0.x }
        var welded = boundary
        var groupStart = SIMD2<Float>(.nan, .nan)
        for (point, slot) in ends {
            if point.y != groupStart.y || point.x - groupStart.x > tolerance { groupStart = point }
            if slot % 2 == 0 { welded[slot / 2].x = groupStart.x } else { welded[slot / 2].z = groupStart.x }
        }
        boundary = welded.filter { $0.x != $0.z || $0.y != $0.w }
    }
}
