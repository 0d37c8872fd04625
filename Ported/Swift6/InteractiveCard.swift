import Foundation
import Quartzite

/// A card dragged open and shut by hand, written the way iOS developers write interactive animations: the
/// pan's start makes a `UIViewPropertyAnimator` towards the other state and pauses it, the pan's movement
/// scrubs `fractionComplete`, and the pan's end reverses it when it has not come half way and lets it run
/// on with `continueAnimation`. The completion's position says whether the state changed.
public final class InteractiveCard: UIView {
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
    }

    public required init?(coder: NSCoder) {
        collapsedY = 0
        expandedY = 0
        super.init(coder: coder)
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
