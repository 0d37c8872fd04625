import Foundation

/// Display before a commit, as Core Animation does it: every layer marked with `setNeedsDisplay()` (or by
/// a change of a property its class says needs display, or of its bounds' size with
/// `needsDisplayOnBoundsChange`) gets `display()` after layout and before its transaction commits. User
/// code runs here, so the layer tree's lock is held only to read and clear the marks.
enum DisplayPass {
    /// Layers marked since the last pass (each once: a layer is added when its mark goes from off to on).
    private static let marked = LockedGlobal<[CALayer]>([])

    /// Records a layer whose mark was just set (called with the lock held).
    static func register(_ layer: CALayer) { marked.withValue { $0.append(layer) } }

    /// Displays every layer marked since the last pass and still marked. Marks set by the displays
    /// themselves are displayed in the same pass, up to a bound that stops a display that marks itself
    /// forever (its next mark waits for the next commit).
    static func run() {
        for _ in 0..<4 {
            let layers = marked.withValue { list -> [CALayer] in
                defer { list.removeAll() }
                return list
            }
            if layers.isEmpty { return }
            for layer in layers { displayIfMarked(layer) }
        }
    }

    /// `displayIfNeeded()`: clears the layer's mark and displays it, when it is marked.
    static func displayIfMarked(_ layer: CALayer) {
        let wasMarked = LayerTreeLock.withLock { () -> Bool in
            defer { layer.needsDisplayFlag = false }
            return layer.needsDisplayFlag
        }
        if wasMarked { layer.display() }
    }
}
