import Foundation
import Testing
import Quartzite

/// Records each action a recogniser sends: its state, and where the gesture is in the window.
@MainActor
final class ActionLog {
    var states: [UIGestureRecognizer.State] = []
    var translations: [CGPoint] = []
    var locations: [CGPoint] = []

    /// A closure that records into this log (and holds it).
    func handler() -> (UIGestureRecognizer) -> Void {
        { [self] recognizer in
            states.append(recognizer.state)
            locations.append(recognizer.location(in: nil))
            if let pan = recognizer as? UIPanGestureRecognizer { translations.append(pan.translation(in: nil)) }
        }
    }
}

/// A target in UIKit's target-action style, through `UIGestureRecognizerTarget`.
final class TapTarget: UIGestureRecognizerTarget {
    var taps = 0
    func handleTap(_ recognizer: UIGestureRecognizer) { taps += 1 }
    func perform(_ selector: Selector, with recognizer: UIGestureRecognizer) {
        if selector == Selector("handleTap:") { handleTap(recognizer) }
    }
}

/// A delegate whose answers the test sets.
final class ScriptedDelegate: UIGestureRecognizerDelegate {
    var shouldBegin = true
    var shouldReceive = true
    var simultaneous = false
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { shouldBegin }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { shouldReceive }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool { simultaneous }
}

/// Gesture recognisers against UIKit's documented state machine and closed-form geometry: taps counted
/// within the limits (0.35 s between taps, 10 points), a pan's 10-point hysteresis, translation equal to
/// the pointer's displacement, velocity of a steady drag, `cancelsTouchesInView`, the delegate, removal and
/// `isEnabled`. Serialized on the main actor: a waiting recogniser's display link would fire at other tests'
/// frames.
@MainActor
@Suite(.serialized)
struct GestureRecognizerTests {
    /// Taps at `x` (y 100) at each time, each 0.05 s down.
    func tap(_ window: UIWindow, at times: [TimeInterval], x: CGFloat = 100) {
        for t in times {
            window.sendPointer(.began, at: CGPoint(x: x, y: 100), timestamp: t)
            window.sendPointer(.ended, at: CGPoint(x: x, y: 100), timestamp: t + 0.05)
        }
    }

    @Test func aTapIsRecognisedOnLiftAndCancelsTheViewsTouch() {
        let (window, view, _) = touchStage()
        let log = ActionLog()
        view.addGestureRecognizer(UITapGestureRecognizer(handler: log.handler()))
        tap(window, at: [1])
        #expect(log.states == [.ended])
        #expect(log.locations == [CGPoint(x: 100, y: 100)])
        // The tap recognised while the finger lifted: the view's touch is cancelled, not ended.
        #expect(view.log == ["began", "cancelled"])
        #expect(view.gestureRecognizers?.first?.state == .possible)
    }

    @Test func cancelsTouchesInViewFalseLetsTheViewSeeTheEnd() {
        let (window, view, _) = touchStage()
        let recognizer = UITapGestureRecognizer(handler: ActionLog().handler())
        recognizer.cancelsTouchesInView = false
        view.addGestureRecognizer(recognizer)
        tap(window, at: [1])
        #expect(view.log == ["began", "ended"])
    }

    @Test func aDoubleTapFiresOnceForTwoQuickTapsAndNotForTwoSlowOnes() {
        let (window, view, _) = touchStage()
        let log = ActionLog()
        let doubleTap = UITapGestureRecognizer(handler: log.handler())
        doubleTap.numberOfTapsRequired = 2
        view.addGestureRecognizer(doubleTap)
        tap(window, at: [1, 1.2])
        #expect(log.states == [.ended])
        tap(window, at: [3, 3.5])
        #expect(log.states == [.ended])
        // The second slow tap begins a new pair, which a quick third tap completes.
        tap(window, at: [3.7])
        #expect(log.states == [.ended, .ended])
        // A second tap 20 points from the first is not part of it.
        tap(window, at: [5])
        tap(window, at: [5.2], x: 120)
        #expect(log.states.count == 2)
    }

