import Foundation
import Testing
import Quartzite

/// A view that records the touch methods it is called with, and passes them on as UIKit's default does.
final class TouchLogView: UIView {
    var log: [String] = []
    var lastTouch: UITouch?
    var tapCounts: [Int] = []

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        record("began", touches)
        super.touchesBegan(touches, with: event)
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        record("moved", touches)
        super.touchesMoved(touches, with: event)
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        record("ended", touches)
        super.touchesEnded(touches, with: event)
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        record("cancelled", touches)
        super.touchesCancelled(touches, with: event)
    }
    private func record(_ name: String, _ touches: Set<UITouch>) {
        log.append(name)
        lastTouch = touches.first
        tapCounts.append(touches.first?.tapCount ?? 0)
    }
}

/// A shown 200 x 200 window with a 100 x 100 view at (50, 50) and a 20 x 20 child at (10, 10) in it.
@MainActor
func touchStage() -> (window: UIWindow, view: TouchLogView, child: TouchLogView) {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    window.makeKeyAndVisible()
    let view = TouchLogView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
    let child = TouchLogView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
    window.addSubview(view)
    view.addSubview(child)
    return (window, view, child)
}

/// UIResponder, UITouch, UIEvent and UIWindow's delivery of the pointer as one touch, against UIKit's
/// documented behaviour: the hit-test view keeps the touch, the responder chain passes unhandled touches
/// to the superview, locations convert into each view's coordinates, and taps count.
@MainActor
@Suite(.serialized)
struct UIKitTouchTests {
    /// A press, drag and release in the view: began, moved, ended, in that order, all with one touch object
    /// whose view is the hit view and whose location is in each view's coordinates.
    @Test func theHitViewGetsTheTouchForItsWholeLife() {
        let (window, view, child) = touchStage()
        window.sendPointer(.began, at: CGPoint(x: 100, y: 100), timestamp: 1)
        window.sendPointer(.moved, at: CGPoint(x: 180, y: 190), timestamp: 1.1)
        // Outside the view now, the touch still belongs to it.
        #expect(view.log == ["began", "moved"])
        let touch = view.lastTouch
        #expect(touch?.view === view && touch?.window === window)
        #expect(touch?.location(in: view) == CGPoint(x: 130, y: 140))
        #expect(touch?.location(in: nil) == CGPoint(x: 180, y: 190))
        #expect(touch?.previousLocation(in: view) == CGPoint(x: 50, y: 50))
        #expect(touch?.location(in: child) == CGPoint(x: 120, y: 130))
        #expect(touch?.phase == .moved && touch?.timestamp == 1.1)
        window.sendPointer(.ended, at: CGPoint(x: 180, y: 190), timestamp: 1.2)
        #expect(view.log == ["began", "moved", "ended"])
        #expect(view.lastTouch === touch && touch?.phase == .ended)
        #expect(child.log.isEmpty)
    }

    /// Touches the child does not handle reach its superview (its `next`): the child records and calls
    /// `super`, which forwards, so both see each phase; a window ends the chain.
    @Test func theResponderChainForwardsToTheSuperview() {
        let (window, view, child) = touchStage()
        #expect(child.next === view && view.next === window && window.next == nil)
        window.sendPointer(.began, at: CGPoint(x: 65, y: 65), timestamp: 1)
        window.sendPointer(.ended, at: CGPoint(x: 65, y: 65), timestamp: 1.05)
        #expect(child.log == ["began", "ended"])
        #expect(view.log == ["began", "ended"])
        #expect(view.lastTouch?.view === child)
    }

    /// Hidden, nearly transparent and non-interactive views are not hit: the touch goes to the view behind.
    @Test func hiddenTransparentAndNonInteractiveViewsAreNotHit() {
        for hide in [{ (v: UIView) in v.isHidden = true }, { $0.alpha = 0.005 }, { $0.isUserInteractionEnabled = false }] {
            let (window, view, child) = touchStage()
            hide(child)
            window.sendPointer(.began, at: CGPoint(x: 65, y: 65), timestamp: 1)
            #expect(child.log.isEmpty)
            #expect(view.log == ["began"] && view.lastTouch?.view === view)
        }
        // A window is hidden until shown, as UIKit's: it receives nothing.
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let view = TouchLogView(frame: window.bounds)
        window.addSubview(view)
        window.sendPointer(.began, at: CGPoint(x: 50, y: 50), timestamp: 1)
        #expect(view.log.isEmpty && window.isHidden)
    }

