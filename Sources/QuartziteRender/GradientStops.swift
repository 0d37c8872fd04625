import Foundation

/// A gradient of more colours than the shader takes, drawn through the stops that follow it closest: the
/// colours between kept stops are what interpolating the kept ones gives, to within a level where the
/// gradient allows. A hue wheel of any number of colours is piecewise linear in RGB with seven corners, so it
/// keeps its look exactly.
enum GradientStops {
    /// Indices of at most `limit` stops (the first and last always among them), chosen greedily: each added
    /// stop is the one farthest, in any channel, from what the stops kept so far give at its location.
    static func kept(colors: [SIMD4<Float>], locations: [Float], limit: Int) -> [Int] {
        let n = colors.count
        guard n > limit, limit >= 2 else { return Array(0..<n) }
        var kept = [0, n - 1]
        while kept.count < limit, let worst = farthest(colors, locations, kept), worst.error > 1.0 / 512 {
            kept.insert(worst.index, at: kept.firstIndex { $0 > worst.index } ?? kept.count)
        }
        return kept
    }

    /// The stop between two kept ones farthest from their interpolation, and how far (0...1 per channel).
    private static func farthest(_ colors: [SIMD4<Float>], _ locations: [Float], _ kept: [Int]) -> (index: Int, error: Float)? {
        var best: (index: Int, error: Float)?
        for (a, b) in zip(kept, kept.dropFirst()) where b - a > 1 {
            let span = locations[b] - locations[a]
            for i in (a + 1)..<b {
                // Stops at one location (a hard edge) cannot be interpolated across: the farthest possible.
                let t = span > 0 ? (locations[i] - locations[a]) / span : 0
                let between = colors[a] + (colors[b] - colors[a]) * t
                let d = colors[i] - between
                let error = span > 0 ? max(max(abs(d.x), abs(d.y)), max(abs(d.z), abs(d.w))) : 1
                if error > best?.error ?? -1 { best = (i, error) }
            }
        }
        return best
    }
}
