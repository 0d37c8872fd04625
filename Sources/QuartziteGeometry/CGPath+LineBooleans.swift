import Foundation

// Core Graphics' line operations (iOS 16): this path's lines, as a stroke would draw them, cut by another
// path's fill. Apple's results keep curves; these are flattened within `Tolerance.booleans`.

extension CGPath {
    /// The parts of this path's lines that lie inside `other`'s fill under `rule`, as open subpaths (a closed
    /// subpath that lies wholly inside stays closed). This path's fill plays no part.
    ///
    /// Curves come back flattened into lines. Paths too large to cut within the fill tessellator's work
    /// budget give an empty path and a `Diagnostics` line.
    public func lineIntersection(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        clippedLines(by: other, rule, keepingInside: true)
    }

    /// The parts of this path's lines that lie outside `other`'s fill under `rule`, as open subpaths (a
    /// closed subpath that lies wholly outside stays closed). This path's fill plays no part.
    ///
    /// Curves come back flattened into lines; see `lineIntersection(_:using:)` for the budget.
    public func lineSubtracting(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        clippedLines(by: other, rule, keepingInside: false)
    }

    /// This path's flattened lines cut by `other`'s fill, keeping the pieces inside or outside it.
    private func clippedLines(by other: CGPath, _ rule: CGPathFillRule, keepingInside: Bool) -> CGPath {
        let lines = Subpath.parse(elements).flatten(tolerance: Tolerance.booleans)
        let mask = LineClipping.Mask(Subpath.parse(other.elements).flatten(tolerance: Tolerance.booleans),
                                     rule: rule, keepsInside: keepingInside)
        guard let kept = LineClipping.clip(lines, by: mask) else {
            Diagnostics.report("a path line operation's paths are too large to cut within \(LineClipping.workBudget) "
                + "steps; it gives an empty path")
            return CGPath()
        }
        return CGPath(elements: kept)
    }
}
