import Foundation
import Testing
@testable import Quartzite

/// `UIViewPropertyAnimator` with the clock frozen: positions from the closed form of each curve (linear,
/// the cubic Bézier), completion positions and counts as Apple documents them.
@MainActor
@Suite(.serialized)
struct UIViewPropertyAnimatorTests {
    /// A committed view centred at x = 0, with the clock frozen at 100.
    func committedView() -> UIView { QuartziteTests.committedView(frame: CGRect(x: -5, y: 0, width: 10, height: 10)) }

    func x(of view: UIView, at time: CFTimeInterval) -> Double {
        MediaClock.freeze(at: time)
        CATransaction.flush()
        return Double(view.layer.presentation()?.position.x ?? .nan)
    }

    /// Moves `view` from x = 0 to 100 over 1 s, on the linear curve.
    func linearMove(_ view: UIView, duration: Double = 1) -> UIViewPropertyAnimator {
        UIViewPropertyAnimator(duration: duration, curve: .linear) { view.center.x = 100 }
    }

    @Test func aLinearAnimatorPausedAtAQuarterShowsAQuarter() {
        let view = committedView()
        let animator = linearMove(view)
        #expect(animator.state == .inactive)
        animator.pauseAnimation()
        animator.fractionComplete = 0.25
        #expect(animator.state == .active && !animator.isRunning)
        #expect(abs(animator.fractionComplete - 0.25) < 1e-12)
        #expect(view.center.x == 100)  // the model has the end value at once
        #expect(abs(x(of: view, at: 100) - 25) < 1e-6)
        #expect(abs(x(of: view, at: 107) - 25) < 1e-6)  // paused: time does not move it
        let animating: UIViewImplicitlyAnimating = animator  // through UIKit's protocol, as ported code holds it
        animating.fractionComplete = 0.8
        #expect(abs(x(of: view, at: 107) - 80) < 1e-6)
    }

    /// The cubic curve (0.2, 0.6), (0.4, 0.9) at Bézier parameter s = ½: time fraction
    /// x = 0.375·(0.2 + 0.4) + 0.125 = 0.35 and progress y = 0.375·(0.6 + 0.9) + 0.125 = 0.6875.
    @Test func aCubicAnimatorFollowsItsBezier() {
        let view = committedView()
        let animator = UIViewPropertyAnimator(duration: 2, controlPoint1: CGPoint(x: 0.2, y: 0.6),
                                              controlPoint2: CGPoint(x: 0.4, y: 0.9)) { view.center.x = 100 }
        animator.startAnimation()
        #expect(animator.isRunning)
        #expect(abs(x(of: view, at: 100.7) - 68.75) < 1e-3)
    }

    @Test func runningToTheEndCompletesOnceAtTheEnd() {
        let view = committedView()
        var positions: [UIViewAnimatingPosition] = []
        let animator = linearMove(view)
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        #expect(abs(x(of: view, at: 100.5) - 50) < 1e-6)
        Evaluator.finishFrame(view.layer, at: 100.5)
        #expect(positions.isEmpty)
        MediaClock.freeze(at: 101.01)
        Evaluator.finishFrame(view.layer, at: 101.01)
        #expect(positions == [.end])
        #expect(animator.state == .inactive && view.layer.animationKeys() == nil && view.center.x == 100)
        Evaluator.finishFrame(view.layer, at: 102)
        #expect(positions == [.end])
    }

    /// Reversed half way, the view retraces its path and the animator finishes at `.start`, with the model
    /// back at the start value.
    @Test func aReversedAnimatorEndsAtTheStart() {
        let view = committedView()
        var positions: [UIViewAnimatingPosition] = []
        let animator = linearMove(view)
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        MediaClock.freeze(at: 100.5)
        animator.isReversed = true
        #expect(abs(x(of: view, at: 100.75) - 25) < 1e-6)
        MediaClock.freeze(at: 101.01)
        Evaluator.finishFrame(view.layer, at: 101.01)
        #expect(positions == [.start])
        #expect(view.center.x == 0)
    }

