import Foundation

/// Layout before a commit, as Core Animation does it: every layer marked with `setNeedsLayout()` (or by a
/// change of its bounds' size or sublayers) gets `layoutSublayers()` before its transaction commits, from
/// the highest marked ancestor down. User code runs here, so the layer tree's lock is held only to read and
/// clear the marks, never across a `layoutSublayers()` call.
enum LayoutPass {
    /// Layers marked since the last pass (each once: a layer is added when its mark goes from off to on).
    private static let marked = LockedGlobal<[CALayer]>([])

    /// Records a layer whose mark was just set (called with the lock held).
    static func register(_ layer: CALayer) { marked.withValue { $0.append(layer) } }

    /// Lays out every layer marked since the last pass and still marked. Marks set by the layouts themselves
    /// are laid out in the same pass, up to a bound that stops a layout that marks itself forever.
    static func run() {
        for _ in 0..<16 {
            let layers = marked.withValue { list -> [CALayer] in
                defer { list.removeAll() }
                return list
            }
            if layers.isEmpty { return }
            for layer in layers where LayerTreeLock.withLock({ layer.needsLayoutFlag }) { layOut(from: layer) }
        }
    }

    /// `layoutIfNeeded()`: from the highest ancestor of `layer` that is marked (or `layer` itself), lays out
    /// every marked layer of that subtree, superlayers first. Iterative, so a deep tree cannot overflow the
    /// stack.
    static func layOut(from layer: CALayer) {
        var pending = [highestMarkedAncestor(of: layer)]
        while let next = pending.popLast() {
            let wasMarked = LayerTreeLock.withLock { () -> Bool in
                defer { next.needsLayoutFlag = false }
                return next.needsLayoutFlag
            }
            if wasMarked { next.layoutSublayers() }
            pending.append(contentsOf: LayerTreeLock.withLock { next.children }.reversed())
        }
    }

    private static func highestMarkedAncestor(of layer: CALayer) -> CALayer {
        LayerTreeLock.withLock {
            var top = layer
            var current = layer.superlayerStorage
            var depth = 0
            while let parent = current, parent.needsLayoutFlag, depth < CALayer.ancestorWalkLimit {
                top = parent
                current = parent.superlayerStorage
                depth += 1
            }
            return top
        }
    }
}

extension CALayer {
    /// Sets the layout mark and queues the layer for the next pass (the lock held).
    func markNeedsLayout() {
        guard !needsLayoutFlag, !isPresentationCopy else { return }
        needsLayoutFlag = true
        LayoutPass.register(self)
    }
}
