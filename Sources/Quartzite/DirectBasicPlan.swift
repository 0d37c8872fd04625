import Foundation

/// The common case of a `CABasicAnimation`, made ready for evaluating thousands per frame: a number or a
/// point between two fixed values, on a key the Evaluator writes directly (opacity, position and its
/// components, stroke ends, transform components on an identity transform). It holds no references (the
/// endpoints are plain values copied from the animation; its timing and timing-function curve are an index
/// into the `TimingTable`, where plans that share a timing share one copy), so applying it costs no
/// reference counting and no enum boxing, and it is small (48 bytes), so a frame reads little memory for it.
/// It computes exactly what `AnimationApplier` computes for the same animation (both through
/// `BasicAnimationValue.basicValue`; `BasicAnimationPathsTests` compares them); when a case falls outside it
/// (a transform component on a non-identity transform) `apply` returns false and the caller takes the
/// general path. A plain value, kept in a contiguous array per layer
/// (`CALayer.evaluationSteps`), so a frame reads a layer's animations from one place instead of chasing
/// entry, animation and plan objects scattered over the heap.
struct DirectBasicPlan {
    /// Endpoints: (value, 0) for numbers, (x, y) for points.
    let from: SIMD2<Double>
    let to: SIMD2<Double>
    /// The animation's timing and timing-function curve, as their index in the `TimingTable` (copied there
    /// when the plan is made; the layer drops its plans when either changes, see `CAAnimation.mediaTiming`).
    let timing: Int32
    let target: DirectTarget
    let isAdditive: Bool
    let isCumulative: Bool

    init(target: DirectTarget, from: SIMD2<Double>, to: SIMD2<Double>, isAdditive: Bool, isCumulative: Bool,
         timing: Int32) {
        self.target = target
        self.from = from
        self.to = to
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        self.timing = timing
    }

    /// The direct plan of `animation` compiled as `plan`, its timing (`timing`, or the animation's own when
    /// nil; a group gives its children theirs) entered in `timings`, or nil when it is not such a common case
    /// (springs, endpoints that need the current value, other keys or kinds) or the table is full.
    static func make(_ animation: CAAnimation, plan: CompiledAnimation, timing core: TimingCore? = nil,
                     timings: TimingTable) -> DirectBasicPlan? {
        guard case .basic(let basic) = plan, basic.spring == nil, !basic.needsCurrent,
              let target = DirectTarget(basic.keyPath.key) else { return nil }
        let (from, to) = basic.endpoints(current: .none)
        guard let a = target.vector(from), let b = target.vector(to),
              let timing = timings.index(of: animation, timing: core) else { return nil }
        return DirectBasicPlan(target: target, from: a, to: b, isAdditive: basic.isAdditive,
                               isCumulative: basic.isCumulative, timing: timing)
    }

    /// A placeholder for steps without a direct plan (never applied).
    static let unused = DirectBasicPlan(target: .opacity, from: .zero, to: .zero, isAdditive: false,
                                        isCumulative: false, timing: 0)

    /// Applies the animation at `parentTime` (the layer's local time); false, with `properties` untouched,
    /// when the general path must do it. The timing step comes from `memo` (computed from the plan's entry
    /// of `timings`, the `TimingTable`'s entries, on a miss), and so do a z rotation's cos and sin.
    func apply(parentTime: CFTimeInterval, timings: UnsafePointer<TimingTable.Entry>, memo: TimingMemo,
               to properties: inout LayerProperties) -> Bool {
        // Transform components are read and written directly only on an identity transform.
        guard target.isWritable(in: properties) else { return false }
        guard let (fraction, iteration) = memo.eased(timing, timings: timings, parentTime: parentTime) else { return true }
        var value = SIMD2.basicValue(from: from, to: to, fraction: fraction, iteration: iteration,
                                     isCumulative: isCumulative)
        if isAdditive { value = target.current(in: properties) + value }
        return target.store(value, memo: memo, in: &properties)
    }
}