    @Test func stoppingWithoutFinishingKeepsTheValueOnScreenAndCallsNothing() {
        let view = committedView()
        var positions: [UIViewAnimatingPosition] = []
        let animator = linearMove(view)
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        MediaClock.freeze(at: 100.4)
        animator.stopAnimation(true)
        #expect(animator.state == .inactive)
        #expect(abs(view.center.x - 40) < 1e-6)
        #expect(view.layer.animationKeys() == nil)
        Evaluator.finishFrame(view.layer, at: 102)
        #expect(positions.isEmpty)
    }

    @Test func stoppedThenFinishedAtTheCurrentPosition() {
        let view = committedView()
        var positions: [UIViewAnimatingPosition] = []
        let animator = linearMove(view)
        animator.addCompletion { positions.append($0) }
        animator.finishAnimation(at: .end)  // not stopped: ignored
        #expect(animator.state == .inactive && positions.isEmpty)
        animator.startAnimation()
        MediaClock.freeze(at: 100.4)
        animator.finishAnimation(at: .end)  // running: ignored
        #expect(animator.state == .active && positions.isEmpty)
        animator.stopAnimation(false)
        #expect(animator.state == .stopped)
        #expect(abs(view.center.x - 40) < 1e-6)
        animator.fractionComplete = 0.9  // stopped: ignored
        animator.startAnimation()  // stopped: ignored
        #expect(animator.state == .stopped)
        animator.finishAnimation(at: .current)
        #expect(positions == [.current] && animator.state == .inactive)
        #expect(abs(view.center.x - 40) < 1e-6)
        // Stopped, then finished at the end: the model takes the end value.
        let other = committedView()
        let second = linearMove(other)
        second.startAnimation()
        MediaClock.freeze(at: 100.3)
        second.stopAnimation(false)
        second.finishAnimation(at: .end)
        #expect(other.center.x == 100)
    }

    /// Scrubbed linearly to half way on the ease-in curve and resumed, the card goes on from where it shows
    /// (50), not from where the curve is at half time (ease-in(½) ≈ 31.5), and still ends at 100.
    @Test func resumingAfterALinearScrubDoesNotJump() {
        let view = committedView()
        var positions: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator(duration: 1, curve: .easeIn) { view.center.x = 100 }
        animator.addCompletion { positions.append($0) }
        animator.pauseAnimation()
        animator.fractionComplete = 0.5
        #expect(abs(x(of: view, at: 100) - 50) < 1e-6)
        animator.startAnimation()
        #expect(abs(x(of: view, at: 100) - 50) < 1e-3)
        #expect(x(of: view, at: 100.1) > 50)
        MediaClock.freeze(at: 101.01)
        Evaluator.finishFrame(view.layer, at: 101.01)
        #expect(positions == [.end] && view.center.x == 100)
    }

    /// Paused half way on the linear curve (50) and continued on ease-in: the card goes on from 50, at the
    /// time ease-in shows half the distance, and still ends at the end.
    @Test func continuingOnANewCurveGoesOnFromWhereItShows() {
        let view = committedView()
        var positions: [UIViewAnimatingPosition] = []
        let animator = linearMove(view)
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        MediaClock.freeze(at: 100.5)
        animator.pauseAnimation()
        animator.continueAnimation(withTimingParameters: UICubicTimingParameters(animationCurve: .easeIn), durationFactor: 1)
        #expect(abs(x(of: view, at: 100.5) - 50) < 1e-3)
        #expect(x(of: view, at: 100.6) > 50)
        MediaClock.freeze(at: 101.01)
        Evaluator.finishFrame(view.layer, at: 101.01)
        #expect(positions == [.end] && view.center.x == 100)
    }

