import Foundation

/// The rules `hitTest(_:with:)` applies at each level, and the loop it goes on in below its recursion depth.
extension UIView {
    /// Whether this view may be hit at `point` (in its own coordinates): visible, interactive, more than
    /// 0.01 opaque, and the point inside it.
    func acceptsHit(at point: CGPoint, with event: UIEvent?) -> Bool {
        isUserInteractionEnabled && !isHidden && alpha > 0.01 && self.point(inside: point, with: event)
    }

    /// `point` in the superview's coordinates as a point of this view's, through this view's own placement
    /// only (one level, where `convert(_:from:)` maps through every ancestor); not-a-number where no point of
    /// this view lands there.
    func pointFromSuperview(_ point: CGPoint) -> CGPoint {
        LayerTreeLock.withLock { layer.mapToParent().inverted()?.apply(point) } ?? .notANumber
    }

    /// The frontmost deepest view under `point` (in this view's coordinates, already accepted) found in a
    /// loop, for the levels below the recursion depth.
    func deepestHit(at point: CGPoint, with event: UIEvent?) -> UIView {
        var current = self, local = point
        descending: while true {
            for subview in current.subviews.reversed() {
                let inSubview = subview.pointFromSuperview(local)
                if subview.acceptsHit(at: inSubview, with: event) {
                    current = subview
                    local = inSubview
                    continue descending
                }
            }
            return current
        }
    }
}
