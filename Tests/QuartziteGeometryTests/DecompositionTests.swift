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
        #expect(DecomposedTransform3D(CATransform3DMakeScale(0, 1, 1)) == nil)
        #expect(DecomposedTransform3D(CATransform3D()) == nil)
        var nan = CATransform3DIdentity
        nan.m42 = .nan
        #expect(DecomposedTransform3D(nan) == nil)
        var inf = CATransform3DIdentity
        inf.m11 = .infinity
        #expect(DecomposedTransform3D(inf) == nil)
    }
}
