import Foundation

/// Dash patterns as in Core Graphics / PostScript: on, off, on, ... lengths, restarted at every subpath,
/// shifted forward by the phase. When trimming is also asked for, the trimmed path is dashed (each trimmed
/// piece starts the pattern afresh): our reading of CAShapeLayer, which applies strokeStart/End first.
enum Dashing {
    /// Most dashes one path may produce: each is a stroke of its own to tessellate, and a pattern far finer
    /// than its path (or a path made huge by a far-out point) would take seconds and millions of vertices.
    /// Past it the dashed stroke is refused with a diagnostic and draws nothing (drawing it solid would
    /// show a line the caller did not ask for).
    static let dashBudget = 100_000

    /// A usable pattern: nil when empty, negative, non-finite, all zero or of a period no Double holds (all
    /// of which draw solid). An odd count repeats once, so on/off alternate consistently; the period is that
    /// of the repeated pattern, which can overflow where the given one did not (an infinite period would
    /// make the phase's walk into the pattern endless).
    static func normalized(_ pattern: [CGFloat]) -> [CGFloat]? {
        guard !pattern.isEmpty, pattern.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
        let whole = pattern.count % 2 == 1 ? pattern + pattern : pattern
        let period = whole.reduce(0, +)
        guard period > 0, period.isFinite else { return nil }
        return whole
    }

    /// On-ranges of the pattern along a subpath of `length`.
    static func ranges(length: CGFloat, pattern: [CGFloat], phase: CGFloat) -> [(lo: CGFloat, hi: CGFloat)] {
        let period = pattern.reduce(0, +)
        var skip = phase.isFinite ? phase.truncatingRemainder(dividingBy: period) : 0
        if skip < 0 { skip += period }
        var index = 0
        var remaining = pattern[0]
        while skip > 0 {
            if skip >= remaining {
                skip -= remaining; index = (index + 1) % pattern.count; remaining = pattern[index]
            } else {
                remaining -= skip; skip = 0
            }
        }
        var out: [(lo: CGFloat, hi: CGFloat)] = []
        var position: CGFloat = 0
        // A dash that would start exactly at the end draws nothing (not even a dot).
        while position < length {
            let next = position + remaining
            if index % 2 == 0 { out.append((position, min(next, length))) }
            if next > length { break }
            position = next
            index = (index + 1) % pattern.count
            remaining = pattern[index]
            if out.count > dashBudget { break }
        }
        return out
    }

    /// The dashes of every subpath. A closed subpath whose pattern is on at both its start and end joins the
    /// last dash to the first (one dash with a join instead of two butting caps).
    static func dash(_ subpaths: [Subpath], pattern raw: [CGFloat], phase: CGFloat) -> [Subpath] {
        guard let pattern = normalized(raw) else { return subpaths }
        let period = pattern.reduce(0, +)
        let lengths = subpaths.map(\.segmentLengths)
        let total = lengths.reduce(0) { $0 + $1.reduce(0, +) }
        let estimate = total / period * CGFloat(pattern.count) / 2
        guard estimate < CGFloat(dashBudget) else {
            Diagnostics.report("a dash pattern of period \(period) along \(total) points of path makes about "
                + "\(estimate.isFinite ? String(format: "%.0f", estimate) : "infinitely many") dashes, over the limit of "
                + "\(dashBudget); that dashed stroke is not drawn")
            return []
        }
        var out: [Subpath] = []
        for (sub, segLengths) in zip(subpaths, lengths) {
            let length = segLengths.reduce(0, +)
            if length == 0 {
                // A dot survives when the pattern is "on" where the subpath starts.
                if sub.draws, !ranges(length: 0, pattern: pattern, phase: phase).isEmpty { out.append(sub) }
                continue
            }
            let on = ranges(length: length, pattern: pattern, phase: phase)
            if on.count == 1, sub.isClosed, on[0].lo <= 0, on[0].hi >= length { out.append(sub); continue }
            var pieces = sub.pieces(on, lengths: segLengths)
            if sub.isClosed, pieces.count > 1, let f = on.first, let l = on.last, f.lo <= 0, l.hi >= length,
               f.hi > f.lo {
                let head = pieces.removeFirst()
                pieces[pieces.count - 1].segments += head.segments
            }
            out += pieces
        }
        return out
    }
}
