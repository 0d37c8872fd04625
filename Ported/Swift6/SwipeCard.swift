import Foundation
import Quartzite

/// A card the user drags and throws, written the way iOS developers write one: a `UIPanGestureRecognizer`
/// moves it by its translation; let go, it flies off the side it was thrown towards when it was dragged more
/// than half its width or thrown faster than 500 points a second, and otherwise springs back. A double tap
/// (`UITapGestureRecognizer`, `numberOfTapsRequired = 2`) likes it: its colour fades to pink.
///
/// Target-action as on iOS, with `Selector("handlePan:")` for `#selector(handlePan(_:))` and
/// `UIGestureRecognizerTarget` performing it (Linux has no Objective-C message dispatch).
public final class SwipeCard: UIView, UIGestureRecognizerTarget {
    /// Whether the card has been double-tapped.
    public private(set) var isLiked = false
    /// Set once the card has been thrown off and left its superview.
    public private(set) var wasSwipedAway = false
    /// Where the card rests in its superview, read when a drag begins.
    private var restingCenter: CGPoint = .zero

    /// A blue rounded card at `frame` with its pan and double-tap recognisers.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemBlue
        layer.cornerRadius = 12
        let pan = UIPanGestureRecognizer(target: self, action: Selector("handlePan:"))
        addGestureRecognizer(pan)
        let doubleTap = UITapGestureRecognizer(target: self, action: Selector("handleDoubleTap:"))
        doubleTap.numberOfTapsRequired = 2
        addGestureRecognizer(doubleTap)
    }

    /// Archives are not read (as every Quartzite view): a default card.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Calls the handler the selector names (what `#selector` dispatch does on iOS).
    public func perform(_ selector: Selector, with recognizer: UIGestureRecognizer) {
        switch selector {
        case Selector("handlePan:"):
            if let pan = recognizer as? UIPanGestureRecognizer { handlePan(pan) }
        case Selector("handleDoubleTap:"):
            if let tap = recognizer as? UITapGestureRecognizer { handleDoubleTap(tap) }
        default:
            break
        }
    }

    private func handlePan(_ pan: UIPanGestureRecognizer) {
        guard let superview else { return }
        switch pan.state {
        case .began, .changed:
            if pan.state == .began { restingCenter = center }
            let translation = pan.translation(in: superview)
            center = CGPoint(x: restingCenter.x + translation.x, y: restingCenter.y + translation.y)
        case .ended, .cancelled:
            let translation = pan.translation(in: superview)
            let velocity = pan.velocity(in: superview)
            if abs(translation.x) > bounds.width / 2 || abs(velocity.x) > 500 {
                flyOff(towards: abs(velocity.x) > 500 ? velocity.x : translation.x, velocity: velocity, in: superview)
            } else {
                springBack()
            }
        default:
            break
        }
    }

    /// Throws the card off the side `direction` points to, at the finger's speed (at least 500 points a
    /// second, at most half a second), then removes it.
    private func flyOff(towards direction: CGFloat, velocity: CGPoint, in container: UIView) {
        let targetX = direction < 0 ? container.bounds.minX - bounds.width : container.bounds.maxX + bounds.width
        let speed = max(abs(velocity.x), 500)
        let duration = min(abs(targetX - center.x) / speed, 0.5)
        UIView.animate(withDuration: duration, delay: 0, options: .curveLinear, animations: {
            self.center = CGPoint(x: targetX, y: self.center.y + velocity.y * duration)
        }, completion: { _ in
            self.removeFromSuperview()
            self.wasSwipedAway = true
        })
    }

    /// Springs the card back to where it rests.
    private func springBack() {
        UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0,
                       options: [], animations: {
            self.center = self.restingCenter
        })
    }

    private func handleDoubleTap(_ tap: UITapGestureRecognizer) {
        guard tap.state == .recognized else { return }
        isLiked.toggle()
        UIView.animate(withDuration: 0.2) {
            self.backgroundColor = self.isLiked ? .systemPink : .systemBlue
        }
    }
}
