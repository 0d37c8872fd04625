import Foundation

/// Attaching animations (the lock held).
extension CALayer {
    /// Numbers the keys of animations added without one. Read and written only while holding `LayerTreeLock`.
    nonisolated(unsafe) static var anonymousAnimationCounter = 0

    /// Attaches a copy of `anim` under `key` (a made-up key when nil), replacing the animation there (the lock
    /// held): checks its key path, gives it the transaction's duration when it has none, and registers it
    /// with the transaction.
    func attach(_ anim: CAAnimation, forKey key: String?) {
        if let problem = GroupNesting.problem(in: anim) {
            return Diagnostics.report("add(_:forKey:): \(problem); the animation is not added")
        }
        if let property = anim as? CAPropertyAnimation {
            guard let keyPath = property.keyPath else {
                Diagnostics.report("add(_:forKey:): a \(type(of: anim)) needs a keyPath; ignored")
                return
            }
            if modelValues.value(forKeyPath: keyPath) == nil {
                Diagnostics.report("add(_:forKey:): \(KeyPathError.unknownKeyPath(keyPath)); the animation has no effect")
            }
        }
        let resolvedKey = key ?? {
            Self.anonymousAnimationCounter += 1
            return "quartzite.animation.\(Self.anonymousAnimationCounter)"
        }()
        removeAnimation(forKey: resolvedKey)
        guard let copy = anim.copy() as? CAAnimation else { return }
        if !(copy.mediaTiming.duration > 0) { copy.mediaTiming.duration = CATransaction.animationDuration() }
        copy.markAttached()
        let entry = AnimationEntry(key: resolvedKey, animation: copy)
        if entry.isTransition { entry.transitionSnapshot = [Evaluator.snapshotBeforeTransaction(of: self)] }
        animationEntries.append(entry)
        CATransaction.registerAddedAnimation(entry, on: self)
        if AnimatedDisplay.animatesDisplayedKey(copy, of: type(of: self)) { AnimatedDisplay.register(self) }
    }
}