    /// Paused at a quarter and continued with the remaining 0.75 s doubled: 0.375 s of animator time in
    /// 0.75 s of clock time, so at 100.75 the time is 0.25 + 0.375 · (0.5 / 0.75) = 0.5.
    @Test func continuingScalesTheTimeLeft() {
        let view = committedView()
        let animator = linearMove(view)
        animator.startAnimation()
        MediaClock.freeze(at: 100.25)
        animator.pauseAnimation()
        #expect(abs(animator.fractionComplete - 0.25) < 1e-9)
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 2)
        #expect(animator.isRunning)
        #expect(abs(x(of: view, at: 100.75) - 50) < 1e-6)
    }

    /// Animations added with a delay factor start that far into the duration; a running animator made by
    /// `runningPropertyAnimator` waits out its delay.
    @Test func delayFactorsAndStartDelays() {
        let view = committedView()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear)
        animator.addAnimations({ view.center.x = 100 }, delayFactor: 0.5)
        animator.startAnimation()
        #expect(abs(x(of: view, at: 100.25) - 0) < 1e-6)
        #expect(abs(x(of: view, at: 100.75) - 50) < 1e-6)
        let late = committedView()
        var positions: [UIViewAnimatingPosition] = []
        UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 1, delay: 0.5, options: .curveLinear,
                                                       animations: { late.center.x = 100 },
                                                       completion: { positions.append($0) })
        #expect(abs(x(of: late, at: 100.25) - 0) < 1e-6)
        #expect(abs(x(of: late, at: 101) - 50) < 1e-6)
        MediaClock.freeze(at: 101.51)
        Evaluator.finishFrame(late.layer, at: 101.51)
        #expect(positions == [.end])
    }

    /// With `pausesOnCompletion` the animator stays active, paused at its end, and no completion runs.
    @Test func pausingOnCompletion() {
        let view = committedView()
        var positions: [UIViewAnimatingPosition] = []
        let animator = linearMove(view)
        animator.pausesOnCompletion = true
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        MediaClock.freeze(at: 101.01)
        Evaluator.finishFrame(view.layer, at: 101.01)
        #expect(positions.isEmpty)
        #expect(animator.state == .active && !animator.isRunning && animator.fractionComplete == 1)
        #expect(abs(x(of: view, at: 102) - 100) < 1e-6)
    }

    /// Hostile values never crash and leave the animator consistent: NaN and negative durations read as
    /// 0, out-of-range fractions clamp, NaN fractions are ignored, calls in the wrong state do nothing.
    @Test func hostileValuesAreClampedOrIgnored() {
        let view = committedView()
        let nan = UIViewPropertyAnimator(duration: .nan, curve: .linear) { view.alpha = 0.5 }
        #expect(nan.duration == 0)
        nan.startAnimation(afterDelay: -3)
        nan.fractionComplete = 0.5  // running: ignored
        #expect(nan.state == .active)
        let animator = linearMove(view)
        animator.pauseAnimation()
        animator.fractionComplete = .nan
        #expect(animator.fractionComplete == 0)
        animator.fractionComplete = 2
        #expect(animator.fractionComplete == 1)
        animator.fractionComplete = -1
        #expect(animator.fractionComplete == 0)
        animator.isInterruptible = false  // active: ignored
        #expect(animator.isInterruptible)
        animator.continueAnimation(withTimingParameters: UISpringTimingParameters(mass: .nan, stiffness: -1, damping: .infinity,
                                                                                  initialVelocity: CGVector(dx: .nan, dy: 0)),
                                   durationFactor: .nan)
        animator.isReversed = true
        animator.stopAnimation(false)
        animator.stopAnimation(false)
        animator.finishAnimation(at: .start)
        #expect(animator.state == .inactive && view.center.x == 0)
        let slow = linearMove(committedView())
        slow.pauseAnimation()
        slow.continueAnimation(withTimingParameters: nil, durationFactor: 1e300)
        #expect(slow.isRunning)
        let fixed = UIViewPropertyAnimator(duration: 1, curve: .linear)
        fixed.isInterruptible = false
        fixed.startAnimation()
        fixed.pauseAnimation()
        fixed.stopAnimation(true)
        #expect(fixed.isRunning)
    }

    /// A spring of mass, stiffness and damping lasts until it settles, whatever duration was asked for; a
    /// damping-ratio spring rests at the animator's duration.
    @Test func springTimingParameters() {
        let physical = UISpringTimingParameters(mass: 1, stiffness: 100, damping: 20, initialVelocity: .zero)
        let model = CASpringAnimation()
        model.stiffness = 100
        model.damping = 20
        let animator = UIViewPropertyAnimator(duration: 9, timingParameters: physical)
        #expect(abs(animator.duration - model.settlingDuration) < 1e-9)
        let view = committedView()
        let ratio = UIViewPropertyAnimator(duration: 1, dampingRatio: 1) { view.center.x = 100 }
        ratio.startAnimation()
        #expect(abs(x(of: view, at: 101) - 100) < 0.2)
        #expect(x(of: view, at: 100.2) > 1)
    }
}
