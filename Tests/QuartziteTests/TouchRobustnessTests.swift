import Foundation
import Testing
import Quartzite

/// What a review of touch delivery found, each a regression test: recognisers freed once nothing holds
/// them, a waiting double tap that the next touch does not reach fails, deep view chains hit-test and pass
/// touches along without nesting a stack frame per view, a tap held too long fails while held, an action
/// that cuts its own touch short leaves the view a consistent sequence, and extreme settings never trap.
@MainActor
@Suite(.serialized)
struct TouchRobustnessTests {
    /// A tapped recogniser keeps no touch that holds it: once its view and window are gone, so is it.
    @Test func aRecogniserThatHasHadATouchIsFreedWithItsView() {
        weak var freed: UITapGestureRecognizer?
        do {
            let (window, view, _) = touchStage()
            let tap = UITapGestureRecognizer { _ in }
            view.addGestureRecognizer(tap)
            freed = tap
            window.sendPointer(.began, at: CGPoint(x: 100, y: 100), timestamp: 1)
            window.sendPointer(.ended, at: CGPoint(x: 100, y: 100), timestamp: 1.05)
            #expect(tap.state == .possible && tap.location(in: nil) == CGPoint(x: 100, y: 100))
        }
        #expect(freed == nil)
    }

    /// A double tap waiting for its second tap, whose delegate declines the next touch, fails then: the
    /// single tap that requires it to fail is sent, and a later lone tap is not taken for its second.
    @Test func aWaitingDoubleTapThatDeclinesTheNextTouchFails() {
        let (window, view, child) = touchStage()
        let single = ActionLog(), double = ActionLog()
        let singleTap = UITapGestureRecognizer(handler: single.handler())
        let doubleTap = UITapGestureRecognizer(handler: double.handler())
        doubleTap.numberOfTapsRequired = 2
        singleTap.require(toFail: doubleTap)
        let delegate = DecliningDelegate(declined: child)
        doubleTap.delegate = delegate
        view.addGestureRecognizer(singleTap)
        view.addGestureRecognizer(doubleTap)
        // A tap on the view, then within 0.35 s one on the child, which the double tap declines.
        window.sendPointer(.began, at: CGPoint(x: 140, y: 140), timestamp: 1)
        window.sendPointer(.ended, at: CGPoint(x: 140, y: 140), timestamp: 1.05)
        window.sendPointer(.began, at: CGPoint(x: 65, y: 65), timestamp: 1.2)
        #expect(doubleTap.state == .possible)
        #expect(single.states == [.ended])
        window.sendPointer(.ended, at: CGPoint(x: 65, y: 65), timestamp: 1.25)
        // Much later, one tap on the view is one tap, not the double tap's second.
        window.sendPointer(.began, at: CGPoint(x: 140, y: 140), timestamp: 60)
        window.sendPointer(.ended, at: CGPoint(x: 140, y: 140), timestamp: 60.05)
        #expect(double.states.isEmpty)
    }

    /// A chain of 100,000 nested views: a press on the deepest is hit there, and its touches, passed on by
    /// every view's default, reach the root.
    @Test func aHundredThousandDeepViewChainIsHitAndPassesTouchesOn() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.makeKeyAndVisible()
        // Built from the deepest up, so each `addSubview` checks a parent with no ancestors yet.
        let deepest = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        var top = deepest
        for _ in 0..<100_000 {
            let parent = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            parent.addSubview(top)
            top = parent
        }
        let root = TouchLogView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        root.addSubview(top)
        window.addSubview(root)
        #expect(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === deepest)
        window.sendPointer(.began, at: CGPoint(x: 50, y: 50), timestamp: 1)
        window.sendPointer(.ended, at: CGPoint(x: 50, y: 50), timestamp: 1.1)
        #expect(root.log == ["began", "ended"])
        #expect(root.lastTouch?.view === deepest)
    }

    /// Holding a press past the longest tap (1.5 s) fails the tap at that moment, so a long press that
    /// requires it to fail begins while the finger is still down.
    @Test func aTapHeldTooLongFailsWhileHeld() {
        let (window, view, _) = touchStage()
        let press = ActionLog()
        let tap = UITapGestureRecognizer { _ in }
        let longPress = UILongPressGestureRecognizer(handler: press.handler())
        longPress.require(toFail: tap)
        view.addGestureRecognizer(tap)
        view.addGestureRecognizer(longPress)
        window.sendPointer(.began, at: CGPoint(x: 100, y: 100), timestamp: 1)
        window.sendPointer(.moved, at: CGPoint(x: 101, y: 100), timestamp: 2.4)
        #expect(tap.state == .possible && press.states.isEmpty)
        window.sendPointer(.moved, at: CGPoint(x: 102, y: 100), timestamp: 2.6)
        #expect(press.states.first == .began)
        window.sendPointer(.ended, at: CGPoint(x: 102, y: 100), timestamp: 3)
        #expect(press.states.last == .ended)
    }

    /// An action that cancels its own touch while it begins: the view is never told the touch began after it
    /// ended, and gets no end for a touch it never began.
    @Test func anActionThatCancelsItsTouchLeavesTheViewConsistent() {
        let (window, view, _) = touchStage()
        let press = UILongPressGestureRecognizer { recognizer in
            if recognizer.state == .began {
                (recognizer.view?.window)?.sendPointer(.cancelled, at: CGPoint(x: 100, y: 100), timestamp: 1)
            }
        }
        press.minimumPressDuration = 0
        press.cancelsTouchesInView = false
        view.addGestureRecognizer(press)
        window.sendPointer(.began, at: CGPoint(x: 100, y: 100), timestamp: 1)
        #expect(!view.log.contains("began"))
        #expect(!view.log.contains("cancelled") && !view.log.contains("ended"))
    }

    /// Extreme counts never trap: a long press asking for `Int.max` taps simply fails.
    @Test func extremeTapCountsDoNotTrap() {
        let (window, view, _) = touchStage()
        let press = ActionLog()
        let longPress = UILongPressGestureRecognizer(handler: press.handler())
        longPress.numberOfTapsRequired = .max
        view.addGestureRecognizer(longPress)
        window.sendPointer(.began, at: CGPoint(x: 100, y: 100), timestamp: 1)
        window.sendPointer(.moved, at: CGPoint(x: 100, y: 100), timestamp: 2)
        window.sendPointer(.ended, at: CGPoint(x: 100, y: 100), timestamp: 2.1)
        #expect(press.states.isEmpty)
    }
}

/// A delegate that declines touches that began in one view.
final class DecliningDelegate: UIGestureRecognizerDelegate {
    weak var declined: UIView?
    init(declined: UIView) { self.declined = declined }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        touch.view !== declined
    }
}