    @Test func aTapFailsWhenTheFingerMovesTooFarOrStaysTooLong() {
        let (window, view, _) = touchStage()
        let log = ActionLog()
        view.addGestureRecognizer(UITapGestureRecognizer(handler: log.handler()))
        window.sendPointer(.began, at: CGPoint(x: 100, y: 100), timestamp: 1)
        window.sendPointer(.moved, at: CGPoint(x: 100, y: 111), timestamp: 1.05)
        window.sendPointer(.ended, at: CGPoint(x: 100, y: 100), timestamp: 1.1)
        window.sendPointer(.began, at: CGPoint(x: 100, y: 100), timestamp: 2)
        window.sendPointer(.ended, at: CGPoint(x: 100, y: 100), timestamp: 4)
        #expect(log.states.isEmpty)
        #expect(view.log == ["began", "moved", "ended", "began", "ended"])
        // 9 points of movement and a second down still make a tap.
        window.sendPointer(.began, at: CGPoint(x: 100, y: 100), timestamp: 5)
        window.sendPointer(.moved, at: CGPoint(x: 109, y: 100), timestamp: 5.5)
        window.sendPointer(.ended, at: CGPoint(x: 109, y: 100), timestamp: 6)
        #expect(log.states == [.ended])
    }

    @Test func targetActionCallsTheNamedMethodAndARemovedTargetIsNotCalled() {
        let (window, view, _) = touchStage()
        let target = TapTarget()
        let recognizer = UITapGestureRecognizer(target: target, action: Selector("handleTap:"))
        view.addGestureRecognizer(recognizer)
        tap(window, at: [1])
        #expect(target.taps == 1)
        recognizer.removeTarget(target, action: Selector("handleTap:"))
        tap(window, at: [2])
        #expect(target.taps == 1)
        recognizer.addTarget(target, action: Selector("handleTap:"))
        recognizer.addTarget(target, action: Selector("handleTap:"))
        tap(window, at: [3])
        #expect(target.taps == 2)
    }

    @Test func aPanBeginsOnlyPastTheHysteresisAndTranslatesByTheDisplacement() {
        let (window, view, child) = touchStage()
        let log = ActionLog()
        let pan = UIPanGestureRecognizer(handler: log.handler())
        view.addGestureRecognizer(pan)
        window.sendPointer(.began, at: CGPoint(x: 65, y: 65), timestamp: 1)
        window.sendPointer(.moved, at: CGPoint(x: 71, y: 73), timestamp: 1.1)   // 10 points: not past it
        #expect(log.states.isEmpty && pan.state == .possible)
        #expect(child.log == ["began", "moved"])
        window.sendPointer(.moved, at: CGPoint(x: 72, y: 73), timestamp: 1.2)
        window.sendPointer(.moved, at: CGPoint(x: 95, y: 40), timestamp: 1.3)
        #expect(log.states == [.began, .changed])
        #expect(log.translations == [CGPoint(x: 7, y: 8), CGPoint(x: 30, y: -25)])
        // The pan took the touch from the child (and from the view, which the chain reached).
        #expect(child.log == ["began", "moved", "cancelled"])
        #expect(view.log == ["began", "moved", "cancelled"])
        window.sendPointer(.ended, at: CGPoint(x: 95, y: 40), timestamp: 1.4)
        #expect(log.states == [.began, .changed, .ended])
        #expect(child.log.count == 3 && pan.state == .possible)
    }

    @Test func translationAndVelocityConvertIntoAScaledView() {
        let (window, view, _) = touchStage()
        view.transform = CGAffineTransform(scaleX: 2, y: 2)
        let pan = UIPanGestureRecognizer()
        view.addGestureRecognizer(pan)
        // A steady drag of 6 points every 1/60 s: 360 points a second in the window.
        for k in 0...10 {
            let phase: UITouch.Phase = k == 0 ? .began : .moved
            window.sendPointer(phase, at: CGPoint(x: 100 + 6 * CGFloat(k), y: 100), timestamp: 1 + Double(k) / 60)
        }
        #expect(pan.state == .changed)
        #expect(pan.translation(in: nil) == CGPoint(x: 60, y: 0))
        #expect(abs(pan.translation(in: view).x - 30) < 1e-9 && abs(pan.translation(in: view).y) < 1e-9)
        #expect(abs(pan.velocity(in: nil).x - 360) < 1e-6 && pan.velocity(in: nil).y == 0)
        #expect(abs(pan.velocity(in: view).x - 180) < 1e-6)
        pan.setTranslation(.zero, in: view)
        #expect(pan.translation(in: nil) == .zero && pan.velocity(in: nil) == .zero)
        window.sendPointer(.moved, at: CGPoint(x: 170, y: 100), timestamp: 1 + 11.0 / 60)
        #expect(abs(pan.translation(in: view).x - 5) < 1e-9)
        window.sendPointer(.ended, at: CGPoint(x: 170, y: 100), timestamp: 1.5)
    }

