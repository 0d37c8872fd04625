import Foundation

/// Flattening tolerance and work limits, so absurd input degrades instead of hanging.
enum Tolerance {
    /// The default maximum distance between a curve and its polyline, in path units.
    static let standard: CGFloat = 0.25
    /// Smaller tolerances are raised to this: below it Float meshes cannot show the difference.
    static let minimum: CGFloat = 0.001
    /// The flattening tolerance of the path boolean operations, whose results keep no curves: fine enough
    /// that the result still looks curved drawn 25 times larger than its path units.
    static let booleans: CGFloat = 0.01
    /// Total line segments one flattening may produce; past it curves are cut to single chords.
    static let segmentBudget = 1_000_000

    /// NaN, infinite or non-positive tolerances become the standard one; tiny ones the minimum.
    static func clamp(_ t: CGFloat) -> CGFloat {
        guard t.isFinite, t > 0 else { return standard }
        return Swift.max(t, minimum)
    }
}
