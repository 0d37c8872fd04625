import Foundation
import Testing
@testable import Quartzite

/// UIView's block animations, with the clock frozen. Expected values come from UIKit's documented
/// behaviour (model values change at once; a view's layer animates only inside a block; completion after
/// the end) and closed-form timing curves and springs.
@MainActor
@Suite(.serialized)
struct UIViewAnimationTests {
    func opacity(of view: UIView, at time: CFTimeInterval) -> Double {
        MediaClock.freeze(at: time)
        return Double(view.layer.presentation()?.opacity ?? .nan)
    }

    @Test func viewChangesOutsideABlockDoNotAnimate() {
        let view = committedView()
        view.alpha = 0.2
        CATransaction.flush()
        #expect(abs(opacity(of: view, at: 100.1) - 0.2) < 1e-6)
        #expect(view.layer.animationKeys() == nil)
        // A layer that is not a view's animates the same change implicitly.
        MediaClock.freeze(at: 100)
        let plain = CALayer()
        CATransaction.flush()
        plain.opacity = 0.2
        CATransaction.flush()
        MediaClock.freeze(at: 100.1)
        let moving = plain.presentation()?.opacity ?? 0
        #expect(moving > 0.21 && moving < 0.99)
    }

    @Test func aBlockAnimatesFromTheValueOnScreenWithItsDurationAndCurve() {
        let view = committedView()
        UIView.animate(withDuration: 2, delay: 0, options: .curveLinear, animations: { view.alpha = 0 })
        #expect(view.alpha == 0)  // the model changes at once
        CATransaction.flush()
        #expect(abs(opacity(of: view, at: 100.5) - 0.75) < 1e-6)
        #expect(abs(opacity(of: view, at: 101) - 0.5) < 1e-6)
        #expect(opacity(of: view, at: 102.5) == 0)
        // The default curve is ease-in-out, symmetric about the middle: half way at half time.
        let eased = committedView()
        UIView.animate(withDuration: 1) { eased.alpha = 0 }
        CATransaction.flush()
        #expect(abs(opacity(of: eased, at: 100.5) - 0.5) < 1e-4)
        #expect(opacity(of: eased, at: 100.25) > 0.75)  // slow at the start: less than a quarter gone
    }

