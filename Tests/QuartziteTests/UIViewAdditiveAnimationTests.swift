import Foundation
import Testing
@testable import Quartzite

/// UIKit's additive geometry animations (iOS 8 on): a second block changing a key that is still animating
/// adds an additive animation from old − new to zero, so both run to their ends and the motions add up.
/// Expected positions are the closed-form sum of both linear animations' contributions:
/// x(T) = new + (a − b)(1 − e₁(T)) + (b − new)(1 − e₂(T)), e the linear progress of each block.
@MainActor
@Suite(.serialized)
struct UIViewAdditiveAnimationTests {
    func x(of view: UIView, at time: CFTimeInterval) -> Double {
        MediaClock.freeze(at: time)
        return Double(view.layer.presentation()?.position.x ?? .nan)
    }

    /// The linear progress of a block that began at `begin` and lasts 2 s.
    func progress(_ time: Double, begin: Double) -> Double { min(max((time - begin) / 2, 0), 1) }

    @Test func aSecondMoveBlendsWithTheFirstAndBothFinish() {
        let view = committedView()
        var first: [Bool] = [], second: [Bool] = []
        UIView.animate(withDuration: 2, delay: 0, options: .curveLinear, animations: { view.center.x = 105 },
                       completion: { first.append($0) })
        CATransaction.flush()
        MediaClock.freeze(at: 101)
        UIView.animate(withDuration: 2, delay: 0, options: .curveLinear, animations: { view.center.x = 205 },
                       completion: { second.append($0) })
        CATransaction.flush()
        #expect(view.layer.animationKeys() == ["position", "position-2"])
        #expect((view.layer.animation(forKey: "position-2") as? CABasicAnimation)?.isAdditive == true)
        for time in [101.0, 101.5, 102.0, 102.5, 102.9] {
            let expected = 205 + (5 - 105) * (1 - progress(time, begin: 100)) + (105 - 205) * (1 - progress(time, begin: 101))
            #expect(abs(x(of: view, at: time) - expected) < 1e-6, "at \(time)")
        }
        Evaluator.finishFrame(view.layer, at: 102.01)
        #expect(first == [true] && second.isEmpty)
        Evaluator.finishFrame(view.layer, at: 103.01)
        #expect(first == [true] && second == [true])
        #expect(abs(x(of: view, at: 103.5) - 205) < 1e-9)
    }

    /// Bounds and transform blend too: the closed-form sum holds for a bounds size and a translation.
    @Test func boundsAndTransformBlend() {
        let view = committedView()
        UIView.animate(withDuration: 2, delay: 0, options: .curveLinear, animations: {
            view.bounds.size.width = 30
            view.transform = CGAffineTransform(translationX: 40, y: 0)
        })
        CATransaction.flush()
        MediaClock.freeze(at: 101)
        UIView.animate(withDuration: 2, delay: 0, options: .curveLinear, animations: {
            view.bounds.size.width = 50
            view.transform = CGAffineTransform(translationX: 80, y: 0)
        })
        CATransaction.flush()
        MediaClock.freeze(at: 101.5)
        let e1 = progress(101.5, begin: 100), e2 = progress(101.5, begin: 101)
        let width = 50 + (10 - 30) * (1 - e1) + (30 - 50) * (1 - e2)
        let tx = 80 + (0 - 40) * (1 - e1) + (40 - 80) * (1 - e2)
        let shown = view.layer.presentation()
        #expect(abs(Double(shown?.bounds.width ?? 0) - width) < 1e-6)
        #expect(abs(Double(shown?.transform.m41 ?? 0) - tx) < 1e-6)
    }

    /// Opacity keeps replace semantics: the second block starts from the value on screen and the first
    /// block hears that it did not finish.
    @Test func opacityStillReplaces() {
        let view = committedView()
        var first: [Bool] = []
        UIView.animate(withDuration: 2, delay: 0, options: .curveLinear, animations: { view.alpha = 0 },
                       completion: { first.append($0) })
        CATransaction.flush()
        MediaClock.freeze(at: 101)
        UIView.animate(withDuration: 2, delay: 0, options: .curveLinear, animations: { view.alpha = 1 })
        CATransaction.flush()
        #expect(view.layer.animationKeys() == ["opacity"])
        MediaClock.freeze(at: 102)
        #expect(abs(Double(view.layer.presentation()?.opacity ?? 0) - 0.75) < 1e-6)
        Evaluator.finishFrame(view.layer, at: 102.01)
        #expect(first == [false])
    }

    /// `.beginFromCurrentState` replaces every running animation of the key, from the value on screen.
    @Test func beginFromCurrentStateReplacesTheMove() {
        let view = committedView()
        var first: [Bool] = []
        UIView.animate(withDuration: 2, delay: 0, options: .curveLinear, animations: { view.center.x = 105 },
                       completion: { first.append($0) })
        CATransaction.flush()
        MediaClock.freeze(at: 101)
        UIView.animate(withDuration: 2, delay: 0, options: [.curveLinear, .beginFromCurrentState],
                       animations: { view.center.x = 205 })
        CATransaction.flush()
        #expect(view.layer.animationKeys() == ["position"])
        #expect(abs(x(of: view, at: 102) - (55 + 150 * 0.5)) < 1e-6)
        Evaluator.finishFrame(view.layer, at: 102.01)
        #expect(first == [false])
        // A plain block over that absolute animation replaces it too, from the value on screen (130 at
        // 102): an additive one on top would jump by the difference of the two end values.
        MediaClock.freeze(at: 102)
        UIView.animate(withDuration: 2, delay: 0, options: .curveLinear, animations: { view.center.x = 5 })
        CATransaction.flush()
        #expect(view.layer.animationKeys() == ["position"])
        #expect(abs(x(of: view, at: 102) - 130) < 1e-6)
        #expect(abs(x(of: view, at: 103) - (130 - 125 * 0.5)) < 1e-6)
    }
}
