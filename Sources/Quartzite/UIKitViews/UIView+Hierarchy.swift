import Foundation

/// The view hierarchy: each change is made to the layer tree too, so a view's layer has its subviews'
/// layers as sublayers in the same order (layers added to `layer` directly sit among them where added).
extension UIView {
    /// Adds `view` in front of the other subviews (moving it from its superview first).
    public func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` among the subviews at `index` (clamped to 0...count), back to front.
    public func insertSubview(_ view: UIView, at index: Int) {
        guard view !== self, !isDescendant(of: view) else {
            return Diagnostics.report("UIView.addSubview: a view cannot be its own subview or its ancestor's; ignored")
        }
        // A subview moved among its siblings keeps its superview: no removal, no hooks (as UIKit).
        let moving = view.superview === self
        if moving {
            subviews.removeAll { $0 === view }
        } else {
            view.removeFromSuperview()
        }
        let slot = min(max(index, 0), subviews.count)
        // The layer goes in front of the layer of the subview it follows, or behind the one it precedes.
        if slot < subviews.count {
            layer.insertSublayer(view.layer, below: subviews[slot].layer)
        } else if let last = subviews.last {
            layer.insertSublayer(view.layer, above: last.layer)
        } else {
            layer.addSublayer(view.layer)
        }
        subviews.insert(view, at: slot)
        guard !moving else { return }
        view.superview = self
        view.didMoveToSuperview()
        didAddSubview(view)
    }

    /// Inserts `view` just in front of `sibling` (or at the front when `sibling` is not a subview).
    public func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        let others = subviews.filter { $0 !== view }
        insertSubview(view, at: others.firstIndex { $0 === sibling }.map { $0 + 1 } ?? others.count)
    }

    /// Inserts `view` just behind `sibling` (or at the front when `sibling` is not a subview).
    public func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        let others = subviews.filter { $0 !== view }
        insertSubview(view, at: others.firstIndex { $0 === sibling } ?? others.count)
    }

    /// Takes the view and its layer out of its superview.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.willRemoveSubview(self)
        parent.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
        didMoveToSuperview()
    }

    /// Moves `view` in front of its siblings.
    public func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    /// Moves `view` behind its siblings.
    public func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// Swaps the subviews at two indices (out-of-range indices are ignored).
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard subviews.indices.contains(index1), subviews.indices.contains(index2), index1 != index2 else { return }
        let (low, high) = (min(index1, index2), max(index1, index2))
        let first = subviews[low], second = subviews[high]
        insertSubview(second, at: low)
        insertSubview(first, at: high)
    }

    /// Whether this view is `view` or inside it.
    public func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let v = current {
            if v === view { return true }
            current = v.superview
        }
        return false
    }

    /// This view or the first of its descendants (breadth first) whose tag is `tag`.
    public func viewWithTag(_ tag: Int) -> UIView? {
        var queue: [UIView] = [self]
        var next = 0
        while next < queue.count {
            let view = queue[next]
            if view.tag == tag { return view }
            queue += view.subviews
            next += 1
        }
        return nil
    }

}
