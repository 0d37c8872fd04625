import Foundation

// Core Graphics' boolean operations on fills (iOS 16). Each reads both paths' fills under one rule, every
// subpath closed as filling closes it, and returns the outline of the combined region as closed subpaths of
// straight lines: outer loops run one way and holes the other, so the result fills the same under either
// rule. Apple's results keep curves; these are flattened within `Tolerance.booleans` and their points kept to
// Float precision (the tessellator's), fine enough to draw at any reasonable scale.

extension CGPath {
    /// A path whose fill is the region inside this path's fill or `other`'s, both read by `rule`.
    ///
    /// Curves come back flattened into lines. A pair of paths that crosses itself too often to sweep within
    /// the fill tessellator's work budget gives an empty path and a `Diagnostics` line.
    public func union(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        combined(with: other, .union, rule)
    }

    /// A path whose fill is the region inside both this path's fill and `other`'s, both read by `rule`.
    ///
    /// Curves come back flattened into lines; see `union(_:using:)` for the budget.
    public func intersection(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        combined(with: other, .intersection, rule)
    }

    /// A path whose fill is the region inside this path's fill and outside `other`'s, both read by `rule`.
    ///
    /// Curves come back flattened into lines; see `union(_:using:)` for the budget.
    public func subtracting(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        combined(with: other, .subtraction, rule)
    }

    /// A path whose fill is the region inside exactly one of this path's fill and `other`'s, both read by
    /// `rule`.
    ///
    /// Curves come back flattened into lines; see `union(_:using:)` for the budget.
    public func symmetricDifference(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        combined(with: other, .symmetricDifference, rule)
    }

    /// This path's fill under `rule` as a path with no self-intersections, which fills the same under
    /// either rule.
    ///
    /// Curves come back flattened into lines; see `union(_:using:)` for the budget.
    public func normalized(using rule: CGPathFillRule = .winding) -> CGPath {
        combined(with: nil, .fill, rule)
    }

    /// The outline of `operation` on this path's fill and `other`'s as closed subpaths.
    private func combined(with other: CGPath?, _ operation: SweepCoverage.Operation, _ rule: CGPathFillRule) -> CGPath {
        let first = Subpath.parse(elements).flatten(tolerance: Tolerance.booleans)
        let second = other.map { Subpath.parse($0.elements).flatten(tolerance: Tolerance.booleans) } ?? []
        let coverage = SweepCoverage(rule: rule, operation: operation)
        guard let pieces = FillTessellator.outline(first, second, coverage: coverage) else {
            Diagnostics.report(Self.booleanOverBudget)
            return CGPath()
        }
        return CGPath(elements: CGPath.closedLoops(of: pieces, transform: .identity))
    }

    /// The diagnostic of an operation that runs out of the sweep's work budget.
    private static let booleanOverBudget = "a path boolean operation's paths cross too often to combine within "
        + "\(FillTessellator.workBudget) steps; it gives an empty path"
}
