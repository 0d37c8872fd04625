import Foundation
import Testing
import QuartziteGeometry

@Suite struct DecompositionTests {
    /// A transform with every part: scale, skew, rotation, translation, perspective.
    static var general: CATransform3D {
        var skew = CATransform3DIdentity
        skew.m21 = 0.3
        var m = CATransform3DConcat(CATransform3DMakeScale(2, 3, 4), skew)
        m = CATransform3DConcat(m, CATransform3DMakeRotation(0.7, 1, 2, 3))
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(5, -6, 7))
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        return CATransform3DConcat(m, p)
    }

    @Test func roundTripsAGeneralTransform() throws {
        let m = Self.general
        let d = try #require(DecomposedTransform3D(m))
        // m44 = 1 + 7 * m34 here, and the decomposition returns the projectively equal m / m44.
        #expect(close(m.m44, 1 - 7.0 / 500))
        #expect(close(d.matrix, normalized(m), 1e-12))
        #expect(close(d.translation.x, 5 / m.m44) && close(d.translation.z, 7 / m.m44))
        #expect(close(d.perspective.z, -1.0 / 500))
    }

    @Test func partsOfSimpleTransforms() throws {
        let s = try #require(DecomposedTransform3D(CATransform3DMakeScale(2, 3, 4)))
        #expect(s.scale == SIMD3(2, 3, 4))
        #expect(s.skew == .zero)
        let r = try #require(DecomposedTransform3D(CATransform3DMakeRotation(.pi / 2, 0, 0, 1)))
        // Quaternion of a quarter turn about z: (0, 0, sin 45°, cos 45°).
        #expect(close(r.quaternion.z, sqrt(0.5)) && close(r.quaternion.w, sqrt(0.5)))
        #expect(close(r.scale.x, 1) && close(r.scale.y, 1))
    }

    @Test func reflectionIsANegativeXScale() throws {
        let flip = CATransform3DMakeScale(-1, 1, 1)
        let d = try #require(DecomposedTransform3D(flip))
        #expect(close(d.scale.x, -1) && close(d.scale.y, 1) && close(d.scale.z, 1))
        #expect(close(d.matrix, flip))
        let flipY = CATransform3DMakeScale(1, -2, 1)
        #expect(close(try #require(DecomposedTransform3D(flipY)).matrix, flipY))
        // Reflection with skew and rotation also round-trips.
        var m = Self.general
        m = CATransform3DConcat(CATransform3DMakeScale(1, 1, -1), m)
        #expect(close(try #require(DecomposedTransform3D(m)).matrix, normalized(m), 1e-12))
    }

    @Test func homogeneousScaleIsNormalisedAway() throws {
        var m = CATransform3DMakeTranslation(2, 4, 0)
        m = CATransform3D(
            m11: 2, m12: 0, m13: 0, m14: 0, m21: 0, m22: 2, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 2, m34: 0, m41: 4, m42: 8, m43: 0, m44: 2)
        let d = try #require(DecomposedTransform3D(m))
        #expect(close(d.matrix, CATransform3DMakeTranslation(2, 4, 0)))
    }

    @Test func undecomposableTransforms() {
        // Singular without being a scale: the y row lies along the x row.
        var sheared = CATransform3DIdentity
        sheared.m21 = 1; sheared.m22 = 0
        #expect(DecomposedTransform3D(sheared) == nil)
        var perspectiveOverZero = CATransform3DMakeScale(0, 0, 1)
        perspectiveOverZero.m34 = -1.0 / 500
        #expect(DecomposedTransform3D(perspectiveOverZero) == nil)
        #expect(DecomposedTransform3D(CATransform3D()) == nil)
        var nan = CATransform3DIdentity
        nan.m42 = .nan
        #expect(DecomposedTransform3D(nan) == nil)
        var inf = CATransform3DIdentity
        inf.m11 = .infinity
        #expect(DecomposedTransform3D(inf) == nil)
    }

    @Test func zeroScaleDecomposesWithoutRotation() throws {
        let flat = try #require(DecomposedTransform3D(CATransform3DMakeScale(0, 0, 1)))
        #expect(flat.scale == SIMD3(0, 0, 1))
        #expect(flat.quaternion == SIMD4(0, 0, 0, 1))
        #expect(flat.skew == .zero)
        let point = try #require(DecomposedTransform3D(CATransform3DMakeScale(0, 0, 0)))
        #expect(point.scale == .zero && point.quaternion == SIMD4(0, 0, 0, 1))
        let moved = CATransform3DTranslate(CATransform3DMakeScale(0, 2, 1), 5, 6, 7)
        let d = try #require(DecomposedTransform3D(moved))
        #expect(close(d.matrix, moved, 1e-12))
    }

    @Test func zeroScaleUnderARotationKeepsTheRotationTheOtherRowsShow() throws {
        // x squashed to nothing, then turned 30 degrees about z: the y and z rows still show the turn.
        let m = CATransform3DConcat(CATransform3DMakeScale(0, 1, 1), CATransform3DMakeRotation(.pi / 6, 0, 0, 1))
        let d = try #require(DecomposedTransform3D(m))
        #expect(close(d.matrix, m, 1e-12))
        #expect(close(d.scale.x, 0) && close(d.scale.y, 1) && close(d.scale.z, 1))
        #expect(close(Double(m.value(forComponent: "rotation.z") ?? 0), .pi / 6, 1e-12))
        // Only the z row left: the rotation that completes it is the smallest one.
        let tilted = CATransform3DConcat(CATransform3DMakeScale(0, 0, 1), CATransform3DMakeRotation(.pi / 3, 1, 0, 0))
        #expect(close(try #require(DecomposedTransform3D(tilted)).matrix, tilted, 1e-12))
    }
}
