import Foundation

/// Layers redrawn every frame while an animation of a key their class says needs display runs (Apple's
/// `needsDisplay(forKey:)` for animated, often custom, properties): before each frame is evaluated, each
/// such layer's presentation copy at the frame's time is displayed (`display()`, so `draw(in:)` reads the
/// animated values) and its bitmap shown instead of the model's contents. User code runs outside the tree's
/// lock, on the thread that renders.
enum AnimatedDisplay {
    /// Layers with such an animation attached (weakly held; a layer whose animations end drops out).
    private static let registered = LockedGlobal<[WeakLayer]>([])

    private struct WeakLayer { weak var layer: CALayer? }

    /// Whether `animation` (or one in its group) animates a key `layerClass` says needs display.
    static func animatesDisplayedKey(_ animation: CAAnimation, of layerClass: CALayer.Type) -> Bool {
        if let property = animation as? CAPropertyAnimation, let keyPath = property.keyPath {
            return layerClass.needsDisplay(forKey: keyPath)
        }
        if let group = animation as? CAAnimationGroup {
            return (group.animations ?? []).contains { animatesDisplayedKey($0, of: layerClass) }
        }
        return false
    }

    /// Records a layer that just got such an animation (called with the lock held).
    static func register(_ layer: CALayer) {
        registered.withValue { list in
            if !list.contains(where: { $0.layer === layer }) { list.append(WeakLayer(layer: layer)) }
        }
    }

    /// Displays the presentation copy of every registered layer whose animation of a displayed key is still
    /// attached (at the media clock's time, frozen at the frame's); the others drop out and show their
    /// model's contents again.
    static func run() {
        let layers = registered.withValue { $0.compactMap(\.layer) }
        guard !layers.isEmpty else { return }
        var kept: [CALayer] = []
        for layer in layers {
            guard stillAnimatesDisplayedKey(layer), let copy = layer.presentation() else {
                LayerTreeLock.withLock { layer.presentationContents = nil }
                continue
            }
            copy.display()
            let drawn = LayerTreeLock.withLock { copy.modelValues.contents }
            LayerTreeLock.withLock { layer.presentationContents = drawn }
            kept.append(layer)
        }
        registered.withValue { list in
            // Layers registered meanwhile (by another thread, or by the displays) stay for the next frame.
            let added = list.compactMap(\.layer).filter { candidate in !layers.contains { $0 === candidate } }
            list = (kept + added).map { WeakLayer(layer: $0) }
        }
    }

    private static func stillAnimatesDisplayedKey(_ layer: CALayer) -> Bool {
        LayerTreeLock.withLock {
            layer.animationEntries.contains { animatesDisplayedKey($0.animation, of: type(of: layer)) }
        }
    }
}
