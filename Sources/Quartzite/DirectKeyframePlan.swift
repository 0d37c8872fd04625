import Foundation

/// The common case of a `CAKeyframeAnimation` made ready like `DirectBasicPlan`: numbers (or points on
/// `position`) in the linear, discrete or paced mode, on a key the Evaluator writes directly. Its timing and
/// timing-function curve are an index into the `TimingTable` (so the timing step is remembered by the
/// `TimingMemo`); its keyframes are one immutable `DirectKeyframes`, held unretained: the plan is a plain
/// value, copied without reference counting, and lives only inside the `DirectGroupPlan` that keeps its
/// keyframes alive (`DirectGroupPlan.keyframes`). It computes exactly what
/// `AnimationApplier` computes for the same animation (the same segment lookup, `KeyframeTiming`, and the
/// same expressions on the values; `DirectGroupPathsTests` compares them); when a case falls outside it (a
/// transform component on a non-identity transform, a non-finite one) `apply` returns false, with the
/// properties untouched, and the caller takes the general path.
struct DirectKeyframePlan {
    /// Owned by the `DirectGroupPlan` this plan is part of.
    let keyframes: Unmanaged<DirectKeyframes>
    /// The animation's timing and timing-function curve, as their index in the `TimingTable`.
    let timing: Int32
    let target: DirectTarget
    let isAdditive: Bool
    let isCumulative: Bool

    /// The direct plan of `animation` compiled as `plan`, its timing (`timing`, or the animation's own when
    /// nil) entered in `timings`, its keyframes found in (or added to) `shared` and appended to `owner`
    /// (which must outlive the plan); nil for paths, cubic modes, other keys or kinds, or a full table.
    static func make(_ animation: CAAnimation, plan: CompiledAnimation, timing core: TimingCore? = nil,
                     timings: TimingTable, shared: DirectKeyframesTable,
                     owner: inout [DirectKeyframes]) -> DirectKeyframePlan? {
        guard case .keyframe(let keyframe) = plan, keyframe.path == nil, keyframe.rotationMode == nil,
              keyframe.timing.calculationMode != .cubic, keyframe.timing.calculationMode != .cubicPaced,
              let target = DirectTarget(keyframe.keyPath.key) else { return nil }
        var values: [SIMD2<Double>] = []
        values.reserveCapacity(keyframe.values.count)
        for value in keyframe.values {
            guard let vector = target.vector(value) else { return nil }
            values.append(vector)
        }
        guard !values.isEmpty, let timing = timings.index(of: animation, timing: core) else { return nil }
        let keyframes = shared.keyframes(timing: keyframe.timing, values: values)
        if !owner.contains(where: { $0 === keyframes }) { owner.append(keyframes) }
        return DirectKeyframePlan(keyframes: Unmanaged.passUnretained(keyframes), timing: timing, target: target, isAdditive: keyframe.isAdditive,
                                  isCumulative: keyframe.isCumulative)
    }

    /// Applies the animation at `parentTime`; false, with `properties` untouched, when the general path
    /// must do it (as `DirectBasicPlan.apply`).
    func apply(parentTime: CFTimeInterval, timings: UnsafePointer<TimingTable.Entry>, memo: TimingMemo,
               to properties: inout LayerProperties) -> Bool {
        guard target.isWritable(in: properties) else { return false }
        guard let (fraction, iteration) = memo.eased(timing, timings: timings, parentTime: parentTime) else {
            return true
        }
        var value = keyframes._withUnsafeGuaranteedRef {
            $0.value(at: fraction, iteration: iteration, isCumulative: isCumulative)
        }
        if isAdditive { value = target.current(in: properties) + value }
        return target.store(value, memo: memo, in: &properties)
    }
}

/// A keyframe animation's values as vectors, with its validated timing: what `KeyframePlan.value(at:)`
/// reads, without the boxed values. Immutable, so plans of equal keyframes share one
/// (`DirectKeyframesTable`).
final class DirectKeyframes: Sendable {
    let timing: KeyframeTiming
    /// At least one value.
    let values: [SIMD2<Double>]

    init(timing: KeyframeTiming, values: [SIMD2<Double>]) {
        self.timing = timing
        self.values = values
    }

    /// The value at `fraction` (after the animation's timing function) in repeat `iteration`: the segment's
    /// interpolation (or the discrete value), plus the last value less the first for each earlier iteration
    /// when cumulative, in the order `KeyframePlan.value(at:iteration:)` computes them.
    func value(at fraction: Double, iteration: Int, isCumulative: Bool) -> SIMD2<Double> {
        let (index, t) = timing.segment(at: fraction)
        let i = min(max(index, 0), values.count - 1)
        var value = values[i]
        if !timing.isDiscrete && i + 1 < values.count {
            value = values[i].interpolated(to: values[i + 1], fraction: t)
        }
        if let first = values.first, let last = values.last {
            value = value.accumulated(from: first, to: last, iteration: iteration, isCumulative: isCumulative)
        }
        return value
    }
}
