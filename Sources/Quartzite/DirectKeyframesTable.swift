import Foundation

/// One `DirectKeyframes` per distinct set of keyframes. Trees run the same keyframe animation on many layers
/// (a grid of tiles rippling, each started a little later: only the group's begin time differs), and a frame
/// that reads one shared copy for all of them reads it from the cache instead of missing on a copy per layer.
///
/// Two sets share one only when their values, boundaries, curves and mode are the same bit for bit, so a
/// plan computes exactly what its own copy would. Plans hold their keyframes strongly (`DirectGroupPlan`), so
/// the table may forget its entries at any time: it empties itself when it reaches `capacity`, and sets
/// made after that are shared again from then on.
final class DirectKeyframesTable {
    /// Every input of `DirectKeyframes.value`, bit for bit.
    private struct Key: Hashable {
        var bits: [UInt64]

        init(_ timing: KeyframeTiming, values: [SIMD2<Double>]) {
            bits = [UInt64(timing.count), Self.mode(timing.calculationMode)]
            bits += timing.boundaries.map(\.bitPattern)
            for curve in timing.curves {
                bits += [curve.x1.bitPattern, curve.y1.bitPattern, curve.x2.bitPattern, curve.y2.bitPattern]
            }
            for value in values { bits += [value.x.bitPattern, value.y.bitPattern] }
        }

        private static func mode(_ mode: CAAnimationCalculationMode) -> UInt64 {
            switch mode {
            case .discrete: 1
            case .paced: 2
            case .cubic: 3
            case .cubicPaced: 4
            default: 0
            }
        }
    }

    private var shared: [Key: DirectKeyframes] = [:]
    /// How many distinct sets it holds before it empties itself.
    let capacity: Int

    /// An empty table that holds at most `capacity` sets (the Evaluator keeps one for the process).
    init(capacity: Int = 4_096) {
        self.capacity = max(1, capacity)
    }

    /// The shared keyframes equal to these, made (and kept) when new.
    func keyframes(timing: KeyframeTiming, values: [SIMD2<Double>]) -> DirectKeyframes {
        let key = Key(timing, values: values)
        if let found = shared[key] { return found }
        if shared.count >= capacity { shared.removeAll() }
        let made = DirectKeyframes(timing: timing, values: values)
        shared[key] = made
        return made
    }
}
