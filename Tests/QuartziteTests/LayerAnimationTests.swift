import Foundation
import Testing
@testable import Quartzite

/// Layers, explicit and implicit animations, transactions and presentation values, with the clock frozen.
/// Expected values come from Core Animation's documented rules, worked out by hand.
@MainActor
@Suite(.serialized)
struct LayerAnimationTests {
    /// Freezes the clock at 100 and commits what is pending. Each test calls it first, in its own body: the
    /// clock is global and suites run interleaved, so a freeze in init() could be undone before the test runs.
    func freezeAt100() {
        MediaClock.freeze(at: 100)
        CATransaction.flush()
    }

    /// A layer whose creating transaction has committed, as one on screen would be.
    func committedLayer() -> CALayer {
        let layer = CALayer()
        CATransaction.flush()
        return layer
    }

    @Test func frameDerivesFromBoundsPositionAndAnchorPoint() {
        freezeAt100()
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(layer.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(layer.position == CGPoint(x: 60, y: 45))
        layer.anchorPoint = CGPoint(x: 0, y: 0)
        #expect(layer.frame.origin == CGPoint(x: 60, y: 45))
    }

    @Test func basicAnimationInterpolatesLinearlyWithoutTimingFunction() {
        freezeAt100()
        let layer = committedLayer()
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0.0
        animation.toValue = 1.0
        animation.duration = 2
        layer.add(animation, forKey: "fade")
        CATransaction.flush()  // stamps beginTime = 100 (the layer's time now)
        #expect(layer.animation(forKey: "fade")?.beginTime == 100)
        MediaClock.freeze(at: 100.5)
        #expect(abs(Double(layer.presentation()!.opacity) - 0.25) < 1e-6)
        MediaClock.freeze(at: 101.5)
        #expect(abs(Double(layer.presentation()!.opacity) - 0.75) < 1e-6)
        // After the end with fillMode .removed, the model value shows again.
        MediaClock.freeze(at: 102.5)
        #expect(layer.presentation()!.opacity == 1)
    }

    @Test func fromValueOnlyRunsToTheModelValue() {
        freezeAt100()
        // T3: a basic animation with only fromValue runs from it to the model value.
        let layer = CAShapeLayer()
        layer.strokeEnd = 1
        CATransaction.flush()
        let animation = CABasicAnimation(keyPath: "strokeEnd")
        animation.fromValue = 0
        animation.duration = 2
        layer.add(animation, forKey: nil)
        CATransaction.flush()
        MediaClock.freeze(at: 101)
        #expect(abs(layer.presentation()!.strokeEnd - 0.5) < 1e-9)
    }

    @Test func addCopiesTheAnimation() {
        freezeAt100()
        let layer = committedLayer()
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0
        animation.toValue = 1
        animation.duration = 1
        layer.add(animation, forKey: "a")
        animation.toValue = 0  // changing the original afterwards has no effect
        CATransaction.flush()
        MediaClock.freeze(at: 100.5)
        #expect(abs(Double(layer.presentation()!.opacity) - 0.5) < 1e-6)
    }

    /// The system default curve, Bézier (0, 0), (0.25, 0.1), (0.25, 1), (1, 1) as Apple documents it, at
    /// progress `x`: the curve's parameter found by bisection on x(t), then y(t).
    static func defaultCurve(_ x: Double) -> Double {
        func bezier(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        var low = 0.0, high = 1.0
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if bezier(0.25, 0.25, mid) < x { low = mid } else { high = mid }
        }
        return bezier(0.1, 1, (low + high) / 2)
    }

    /// Implicit animations last the transaction's 0.25 s on the curve Core Animation's implicit animations use
    /// (Apple's CAMediaTimingFunction header: `default`, "the curve used by implicit animations").
    @Test func implicitAnimationStartsFromTheValueOnScreenAndLasts025Seconds() {
        freezeAt100()
        let layer = committedLayer()
        layer.opacity = 0
        CATransaction.flush()
        MediaClock.freeze(at: 100.125)
        let half = Self.defaultCurve(0.5)
        #expect(abs(half - 0.8024) < 1e-3, "the curve's value half way")
        #expect(abs(Double(layer.presentation()!.opacity) - (1 - half)) < 1e-5)
        // A second change mid-flight starts from what is on screen, not from the old model value (1).
        let onScreen = 1 - half
        layer.opacity = 1
        CATransaction.flush()
        MediaClock.freeze(at: 100.25)
        #expect(abs(Double(layer.presentation()!.opacity) - (onScreen + (1 - onScreen) * half)) < 1e-5)
        MediaClock.freeze(at: 100.4)
        #expect(layer.presentation()!.opacity == 1)
    }

    /// `setAffineTransform(_:)` sets `transform` (so it animates implicitly as a transform change does) and
    /// `affineTransform()` reads its affine part back.
    @Test func affineTransformIsTheTransformsAffinePart() {
        freezeAt100()
        let layer = committedLayer()
        let turn = CGAffineTransform(rotationAngle: .pi / 2)
        layer.setAffineTransform(turn)
        #expect(layer.transform == CATransform3DMakeAffineTransform(turn))
        #expect(layer.affineTransform() == turn)
        #expect(layer.animation(forKey: "transform") != nil)
    }

    @Test func newLayersAndDisabledActionsDoNotAnimate() {
        freezeAt100()
        let fresh = CALayer()
        fresh.opacity = 0.2  // created in this transaction: no implicit animation
        #expect(fresh.animationKeys() == nil)
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        fresh.opacity = 0.7
        CATransaction.commit()
        #expect(fresh.animationKeys() == nil)
        #expect(fresh.presentation()!.opacity == Float(0.7))
    }

    @Test func nsNullActionDisablesTheImplicitAnimation() {
        freezeAt100()
        let layer = committedLayer()
        layer.actions = ["opacity": NSNull()]
        layer.opacity = 0.5
        #expect(layer.animationKeys() == nil)
        layer.position = CGPoint(x: 5, y: 5)
        #expect(layer.animationKeys() == ["position"])
    }

    @Test func transactionDurationApplies() {
        freezeAt100()
        let layer = committedLayer()
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        layer.opacity = 0
        CATransaction.commit()
        MediaClock.freeze(at: 100.5)
        #expect(abs(Double(layer.presentation()!.opacity) - (1 - Self.defaultCurve(0.5))) < 1e-5)
        // The transaction's own timing function replaces the default curve.
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        layer.position = CGPoint(x: 100, y: 0)
        CATransaction.commit()
        MediaClock.freeze(at: 101)
        #expect(abs(layer.presentation()!.position.x - 50) < 1e-6)
    }

    @Test func groupChildrenWithoutDurationTakeTheGroupsAndFollowItsTimingFunction() {
        freezeAt100()
        // T1, and the group's ease-in-ease-out warps its children's time: at half the group's duration the
        // eased fraction is exactly 0.5 (the curve is symmetric), at a quarter it is 0.129162 (LESSONS.md).
        let layer = CAShapeLayer()
        CATransaction.flush()
        let width = CABasicAnimation(keyPath: "lineWidth")
        width.fromValue = 2
        width.toValue = 102
        let group = CAAnimationGroup()
        group.animations = [width]
        group.duration = 1
        group.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        layer.add(group, forKey: "g")
        CATransaction.flush()
        MediaClock.freeze(at: 100.5)
        #expect(abs(layer.presentation()!.lineWidth - 52) < 1e-4)
        MediaClock.freeze(at: 100.25)
        #expect(abs(layer.presentation()!.lineWidth - (2 + 100 * 0.129162)) < 1e-3)
    }

    @Test func pausedLayerShowsTheFrameAtItsTimeOffset() {
        freezeAt100()
        // Seed 004: speed 0 and timeOffset = progress x duration scrub an animation.
        let layer = CALayer()
        layer.speed = 0
        CATransaction.flush()
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0
        move.toValue = 25
        move.duration = 1
        move.fillMode = .both
        move.isRemovedOnCompletion = false
        layer.add(move, forKey: "thumb")
        CATransaction.flush()
        for (progress, expected) in [(0.0, 0.0), (0.25, 6.25), (0.5, 12.5), (0.75, 18.75)] {
            layer.timeOffset = progress
            MediaClock.freeze(at: 200 + progress * 7)  // wall time does not matter while paused
            #expect(abs(layer.presentation()!.position.x - expected) < 1e-9, "progress \(progress)")
        }
    }

    @Test func additiveAnimationsStackOnTheModelValue() {
        freezeAt100()
        let layer = committedLayer()
        CATransaction.setDisableActions(true)
        layer.position = CGPoint(x: 10, y: 10)
        CATransaction.flush()
        for (key, dx) in [("a", 5.0), ("b", 7.0)] {
            let a = CABasicAnimation(keyPath: "position.x")
            a.fromValue = 0
            a.toValue = dx
            a.duration = 1
            a.isAdditive = true
            layer.add(a, forKey: key)
        }
        CATransaction.flush()
        MediaClock.freeze(at: 100.5)
        #expect(abs(layer.presentation()!.position.x - (10 + 2.5 + 3.5)) < 1e-9)
    }

    @Test func transformRotationKeyPathTurnsAFullCircle() {
        freezeAt100()
        // T4: "transform.rotation.z" from 0 to 2π passes through π at half time (a matrix lerp would not).
        let layer = committedLayer()
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = 2 * Double.pi
        spin.duration = 1
        layer.add(spin, forKey: "spin")
        CATransaction.flush()
        MediaClock.freeze(at: 100.5)
        let t = layer.presentation()!.transform
        #expect(abs(t.m11 + 1) < 1e-9 && abs(t.m22 + 1) < 1e-9)
        MediaClock.freeze(at: 100.25)
        let q = layer.presentation()!.transform
        // A quarter turn: (1, 0) maps to (0, 1) in row-vector convention.
        #expect(abs(q.m11) < 1e-9 && abs(q.m12 - 1) < 1e-9)
    }

    @Test func delegateIsToldOnceAfterTheFrameWithTheRightFlag() {
        freezeAt100()
        final class Recorder: CAAnimationDelegate {
            var stops: [(String, Bool)] = []
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
                stops.append(((anim as? CABasicAnimation)?.keyPath ?? "?", flag))
            }
        }
        let recorder = Recorder()
        let layer = committedLayer()
        let first = CABasicAnimation(keyPath: "opacity")
        first.duration = 1
        first.delegate = recorder
        layer.add(first, forKey: "k")
        CATransaction.flush()
        // Replacing it under the same key stops the first one unfinished.
        let second = CABasicAnimation(keyPath: "zPosition")
        second.duration = 1
        second.delegate = recorder
        layer.add(second, forKey: "k")
        #expect(recorder.stops.isEmpty)  // not during the frame
        Evaluator.deliverPendingEvents()
        #expect(recorder.stops.count == 1 && recorder.stops[0] == ("opacity", false))
        CATransaction.flush()
        Evaluator.finishFrame(layer, at: 100.5)
        #expect(recorder.stops.count == 1)
        Evaluator.finishFrame(layer, at: 101.0)
        Evaluator.finishFrame(layer, at: 101.5)
        #expect(recorder.stops.count == 2 && recorder.stops[1] == ("zPosition", true))
        #expect(layer.animationKeys() == nil)  // removed on completion
    }