    @Test func theFirstRecogniserToBeginMakesTheOthersFailUnlessTheDelegateAllows() {
        for simultaneous in [false, true] {
            let (window, view, child) = touchStage()
            let viewLog = ActionLog(), childLog = ActionLog()
            let outer = UIPanGestureRecognizer(handler: viewLog.handler())
            let inner = UIPanGestureRecognizer(handler: childLog.handler())
            let delegate = ScriptedDelegate()
            delegate.simultaneous = simultaneous
            inner.delegate = delegate
            view.addGestureRecognizer(outer)
            child.addGestureRecognizer(inner)
            window.sendPointer(.began, at: CGPoint(x: 65, y: 65), timestamp: 1)
            window.sendPointer(.moved, at: CGPoint(x: 85, y: 65), timestamp: 1.1)
            window.sendPointer(.ended, at: CGPoint(x: 85, y: 65), timestamp: 1.2)
            // The child's recogniser is nearest, so it sees the move first and begins.
            #expect(childLog.states == [.began, .ended])
            #expect(viewLog.states == (simultaneous ? [.began, .ended] : []))
            withExtendedLifetime(delegate) {}
        }
    }

    @Test func theDelegateCanStopARecogniserBeginningOrReceiving() {
        let (window, view, _) = touchStage()
        let log = ActionLog()
        let recognizer = UITapGestureRecognizer(handler: log.handler())
        let delegate = ScriptedDelegate()
        recognizer.delegate = delegate
        view.addGestureRecognizer(recognizer)
        delegate.shouldBegin = false
        tap(window, at: [1])
        #expect(log.states.isEmpty && view.log == ["began", "ended"])
        delegate.shouldBegin = true
        delegate.shouldReceive = false
        tap(window, at: [2])
        #expect(log.states.isEmpty && view.log.suffix(1) == ["ended"])
        #expect(view.lastTouch?.gestureRecognizers == nil)
        delegate.shouldReceive = true
        tap(window, at: [3])
        #expect(log.states == [.ended])
    }

    @Test func aRemovedOrDisabledRecogniserNeverFires() {
        let (window, view, _) = touchStage()
        let log = ActionLog()
        let recognizer = UITapGestureRecognizer(handler: log.handler())
        view.addGestureRecognizer(recognizer)
        recognizer.isEnabled = false
        tap(window, at: [1])
        #expect(log.states.isEmpty)
        recognizer.isEnabled = true
        view.removeGestureRecognizer(recognizer)
        #expect(recognizer.view == nil && view.gestureRecognizers == nil)
        tap(window, at: [2])
        #expect(log.states.isEmpty && view.log == ["began", "ended", "began", "ended"])
    }

    @Test func disablingAPanInProgressCancelsIt() {
        let (window, view, _) = touchStage()
        let log = ActionLog()
        let pan = UIPanGestureRecognizer(handler: log.handler())
        view.addGestureRecognizer(pan)
        window.sendPointer(.began, at: CGPoint(x: 100, y: 100), timestamp: 1)
        window.sendPointer(.moved, at: CGPoint(x: 130, y: 100), timestamp: 1.1)
        pan.isEnabled = false
        window.sendPointer(.moved, at: CGPoint(x: 140, y: 100), timestamp: 1.2)
        window.sendPointer(.ended, at: CGPoint(x: 140, y: 100), timestamp: 1.3)
        #expect(log.states == [.began, .cancelled])
        #expect(pan.state == .possible)
    }