    /// UIKit's fade-in idiom: a view made, added and animated in one pass fades in (a plain layer made in the
    /// same transaction would not animate).
    @Test func aViewAddedInThePassOfItsBlockAnimates() {
        let container = committedView()
        let toast = UIView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
        toast.alpha = 0
        container.addSubview(toast)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { toast.alpha = 1 })
        CATransaction.flush()
        #expect(abs(opacity(of: toast, at: 100.25) - 0.25) < 1e-6)
    }

    @Test func aDelayedBlockShowsTheOldValueUntilItStarts() {
        let view = committedView()
        UIView.animate(withDuration: 1, delay: 1, options: .curveLinear, animations: { view.alpha = 0 })
        CATransaction.flush()
        #expect(view.alpha == 0)
        #expect(abs(opacity(of: view, at: 100.5) - 1) < 1e-6)
        #expect(abs(opacity(of: view, at: 101.5) - 0.5) < 1e-6)
    }

    @Test func completionWaitsForTheEndAndSaysWhetherItFinished() {
        let view = committedView()
        var finished: [Bool] = []
        UIView.animate(withDuration: 1, animations: { view.alpha = 0 }, completion: { finished.append($0) })
        CATransaction.flush()
        Evaluator.finishFrame(view.layer, at: 100.5)
        #expect(finished.isEmpty)
        Evaluator.finishFrame(view.layer, at: 101.01)
        #expect(finished == [true])
        // Removed before its end: told false.
        var removed: [Bool] = []
        UIView.animate(withDuration: 1, animations: { view.alpha = 1 }, completion: { removed.append($0) })
        CATransaction.flush()
        view.layer.removeAllAnimations()
        Evaluator.finishFrame(view.layer, at: 101.2)
        #expect(removed == [false])
        // Nothing animated: told true, after the frame, not inside the call.
        var idle: [Bool] = []
        UIView.animate(withDuration: 1, animations: {}, completion: { idle.append($0) })
        #expect(idle.isEmpty)
        Evaluator.finishFrame(view.layer, at: 101.3)
        #expect(idle == [true])
    }

    @Test func nestedBlocksInheritDurationUnlessOverridden() {
        let view = committedView(), other = committedView()
        UIView.animate(withDuration: 2, delay: 0, options: .curveLinear, animations: {
            UIView.animate(withDuration: 0.5, animations: { view.alpha = 0 })
            UIView.animate(withDuration: 0.5, delay: 0, options: [.overrideInheritedDuration, .overrideInheritedCurve],
                           animations: { other.alpha = 0 })
        })
        CATransaction.flush()
        #expect(view.layer.animation(forKey: "opacity")?.duration == 2)
        #expect(other.layer.animation(forKey: "opacity")?.duration == 0.5)
        // The inherited curve is the outer block's linear one.
        #expect(abs(opacity(of: view, at: 101) - 0.5) < 1e-6)
    }

    @Test func performWithoutAnimationAndOtherLayersKeepTheirOwnRules() {
        let view = committedView()
        let sublayer = CALayer()
        view.layer.addSublayer(sublayer)
        CATransaction.flush()
        UIView.animate(withDuration: 2) {
            UIView.performWithoutAnimation { view.alpha = 0.5 }
            sublayer.opacity = 0
        }
        CATransaction.flush()
        #expect(view.layer.animationKeys() == nil)
        // The sublayer is no view's: Core Animation's implicit 0.25 s, not the block's 2 s.
        #expect(sublayer.animation(forKey: "opacity")?.duration == 0.25)
    }

    @Test func repeatingAutoreversingBlocksGoBackAndForth() {
        let view = committedView()
        var completed = false
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear, .repeat, .autoreverse],
                       animations: { view.alpha = 0 }, completion: { _ in completed = true })
        CATransaction.flush()
        #expect(abs(opacity(of: view, at: 100.25) - 0.75) < 1e-6)
        #expect(abs(opacity(of: view, at: 101.5) - 0.5) < 1e-6)   // on the way back
        #expect(abs(opacity(of: view, at: 102.25) - 0.75) < 1e-6)  // forwards again
        Evaluator.finishFrame(view.layer, at: 110)
        #expect(!completed)
    }

    /// A critically damped spring (ratio 1) from rest: x(t) = 1 - (1 + ωt)e^(-ωt), with ω set so that the
    /// remaining distance (1 + ωT)e^(-ωT) is 0.001 at the duration T.
    @Test func aSpringBlockSettlesAtItsDuration() {
        var low = 1.0, high = 30.0
        for _ in 0..<100 {
            let u = (low + high) / 2
            if (1 + u) * exp(-u) > 0.001 { low = u } else { high = u }
        }
        let omegaT = (low + high) / 2
        let view = committedView()
        UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0,
                       options: [], animations: { view.center = CGPoint(x: 105, y: 5) })
        CATransaction.flush()
        MediaClock.freeze(at: 100.5)
        let u = omegaT / 2
        let expected = 5 + 100 * (1 - (1 + u) * exp(-u))
        #expect(abs(Double(view.layer.presentation()?.position.x ?? 0) - expected) < 0.5)
        #expect(view.layer.animation(forKey: "position")?.duration == 1)
        // Less damped, it overshoots the target on the way.
        let bouncy = committedView()
        UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.3, initialSpringVelocity: 0,
                       options: [], animations: { bouncy.center = CGPoint(x: 105, y: 5) })
        CATransaction.flush()
        var furthest = 0.0
        for step in 1...100 {
            MediaClock.freeze(at: 100 + Double(step) / 100)
            furthest = max(furthest, Double(bouncy.layer.presentation()?.position.x ?? 0))
        }
        #expect(furthest > 110)
    }

    @Test func aCrossDissolveTransitionWrapsTheChanges() {
        let view = committedView()
        view.backgroundColor = .red
        CATransaction.flush()
        var finished: Bool?
        UIView.transition(with: view, duration: 1, options: .transitionCrossDissolve,
                          animations: { view.backgroundColor = .blue }, completion: { finished = $0 })
        CATransaction.flush()
        let transition = view.layer.animation(forKey: kCATransition) as? CATransition
        #expect(transition?.type == .fade && transition?.duration == 1)
        #expect(view.layer.animation(forKey: "backgroundColor") == nil)
        Evaluator.finishFrame(view.layer, at: 101.01)
        #expect(finished == true)
    }

    @Test func transitionFromViewToViewSwapsThemInPlace() {
        let container = committedView()
        let a = UIView(), b = UIView(), c = UIView()
        container.addSubview(a)
        container.addSubview(b)
        CATransaction.flush()
        UIView.transition(from: a, to: c, duration: 0.5, options: .transitionCrossDissolve, completion: nil)
        #expect(container.subviews.map(ObjectIdentifier.init) == [c, b].map(ObjectIdentifier.init))
        #expect(a.superview == nil)
        #expect(container.layer.animation(forKey: kCATransition) is CATransition)
        // Shown and hidden instead of swapped.
        UIView.transition(from: c, to: a, duration: 0.5, options: [.transitionCrossDissolve, .showHideTransitionViews],
                          completion: nil)
        #expect(a.superview == nil && c.isHidden)
    }

    @Test func hostileDurationsAnimateNothingAndStillComplete() {
        let view = committedView()
        var finished: [Bool] = []
        UIView.animate(withDuration: .nan, delay: -.infinity, options: [], animations: { view.alpha = 0.5 },
                       completion: { finished.append($0) })
        UIView.animate(withDuration: -1, animations: { view.alpha = 0.25 }, completion: { finished.append($0) })
        CATransaction.flush()
        #expect(view.layer.animationKeys() == nil)
        Evaluator.finishFrame(view.layer, at: 100.1)
        #expect(finished == [true, true])
        UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: .nan, initialSpringVelocity: .infinity,
                       options: [], animations: { view.alpha = 1 })
        CATransaction.flush()
        MediaClock.freeze(at: 100.5)
        let shown = view.layer.presentation()?.opacity ?? .nan
        #expect(shown.isFinite)
    }

    /// Two keyframes over 2 s: x moves in the first half, then y in the second (each holding until its
    /// keyframe starts), linear between keyframes: closed-form positions at a quarter and three quarters.
    @Test func keyframeBlocksAnimateEachKeyframeInItsShare() {
        let view = committedView()
        view.center = CGPoint(x: 0, y: 0)
        CATransaction.flush()
        var finished: Bool?
        // iOS code asks for a linear block this way (keyframe blocks ease in and out by default).
        let linear = UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue)
        UIView.animateKeyframes(withDuration: 2, delay: 0, options: linear, animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.center.x = 100 }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.center.y = 100 }
        }, completion: { finished = $0 })
        #expect(view.center == CGPoint(x: 100, y: 100))
        CATransaction.flush()
        func near(_ p: CGPoint?, _ q: CGPoint) -> Bool { p.map { abs($0.x - q.x) < 1e-6 && abs($0.y - q.y) < 1e-6 } ?? false }
        MediaClock.freeze(at: 100.5)
        #expect(near(view.layer.presentation()?.position, CGPoint(x: 50, y: 0)))
        MediaClock.freeze(at: 101.5)
        #expect(near(view.layer.presentation()?.position, CGPoint(x: 100, y: 50)))
        Evaluator.finishFrame(view.layer, at: 102.01)
        #expect(finished == true)
    }

    /// One key in two keyframes: out over the first quarter, held, back over the last quarter.
    @Test func aKeyInTwoKeyframesHoldsBetweenThem() {
        let view = committedView()
        let linear = UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue)
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: linear, animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) { view.alpha = 0 }
            UIView.addKeyframe(withRelativeStartTime: 0.75, relativeDuration: 0.25) { view.alpha = 1 }
        })
        CATransaction.flush()
        #expect(abs(opacity(of: view, at: 100.125) - 0.5) < 1e-6)
        #expect(abs(opacity(of: view, at: 100.5)) < 1e-6)
        #expect(abs(opacity(of: view, at: 100.875) - 0.5) < 1e-6)
        // Outside a keyframe block, a keyframe's changes are made without animation.
        UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.alpha = 0.3 }
        CATransaction.flush()
        #expect(view.layer.animationKeys() == ["opacity"])  // only the keyframe block's
        #expect(abs(opacity(of: view, at: 101.5) - 0.3) < 1e-6)
    }

    /// By default a keyframe block eases in and out over its whole duration: a single keyframe spanning it is
    /// the ease-in-out curve, half way at half time and less than a quarter of the way at a quarter.
    @Test func keyframeBlocksEaseInAndOutByDefault() {
        let view = committedView()
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: [], animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.alpha = 0 }
        })
        CATransaction.flush()
        #expect(abs(opacity(of: view, at: 100.5) - 0.5) < 1e-4)
        #expect(opacity(of: view, at: 100.25) > 0.75)
    }

    /// Apple's discrete key times: one more than the values; each value shows from its keyframe's start.
    @Test func discreteKeyframesShowEachValueFromItsStart() {
        let view = committedView()
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: [.calculationModeDiscrete], animations: {
            UIView.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.25) { view.alpha = 0.5 }
            UIView.addKeyframe(withRelativeStartTime: 0.75, relativeDuration: 0.25) { view.alpha = 0 }
        })
        CATransaction.flush()
        let animation = view.layer.animation(forKey: "opacity") as? CAKeyframeAnimation
        #expect(animation?.keyTimes?.count == (animation?.values?.count ?? 0) + 1)
        // The block's ease-in-out (the cubic Bézier through (0.42, 0) and (0.58, 1)) maps block time x to
        // keyframe time y: the block time at which y reaches `progress`, by bisection on the curve's parameter.
        func blockTime(for progress: Double) -> Double {
            func bezier(_ t: Double, _ c1: Double, _ c2: Double) -> Double {
                3 * (1 - t) * (1 - t) * t * c1 + 3 * (1 - t) * t * t * c2 + t * t * t
            }
            var low = 0.0, high = 1.0
            for _ in 0..<60 {
                let mid = (low + high) / 2
                if bezier(mid, 0, 1) < progress { low = mid } else { high = mid }
            }
            return bezier(high, 0.42, 0.58)
        }
        #expect(abs(opacity(of: view, at: 100 + blockTime(for: 0.25) - 0.02) - 1) < 1e-6)
        #expect(abs(opacity(of: view, at: 100 + blockTime(for: 0.25) + 0.02) - 0.5) < 1e-6)
        #expect(abs(opacity(of: view, at: 100 + blockTime(for: 0.75) + 0.02)) < 1e-6)
    }

    @Test func aKeyframeBlockAnimatesABackgroundFromNone() {
        let view = committedView()
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: [], animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.backgroundColor = .red }
        })
        CATransaction.flush()
        #expect(view.layer.animationKeys() == ["backgroundColor"])
    }

    /// UIKit's rules for nested blocks and switches: options inherited unless overridden,
    /// `performWithoutAnimation` and `setAnimationsEnabled(false)` stopping the blocks inside them.
    @Test func nestedBlocksInheritOptionsAndSwitchesStopThem() {
        let view = committedView()
        UIView.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse], animations: {
            UIView.animate(withDuration: 1) { view.alpha = 0 }
        })
        CATransaction.flush()
        let inherited = view.layer.animation(forKey: "opacity")
        #expect(inherited?.autoreverses == true && (inherited?.repeatCount ?? 0) > 1e6)
        view.layer.removeAllAnimations()
        UIView.performWithoutAnimation { UIView.animate(withDuration: 1) { view.alpha = 1 } }
        CATransaction.flush()
        #expect(view.layer.animationKeys() == nil)
        #expect(UIView.areAnimationsEnabled)
        UIView.setAnimationsEnabled(false)
        #expect(!UIView.areAnimationsEnabled)
        UIView.animate(withDuration: 1) { view.alpha = 0.5 }
        UIView.setAnimationsEnabled(true)
        CATransaction.flush()
        #expect(view.layer.animationKeys() == nil && view.alpha == 0.5)
    }

    /// A key set twice in one block replaces the block's own animation: the completion still hears that
    /// everything finished. Keys UIKit does not animate in blocks change at once.
    @Test func aKeySetTwiceInOneBlockStillFinishesAndOtherKeysDoNotAnimate() {
        let view = committedView()
        var finished: [Bool] = []
        UIView.animate(withDuration: 1, animations: {
            view.alpha = 0.5
            view.alpha = 0
            view.layer.borderWidth = 3
        }, completion: { finished.append($0) })
        CATransaction.flush()
        #expect(view.layer.animationKeys() == ["opacity"])
        Evaluator.finishFrame(view.layer, at: 101.01)
        #expect(finished == [true])
        #expect(UIView().isOpaque)
    }

    /// A spring nested in a shorter block comes to rest at the block's duration, not its own.
    @Test func aNestedSpringRestsAtTheInheritedDuration() {
        let view = committedView()
        UIView.animate(withDuration: 0.5, delay: 0, options: .curveLinear, animations: {
            UIView.animate(withDuration: 2, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0,
                           options: [], animations: { view.center = CGPoint(x: 105, y: 5) })
        })
        CATransaction.flush()
        let spring = view.layer.animation(forKey: "position") as? CASpringAnimation
        #expect(spring?.duration == 0.5)
        #expect(abs((spring?.settlingDuration ?? 0) - 0.5) < 0.05)
    }
}
