/// The pairs of a long stroke's segments that come within a distance of each other, found by a sweep along
/// the longer side of the stroke's bounds: the segments in order of their least coordinate on that axis, each
/// measured (`CapsuleStroke.isNear`) only against those that start, on that axis, less than the distance past
/// its own end. These are exactly the pairs that measuring every pair finds (`isNear` rejects the rest by the
/// same subtraction), in about n log n for a stroke whose segments keep apart. A stroke that needs more
/// measuring or more pairs than its budgets, or one segment near more than `maxNeighbours` others (segments
/// crowding one place: lists that grow with the square of its length, each entry a measurement per pixel of
/// the quad), gets none.
struct SweptNearness {
    /// Segment i's neighbours, ascending: `neighbours[offsets[i]..<offsets[i + 1]]`.
    private var neighbours: [Int]
    private var offsets: [Int]

    /// The near pairs of `placed` within `limit`; nil past `testsPerSegment` measurements or `pairsPerSegment`
    /// pairs per segment on average, or past `maxNeighbours` near segments for any one.
    init?(_ placed: [SIMD4<Float>], within limit: Float, testsPerSegment: Int, pairsPerSegment: Int,
          maxNeighbours: Int) {
        guard let pairs = Self.pairs(placed, within: limit, maxTests: testsPerSegment * placed.count,
                                     maxPairs: pairsPerSegment * placed.count) else { return nil }
        (neighbours, offsets) = Self.adjacency(pairs, count: placed.count)
        for i in placed.indices where offsets[i + 1] - offsets[i] > maxNeighbours { return nil }
    }

    /// Segment i's near segments, ascending.
    func neighbours(of i: Int) -> ArraySlice<Int> { neighbours[offsets[i]..<offsets[i + 1]] }

    /// The near pairs (i, j), each once; nil past either budget.
    private static func pairs(_ placed: [SIMD4<Float>], within limit: Float, maxTests: Int,
                              maxPairs: Int) -> [(Int, Int)]? {
        let span = Self.extent(placed)
        // The segments' ranges on the axis the stroke spans further: a wave upright or on its side sweeps alike.
        let ranges = placed.map { s in
            span.x >= span.y ? SIMD2(min(s.x, s.z), max(s.x, s.z)) : SIMD2(min(s.y, s.w), max(s.y, s.w))
        }
        let order = placed.indices.sorted { ranges[$0].x < ranges[$1].x }
        var pairs: [(Int, Int)] = []
        var tests = 0
        for (k, i) in order.enumerated() {
            for j in order[(k + 1)...] {
                // Later segments start further along still: none of them comes within `limit` on this axis.
                if ranges[j].x - ranges[i].y >= limit { break }
                tests += 1
                guard tests <= maxTests else { return nil }
                guard CapsuleStroke.isNear(placed[i], placed[j], within: limit) else { continue }
                pairs.append((i, j))
                guard pairs.count <= maxPairs else { return nil }
            }
        }
        return pairs
    }

    /// The width and height of the segments' bounds.
    private static func extent(_ placed: [SIMD4<Float>]) -> SIMD2<Float> {
        guard let first = placed.first else { return .zero }
        var low = SIMD2(min(first.x, first.z), min(first.y, first.w))
        var high = SIMD2(max(first.x, first.z), max(first.y, first.w))
        for s in placed.dropFirst() {
            low = pointwiseMin(low, pointwiseMin(SIMD2(s.x, s.y), SIMD2(s.z, s.w)))
            high = pointwiseMax(high, pointwiseMax(SIMD2(s.x, s.y), SIMD2(s.z, s.w)))
        }
        return high - low
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