    /// Two quick presses at the same place count 1 and 2; a third after more than 0.35 s starts over at 1, and
    /// one 20 points away starts over too.
    @Test func quickTouchesCountTaps() {
        let (window, view, _) = touchStage()
        func tap(_ x: CGFloat, at t: TimeInterval) {
            window.sendPointer(.began, at: CGPoint(x: x, y: 100), timestamp: t)
            window.sendPointer(.ended, at: CGPoint(x: x, y: 100), timestamp: t + 0.05)
        }
        tap(100, at: 1)
        tap(102, at: 1.2)
        tap(100, at: 1.4)
        tap(100, at: 2.0)
        tap(120, at: 2.2)
        #expect(view.tapCounts == [1, 1, 2, 2, 3, 3, 1, 1, 1, 1])
    }

    /// The event a view gets holds its touch: `allTouches`, `touches(for:)` the view and window, `.touches`.
    @Test func theEventHoldsTheTouch() {
        final class EventView: UIView {
            var event: UIEvent?
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { self.event = event }
        }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.makeKeyAndVisible()
        let view = EventView(frame: window.bounds), other = UIView()
        window.addSubview(view)
        let watching = UIPanGestureRecognizer(), elsewhere = UIPanGestureRecognizer()
        view.addGestureRecognizer(watching)
        other.addGestureRecognizer(elsewhere)
        window.sendPointer(.began, at: CGPoint(x: 5, y: 5), timestamp: 3)
        let event = view.event
        #expect(event?.allTouches?.count == 1 && event?.type == .touches && event?.timestamp == 3)
        #expect(event?.touches(for: view)?.count == 1)
        #expect(event?.touches(for: other)?.isEmpty == true)
        #expect(event?.touches(for: window)?.count == 1)
        #expect(event?.touches(for: watching)?.count == 1 && event?.touches(for: elsewhere)?.isEmpty == true)
        #expect(event?.allTouches?.first?.gestureRecognizers?.first === watching)
        #expect(UIEvent().allTouches == nil)
    }

    /// Bad input never traps: locations that are not finite, timestamps that run backwards or are not finite,
    /// an end with no press, a press during a press (which cancels the first), and phases a pointer has not.
    @Test func badPointerInputNeverTraps() {
        let (window, view, _) = touchStage()
        window.sendPointer(.ended, at: CGPoint(x: 100, y: 100), timestamp: 1)
        window.sendPointer(.moved, at: CGPoint(x: 100, y: 100), timestamp: 1)
        #expect(view.log.isEmpty)
        window.sendPointer(.began, at: CGPoint(x: CGFloat.nan, y: 100), timestamp: 1)
        window.sendPointer(.began, at: CGPoint(x: CGFloat.infinity, y: 100), timestamp: 1)
        #expect(view.log.isEmpty)
        window.sendPointer(.began, at: CGPoint(x: 100, y: 100), timestamp: 5)
        window.sendPointer(.moved, at: CGPoint(x: 110, y: 100), timestamp: 2)
        #expect(view.lastTouch?.timestamp == 5)
        window.sendPointer(.moved, at: CGPoint(x: 120, y: -CGFloat.infinity), timestamp: .nan)
        window.sendPointer(.regionEntered, at: CGPoint(x: 120, y: 100), timestamp: 6)
        window.sendPointer(.began, at: CGPoint(x: 100, y: 100), timestamp: 7)
        #expect(view.log == ["began", "moved", "cancelled", "began"])
        window.sendPointer(.ended, at: CGPoint(x: CGFloat.nan, y: 0), timestamp: .infinity)
        #expect(view.log.last == "ended" && view.lastTouch?.location(in: nil) == CGPoint(x: 100, y: 100))
        #expect(view.lastTouch?.timestamp == 7)
    }

    /// Found by the seeded fuzz (`quartzite-fuzz --class views --seed 20250615 --from 76 --count 1`): a press
    /// hit-testing a view whose bounds had a NaN width trapped in Foundation's `CGRect.contains`. Such a view,
    /// or a layer whose edges are infinities of opposite signs, contains nothing; finite ones still do.
    @Test func fuzzViewsCase76_boundsThatAreNotNumbersAreNotHit() {
        let (window, view, child) = touchStage()
        child.bounds = CGRect(x: CGFloat.nan, y: 0, width: CGFloat.nan, height: 138)
        window.sendPointer(.began, at: CGPoint(x: 65, y: 65), timestamp: 1)
        #expect(child.log.isEmpty && view.log == ["began"])
        #expect(!child.point(inside: CGPoint(x: 1, y: 1), with: nil))
        let layer = CALayer()
        layer.bounds = CGRect(x: -CGFloat.infinity, y: 0, width: CGFloat.infinity, height: 10)
        #expect(!layer.contains(CGPoint(x: 0, y: 5)))
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(layer.contains(CGPoint(x: 0, y: 5)) && !layer.contains(CGPoint(x: 10, y: 5)))
    }
}
