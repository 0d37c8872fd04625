import Foundation
import Testing
@testable import Quartzite

/// CATransaction nesting, values and completion blocks; action lookup order; delegate calls.
@MainActor
@Suite(.serialized)
struct TransactionAndActionTests {
    final class Recorder: CAAnimationDelegate {
        var starts = 0
        var stops: [Bool] = []
        func animationDidStart(_ anim: CAAnimation) { starts += 1 }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stops.append(flag) }
    }

    func committedLayer() -> CALayer {
        MediaClock.freeze(at: 100)
        CATransaction.flush()
        let layer = CALayer()
        CATransaction.flush()
        return layer
    }

    /// `add(_:forKey:)`: a duration of zero or less becomes the transaction's animation duration when one is
    /// set, else 0.25 s (Apple's documented rule), so an explicit fade added with no duration inside a
    /// two-second transaction is half-way after one second.
    @Test func anExplicitAnimationWithoutADurationTakesTheTransactionsDuration() {
        let layer = committedLayer()
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        layer.add(fade, forKey: "fade")
        let backwards = CABasicAnimation(keyPath: "position.x")
        backwards.fromValue = 0
        backwards.toValue = 10
        backwards.duration = -1
        layer.add(backwards, forKey: "move")
        CATransaction.commit()
        #expect(layer.animation(forKey: "fade")?.duration == 2)
        #expect(layer.animation(forKey: "move")?.duration == 2)
        #expect(fade.duration == 0)
        let halfWay = Evaluator.presentationProperties(of: layer, atGlobalTime: 101)
        #expect(close(Double(halfWay.opacity), 0.5, 1e-6))
        #expect(close(Double(halfWay.position.x), 5, 1e-9))

        let quick = CABasicAnimation(keyPath: "opacity")
        quick.fromValue = 0
        layer.add(quick, forKey: "quick")
        CATransaction.flush()
        #expect(layer.animation(forKey: "quick")?.duration == 0.25)
    }

    @Test func nestedTransactionsInheritAndOverrideValues() {
        let layer = committedLayer()
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setValue("outer", forKey: "custom")
        CATransaction.begin()
        #expect(CATransaction.animationDuration() == 2)          // inherited from the outer transaction
        #expect(CATransaction.value(forKey: "custom") as? String == "outer")
        CATransaction.setAnimationDuration(0.5)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
        layer.opacity = 0
        CATransaction.commit()
        #expect(CATransaction.animationDuration() == 2)          // the inner value ended with its transaction
        #expect(CATransaction.animationTimingFunction() == nil)
        layer.position = CGPoint(x: 3, y: 4)
        CATransaction.commit()
        #expect(CATransaction.value(forKey: "custom") == nil)
        #expect(CATransaction.animationDuration() == 0.25)       // the default again
        #expect(layer.animation(forKey: "opacity")?.duration == 0.5)
        #expect(layer.animation(forKey: "opacity")?.timingFunction == CAMediaTimingFunction(name: .easeIn))
        #expect(layer.animation(forKey: "position")?.duration == 2)
    }

    @Test func completionBlocksWaitForTheirOwnAnimations() {
        let layer = committedLayer()
        var log: [String] = []
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("outer") }
        CATransaction.setAnimationDuration(1)
        layer.opacity = 0.5
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("inner") }
        CATransaction.setAnimationDuration(0.5)
        layer.position = CGPoint(x: 1, y: 1)
        CATransaction.commit()
        CATransaction.commit()
        #expect(CATransaction.completionBlock() == nil)
        Evaluator.finishFrame(layer, at: 100.25)
        #expect(log.isEmpty)
        Evaluator.finishFrame(layer, at: 100.5)
        #expect(log == ["inner"])
        Evaluator.finishFrame(layer, at: 101)
        #expect(log == ["inner", "outer"])
        // A transaction with no animations committed off the main thread (this test's, under the test
        // runner; the main thread's commit runs it at once: Ported/TopLevel) waits for the thread that draws
        // frames (Apple: "on the main thread"), which runs pending events after a frame.
        let offMain = LockedFlag()
        let committed = DispatchSemaphore(value: 0)
        Thread {
            CATransaction.begin()
            CATransaction.setCompletionBlock { offMain.set(true) }
            CATransaction.commit()
            committed.signal()
        }.start()
        committed.wait()
        #expect(offMain.value == nil)
        Evaluator.deliverPendingEvents()
        #expect(offMain.value == true)
        // Removing an animation completes its transaction too.
        var removed = false
        CATransaction.begin()
        CATransaction.setCompletionBlock { removed = true }
        layer.opacity = 1
        CATransaction.commit()
        layer.removeAnimation(forKey: "opacity")
        Evaluator.deliverPendingEvents()
        #expect(removed)
    }

    /// An animation added in `animationDidStop` begins when its predecessor stopped (the delegate's changes
    /// are committed at the frame that ran it, as iOS commits at the end of that run loop pass), not at the
    /// next frame: a chain of fades stays on its beat however far apart frames are.
    @Test func anAnimationAddedWhenAnotherStopsBeginsThen() {
        let layer = committedLayer()
        final class Chain: CAAnimationDelegate, @unchecked Sendable {
            weak var layer: CALayer?
            var startedAt: CFTimeInterval?
            func animationDidStop(_ anim: CAAnimation, finished: Bool) {
                guard startedAt == nil else { return }
                startedAt = CACurrentMediaTime()
                let next = CABasicAnimation(keyPath: "opacity")
                next.fromValue = 0
                next.toValue = 1
                next.duration = 1
                layer?.add(next, forKey: "second")
            }
        }
        let chain = Chain()
        chain.layer = layer
        let first = CABasicAnimation(keyPath: "opacity")
        first.fromValue = 1
        first.toValue = 0
        first.duration = 1
        first.delegate = chain
        layer.add(first, forKey: "first")
        CATransaction.flush()
        MediaClock.performFrozen(at: 101) { Evaluator.finishFrame(layer, at: 101) }
        #expect(chain.startedAt == 101)
        // Half a second after the first stopped, the second (0 -> 1 over a second, linear) is half way.
        MediaClock.performFrozen(at: 101.5) {
            CATransaction.flush()
            #expect(abs((layer.presentation()?.opacity ?? -1) - 0.5) < 1e-6)
        }
    }

    @Test func actionLookupFollowsApplesOrder() {
        final class Delegate: CALayerDelegate {
            let positionAction = CABasicAnimation(keyPath: "position")
            func action(for layer: CALayer, forKey event: String) -> CAAction? {
                switch event {
                case "position": return positionAction
                case "zPosition": return NSNull()
                default: return nil  // fall through
                }
            }
        }
        let layer = committedLayer()
        let delegate = Delegate()
        layer.delegate = delegate
        let fromActions = CABasicAnimation(keyPath: "opacity")
        fromActions.duration = 3
        let fromStyle = CABasicAnimation(keyPath: "bounds")
        fromStyle.duration = 4
        layer.actions = ["opacity": fromActions, "position": NSNull(), "borderWidth": NSNull()]
        layer.style = ["actions": ["opacity": CABasicAnimation(), "bounds": fromStyle, "borderWidth": CABasicAnimation()]]
        #expect(layer.action(forKey: "position") as AnyObject === delegate.positionAction)  // delegate first
        #expect(layer.action(forKey: "zPosition") == nil)                              // delegate's NSNull
        #expect(layer.action(forKey: "opacity") as AnyObject === fromActions)          // then actions
        #expect(layer.action(forKey: "borderWidth") == nil)                            // actions' NSNull
        #expect(layer.action(forKey: "bounds") as AnyObject === fromStyle)             // then style
        #expect(layer.action(forKey: "cornerRadius") is CABasicAnimation)              // then the default
        #expect(layer.action(forKey: "name") == nil)                                   // not animatable
        layer.opacity = 0.5
        layer.zPosition = 3
        layer.borderWidth = 2
        layer.cornerRadius = 4
        #expect(layer.animation(forKey: "opacity")?.duration == 3)
        #expect(layer.animation(forKey: "zPosition") == nil && layer.animation(forKey: "borderWidth") == nil)
        #expect(layer.animation(forKey: "cornerRadius")?.duration == 0.25)
        // A found animation without values is copied and starts from the value on screen; the dictionary's
        // own object is left unchanged.
        #expect(fromActions.fromValue == nil)
        #expect((layer.animation(forKey: "opacity") as? CABasicAnimation)?.fromValue as? CGFloat == 1)
    }

    @Test func implicitAnimationStartsFromThePresentationOfARunningAnimation() {
        let layer = committedLayer()
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 0
        slide.toValue = 100
        slide.duration = 1
        layer.add(slide, forKey: "slide")
        CATransaction.flush()
        MediaClock.freeze(at: 100.3)
        layer.position = CGPoint(x: 50, y: 0)  // on screen: x = 30
        CATransaction.flush()
        let implicit = layer.animation(forKey: "position") as? CABasicAnimation
        let from = implicit?.fromValue as? CGPoint
        #expect(abs((from?.x ?? 0) - 30) < 1e-9 && from?.y == 0)
    }

    @Test func delegateStartsOnceAndAReplacedAnimationStopsUnfinished() {
        let layer = committedLayer()
        let recorder = Recorder()
        let later = CABasicAnimation(keyPath: "opacity")
        later.duration = 1
        later.beginTime = 100.5
        later.delegate = recorder
        layer.add(later, forKey: "k")
        CATransaction.flush()
        Evaluator.finishFrame(layer, at: 100.2)
        #expect(recorder.starts == 0)  // not begun yet
        Evaluator.advance(layer, to: 100.5)
        #expect(recorder.starts == 0)  // delivered after the frame, not during it
        Evaluator.deliverPendingEvents()
        #expect(recorder.starts == 1)
        for t in [100.6, 100.7, 100.8] { Evaluator.finishFrame(layer, at: t) }
        #expect(recorder.starts == 1 && recorder.stops.isEmpty)
        let replacement = CABasicAnimation(keyPath: "opacity")
        replacement.delegate = recorder
        layer.add(replacement, forKey: "k")
        Evaluator.deliverPendingEvents()
        #expect(recorder.stops == [false])
        CATransaction.flush()
        Evaluator.finishFrame(layer, at: 100.8)
        #expect(recorder.starts == 2)
        Evaluator.finishFrame(layer, at: 101.1)
        #expect(recorder.stops == [false, true] && layer.animationKeys() == nil)
        Evaluator.finishFrame(layer, at: 102)
        #expect(recorder.starts == 2 && recorder.stops == [false, true])
    }
}

/// A value set once from another thread and read on the test's.
private final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Bool?
    var value: Bool? { lock.withLock { stored } }
    func set(_ flag: Bool) { lock.withLock { stored = flag } }
}
