import Foundation
import Testing
import QuartziteGeometry

@Suite struct InterpolationTests {
    @Test func rotationHalfwayIsHalfTheAngleNotAShrunkenLerp() {
        let a = CATransform3DIdentity
        let b = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let mid = a.interpolated(to: b, fraction: 0.5)
        #expect(close(mid, CATransform3DMakeRotation(.pi / 4, 0, 0, 1), 1e-12))
        // A matrix lerp would give m11 = 0.5, a shrunk, skewed square.
        #expect(close(mid.m11, cos(.pi / 4)))
        #expect(close(Double(mid.value(forComponent: "rotation.z") ?? 0), .pi / 4))
    }

    @Test func scaleHalfwayIsTheMean() {
        let mid = CATransform3DIdentity.interpolated(to: CATransform3DMakeScale(3, 3, 1), fraction: 0.5)
        #expect(close(mid, CATransform3DMakeScale(2, 2, 1)))
    }

    @Test func translationRotationAndScaleTogether() {
        let a = CATransform3DMakeTranslation(0, 0, 0)
        var b = CATransform3DMakeScale(3, 3, 1)
        b = CATransform3DConcat(b, CATransform3DMakeRotation(.pi / 2, 0, 0, 1))
        b = CATransform3DConcat(b, CATransform3DMakeTranslation(100, 50, 0))
        let mid = a.interpolated(to: b, fraction: 0.25)
        var expected = CATransform3DMakeScale(1.5, 1.5, 1)
        expected = CATransform3DConcat(expected, CATransform3DMakeRotation(.pi / 8, 0, 0, 1))
        expected = CATransform3DConcat(expected, CATransform3DMakeTranslation(25, 12.5, 0))
        #expect(close(mid, expected, 1e-12))
    }

    @Test func endpointsAreExact() {
        let a = DecompositionTests.general
        let b = CATransform3DMakeRotation(2, 0, 1, 0)
        #expect(a.interpolated(to: b, fraction: 0) == a)
        #expect(a.interpolated(to: b, fraction: 1) == b)
    }

    @Test func takesTheShortWayRound() {
        // 350° is -10°: halfway from 0 is -5°, not 175°.
        let mid = CATransform3DIdentity.interpolated(
            to: CATransform3DMakeRotation(350 * .pi / 180, 0, 0, 1), fraction: 0.5)
        #expect(close(mid, CATransform3DMakeRotation(-5 * .pi / 180, 0, 0, 1), 1e-12))
    }

    @Test func aFullTurnIsTheIdentityMatrixSoItCannotAnimateAsAMatrix() {
        // The reason "transform.rotation.z" animations interpolate the scalar angle instead.
        let full = CATransform3DMakeRotation(2 * .pi, 0, 0, 1)
        #expect(close(full, CATransform3DIdentity, 1e-12))
        #expect(close(CATransform3DIdentity.interpolated(to: full, fraction: 0.5), CATransform3DIdentity, 1e-12))
        // The scalar route: the angle at 0.5 is π; set it as a component.
        let viaScalar = CATransform3DIdentity.settingValue(.pi, forComponent: "rotation.z")
        #expect(viaScalar.map { close($0, CATransform3DMakeRotation(.pi, 0, 0, 1), 1e-12) } == true)
    }

    @Test func overshootExtrapolates() {
        let v = CATransform3DIdentity.interpolated(to: CATransform3DMakeScale(3, 3, 1), fraction: 1.5)
        #expect(close(v.m11, 4) && close(v.m22, 4))
    }

    @Test func undecomposableStepsAtHalf() {
        // Singular without being a scale (the y row lies along the x row) cannot be decomposed.
        var a = CATransform3DIdentity
        a.m21 = 1; a.m22 = 0
        let b = CATransform3DMakeScale(2, 2, 1)
        #expect(a.interpolated(to: b, fraction: 0.49) == a)
        #expect(a.interpolated(to: b, fraction: 0.5) == b)
        #expect(b.interpolated(to: a, fraction: 0.7) == a)
        #expect(b.interpolated(to: CATransform3DIdentity, fraction: .nan) == CATransform3DIdentity)
    }

    @Test func perspectiveInterpolates() {
        var b = CATransform3DIdentity
        b.m34 = -1.0 / 500
        let mid = CATransform3DIdentity.interpolated(to: b, fraction: 0.5)
        #expect(close(mid.m34, -1.0 / 1000))
    }

    @Test func zeroScaleGrowsLinearly() {
        let zero = CATransform3DMakeScale(0, 0, 1)
        for f in [0.1, 0.25, 0.49, 0.5, 0.75, 0.9] {
            #expect(close(zero.interpolated(to: CATransform3DIdentity, fraction: f), CATransform3DMakeScale(f, f, 1), 1e-12))
            #expect(close(CATransform3DIdentity.interpolated(to: zero, fraction: f),
                          CATransform3DMakeScale(1 - f, 1 - f, 1), 1e-12))
            #expect(close(CATransform3DMakeScale(0, 0, 0).interpolated(to: CATransform3DIdentity, fraction: f),
                          CATransform3DMakeScale(f, f, f), 1e-12))
        }
    }

    @Test func zeroScaleTowardsARotationTurnsAsItGrows() {
        // The zero end has no rotation of its own, so the turn runs from 0 as the scale grows from 0.
        let zero = CATransform3DMakeScale(0, 0, 1)
        let turned = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        for f in [0.25, 0.5, 0.8] {
            let expected = CATransform3DRotate(CATransform3DMakeScale(f, f, 1), f * .pi / 2, 0, 0, 1)
            #expect(close(zero.interpolated(to: turned, fraction: f), expected, 1e-12))
        }
    }
}
