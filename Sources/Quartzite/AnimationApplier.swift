import Foundation

/// Applies one animation (basic, keyframe or group) at a time to a layer's properties, following Core
/// Animation's rules for from/to/by values, additive and cumulative animations, and groups.
@MainActor
enum AnimationApplier {
    /// Applies `animation`, whose timing is `timing` (possibly adjusted by a group), at `parentTime`.
    /// `model` is the layer's model values, `properties` the presentation values so far.
    static func apply(_ animation: CAAnimation, timing: MediaTiming, parentTime: CFTimeInterval,
                      model: LayerProperties, to properties: inout LayerProperties) {
        guard let progress = timing.progress(atParentTime: parentTime) else { return }
        var fraction = progress.fraction
        if let function = animation.timingFunction { fraction = function.evaluate(fraction) }

        switch animation {
        case let group as CAAnimationGroup:
            applyGroup(group, timing: timing, fraction: fraction,
                       fillingForward: timing.isFinished(atParentTime: parentTime),
                       model: model, to: &properties)
        case let basic as CABasicAnimation:
            guard let keyPath = basic.keyPath, let current = properties.value(forKeyPath: keyPath) else { return }
            guard let (from, to) = endpoints(of: basic, keyPath: keyPath, current: current) else { return }
            var value = from.interpolated(to: to, fraction: fraction)
            if basic.isCumulative, progress.iteration > 0 {
                value = to.adding(from.scaled(by: -1)).scaled(by: Double(progress.iteration)).adding(value)
            }
            store(value, additive: basic.isAdditive, keyPath: keyPath, current: current, into: &properties)
        case let keyframe as CAKeyframeAnimation:
            guard let keyPath = keyframe.keyPath, let current = properties.value(forKeyPath: keyPath) else { return }
            guard let value = keyframeValue(keyframe, keyPath: keyPath, fraction: fraction, iteration: progress.iteration)
            else { return }
            store(value, additive: keyframe.isAdditive, keyPath: keyPath, current: current, into: &properties)
        default:
            return
        }
    }

    /// Children live in the group's time space: their parent time is the group's (warped) local time. A child
    /// with no duration of its own takes the group's. While the group fills forwards, its children hold their
    /// final values too, which is what a group with fillMode .forwards is used for.
    private static func applyGroup(_ group: CAAnimationGroup, timing: MediaTiming, fraction: Double,
                                   fillingForward: Bool, model: LayerProperties, to properties: inout LayerProperties) {
        let groupDuration = timing.effectiveDuration
        let localTime = fraction * groupDuration
        for child in group.animations ?? [] {
            var childTiming = child.mediaTiming
            if childTiming.duration <= 0 || !childTiming.duration.isFinite { childTiming.duration = groupDuration }
            if fillingForward {
                childTiming.fillMode = childTiming.fillMode == .backwards ? .both
                    : (childTiming.fillMode == .removed ? .forwards : childTiming.fillMode)
            }
            // The group's duration cuts children off: a child's time never runs past the group's end.
            apply(child, timing: childTiming, parentTime: min(localTime, groupDuration), model: model, to: &properties)
        }
    }

    /// From and to values by Core Animation's documented rules for fromValue / toValue / byValue.
    private static func endpoints(of basic: CABasicAnimation, keyPath: String,
                                  current: AnimatableValue) -> (AnimatableValue, AnimatableValue)? {
        func convert(_ any: Any?, _ role: String) -> AnimatableValue?? {
            guard let any else { return .some(nil) }
            guard let value = AnimatableValue(any), value != .none else {
                Diagnostics.report("CABasicAnimation(\"\(keyPath)\").\(role): unsupported value type \(type(of: any)); the animation has no effect")
                return nil
            }
            guard sameKind(value, current) else {
                Diagnostics.report("CABasicAnimation(\"\(keyPath)\").\(role): expected a \(current.kindName), got a \(value.kindName); the animation has no effect")
                return nil
            }
            return .some(value)
        }
        guard let from = convert(basic.fromValue, "fromValue"),
              let to = convert(basic.toValue, "toValue"),
              let by = convert(basic.byValue, "byValue") else { return nil }
        switch (from, to, by) {
        case let (f?, t?, _): return (f, t)
        case let (f?, nil, b?): return (f, f.adding(b))
        case let (nil, t?, b?): return (t.adding(b.scaled(by: -1)), t)
        case let (f?, nil, nil): return (f, current)
        case let (nil, t?, nil): return (current, t)
        case let (nil, nil, b?): return (current, current.adding(b))
        case (nil, nil, nil): return (current, current)
        }
    }

    private static func keyframeValue(_ keyframe: CAKeyframeAnimation, keyPath: String, fraction: Double,
                                      iteration: Int) -> AnimatableValue? {
        guard let raw = keyframe.values, !raw.isEmpty else {
            Diagnostics.report("CAKeyframeAnimation(\"\(keyPath)\") has no values; it has no effect")
            return nil
        }
        var values: [AnimatableValue] = []
        for any in raw {
            guard let v = AnimatableValue(any), v != .none else {
                Diagnostics.report("CAKeyframeAnimation(\"\(keyPath)\").values: unsupported value type \(type(of: any)); it has no effect")
                return nil
            }
            values.append(v)
        }
        let timing = KeyframeTiming(count: values.count,
                                    keyTimes: keyframe.keyTimes?.map { $0.doubleValue },
                                    timingFunctions: keyframe.timingFunctions,
                                    calculationMode: keyframe.calculationMode,
                                    segmentLengths: nil)
        let segment = timing.segment(at: fraction)
        let i = min(max(segment.index, 0), values.count - 1)
        var value = i + 1 < values.count ? values[i].interpolated(to: values[i + 1], fraction: segment.t) : values[i]
        if keyframe.calculationMode == .discrete { value = values[i] }
        if keyframe.isCumulative, iteration > 0, let last = values.last, let first = values.first {
            value = last.adding(first.scaled(by: -1)).scaled(by: Double(iteration)).adding(value)
        }
        return value
    }

    private static func store(_ value: AnimatableValue, additive: Bool, keyPath: String,
                              current: AnimatableValue, into properties: inout LayerProperties) {
        let final = additive ? current.adding(value) : value
        do {
            try properties.setValue(final, forKeyPath: keyPath)
        } catch {
            Diagnostics.report("animation of \"\(keyPath)\": \(error); it has no effect")
        }
    }

    /// Whether two values can interpolate (numbers and booleans count as one kind, as NSNumber does).
    private static func sameKind(_ a: AnimatableValue, _ b: AnimatableValue) -> Bool {
        switch (a, b) {
        case (.number, .number), (.number, .bool), (.bool, .number), (.bool, .bool), (.point, .point), (.size, .size),
             (.rect, .rect), (.transform, .transform), (.path, .path), (.numbers, .numbers),
             (.colors, .colors), (.image, .image): return true
        case (.color, .color), (.color, .none), (.none, .color), (.path, .none), (.none, .path): return true
        default: return false
        }
    }
}
