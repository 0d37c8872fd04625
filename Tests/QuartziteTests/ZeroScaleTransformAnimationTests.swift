import Foundation
import Testing
@testable import Quartzite

/// A "transform" animation to or from a zero scale (the usual pop in and pop out) grows and shrinks
/// smoothly, as on iOS: the zero scale decomposes with no rotation of its own, so at fraction f of a
/// linear animation from scale 0 to scale 1 the layer is at scale f. Expected values are closed form.
@MainActor
@Suite(.serialized)
struct ZeroScaleTransformAnimationTests {
    /// The presentation transform of a fresh layer running a one-second linear `transform` animation
    /// from `from` to `to`, at each of `times` seconds after it starts.
    func presented(from: CATransform3D, to: CATransform3D, at times: [Double]) -> [CATransform3D] {
        MediaClock.freeze(at: 100)
        CATransaction.flush()
        let layer = CALayer()
        CATransaction.flush()
        let pop = CABasicAnimation(keyPath: "transform")
        pop.fromValue = from
        pop.toValue = to
        pop.duration = 1
        pop.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.add(pop, forKey: "pop")
        CATransaction.flush()
        return times.map { t in
            MediaClock.freeze(at: 100 + t)
            return layer.presentation()?.transform ?? CATransform3DIdentity
        }
    }

    func close(_ a: CATransform3D, _ b: CATransform3D, _ tol: Double = 1e-9) -> Bool {
        let ea = [a.m11, a.m12, a.m13, a.m14, a.m21, a.m22, a.m23, a.m24,
                  a.m31, a.m32, a.m33, a.m34, a.m41, a.m42, a.m43, a.m44]
        let eb = [b.m11, b.m12, b.m13, b.m14, b.m21, b.m22, b.m23, b.m24,
                  b.m31, b.m32, b.m33, b.m34, b.m41, b.m42, b.m43, b.m44]
        return zip(ea, eb).allSatisfy { abs(Double($0) - Double($1)) <= tol }
    }

    let times = [0.1, 0.25, 0.45, 0.5, 0.55, 0.75, 0.9]

    @Test func popInFromZeroScaleGrowsLinearly() {
        let values = presented(from: CATransform3DMakeScale(0, 0, 1), to: CATransform3DIdentity, at: times)
        for (t, value) in zip(times, values) {
            #expect(close(value, CATransform3DMakeScale(t, t, 1)), "t = \(t)")
        }
    }

    @Test func popOutToZeroScaleShrinksLinearly() {
        let values = presented(from: CATransform3DIdentity, to: CATransform3DMakeScale(0, 0, 1), at: times)
        for (t, value) in zip(times, values) {
            #expect(close(value, CATransform3DMakeScale(1 - t, 1 - t, 1)), "t = \(t)")
        }
    }

    @Test func zeroScaleInThreeDimensionsGrowsOnEveryAxis() {
        let values = presented(from: CATransform3DMakeScale(0, 0, 0), to: CATransform3DMakeScale(2, 2, 2), at: times)
        for (t, value) in zip(times, values) {
            #expect(close(value, CATransform3DMakeScale(2 * t, 2 * t, 2 * t)), "t = \(t)")
        }
    }

    @Test func zeroScaleWithATranslationMovesAndGrows() {
        // Scale then translate (row vectors): the translation row is (40, -20, 0) at the zero end.
        let from = CATransform3DConcat(CATransform3DMakeScale(0, 0, 1), CATransform3DMakeTranslation(40, -20, 0))
        let values = presented(from: from, to: CATransform3DIdentity, at: times)
        for (t, value) in zip(times, values) {
            let expected = CATransform3DConcat(
                CATransform3DMakeScale(t, t, 1), CATransform3DMakeTranslation(40 * (1 - t), -20 * (1 - t), 0))
            #expect(close(value, expected), "t = \(t)")
        }
    }

    @Test func zeroScaleTowardsARotationTurnsAsForAnyOtherScale() {
        // The rotation interpolates as between any two decomposable transforms: from none to a
        // quarter turn, while the scale grows from 0 to 1.
        let values = presented(
            from: CATransform3DMakeScale(0, 0, 1), to: CATransform3DMakeRotation(.pi / 2, 0, 0, 1), at: times)
        for (t, value) in zip(times, values) {
            let expected = CATransform3DConcat(
                CATransform3DMakeScale(t, t, 1), CATransform3DMakeRotation(t * .pi / 2, 0, 0, 1))
            #expect(close(value, expected), "t = \(t)")
        }
    }
}
