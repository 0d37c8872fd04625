import Foundation

/// The action of one change a `UIView.animate` block (or a property animator) makes to a view's layer.
///
/// It is looked up before the model changes and run after, so it knows both the old and the new model
/// value. The geometry keys (`additiveKeys`) blend as UIKit's do since iOS 8: an additive animation from
/// old − new to zero under a key of its own, so an animation already running on the key keeps running to
/// its end (and its block finishes) while the two motions add up. Other keys, and every key under
/// `.beginFromCurrentState`, animate from the value on screen to the new value and replace what runs.
struct ViewBlockAction: CAAction {
    /// The keys UIKit animates additively: the view's position, bounds and transform.
    static let additiveKeys: Set<String> = ["position", "bounds", "transform"]

    let block: ViewAnimationBlock
    let animation: CABasicAnimation
    let oldModel: AnimatableValue?
    let onScreen: AnimatableValue?
    let blends: Bool

    /// The action for a change of `key` on `layer`, read before the change.
    init(block: ViewAnimationBlock, animation: CABasicAnimation, layer: CALayer, key: String, blends: Bool) {
        self.block = block
        self.animation = animation
        self.blends = blends
        oldModel = LayerTreeLock.withLock { layer.modelValues.value(forKeyPath: key) }
        // A blended change starts from its old model value; only a replacing one needs the value on screen.
        onScreen = blends ? nil
            : Evaluator.presentationProperties(of: layer, atGlobalTime: CACurrentMediaTime()).value(forKeyPath: key)
        if !blends && Self.additiveKeys.contains(key) { Self.removeBlended(key, from: layer) }
    }

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else { return }
        let newModel = LayerTreeLock.withLock { layer.modelValues.value(forKeyPath: event) }
        if blends, let oldModel, let newModel, let offset = Self.offset(from: oldModel, to: newModel) {
            let parts = zip(Self.parts(of: offset, key: event),
                            zip(Self.parts(of: oldModel, key: event), Self.parts(of: newModel, key: event)))
            for (part, (old, new)) in parts {
                blend(part.value, keyPath: part.keyPath, old: old.value, new: new.value, on: layer)
            }
        } else {
            // As Core Animation fills in an action without values: from the value on screen to the model's.
            let from = onScreen ?? oldModel
            animation.fromValue = from?.anyValue
            guard let configured = block.configure(animation, for: layer, replaces: true) else { return }
            block.added(configured, to: layer, forKey: event, start: from ?? .none, end: newModel ?? .none,
                        oldModel: oldModel, newModel: newModel)
        }
    }

    /// Adds the additive animation of `keyPath` from `offset` to zero.
    private func blend(_ offset: AnimatableValue, keyPath: String, old: AnimatableValue, new: AnimatableValue,
                       on layer: CALayer) {
        guard let made = animation.copy() as? CABasicAnimation else { return }
        made.keyPath = keyPath
        made.isAdditive = true
        made.fromValue = offset.anyValue
        made.toValue = Self.zero(like: offset).anyValue
        guard let configured = block.configure(made, for: layer, replaces: false) else { return }
        block.added(configured, to: layer, forKey: Self.freeKey(keyPath, on: layer), start: offset,
                    end: Self.zero(like: offset), oldModel: old, newModel: new)
    }

    /// The key paths a value blends under, with their parts: a rect as its origin and its size, as UIKit
    /// does (a rect's width and height read as their magnitudes, and an offset may be negative).
    static func parts(of value: AnimatableValue, key: String) -> [(keyPath: String, value: AnimatableValue)] {
        guard case .rect(let r) = value else { return [(key, value)] }
        return [(key + ".origin", .point(r.origin)), (key + ".size", .size(r.size))]
    }

    /// old − new, what an additive animation starts from; nil for a kind that does not subtract (a
    /// transform without an inverse, values of different kinds).
    static func offset(from old: AnimatableValue, to new: AnimatableValue) -> AnimatableValue? {
        switch (old, new) {
        case (.point(let a), .point(let b)): return .point(CGPoint(x: a.x - b.x, y: a.y - b.y))
        case (.size(let a), .size(let b)): return .size(CGSize(width: a.width - b.width, height: a.height - b.height))
        case (.rect(let a), .rect(let b)):
            return .rect(CGRect(x: a.origin.x - b.origin.x, y: a.origin.y - b.origin.y,
                                width: a.size.width - b.size.width, height: a.size.height - b.size.height))
        case (.number(let a), .number(let b)): return .number(a - b)
        case (.transform(let a), .transform(let b)):
            // Additive transforms concatenate: the offset D is the one with D · new = old.
            let d = CATransform3DConcat(a, CATransform3DInvert(b))
            return Self.close(CATransform3DConcat(d, b), a) ? .transform(d) : nil
        default: return nil
        }
    }

    /// What an additive animation of `value`'s kind ends at: nothing added.
    static func zero(like value: AnimatableValue) -> AnimatableValue {
        switch value {
        case .point: return .point(.zero)
        case .size: return .size(.zero)
        case .rect: return .rect(.zero)
        case .transform: return .transform(CATransform3DIdentity)
        default: return .number(0)
        }
    }

    /// `key` when no animation runs under it, else `key-2`, `key-3`, ...: the first key free on `layer`.
    static func freeKey(_ key: String, on layer: CALayer) -> String {
        let taken = Set(layer.animationKeys() ?? [])
        guard taken.contains(key) else { return key }
        var n = 2
        while taken.contains("\(key)-\(n)") { n += 1 }
        return "\(key)-\(n)"
    }

    /// Removes the blended animations of `key` (under `key-2`, ..., and for bounds `bounds.origin`,
    /// `bounds.size-2`, ...); the one under `key` itself is replaced when the new animation is added.
    static func removeBlended(_ key: String, from layer: CALayer) {
        for name in layer.animationKeys() ?? [] where name != key {
            let base = blendedBase(of: name)
            if base == key || base.hasPrefix(key + ".") { layer.removeAnimation(forKey: name) }
        }
    }

    /// Whether a block's non-additive animation (`.beginFromCurrentState`'s) runs under `key`: a change then
    /// replaces it from the value on screen, as an additive one on top of it would jump (it shows its own
    /// end value, not the model's).
    static func runsAbsoluteAnimation(of key: String, on layer: CALayer) -> Bool {
        guard let running = layer.animation(forKey: key) as? CAPropertyAnimation else { return false }
        return !running.isAdditive
    }

    /// A blended animation's key without its `-N` suffix.
    private static func blendedBase(of name: String) -> String {
        guard let dash = name.lastIndex(of: "-"), Int(name[name.index(after: dash)...]) != nil else { return name }
        return String(name[..<dash])
    }

    private static func close(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
        let entries: [KeyPath<CATransform3D, CGFloat>] = [\.m11, \.m12, \.m13, \.m14, \.m21, \.m22, \.m23, \.m24,
                                                          \.m31, \.m32, \.m33, \.m34, \.m41, \.m42, \.m43, \.m44]
        return entries.allSatisfy { abs(a[keyPath: $0] - b[keyPath: $0]) <= 1e-6 * max(1, abs(b[keyPath: $0])) }
    }
}
