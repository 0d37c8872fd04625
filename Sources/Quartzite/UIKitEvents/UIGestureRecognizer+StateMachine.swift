import Foundation

/// UIKit's state machine of a gesture recogniser: which moves are allowed, who is asked before the gesture
/// begins, when the action is sent, and when the recogniser returns to `.possible`.
extension UIGestureRecognizer {
    /// Whether the gesture is over (recognised, cancelled or failed) and waits for `reset()`.
    var isFinished: Bool { [.ended, .cancelled, .failed].contains(currentState) }

    /// Whether the recogniser still takes touches: enabled, and not finished.
    var isReceiving: Bool { isEnabled && !isFinished }

    /// Moves to `next` if UIKit allows the move; leaving `.possible` asks the delegate and the touch's other
    /// recognisers first, and may fail instead. Sends the action for `.began`, `.changed`, `.ended` and
    /// `.cancelled`.
    func transition(to next: State) {
        let from = currentState
        guard Self.allows(from: from, to: next) else {
            if from != next || next != .failed {
                Diagnostics.report("UIGestureRecognizer.state: \(from) cannot become \(next); ignored")
            }
            return
        }
        if from == .possible, next == .began || next == .ended {
            // A recogniser this one requires to fail has not decided: wait for it (`settleDependents`).
            if failureRequirements.contains(where: { $0.object?.isUndecided == true }) {
                deferredState = next
                return
            }
            deferredState = nil
            guard mayBegin() else {
                currentState = .failed
                deadline = nil
                settleDependents()
                return
            }
            currentState = next
            sequence?.recognizerDidBegin(self)
        } else {
            currentState = next
        }
        deferredState = nil
        if next != .possible { deadline = nil }
        if next != .failed { sendActions() }
        settleDependents()
    }

    /// Whether a recogniser another requires to fail may still recognise: enabled, in `.possible`, and
    /// following a touch or waiting for time (an idle one counts as failed).
    var isUndecided: Bool {
        isEnabled && currentState == .possible && (!activeTouches.isEmpty || deadline != nil)
    }

    /// Tells the recognisers that require this one to fail what it decided: recognised, those not yet
    /// recognising fail; failed, those held back move to the state they were held at. Each then resets if
    /// its touches have lifted.
    func settleDependents() {
        let recognized = currentState == .began || currentState == .ended
        guard recognized || currentState == .failed else { return }
        for dependent in dependents.compactMap(\.object) where dependent.currentState == .possible {
            let held = dependent.deferredState
            dependent.deferredState = nil
            if recognized {
                dependent.transition(to: .failed)
            } else if let held {
                dependent.transition(to: held)
            } else {
                continue
            }
            dependent.resetIfFinished()
        }
    }

    /// Whether UIKit's machine goes from `from` to `next` (out of a finished state only `reset` leads, which
    /// does not come through here).
    static func allows(from: State, to next: State) -> Bool {
        switch (from, next) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed): true
        case (.began, .changed), (.began, .ended), (.began, .cancelled): true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): true
        default: false
        }
    }

    /// Whether the gesture may begin now: enabled, its delegate agrees, and no other recogniser of its touch
    /// has already begun without allowing this one alongside.
    func mayBegin() -> Bool {
        guard isEnabled, delegate?.gestureRecognizerShouldBegin(self) ?? true else { return false }
        return sequence?.allowsToBegin(self) ?? true
    }

    /// Whether this recogniser and `other` may recognise with the same touch: either's delegate says so.
    func recognizesSimultaneously(with other: UIGestureRecognizer) -> Bool {
        delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) == true
            || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) == true
    }

    /// Back to `.possible` once the gesture is over and its touches have lifted: `reset()`, as UIKit does.
    func resetIfFinished() {
        guard isFinished, activeTouches.isEmpty else { return }
        returnToPossible()
    }

    /// Back to `.possible` whatever the state, forgetting the touches.
    func returnToPossible() {
        currentState = .possible
        deferredState = nil
        activeTouches.removeAll()
        deadline = nil
        sequence = nil
        reset()
    }

    /// Stops the gesture for `isEnabled = false` or removal from its view: cancelled when in progress,
    /// failed when not yet recognised, then back to `.possible` when no touch is down.
    func stopForDisabling() {
        switch currentState {
        case .began, .changed: transition(to: .cancelled)
        case .possible: transition(to: .failed)
        default: break
        }
        sequence?.drop(self)
        activeTouches.removeAll()
        returnToPossible()
    }

    // MARK: Delivery

    /// Gives the recogniser `touches` in `phase`, keeping its own record of them, then calls the subclass's
    /// method for the phase.
    func receive(_ phase: UITouch.Phase, _ touches: Set<UITouch>, with event: UIEvent) {
        guard isReceiving else {
            // A finished gesture still learns that its touches lifted, so it can reset.
            if phase == .ended || phase == .cancelled { activeTouches.removeAll { touches.contains($0) } }
            return
        }
        if let touch = touches.first {
            lastLocation = touch.windowLocation
            lastWindow = touch.window
        }
        switch phase {
        case .began:
            activeTouches += touches.filter { touch in !activeTouches.contains { $0 === touch } }
            touchesBegan(touches, with: event)
        case .moved, .stationary:
            touchesMoved(touches, with: event)
        case .ended:
            touchesEnded(touches, with: event)
        case .cancelled:
            touchesCancelled(touches, with: event)
        default:
            break
        }
        if phase == .ended || phase == .cancelled {
            activeTouches.removeAll { touches.contains($0) }
        }
    }
}
