import Foundation

/// Presentation copies and the state a transaction starts from (the lock held).
extension CALayer {
    /// Drops the cached presentation node of this layer and of every layer above it (a change here changes
    /// their subtrees). Stops at the first layer without one: by the invariant, none above it has one.
    func invalidatePresentationCache() {
        var current: CALayer? = self
        var steps = 0
        while let layer = current, layer.cachedNode != nil, steps < CALayer.ancestorWalkLimit {
            layer.cachedNode = nil
            current = layer.superlayerStorage ?? layer.maskOwner
            steps += 1
        }
    }

    /// A presentation copy at a global time, whatever the commit state (sublayers of a presented layer).
    func presentationCopy(atGlobalTime time: CFTimeInterval) -> Self {
        let copy = Self(_presentationOf: self)
        copy.modelValues = Evaluator.presentationProperties(of: self, atGlobalTime: time)
        copy.modelLayer = self
        copy.presentationTime = time
        copy.presentedTime = time
        return copy
    }

    /// Keeps the state before the first change in the open transaction (for transitions). Only committed
    /// model layers: a new layer has no previous look.
    func recordStateBeforeTransaction() {
        guard isCommitted, !isPresentationCopy, stateBeforeTransaction.isEmpty else { return }
        stateBeforeTransaction = [(modelValues, children)]
        CATransaction.registerChangedLayer(self)
    }

    /// A presentation copy's sublayers are made on first read, so presenting one layer of a big tree stays
    /// cheap.
    func materializePresentationSublayers() {
        guard isPresentationCopy, let model = modelLayer, let time = presentationTime else { return }
        presentationTime = nil
        children = model.children.map { $0.presentationCopy(atGlobalTime: time) }
        for child in children { child.superlayerStorage = self }
    }
}
