import Foundation

/// The common case of a `CABasicAnimation`, made ready for evaluating thousands per frame: a number or a
/// point between two fixed values, on a key the Evaluator writes directly (opacity, position and its
/// components, stroke ends, transform components on an identity transform). It holds no references (the
/// endpoints are plain values copied from the animation; its timing and timing-function curve are an index
/// into the `TimingTable`, where plans that share a timing share one copy), so applying it costs no
/// reference counting and no enum boxing, and it is small (48 bytes), so a frame reads little memory for it.
/// It computes exactly what `AnimationApplier` computes for the same animation (both through
/// `BasicAnimationValue.basicValue`; `BasicAnimationPathsTests` compares them); when a case falls outside it (a transform component on a non-identity transform) `apply` returns
/// false and the caller takes the general path. A plain value, kept in a contiguous array per layer
/// (`CALayer.evaluationSteps`), so a frame reads a layer's animations from one place instead of chasing
/// entry, animation and plan objects scattered over the heap.
struct DirectBasicPlan {
    /// The property written.
    enum Target: UInt8 {
        case opacity, position, positionX, positionY, strokeStart, strokeEnd
        case rotationZ, scale, scaleX, scaleY, translationX, translationY
    }

    /// Endpoints: (value, 0) for numbers, (x, y) for points.
    let from: SIMD2<Double>
    let to: SIMD2<Double>
    /// The animation's timing and timing-function curve, as their index in the `TimingTable` (copied there
    /// when the plan is made; the layer drops its plans when either changes, see `CAAnimation.mediaTiming`).
    let timing: Int32
    let target: Target
    let isAdditive: Bool
    let isCumulative: Bool

    init(target: Target, from: SIMD2<Double>, to: SIMD2<Double>, isAdditive: Bool, isCumulative: Bool,
         timing: Int32) {
        self.target = target
        self.from = from
        self.to = to
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        self.timing = timing
    }

    /// The direct plan of `animation` compiled as `plan`, its timing entered in `timings`, or nil when it is
    /// not such a common case (springs, endpoints that need the current value, other keys or kinds) or the
    /// table is full.
    static func make(_ animation: CAAnimation, plan: CompiledAnimation, timings: TimingTable) -> DirectBasicPlan? {
        guard case .basic(let basic) = plan, basic.spring == nil, !basic.needsCurrent,
              let target = target(basic.keyPath.key) else { return nil }
        let (from, to) = basic.endpoints(current: .none)
        let isPoint = target == .position
        guard let a = vector(from, isPoint: isPoint), let b = vector(to, isPoint: isPoint),
              let timing = timings.index(of: animation.mediaTiming.core, curve: animation.timingFunction?.curve ?? linear,
                                         hasCurve: animation.timingFunction != nil) else { return nil }
        return DirectBasicPlan(target: target, from: a, to: b, isAdditive: basic.isAdditive,
                               isCumulative: basic.isCumulative, timing: timing)
    }

    private static let linear = UnitBezier(x1: 0, y1: 0, x2: 1, y2: 1)

    /// A placeholder for steps without a direct plan (never applied).
    static let unused = DirectBasicPlan(target: .opacity, from: .zero, to: .zero, isAdditive: false,
                                        isCumulative: false, timing: 0)

    private static func target(_ key: ResolvedKeyPath.Key) -> Target? {
        switch key {
        case .opacity: .opacity
        case .position: .position
        case .positionX: .positionX
        case .positionY: .positionY
        case .strokeStart: .strokeStart
        case .strokeEnd: .strokeEnd
        case .transformRotationZ: .rotationZ
        case .transformScale: .scale
        case .transformScaleX: .scaleX
        case .transformScaleY: .scaleY
        case .transformTranslationX: .translationX
        case .transformTranslationY: .translationY
        case .bounds, .transform, .backgroundColor, .transformScaleXY, .throughFunction, .other: nil
        }
    }

    private static func vector(_ value: AnimatableValue, isPoint: Bool) -> SIMD2<Double>? {
        switch value {
        case .number(let v) where !isPoint: SIMD2(v, 0)
        case .point(let p) where isPoint: SIMD2(Double(p.x), Double(p.y))
        default: nil
        }
    }

    /// Applies the animation at `parentTime` (the layer's local time); false, with `properties` untouched,
    /// when the general path must do it. The timing step comes from `memo` (computed from the plan's entry
    /// of `timings`, the `TimingTable`'s entries, on a miss), and so do a z rotation's cos and sin.
    func apply(parentTime: CFTimeInterval, timings: UnsafePointer<TimingTable.Entry>, memo: TimingMemo,
               to properties: inout LayerProperties) -> Bool {
        let isTransformComponent: Bool
        switch target {
        case .rotationZ, .scale, .scaleX, .scaleY, .translationX, .translationY: isTransformComponent = true
        default: isTransformComponent = false
        }
        // Transform components are read and written directly only on an identity transform.
        if isTransformComponent && !CATransform3DIsIdentity(properties.transform) { return false }
        guard let (fraction, iteration) = memo.eased(timing, timings: timings, parentTime: parentTime) else { return true }
        var value = SIMD2.basicValue(from: from, to: to, fraction: fraction, iteration: iteration,
                                     isCumulative: isCumulative)
        if isAdditive { value = current(in: properties) + value }
        return store(value, memo: memo, in: &properties)
    }

    /// The presentation value so far, for additive animations (as `ResolvedKeyPath.value(in:)` reads it).
    private func current(in p: LayerProperties) -> SIMD2<Double> {
        switch target {
        case .opacity: SIMD2(Double(p.opacity), 0)
        case .position: SIMD2(Double(p.position.x), Double(p.position.y))
        case .positionX: SIMD2(Double(p.position.x), 0)
        case .positionY: SIMD2(Double(p.position.y), 0)
        case .strokeStart: SIMD2(Double(p.strokeStart), 0)
        case .strokeEnd: SIMD2(Double(p.strokeEnd), 0)
        case .rotationZ, .translationX, .translationY: SIMD2(0, 0)
        case .scale, .scaleX, .scaleY: SIMD2(1, 0)
        }
    }

    /// Stores as `ResolvedKeyPath.set` does; false for a non-finite transform component (left to the general
    /// path, which reports it).
    private func store(_ v: SIMD2<Double>, memo: TimingMemo, in p: inout LayerProperties) -> Bool {
        let n = v.x
        switch target {
        case .opacity: p.opacity = Float(n)
        case .position: p.position = CGPoint(x: CGFloat(v.x), y: CGFloat(v.y))
        case .positionX: p.position.x = CGFloat(n)
        case .positionY: p.position.y = CGFloat(n)
        case .strokeStart: p.strokeStart = CGFloat(n)
        case .strokeEnd: p.strokeEnd = CGFloat(n)
        case .rotationZ, .scale, .scaleX, .scaleY, .translationX, .translationY:
            guard n.isFinite else { return false }
            switch target {
            case .rotationZ:
                let (c, s) = memo.cosSin(n)
                p.transform = ResolvedKeyPath.zRotation(cos: c, sin: s)
            case .scale: p.transform = CATransform3DMakeScale(CGFloat(n), CGFloat(n), CGFloat(n))
            case .scaleX: p.transform = CATransform3DMakeScale(CGFloat(n), 1, 1)
            case .scaleY: p.transform = CATransform3DMakeScale(1, CGFloat(n), 1)
            case .translationX: p.transform = CATransform3DMakeTranslation(CGFloat(n), 0, 0)
            default: p.transform = CATransform3DMakeTranslation(0, CGFloat(n), 0)
            }
        }
        return true
    }
}
