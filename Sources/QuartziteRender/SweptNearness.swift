/// The pairs of a long stroke's segments that come within a distance of each other, found by a sweep: the
/// segments in order of their least x, each measured (`CapsuleStroke.isNear`) only against those that start
/// before its own x range ends, plus the distance. These are exactly the pairs that measuring every pair
/// finds (`isNear` rejects the rest on the same x test), in about n log n for a stroke whose segments keep
/// apart. A stroke that needs more measuring or more pairs than its budgets (segments crowding one place)
/// gets none: its quads' lists would grow with the square of its length.
struct SweptNearness {
    /// Segment i's neighbours, ascending: `neighbours[offsets[i]..<offsets[i + 1]]`.
    private var neighbours: [Int]
    private var offsets: [Int]

    /// The near pairs of `placed` within `limit`; nil past `testsPerSegment` measurements or `pairsPerSegment`
    /// pairs per segment on average.
    init?(_ placed: [SIMD4<Float>], within limit: Float, testsPerSegment: Int, pairsPerSegment: Int) {
        guard let pairs = Self.pairs(placed, within: limit, maxTests: testsPerSegment * placed.count,
                                     maxPairs: pairsPerSegment * placed.count) else { return nil }
        (neighbours, offsets) = Self.adjacency(pairs, count: placed.count)
    }

    /// Segment i's near segments, ascending.
    func neighbours(of i: Int) -> ArraySlice<Int> { neighbours[offsets[i]..<offsets[i + 1]] }

    /// The near pairs (i, j), each once; nil past either budget.
    private static func pairs(_ placed: [SIMD4<Float>], within limit: Float, maxTests: Int,
                              maxPairs: Int) -> [(Int, Int)]? {
        let order = placed.indices.sorted { min(placed[$0].x, placed[$0].z) < min(placed[$1].x, placed[$1].z) }
        var pairs: [(Int, Int)] = []
        var tests = 0
        for (k, i) in order.enumerated() {
            let a = placed[i]
            let end = max(a.x, a.z) + limit
            for j in order[(k + 1)...] {
                // Later segments start further right still: none of them comes within `limit` in x.
                if min(placed[j].x, placed[j].z) >= end { break }
                tests += 1
                guard tests <= maxTests else { return nil }
                guard CapsuleStroke.isNear(a, placed[j], within: limit) else { continue }
                pairs.append((i, j))
                guard pairs.count <= maxPairs else { return nil }
            }
        }
        return pairs
    }

    /// Each segment's neighbours in one array, ascending within each segment's run.
    private static func adjacency(_ pairs: [(Int, Int)], count: Int) -> (neighbours: [Int], offsets: [Int]) {
        var offsets = [Int](repeating: 0, count: count + 1)
        for (i, j) in pairs {
            offsets[i + 1] += 1
            offsets[j + 1] += 1
        }
        for i in 0..<count { offsets[i + 1] += offsets[i] }
        var next = offsets
        var neighbours = [Int](repeating: 0, count: 2 * pairs.count)
        for (i, j) in pairs {
            neighbours[next[i]] = j
            next[i] += 1
            neighbours[next[j]] = i
            next[j] += 1
        }
        for i in 0..<count { neighbours[offsets[i]..<offsets[i + 1]].sort() }
        return (neighbours, offsets)
    }
}
