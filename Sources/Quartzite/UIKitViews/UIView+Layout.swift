import Foundation

/// Layout, drawing and coordinate conversion, through the view's layer (the view is its delegate).
extension UIView {
    /// The value of an intrinsic content size dimension the view does not have (UIKit's -1).
    public static let noIntrinsicMetric: CGFloat = -1

    /// Asks for `layoutSubviews()` before the next frame.
    public func setNeedsLayout() { layer.setNeedsLayout() }

    /// Lays out now whatever needs it, from this view down.
    public func layoutIfNeeded() { layer.layoutIfNeeded() }

    /// Asks for `draw(_:)` before the next frame.
    public func setNeedsDisplay() { layer.setNeedsDisplay() }

    /// Asks for `draw(_:)` before the next frame (the whole view is drawn again).
    public func setNeedsDisplay(_ rect: CGRect) { layer.setNeedsDisplay() }

    /// Resizes the view to `sizeThatFits` its current size, keeping its origin.
    public func sizeToFit() {
        frame = CGRect(origin: frame.origin, size: sizeThatFits(bounds.size))
    }

    /// `point` in this view's coordinates converted to `view`'s (the window's root's when nil).
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint { layer.convert(point, to: view?.layer) }
    /// `point` in `view`'s coordinates converted to this view's.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint { layer.convert(point, from: view?.layer) }
    /// `rect` in this view's coordinates converted to `view`'s.
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect { layer.convert(rect, to: view?.layer) }
    /// `rect` in `view`'s coordinates converted to this view's.
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect { layer.convert(rect, from: view?.layer) }
}
