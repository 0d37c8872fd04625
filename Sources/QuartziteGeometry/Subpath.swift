import Foundation

/// A subpath as explicit segments: what the measuring, trimming, dashing and flattening code works on.
///
/// A closed subpath's closing line is included in `segments` (flagged by `hasClosingLine`) so that lengths
/// and trims see it like any other segment.
struct Subpath: Sendable, Equatable {
    var start: CGPoint
    var segments: [Segment] = []
    var isClosed = false
    /// Whether the last segment is the implicit closing line (not an element of its own).
    var hasClosingLine = false
    /// Whether the subpath has any drawing element or close, so a lone moveTo draws nothing but a
    /// moveTo + zero-length line can draw a dot.
    var draws = false

    /// Splits elements into subpaths, dropping elements with unusable coordinates. A subpath whose moveTo is
    /// unusable is dropped up to the next usable moveTo.
    static func parse(_ elements: [PathElement]) -> [Subpath] {
        var result: [Subpath] = []
        var current: Subpath?
        var skipping = false
        var lastStart: CGPoint?
        func finish() { if let c = current { result.append(c) }; current = nil }
        // A new subpath's segments are reserved up to the next moveTo, so appends never reallocate.
        func begin(at p: CGPoint, index: Int) {
            var s = Subpath(start: p)
            var j = index + 1
            while j < elements.count {
                if case .moveTo = elements[j] { break }
                j += 1
            }
            s.segments.reserveCapacity(j - index)
            current = s
        }
        for (index, element) in elements.enumerated() {
            switch element {
            case .moveTo(let p):
                finish()
                if p.isUsable { begin(at: p, index: index); lastStart = p; skipping = false } else { skipping = true }
            case .closeSubpath:
                guard !skipping, var c = current else { continue }
                // Released first, so `c` is the only reference and appending does not copy.
                current = nil
                let end = c.segments.last?.end ?? c.start
                if end != c.start { c.segments.append(.line(end, c.start)); c.hasClosingLine = true }
                c.isClosed = true
                c.draws = true
                result.append(c)
            default:
                guard !skipping, element.isUsable, let end = element.endPoint else { continue }
                if current == nil {
                    // A drawing element after a close starts at the previous subpath's start (as in Core Graphics).
                    begin(at: lastStart ?? element.firstPoint ?? end, index: index - 1)
                }
                // Mutated in place through the optional: a copy would duplicate the segments on every append.
                let from = current?.segments.last?.end ?? current?.start ?? end
                switch element {
                case .lineTo(let p): current?.segments.append(.line(from, p))
                case .quadCurveTo(let q, let e): current?.segments.append(.quad(from, q, e))
                case .curveTo(let c1, let c2, let e): current?.segments.append(.cubic(from, c1, c2, e))
                default: break
                }
                current?.draws = true
            }
        }
        finish()
        return result
    }

    /// The subpath as path elements.
    var elements: [PathElement] {
        var out: [PathElement] = [.moveTo(start)]
        let body = hasClosingLine ? segments.dropLast() : segments[...]
        for s in body { out.append(s.element) }
        if isClosed { out.append(.closeSubpath) }
        return out
    }

    /// Arc length of every segment.
    var segmentLengths: [CGFloat] { segments.map { $0.length() } }
}

extension Array where Element == Subpath {
    /// All subpaths back to path elements.
    var elements: [PathElement] { flatMap(\.elements) }
}
