import Foundation

/// How a layer's links to other layers are walked and let go (the lock held).
extension CALayer {
    /// Whether `other` lies below this layer (in its sublayers' and masks' subtrees). Walks up from `other`
    /// and down through this layer's subtree in turn and stops at whichever ends first, so the cost is the
    /// smaller of the two: adding a leaf (or a layer with only a mask) at the bottom of a chain 100,000 deep
    /// costs a step or two, not a walk up the chain. A path up has no cycle (adding a sublayer and setting a
    /// mask refuse to make one), so it ends.
    func isAbove(_ other: CALayer) -> Bool {
        var up = other.superlayerStorage ?? other.maskOwner
        var down = SubtreeWalk(below: self)
        var steps = 0
        while steps < Self.ancestorWalkLimit {
            guard let above = up else { return false }
            if above === self { return true }
            up = above.superlayerStorage ?? above.maskOwner
            guard let below = down.next() else { return false }
            if below === other { return true }
            steps += 1
        }
        return false
    }

    /// A bound on walks up the tree, far past any tree that fits in memory: they cannot meet a cycle (the
    /// tree refuses to make one), and this keeps even a broken invariant from hanging.
    static let ancestorWalkLimit = 100_000_000

    /// The layers this one holds strongly (sublayers, mask, a presentation copy's made superlayer), let go.
    func detachOwnedLayers() -> [CALayer] {
        var owned = children
        children = []
        if let mask = maskStorage { owned.append(mask) }
        maskStorage = nil
        if let parent = presentedSuperlayer { owned.append(parent) }
        presentedSuperlayer = nil
        return owned
    }
}
