/// Keyframe timing: which segment and local fraction a keyframe animation is at.
///
/// Follows Apple's `CAKeyframeAnimation` rules:
/// - `.linear` / `.cubic`: `keyTimes` needs `count` entries, non-decreasing, in 0...1; segment i runs
///   from `keyTimes[i]` to `keyTimes[i+1]`, and `timingFunctions[i]` (when present; linear otherwise)
///   eases its local fraction. Key times need not start at 0 or end at 1 (libraries ship `[0, 0.7]`):
///   as on iOS, the first value holds before the first key time and the last value from the last key
///   time to the end of the duration.
/// - `.discrete`: `keyTimes` needs `count + 1` entries (Apple's documented form) or `count` entries
///   (the common form), non-decreasing, in 0...1; value i shows from `keyTimes[i]` on, the first value
///   before `keyTimes[0]` and the last value to the end.
/// - `.paced` / `.cubicPaced`: `keyTimes` and `timingFunctions` are ignored; segments get time in
///   proportion to `segmentLengths` (count - 1 non-negative lengths, e.g. distances between
///   the values) so the speed is constant.
/// Key times Apple cannot use either (the wrong count, decreasing, outside 0...1, not finite) fall
/// back to even spacing; the caller reports them. The animation's own `timingFunction` is applied by
/// the caller before `segment(at:)`.
package struct KeyframeTiming: Sendable {
    /// Number of keyframe values.
    package let count: Int
    /// Calculation mode.
    package let calculationMode: CAAnimationCalculationMode
    /// Whether the mode is `.discrete` (read once per frame per animation; a mode compares as a string).
    let isDiscrete: Bool
    /// The validated boundaries actually used: segment (or discrete value) i starts at
    /// `boundaries[i]`; the last entry is where the last value is reached (1 unless key times end
    /// earlier).
    package let boundaries: [Double]
    /// Per-segment timing functions' curves (interpolating, non-paced modes only): plain values, so a
    /// frame's lookup counts no references.
    let curves: [UnitBezier]

    /// Validates the inputs once so `segment(at:)` is a cheap lookup per frame.
    package init(
        count: Int, keyTimes: [Double]?, timingFunctions: [CAMediaTimingFunction]?,
        calculationMode: CAAnimationCalculationMode, segmentLengths: [Double]?
    ) {
        let n = max(0, count)
        self.count = n
        let mode: CAAnimationCalculationMode
        switch calculationMode {
        case .discrete, .paced, .cubic, .cubicPaced: mode = calculationMode
        default: mode = .linear
        }
        self.calculationMode = mode
        isDiscrete = mode == .discrete
        let paced = mode == .paced || mode == .cubicPaced
        curves = paced || mode == .discrete ? [] : (timingFunctions ?? []).map(\.curve)
        boundaries = Self.boundaries(count: n, keyTimes: keyTimes, mode: mode, paced: paced, lengths: segmentLengths)
    }

    /// Where fraction (0...1, clamped; NaN reads as 0) of the animation falls: for interpolating
    /// modes the segment index (0...count-2) and the eased local fraction in it; for `.discrete`
    /// the index of the value to show and t = 0. With fewer than 2 values: (0, 0).
    package func segment(at fraction: Double) -> (index: Int, t: Double) {
        let f = fraction.isNaN ? 0 : min(1, max(0, fraction))
        if isDiscrete {
            guard count > 0 else { return (0, 0) }
            // The last value at which the boundary has been reached.
            var index = 0
            for i in 0..<count where boundaries[i] <= f { index = i }
            return (index, 0)
        }
        guard count >= 2 else { return (0, 0) }
        var index = 0
        for i in 0..<(count - 1) where boundaries[i] <= f { index = i }
        let start = boundaries[index], end = boundaries[index + 1]
        // Before the first key time the first value holds; past the last one, the last value.
        var t = f < start ? 0 : end > start ? (f - start) / (end - start) : 1
        t = min(1, max(0, t))
        // The segment's timing function (`CAMediaTimingFunction.evaluate` is its curve's y(x)).
        if index < curves.count { t = curves[index].y(forX: t) }
        return (index, t)
    }

    /// Segment start times plus where the last one ends: `count` entries for interpolating modes
    /// (count - 1 segments), `count + 1` for discrete.
    static func boundaries(
        count n: Int, keyTimes: [Double]?, mode: CAAnimationCalculationMode, paced: Bool, lengths: [Double]?
    ) -> [Double] {
        let discrete = mode == .discrete
        let intervals = discrete ? n : n - 1
        guard intervals > 0 else { return discrete ? [0, 1] : [0] }
        func even() -> [Double] { (0...intervals).map { Double($0) / Double(intervals) } }
        func valid(_ k: [Double]) -> Bool {
            zip(k, k.dropFirst()).allSatisfy { $0 <= $1 } && k.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 }
        }
        if paced {
            guard let l = lengths, l.count == intervals, l.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return even() }
            let total = l.reduce(0, +)
            guard total > 0, total.isFinite else { return even() }
            var acc = 0.0
            var b = [0.0]
            for length in l.dropLast() { acc += length; b.append(acc / total) }
            b.append(1)
            return b
        }
        guard let k = keyTimes, valid(k) else { return even() }
        if discrete {
            if k.count == n + 1 { return k }
            if k.count == n { return k + [1] }
            return even()
        }
        return k.count == n ? k : even()
    }
}
