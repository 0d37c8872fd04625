import Foundation

/// Which winding sums the fill sweep (`FillTessellator`) counts as inside: one path's fill under a fill
/// rule, or a boolean operation on two paths' fills, each under the same rule.
///
/// For an operation, the first path's edges add ±1 to the sum and the second path's ±`secondPath`, so one
/// Int64 sum carries both winding numbers: the first in its low 32 bits (signed), the second above them. A
/// path would need over two billion edges for its winding number to spill into the other's bits.
struct SweepCoverage {
    /// What the inside is.
    enum Operation {
        /// The first path's fill alone.
        case fill
        /// Inside either path.
        case union
        /// Inside both paths.
        case intersection
        /// Inside the first path and not the second.
        case subtraction
        /// Inside exactly one of the paths.
        case symmetricDifference
    }

    /// The rule both paths' windings are read by.
    var rule: CGPathFillRule
    /// How the two paths' insides combine.
    var operation: Operation = .fill

    /// The winding one downward edge of the second path adds.
    static let secondPath: Int64 = 1 << 32

    /// Whether a point whose winding sum is `winding` is inside.
    @inline(__always)
    func contains(_ winding: Int64) -> Bool {
        guard operation != .fill else { return inside(winding) }
        let first = Int64(Int32(truncatingIfNeeded: winding))
        let inFirst = inside(first), inSecond = inside((winding - first) >> 32)
        switch operation {
        case .fill, .union: return inFirst || inSecond
        case .intersection: return inFirst && inSecond
        case .subtraction: return inFirst && !inSecond
        case .symmetricDifference: return inFirst != inSecond
        }
    }

    /// Whether one path's winding number is inside under `rule`.
    @inline(__always)
    private func inside(_ winding: Int64) -> Bool {
        rule == .winding ? winding != 0 : (winding & 1) != 0
    }
}
