import Foundation

/// How the host's pointer becomes the window's one touch, and how waiting gesture recognisers see time pass.
extension UIWindow {
    /// Feeds one pointer event to the window: `.began` (the button pressed), `.moved` (dragged; `.stationary`
    /// counts as a move), `.ended` (released) or `.cancelled`, at `location` in the window's coordinates and
    /// at `timestamp` on the media clock (`CACurrentMediaTime()` by default). The window turns each press into
    /// one `UITouch` and delivers its phases (`sendEvent(_:)`).
    ///
    /// Bad input never traps: a location that is not finite is reported and ignored (an end or cancel then
    /// happens where the touch last was); a timestamp that is not finite, or earlier than the last one, is
    /// taken as the last one; a move, end or cancel with no press is ignored; a press while one is down
    /// cancels that one first; other phases are reported and ignored.
    ///
    /// Quartzite's addition, the entry point for the host's pointer (QuartziteHost's
    /// `UIWindow.sendPointer(_ event: PointerEvent)` forwards a demo's events).
    public func sendPointer(_ phase: UITouch.Phase, at location: CGPoint,
                            timestamp: TimeInterval = CACurrentMediaTime()) {
        let time = timestamp.isFinite ? max(timestamp, latestTimestamp) : latestTimestamp
        latestTimestamp = time
        checkDeadlines(at: time)
        let finite = location.x.isFinite && location.y.isFinite
        if !finite {
            Diagnostics.report("UIWindow.sendPointer: a location that is not finite; ignored")
        }
        switch phase {
        case .began:
            guard finite else { return }
            if pointerIsDown { finishTouch(.cancelled, at: nil, time: time) }
            beginTouch(at: location, time: time)
        case .moved, .stationary:
            guard finite, let touch = sequence?.touch else { return }
            update(touch, phase: .moved, location: location, time: time)
            sendEvent(touch)
        case .ended, .cancelled:
            guard pointerIsDown else { return }
            finishTouch(phase, at: finite ? location : nil, time: time)
        default:
            Diagnostics.report("UIWindow.sendPointer: phase \(phase) is not a pointer phase; ignored")
        }
    }

    /// A press at `location`: a touch on the view hit there (none when nothing is hit), counted as a tap.
    private func beginTouch(at location: CGPoint, time: TimeInterval) {
        pointerIsDown = true
        let counted = tapCounter.countForTouch(at: location, time: time)
        tapOrigin = counted.origin
        let touch = UITouch()
        touch.window = self
        touch.tapCount = counted.count
        touch.startLocation = location
        touch.startTimestamp = time
        update(touch, phase: .began, location: location, time: time)
        touch.previousWindowLocation = location
        let event = UIEvent(touches: [touch], timestamp: time)
        let view = hitTest(location, with: event)
        touch.view = view
        let candidates = view.map(TouchSequence.candidates(from:)) ?? []
        let next = TouchSequence(touch: touch, event: event, view: view, candidates: candidates)
        // A waiting recogniser that this touch does not reach (not a candidate, or its delegate declined the
        // touch) has lost its gesture.
        let waiting = waitingRecognizers
        waitingRecognizers.removeAll()
        for recognizer in waiting where !next.recognizers.contains(where: { $0 === recognizer }) {
            recognizer.transition(to: .failed)
            recognizer.resetIfFinished()
        }
        sequence = next
        sendEvent(touch)
    }

    /// The press lifted (`.ended`) or was cancelled, at `location` (where it last was when nil): the last
    /// phase is delivered, finished recognisers reset, and those still waiting kept.
    private func finishTouch(_ phase: UITouch.Phase, at location: CGPoint?, time: TimeInterval) {
        pointerIsDown = false
        guard let current = sequence else { return }
        let touch = current.touch
        update(touch, phase: phase, location: location ?? touch.windowLocation, time: time)
        sendEvent(touch)
        sequence = nil
        tapCounter.touchEnded(touch, origin: tapOrigin)
        for recognizer in current.recognizers {
            recognizer.resetIfFinished()
            if recognizer.currentState == .possible, recognizer.deadline != nil {
                waitingRecognizers.append(recognizer)
            } else if recognizer.currentState == .possible {
                recognizer.sequence = nil
            }
        }
        scheduleDeadlineCheck()
    }

    /// Moves `touch` to `phase` at `location` and `time`, keeping where it was.
    private func update(_ touch: UITouch, phase: UITouch.Phase, location: CGPoint, time: TimeInterval) {
        touch.previousWindowLocation = touch.windowLocation
        touch.windowLocation = location
        touch.phase = phase
        touch.timestamp = time
    }

    /// Delivers `touch`'s current phase in its sequence's event, at the touch's time.
    private func sendEvent(_ touch: UITouch) {
        guard let current = sequence, current.touch === touch else { return }
        current.event.eventTimestamp = touch.timestamp
        sendEvent(current.event)
        scheduleDeadlineCheck()
    }

    // MARK: Waiting recognisers

    /// The recognisers that may be waiting for time: the current touch's and those waiting between touches.
    private var recognizersThatMayWait: [UIGestureRecognizer] {
        (sequence?.recognizers ?? []) + waitingRecognizers
    }

    /// Tells every waiting recogniser whose deadline is at or before `time` that it passed; those that
    /// finish with no touch down reset.
    func checkDeadlines(at time: TimeInterval) {
        for recognizer in recognizersThatMayWait {
            guard let deadline = recognizer.deadline, deadline <= time else { continue }
            recognizer.deadline = nil
            recognizer.deadlinePassed(at: time)
        }
        // The list is copied before `reset()` runs: an override may send pointer events, which change it.
        let waiting = waitingRecognizers
        for recognizer in waiting { recognizer.resetIfFinished() }
        waitingRecognizers.removeAll { $0.deadline == nil || $0.currentState != .possible }
        scheduleDeadlineCheck()
    }

    /// Keeps a display link running while a recogniser waits for time, so that each frame checks it, and
    /// stops it when none does (a live link keeps a window's frame loop awake).
    func scheduleDeadlineCheck() {
        let waiting = recognizersThatMayWait.contains { $0.deadline != nil }
        if waiting, deadlineLink == nil {
            let link = CADisplayLink { [weak self] link in self?.checkDeadlines(at: link.timestamp) }
            link.add(to: .main, forMode: .common)
            deadlineLink = link
        } else if !waiting, let link = deadlineLink {
            deadlineLink = nil
            link.invalidate()
        }
    }
}