    @Test func stateMovesUIKitDoesNotAllowAreIgnored() {
        let recognizer = UIGestureRecognizer()
        recognizer.state = .changed
        #expect(recognizer.state == .possible)
        recognizer.state = .failed
        recognizer.state = .began
        #expect(recognizer.state == .failed)
        #expect(UIGestureRecognizer.State.recognized == .ended)
        #expect(recognizer.location(ofTouch: 3, in: nil) == .zero && recognizer.numberOfTouches == 0)
    }

    @Test func aLongPressBeginsAfterHalfASecond() throws {
        let (window, view, _) = touchStage()
        let log = ActionLog()
        let press = UILongPressGestureRecognizer(handler: log.handler())
        view.addGestureRecognizer(press)
        window.sendPointer(.began, at: CGPoint(x: 100, y: 100), timestamp: 1)
        // A pointer event before the half second passes changes nothing; one after it begins the press.
        window.sendPointer(.moved, at: CGPoint(x: 102, y: 100), timestamp: 1.4)
        #expect(log.states.isEmpty)
        window.sendPointer(.moved, at: CGPoint(x: 104, y: 100), timestamp: 1.6)
        #expect(log.states == [.began, .changed])
        window.sendPointer(.ended, at: CGPoint(x: 104, y: 100), timestamp: 1.7)
        #expect(log.states == [.began, .changed, .ended])
        #expect(view.log == ["began", "moved", "cancelled"])
        // Moving 11 points before the half second fails it.
        window.sendPointer(.began, at: CGPoint(x: 100, y: 100), timestamp: 2)
        window.sendPointer(.moved, at: CGPoint(x: 111, y: 100), timestamp: 2.1)
        window.sendPointer(.moved, at: CGPoint(x: 111, y: 100), timestamp: 2.7)
        window.sendPointer(.ended, at: CGPoint(x: 111, y: 100), timestamp: 2.8)
        #expect(log.states.count == 3)
        // With the finger still, a display frame past the half second begins it; one before does not.
        window.sendPointer(.began, at: CGPoint(x: 100, y: 100), timestamp: 3)
        _ = DisplayLinkRegistry.fireLinks(at: 3.4, refreshInterval: 1.0 / 60)
        #expect(log.states.count == 3)
        _ = DisplayLinkRegistry.fireLinks(at: 3.55, refreshInterval: 1.0 / 60)
        #expect(log.states.suffix(1) == [.began])
        window.sendPointer(.ended, at: CGPoint(x: 100, y: 100), timestamp: 3.6)
        #expect(log.states.suffix(2) == [.began, .ended])
    }
}

/// `require(toFail:)`: a single tap that requires a double tap to fail waits for the double tap's 0.35 s
/// wait for a second tap, and never fires when the double tap recognises.
@MainActor
@Suite(.serialized)
struct GestureFailureRequirementTests {
    @Test func aSingleTapWaitsForTheDoubleTapToFail() {
        let (window, view, _) = touchStage()
        let singles = ActionLog(), doubles = ActionLog()
        let single = UITapGestureRecognizer(handler: singles.handler())
        let double = UITapGestureRecognizer(handler: doubles.handler())
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        func tap(at t: TimeInterval) {
            window.sendPointer(.began, at: CGPoint(x: 100, y: 100), timestamp: t)
            window.sendPointer(.ended, at: CGPoint(x: 100, y: 100), timestamp: t + 0.05)
        }
        // Two quick taps: the double tap only.
        tap(at: 1)
        tap(at: 1.2)
        #expect(doubles.states == [.ended] && singles.states.isEmpty)
        // One tap: nothing until the double tap gives up at 3.05 + 0.35; a frame after that sends the single.
        tap(at: 3)
        _ = DisplayLinkRegistry.fireLinks(at: 3.3, refreshInterval: 1.0 / 60)
        #expect(singles.states.isEmpty)
        _ = DisplayLinkRegistry.fireLinks(at: 3.45, refreshInterval: 1.0 / 60)
        #expect(singles.states == [.ended] && doubles.states.count == 1)
        #expect(single.state == .possible && double.state == .possible)
        // Without frames, the next press tells the double tap its wait is over.
        tap(at: 5)
        tap(at: 6)
        #expect(singles.states == [.ended, .ended] && doubles.states.count == 1)
        tap(at: 6.2)
        #expect(singles.states.count == 2 && doubles.states.count == 2)
    }
}
