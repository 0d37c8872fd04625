import Foundation

/// Applies one compiled animation (basic, spring, keyframe or group) at a time to a layer's properties,
/// following Core Animation's rules for from/to/by values, additive and cumulative animations, and groups.
enum AnimationApplier {
    /// Applies `animation` (compiled as `plan`), whose timing is `timing` (possibly adjusted by a group), at
    /// `parentTime`, to the presentation values so far.
    static func apply(_ animation: CAAnimation, plan: CompiledAnimation, timing: MediaTiming,
                      parentTime: CFTimeInterval, to properties: inout LayerProperties) {
        if case .inert = plan { return }
        guard let progress = timing.progress(atParentTime: parentTime) else { return }
        var fraction = progress.fraction
        switch plan {
        case .inert:
            return
        case .group(let children):
            if let function = animation.timingFunction { fraction = function.evaluate(fraction) }
            guard let group = animation as? CAAnimationGroup, let animations = group.animations else { return }
            applyGroup(animations, plans: children, timing: timing, fraction: fraction,
                       fillingForward: timing.isFinished(atParentTime: parentTime), to: &properties)
        case .basic(let basic):
            let current = basic.needsCurrent || basic.isAdditive ? basic.keyPath.value(in: properties) : nil
            let (from, to) = basic.endpoints(current: current ?? .none)
            if let spring = basic.spring {
                // A spring's progress is the oscillator at local time; it ignores the timing function.
                fraction = spring.value(at: fraction * timing.effectiveDuration)
            } else if let function = animation.timingFunction {
                fraction = function.evaluate(fraction)
            }
            let value = AnimatableValue.basicValue(from: from, to: to, fraction: fraction, iteration: progress.iteration,
                                                   isCumulative: basic.isCumulative)
            store(value, additive: basic.isAdditive, keyPath: basic.keyPath, current: current, into: &properties)
        case .keyframe(let keyframe):
            if let function = animation.timingFunction { fraction = function.evaluate(fraction) }
            let current = keyframe.isAdditive ? keyframe.keyPath.value(in: properties) : nil
            let (value, rotation) = keyframe.value(at: fraction, iteration: progress.iteration)
            store(value, additive: keyframe.isAdditive, keyPath: keyframe.keyPath, current: current, into: &properties)
            if let rotation {
                // rotationMode: the layer turns to follow the path, before its own transform.
                properties.transform = CATransform3DConcat(CATransform3DMakeRotation(CGFloat(rotation), 0, 0, 1),
                                                           properties.transform)
            }
        }
    }

    /// Children live in the group's time space: their parent time is the group's (warped) local time. A child
    /// with no duration of its own takes the group's. While the group fills forwards, its children hold their
    /// final values too, which is what a group with fillMode .forwards is used for.
    private static func applyGroup(_ animations: [CAAnimation], plans: [CompiledAnimation], timing: MediaTiming,
                                   fraction: Double, fillingForward: Bool, to properties: inout LayerProperties) {
        let groupDuration = timing.effectiveDuration
        let localTime = fraction * groupDuration
        for (child, plan) in zip(animations, plans) {
            let childTiming = Self.timing(of: child, groupDuration: groupDuration, fillingForward: fillingForward)
            // The group's duration cuts children off: a child's time never runs past the group's end.
            apply(child, plan: plan, timing: childTiming, parentTime: min(localTime, groupDuration), to: &properties)
        }
    }

    /// A group's child's timing: its own, with the group's duration when it has none of its own, and
    /// filling forwards while the group does.
    static func timing(of child: CAAnimation, groupDuration: Double, fillingForward: Bool) -> MediaTiming {
        var childTiming = child.mediaTiming
        if childTiming.duration <= 0 || !childTiming.duration.isFinite { childTiming.duration = groupDuration }
        if fillingForward {
            childTiming.fillMode = childTiming.fillMode == .backwards ? .both
                : (childTiming.fillMode == .removed ? .forwards : childTiming.fillMode)
        }
        return childTiming
    }

    private static func store(_ value: AnimatableValue, additive: Bool, keyPath: ResolvedKeyPath,
                              current: AnimatableValue?, into properties: inout LayerProperties) {
        let final = additive ? (current ?? .none).adding(value) : value
        do {
            try keyPath.set(final, in: &properties)
        } catch {
            Diagnostics.report("animation of \"\(keyPath.keyPath)\": \(error); it has no effect")
        }
    }
}
