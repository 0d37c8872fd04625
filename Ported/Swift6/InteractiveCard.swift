import Foundation
import Quartzite

/// A card dragged open and shut by hand, written the way iOS developers write interactive animations: the
/// pan's start makes a `UIViewPropertyAnimator` towards the other state and pauses it, the pan's movement
/// scrubs `fractionComplete`, and the pan's end reverses it when it has not come half way and lets it run
/// on with `continueAnimation`. The completion's position says whether the state changed. A
/// `UIPanGestureRecognizer` on the card drives the three steps from the finger's vertical translation in the
/// superview; they are public too, for code that drives them itself.
public final class InteractiveCard: UIView, UIGestureRecognizerTarget {
    /// Where the card rests.
    public enum State {
        case collapsed, expanded
    }

    /// Where the card rests now: changed by a drag that ends at the other state.
    public private(set) var state: State = .collapsed
    private var animator: UIViewPropertyAnimator?
    private let collapsedY: CGFloat
    private let expandedY: CGFloat
    private var distance: CGFloat { collapsedY - expandedY }

    /// A card at `frame` (collapsed) that opens up to `expandedY`.
    public init(frame: CGRect, expandedY: CGFloat) {
        collapsedY = frame.origin.y
        self.expandedY = expandedY
        super.init(frame: frame)
        backgroundColor = .systemBlue
        addGestureRecognizer(UIPanGestureRecognizer(target: self, action: Selector("handlePan:")))
    }

    public required init?(coder: NSCoder) {
        collapsedY = 0
        expandedY = 0
        super.init(coder: coder)
    }

    /// Calls the handler the selector names (what `#selector` dispatch does on iOS).
    public func perform(_ selector: Selector, with recognizer: UIGestureRecognizer) {
        if selector == Selector("handlePan:"), let pan = recognizer as? UIPanGestureRecognizer { handlePan(pan) }
    }

    private func handlePan(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            panBegan()
            panChanged(translationY: pan.translation(in: superview).y)
        case .changed:
            panChanged(translationY: pan.translation(in: superview).y)
        case .ended, .cancelled:
            panEnded()
        default:
            break
        }
    }

    /// The pan began: an animator to the other state, paused for the finger to drive.
    public func panBegan() {
        let target = state == .collapsed ? expandedY : collapsedY
        animator = UIViewPropertyAnimator(duration: 0.4, curve: .easeOut) {
            self.frame.origin.y = target
        }
        animator?.addCompletion { position in
            if position == .end {
                self.state = self.state == .collapsed ? .expanded : .collapsed
            }
            self.animator = nil
        }
        animator?.pauseAnimation()
    }

    /// The finger moved `translationY` points from where the pan began.
    public func panChanged(translationY: CGFloat) {
        let fraction = (state == .collapsed ? -translationY : translationY) / distance
        animator?.fractionComplete = fraction
    }

    /// The finger lifted: back where it came from unless it came half way, then run on.
    public func panEnded() {
        guard let animator else { return }
        animator.isReversed = animator.fractionComplete < 0.5
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
    }
}
