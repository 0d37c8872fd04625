import Foundation

/// A view's gesture recognisers: each sees the touches that begin in the view or its subviews.
extension UIView {
    /// The recognisers attached to the view, in the order added; nil when there are none. Set, it replaces
    /// them.
    public var gestureRecognizers: [UIGestureRecognizer]? {
        get { attachedGestureRecognizers.isEmpty ? nil : attachedGestureRecognizers }
        set {
            for recognizer in attachedGestureRecognizers { removeGestureRecognizer(recognizer) }
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
        }
    }

    /// Attaches `gestureRecognizer` (taking it from the view it was on); adding it again changes nothing.
    public func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard gestureRecognizer.view !== self else { return }
        gestureRecognizer.view?.removeGestureRecognizer(gestureRecognizer)
        attachedGestureRecognizers.append(gestureRecognizer)
        gestureRecognizer.view = self
    }

    /// Detaches `gestureRecognizer`: a gesture in progress is cancelled (or fails), and it sees no more
    /// touches. A recogniser not attached here is ignored.
    public func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard gestureRecognizer.view === self else { return }
        attachedGestureRecognizers.removeAll { $0 === gestureRecognizer }
        gestureRecognizer.stopForDisabling()
        gestureRecognizer.view = nil
    }
}
