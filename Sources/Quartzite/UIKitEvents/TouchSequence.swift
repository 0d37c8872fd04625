import Foundation

/// One touch from touch-down to lift-off as a window delivers it: the view it began in, the gesture
/// recognisers that receive it (those of that view and its ancestors, nearest first, enabled, and agreed to
/// by their delegates), and whether a recogniser has taken it from the view.
///
/// Each phase goes to the recognisers first and then to the view, as in UIKit, so a recogniser that
/// recognises on this phase (a tap on lift-off) cancels the view's touch before the view would see it end.
final class TouchSequence {
    let touch: UITouch
    let event: UIEvent
    /// The touch's view, held for the touch's life even if it leaves the window; nil when the press hit
    /// nothing (the touch then goes nowhere, but still counts in the window's taps).
    let view: UIView?
    private(set) var recognizers: [UIGestureRecognizer]
    /// Whether the view has had `touchesBegan` (and so is owed an end or a cancel).
    private var viewBegan = false
    /// Whether a recogniser took the touch from the view (`cancelsTouchesInView`).
    private(set) var viewCancelled = false

    /// The sequence of `touch`, which began in `view`; `candidates` are the recognisers that may receive it.
    init(touch: UITouch, event: UIEvent, view: UIView?, candidates: [UIGestureRecognizer]) {
        self.touch = touch
        self.event = event
        self.view = view
        recognizers = candidates.filter { $0.isReceiving && $0.delegate?.gestureRecognizer($0, shouldReceive: touch) ?? true }
        touch.gestureRecognizers = recognizers.isEmpty ? nil : recognizers
        for recognizer in recognizers { recognizer.sequence = self }
    }

    /// The recognisers of `view` and its ancestors, nearest first, each once.
    static func candidates(from view: UIView) -> [UIGestureRecognizer] {
        var found: [UIGestureRecognizer] = []
        var current: UIView? = view
        while let next = current {
            found += next.attachedGestureRecognizers
            current = next.superview
        }
        return found
    }

    /// Delivers the touch's current phase: to each recogniser still receiving it, then to the view unless a
    /// recogniser took it.
    func deliver() {
        let phase = touch.phase
        let touches: Set<UITouch> = [touch]
        for recognizer in recognizers where recognizer.sequence === self {
            recognizer.receive(phase, touches, with: event)
        }
        // An action that sent another pointer event has moved the touch on: this phase is stale.
        guard !viewCancelled, let view, touch.phase == phase else { return }
        switch phase {
        case .began:
            viewBegan = true
            view.touchesBegan(touches, with: event)
        case .moved where viewBegan, .stationary where viewBegan:
            view.touchesMoved(touches, with: event)
        case .ended where viewBegan:
            view.touchesEnded(touches, with: event)
        case .cancelled where viewBegan:
            view.touchesCancelled(touches, with: event)
        default:
            break
        }
    }

    /// Whether `recognizer` may begin: no other recogniser of this touch has begun or recognised, unless the
    /// two may recognise together.
    func allowsToBegin(_ recognizer: UIGestureRecognizer) -> Bool {
        !recognizers.contains { other in
            other !== recognizer && [.began, .changed, .ended].contains(other.currentState)
                && other.sequence === self && !recognizer.recognizesSimultaneously(with: other)
        }
    }

    /// `recognizer` began or recognised: the other recognisers not yet recognising fail (unless they may
    /// recognise alongside), and with `cancelsTouchesInView` the view's touch is cancelled.
    func recognizerDidBegin(_ recognizer: UIGestureRecognizer) {
        for other in recognizers where other !== recognizer && other.currentState == .possible
            && other.sequence === self && !recognizer.recognizesSimultaneously(with: other) {
            other.transition(to: .failed)
        }
        if recognizer.cancelsTouchesInView { cancelViewTouch() }
    }

    /// Takes the touch from the view: `touchesCancelled` if it had begun, and nothing more of this touch.
    func cancelViewTouch() {
        guard !viewCancelled else { return }
        viewCancelled = true
        guard viewBegan, let view else { return }
        let phase = touch.phase
        touch.phase = .cancelled
        view.touchesCancelled([touch], with: event)
        touch.phase = phase
    }

    /// Stops delivering to `recognizer` (disabled, or removed from its view).
    func drop(_ recognizer: UIGestureRecognizer) {
        recognizers.removeAll { $0 === recognizer }
        touch.gestureRecognizers = recognizers.isEmpty ? nil : recognizers
    }
}