    @Test func completionBlockRunsWhenTheTransactionsAnimationsEnd() {
        freezeAt100()
        let layer = committedLayer()
        var completed = false
        CATransaction.begin()
        CATransaction.setCompletionBlock { completed = true }
        layer.opacity = 0.5
        CATransaction.commit()
        Evaluator.finishFrame(layer, at: 100.1)
        #expect(!completed)
        Evaluator.finishFrame(layer, at: 100.3)
        #expect(completed)
    }

    @Test func badInputIsReportedNotFatal() {
        freezeAt100()
        let layer = committedLayer()
        // A key that is no property is kept, as key-value coding keeps it on Apple's platforms; a key path
        // into no property is reported.
        layer.setValue(1.0, forKeyPath: "noSuchProperty")
        #expect(layer.value(forKey: "noSuchProperty") as? Double == 1.0)
        layer.setValue(1.0, forKeyPath: "noSuch.property")
        #expect(Diagnostics.messages.contains { $0.contains("noSuch.property") })
        layer.setValue(CGPoint(x: 1, y: 2), forKeyPath: "opacity")
        #expect(layer.opacity == 1)
        #expect(Diagnostics.messages.contains { $0.contains("'opacity' takes a number") })
        let wrongType = CABasicAnimation(keyPath: "position")
        wrongType.fromValue = "left"
        wrongType.toValue = CGPoint(x: 3, y: 3)
        layer.add(wrongType, forKey: "w")
        CATransaction.flush()
        MediaClock.freeze(at: 100.1)
        #expect(layer.presentation()!.position == .zero)
        // A layer cannot mask itself, nor become its own sublayer.
        layer.mask = layer
        #expect(layer.mask == nil)
        layer.addSublayer(layer)
        #expect(layer.sublayers == nil)
    }

    @Test func convertTimeFollowsTheLayerHierarchy() {
        freezeAt100()
        let parent = CALayer(), child = CALayer()
        parent.addSublayer(child)
        parent.beginTime = 10
        parent.speed = 2
        child.timeOffset = 3
        // child local = ((t - 10) * 2) + 3
        #expect(child.convertTime(20, from: nil) == 23)
        #expect(child.convertTime(23, to: nil) == 20)
        #expect(parent.convertTime(23, from: child) == 20)
    }
}
