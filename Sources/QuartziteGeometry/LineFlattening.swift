import Foundation

extension FlatPolyline {
    /// The polylines of a path made of straight lines only, straight from its elements: the same result as
    /// `Subpath.parse(elements).flatten(tolerance:)`, without building the intermediate subpaths (a path of
    /// a few lines, rebuilt every frame, spent a third of its tessellation time there).
    ///
    /// Nil when the path has a curve or an unusable coordinate: the general route handles those.
    static func lines(_ elements: [PathElement]) -> [FlatPolyline]? {
        var out: [FlatPolyline] = []
        var points: [CGPoint] = []
        var open = false, draws = false
        var lastStart: CGPoint?

        func finish(closed: Bool) {
            if open && draws {
                if closed, points.count > 1, points[points.count - 1] == points[0] { points.removeLast() }
                out.append(FlatPolyline(points: points, corners: [], isClosed: closed, tangentIn: [], tangentOut: []))
            }
            open = false; draws = false
        }
        // Starts a subpath, its points reserved up to the next moveTo so appends never reallocate.
        func begin(at p: CGPoint, index: Int) {
            var j = index + 1
            while j < elements.count {
                if case .moveTo = elements[j] { break }
                j += 1
            }
            points = []
            points.reserveCapacity(j - index + 1)
            points.append(p)
            open = true
        }

        for (index, element) in elements.enumerated() {
            switch element {
            case .moveTo(let p):
                guard p.isUsable else { return nil }
                finish(closed: false)
                begin(at: p, index: index)
                lastStart = p
            case .lineTo(let p):
                guard p.isUsable else { return nil }
                // A drawing element after a close starts at the previous subpath's start (as in Core Graphics).
                if !open { begin(at: lastStart ?? p, index: index - 1) }
                if points[points.count - 1] != p { points.append(p) }
                draws = true
            case .closeSubpath:
                guard open else { continue }
                draws = true
                finish(closed: true)
            case .quadCurveTo, .curveTo:
                return nil
            }
        }
        finish(closed: false)
        return out
    }
}
