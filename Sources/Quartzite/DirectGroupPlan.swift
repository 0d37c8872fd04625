import Foundation

/// A `CAAnimationGroup` whose children all have direct plans (`DirectBasicPlan`, `DirectKeyframePlan`), or a
/// lone keyframe animation (a group of one on the layer's own time: a keyframe plan holds its values behind
/// a reference, so it lives behind one either way). Groups of keyframe animations are how iOS code writes
/// pulses and ripples (seed 001's tiles, S1), so a frame of thousands of them should not go through the
/// general applier's casts, boxed values and uncached timing.
///
/// It computes what `AnimationApplier.apply` computes for the same group: the group's progress through its
/// timing and curve gives its local time, cut off at its duration; each child runs on that time with the
/// timing `AnimationApplier.timing(of:groupDuration:fillingForward:)` gives it, so each child holds two
/// plans, one for while the group runs and one for while it fills forwards (`DirectGroupPathsTests`
/// compares the two paths). When a child declines (a transform component on a non-identity transform) the
/// properties the children wrote are restored and `apply` returns false, so the general path applies the
/// whole group once.
final class DirectGroupPlan: Sendable {
    /// One child's plans: while the group runs, and while it fills forwards.
    struct Child: Sendable {
        let running: DirectChildPlan
        let filling: DirectChildPlan
    }

    /// The group's timing and curve as their index in the `TimingTable`, and its effective duration; nil for
    /// a lone keyframe animation, which runs on the layer's time.
    let group: (timing: Int32, duration: Double)?
    let children: [Child]
    /// The keyframes the children's keyframe plans read (they hold them unretained, so that a frame copies
    /// plain values).
    let keyframes: [DirectKeyframes]

    init(group: (timing: Int32, duration: Double)?, children: [Child], keyframes: [DirectKeyframes]) {
        self.group = group
        self.children = children
        self.keyframes = keyframes
    }

    /// The plan of `animation` compiled as `plan`: a lone keyframe animation with a direct plan, or a group
    /// (not nested) whose every child has one; nil otherwise or when the timing table is full.
    static func make(_ animation: CAAnimation, plan: CompiledAnimation, timings: TimingTable,
                     shared: DirectKeyframesTable) -> DirectGroupPlan? {
        switch plan {
        case .keyframe: lone(animation, plan: plan, timings: timings, shared: shared)
        case .group(let plans): group(animation, plans: plans, timings: timings, shared: shared)
        case .basic, .inert: nil
        }
    }

    /// A lone keyframe animation as a group of one on the layer's time.
    private static func lone(_ animation: CAAnimation, plan: CompiledAnimation, timings: TimingTable,
                             shared: DirectKeyframesTable) -> DirectGroupPlan? {
        var keyframes: [DirectKeyframes] = []
        guard let plan = DirectKeyframePlan.make(animation, plan: plan, timings: timings, shared: shared,
                                                 owner: &keyframes) else { return nil }
        return DirectGroupPlan(group: nil, children: [Child(running: .keyframe(plan), filling: .keyframe(plan))],
                               keyframes: keyframes)
    }

    /// A group whose children (compiled as `plans`) all have direct plans, each child on the timing
    /// `AnimationApplier.timing(of:groupDuration:fillingForward:)` gives it while the group runs and fills.
    private static func group(_ animation: CAAnimation, plans: [CompiledAnimation], timings: TimingTable,
                              shared: DirectKeyframesTable) -> DirectGroupPlan? {
        guard let group = animation as? CAAnimationGroup, let index = timings.index(of: animation) else { return nil }
        let duration = animation.mediaTiming.effectiveDuration
        var keyframes: [DirectKeyframes] = []
        var children: [Child] = []
        for (child, childPlan) in zip(group.animations ?? [], plans) {
            func direct(fillingForward: Bool) -> DirectChildPlan? {
                let timing = AnimationApplier.timing(of: child, groupDuration: duration, fillingForward: fillingForward)
                return DirectChildPlan.make(child, plan: childPlan, timing: timing.core, timings: timings,
                                            shared: shared, owner: &keyframes)
            }
            guard let running = direct(fillingForward: false), let filling = direct(fillingForward: true) else {
                return nil
            }
            children.append(Child(running: running, filling: filling))
        }
        return DirectGroupPlan(group: (index, duration), children: children, keyframes: keyframes)
    }

    /// Applies the group at `parentTime` (the layer's local time); false, with `properties` as they were,
    /// when the general path must do it.
    func apply(parentTime: CFTimeInterval, timings: UnsafePointer<TimingTable.Entry>, memo: TimingMemo,
               to properties: inout LayerProperties) -> Bool {
        guard let group else {
            // A lone keyframe animation: one child, which leaves the properties as they were when it declines.
            return children.first?.running.apply(parentTime: parentTime, timings: timings, memo: memo,
                                                 to: &properties) ?? true
        }
        guard let (fraction, _) = memo.eased(group.timing, timings: timings, parentTime: parentTime) else { return true }
        let fillingForward = timings[Int(group.timing)].timing.isFinished(atParentTime: parentTime)
        // The group's duration cuts children off: a child's time never runs past the group's end.
        let localTime = min(fraction * group.duration, group.duration)
        let written = properties.inline
        for child in children {
            let plan = fillingForward ? child.filling : child.running
            guard plan.apply(parentTime: localTime, timings: timings, memo: memo, to: &properties) else {
                properties.inline = written
                return false
            }
        }
        return true
    }
}

/// A group's child as a direct plan: a plain value (its keyframes, if any, owned by the group's plan).
enum DirectChildPlan: Sendable {
    case basic(DirectBasicPlan)
    case keyframe(DirectKeyframePlan)

    /// The child's direct plan on `timing`, nil when it has none.
    static func make(_ child: CAAnimation, plan: CompiledAnimation, timing: TimingCore, timings: TimingTable,
                     shared: DirectKeyframesTable, owner: inout [DirectKeyframes]) -> DirectChildPlan? {
        if let basic = DirectBasicPlan.make(child, plan: plan, timing: timing, timings: timings) { return .basic(basic) }
        if let keyframe = DirectKeyframePlan.make(child, plan: plan, timing: timing, timings: timings,
                                                  shared: shared, owner: &owner) {
            return .keyframe(keyframe)
        }
        return nil
    }

    /// Applies the child at `parentTime` (the group's local time); false, with `properties` untouched, when
    /// the general path must do it.
    func apply(parentTime: CFTimeInterval, timings: UnsafePointer<TimingTable.Entry>, memo: TimingMemo,
               to properties: inout LayerProperties) -> Bool {
        switch self {
        case .basic(let plan): plan.apply(parentTime: parentTime, timings: timings, memo: memo, to: &properties)
        case .keyframe(let plan): plan.apply(parentTime: parentTime, timings: timings, memo: memo, to: &properties)
        }
    }
}
