import Foundation

/// An animation converted once, the first time it is evaluated: key path resolved, `Any?` values converted
/// and checked against the key path's kind, keyframe timing validated. Problems are reported then (once), and
/// the animation becomes `.inert`. Core Animation documents that an animation must not be changed after
/// `add(_:forKey:)` (the layer holds a copy), so the conversion stays valid; timing (`beginTime`,
/// `fillMode`, ...) is still read live from the animation every frame.
indirect enum CompiledAnimation: Sendable {
    case basic(BasicPlan)
    case keyframe(KeyframePlan)
    case group([CompiledAnimation])
    case inert

    /// Compiles `animation` for a layer whose model values are `model`.
    static func make(_ animation: CAAnimation, model: LayerProperties) -> CompiledAnimation {
        switch animation {
        case let group as CAAnimationGroup:
            return .group((group.animations ?? []).map { make($0, model: model) })
        case let property as CAPropertyAnimation:
            guard let keyPath = property.keyPath else { return .inert }
            let resolved = ResolvedKeyPath(keyPath, valueFunction: property.valueFunction)
            // An unknown key path was reported by add(_:forKey:).
            guard let current = resolved.value(in: model) else { return .inert }
            if let keyframe = property as? CAKeyframeAnimation {
                return KeyframePlan.make(keyframe, keyPath: resolved, current: current).map(CompiledAnimation.keyframe) ?? .inert
            }
            if let basic = property as? CABasicAnimation {
                return BasicPlan.make(basic, keyPath: resolved, current: current).map(CompiledAnimation.basic) ?? .inert
            }
            return .inert
        default:
            return .inert
        }
    }
}

/// A `CABasicAnimation` (or `CASpringAnimation`) converted once. A class, so that reading it out of the
/// compiled animation each frame is a reference count, not a copy.
final class BasicPlan: Sendable {
    let keyPath: ResolvedKeyPath
    let from: AnimatableValue?
    let to: AnimatableValue?
    let by: AnimatableValue?
    let isAdditive: Bool
    let isCumulative: Bool
    /// Set for a spring: progress comes from the spring at local time, not from the fraction.
    let spring: SpringSolver?

    /// Whether the endpoints need the current presentation value (a missing from or to).
    let needsCurrent: Bool

    static func make(_ basic: CABasicAnimation, keyPath: ResolvedKeyPath, current: AnimatableValue) -> BasicPlan? {
        let name = "\(type(of: basic))(\"\(keyPath.keyPath)\")"
        func convert(_ any: Any?, _ role: String) -> AnimatableValue?? {
            guard let any else { return .some(nil) }
            guard let value = AnimatableValue(any) else {
                Diagnostics.report("\(name).\(role): unsupported value type \(type(of: any)); the animation has no effect")
                return nil
            }
            guard value.canInterpolate(with: current) else {
                Diagnostics.report("\(name).\(role): expected a \(current.kindName), got a \(value.kindName); the animation has no effect")
                return nil
            }
            return .some(value)
        }
        guard let from = convert(basic.fromValue, "fromValue"), let to = convert(basic.toValue, "toValue"),
              let by = convert(basic.byValue, "byValue") else { return nil }
        return BasicPlan(keyPath: keyPath, from: from, to: to, by: by, isAdditive: basic.isAdditive,
                         isCumulative: basic.isCumulative, spring: (basic as? CASpringAnimation)?.solver)
    }

    init(keyPath: ResolvedKeyPath, from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?,
         isAdditive: Bool, isCumulative: Bool, spring: SpringSolver?) {
        self.keyPath = keyPath
        self.from = from
        self.to = to
        self.by = by
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        self.spring = spring
        needsCurrent = switch (from, to, by) {
        case (_?, _?, _), (_?, nil, _?), (nil, _?, _?): false
        default: true
        }
    }

    /// From and to values by Core Animation's documented rules for fromValue / toValue / byValue; a missing
    /// end takes `current` (the presentation value so far).
    func endpoints(current: AnimatableValue) -> (AnimatableValue, AnimatableValue) {
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
}
