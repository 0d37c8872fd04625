import Foundation

extension Subpath {
    /// Open pieces of this subpath for sorted, non-overlapping arc-length ranges. One forward walk over the
    /// segments serves all ranges, so dashing a long path stays linear. A zero-length range is a dot.
    func pieces(_ ranges: [(lo: CGFloat, hi: CGFloat)], lengths: [CGFloat]) -> [Subpath] {
        var out: [Subpath] = []
        out.reserveCapacity(ranges.count)
        var first = 0
        var firstOffset: CGFloat = 0
        for range in ranges {
            // A range starting exactly at a segment end starts in the next segment (no zero-length stub).
            while first < segments.count - 1, firstOffset + lengths[first] <= range.lo {
                firstOffset += lengths[first]; first += 1
            }
            var piece = Subpath(start: start)
            piece.draws = true
            var i = first, offset = firstOffset
            while i < segments.count {
                let seg = segments[i], total = lengths[i]
                let a = min(max(range.lo - offset, 0), total), b = min(max(range.hi - offset, 0), total)
                if b > a || (b == a && piece.segments.isEmpty && range.hi <= range.lo) {
                    let part = seg.split(from: seg.parameter(atLength: a, total: total),
                                         to: seg.parameter(atLength: b, total: total))
                    if piece.segments.isEmpty { piece.start = part.start }
                    piece.segments.append(part)
                }
                if range.hi - offset <= total { break }
                offset += total; i += 1
            }
            out.append(piece)
        }
        return out
    }
}

/// Trimming by fractions of the total arc length of all subpaths together (CAShapeLayer strokeStart/End).
enum Trimming {
    /// The subpaths restricted to [start, end] x total length. A closed subpath entirely inside stays
    /// closed (it keeps its joins and gets no caps); a cut one becomes an open piece that may run across its
    /// start point's closing segment. Values are clamped to 0...1; end <= start gives nothing.
    static func trim(_ subpaths: [Subpath], from start: CGFloat, to end: CGFloat) -> [Subpath] {
        let s = start.isNaN ? 0 : min(max(start, 0), 1)
        let e = end.isNaN ? 1 : min(max(end, 0), 1)
        guard e > s else { return [] }
        if s <= 0 && e >= 1 { return subpaths }
        let lengths = subpaths.map(\.segmentLengths)
        let total = lengths.reduce(0) { $0 + $1.reduce(0, +) }
        guard total > 0 else { return s <= 0 ? subpaths : [] }
        let from = s * total, to = e * total, eps = 1e-9 * total
        var out: [Subpath] = []
        var offset: CGFloat = 0
        for (sub, segLengths) in zip(subpaths, lengths) {
            let length = segLengths.reduce(0, +)
            defer { offset += length }
            let lo = from - offset, hi = to - offset
            if length == 0 {
                if lo <= 0 && hi >= 0 && sub.draws { out.append(sub) }
                continue
            }
            if lo >= length || hi <= 0 { continue }
            if sub.isClosed && lo <= eps && hi >= length - eps { out.append(sub); continue }
            out += sub.pieces([(max(lo, 0), min(hi, length))], lengths: segLengths)
        }
        return out
    }
}

extension CGPath {
    /// Total arc length of all subpaths (closed ones include their closing segment).
    package var length: CGFloat {
        Subpath.parse(elements).reduce(0) { $0 + $1.segmentLengths.reduce(0, +) }
    }

    /// The part between fractions `start` and `end` of the total length, as CAShapeLayer's
    /// strokeStart/strokeEnd. Curves stay curves (split exactly); see `Trimming.trim` for the rules.
    package func trimmed(from start: CGFloat, to end: CGFloat) -> CGPath {
        CGPath(elements: Trimming.trim(Subpath.parse(elements), from: start, to: end).elements)
    }
}
