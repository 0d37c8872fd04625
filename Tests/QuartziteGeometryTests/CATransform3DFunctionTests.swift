import Foundation
import Testing
import QuartziteGeometry

@Suite struct CATransform3DFunctionTests {
    @Test func identityAndEquality() {
        #expect(CATransform3DIsIdentity(CATransform3DIdentity))
        #expect(CATransform3D.identity == CATransform3DIdentity)
        #expect(!CATransform3DIsIdentity(CATransform3DMakeTranslation(1, 0, 0)))
        #expect(CATransform3DEqualToTransform(CATransform3DMakeScale(2, 3, 4), CATransform3DMakeScale(2, 3, 4)))
        #expect(!CATransform3DEqualToTransform(CATransform3DMakeScale(2, 3, 4), CATransform3DMakeScale(2, 3, 5)))
        // Apple's C struct zero-initialises.
        #expect(entries(CATransform3D()).allSatisfy { $0 == 0 })
    }

    /// Apple's embedding of an affine transform: a b c d tx ty into m11 m12 m21 m22 m41 m42. A rotation and a
    /// translation made either way agree, and the affine part comes back out unchanged.
    @Test func affineTransformsEmbedAsApplesDo() {
        let angle = 0.7
        #expect(close(CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: angle)),
                      CATransform3DMakeRotation(angle, 0, 0, 1), 1e-12))
        #expect(CATransform3DMakeAffineTransform(CGAffineTransform(translationX: 3, y: -4)) == CATransform3DMakeTranslation(3, -4, 0))
        let m = CGAffineTransform(a: 1.5, b: 0.25, c: -0.5, d: 2, tx: 7, ty: -9)
        let t = CATransform3DMakeAffineTransform(m)
        #expect(CATransform3DIsAffine(t))
        #expect(!CATransform3DIsAffine(CATransform3DMakeRotation(0.3, 1, 0, 0)))
        #expect(CATransform3DGetAffineTransform(t) == m)
        #expect(t.m33 == 1 && t.m44 == 1 && t.m43 == 0 && t.m34 == 0)
    }

    @Test func translationLivesInRowFour() {
        let t = CATransform3DMakeTranslation(5, 6, 7)
        #expect(t.m41 == 5 && t.m42 == 6 && t.m43 == 7)
        #expect(project(t, 1, 2, 3) == SIMD3(6, 8, 10))
    }

    @Test func concatAppliesFirstArgumentFirst() {
        let translate = CATransform3DMakeTranslation(10, 0, 0)
        let scale = CATransform3DMakeScale(2, 2, 1)
        // Translate then scale: (1 + 10) * 2 = 22.
        #expect(project(CATransform3DConcat(translate, scale), 1, 0) == SIMD3(22, 0, 0))
        // Scale then translate: 1 * 2 + 10 = 12.
        #expect(project(CATransform3DConcat(scale, translate), 1, 0) == SIMD3(12, 0, 0))
        #expect(translate.concatenating(scale) == CATransform3DConcat(translate, scale))
    }

    @Test func translateScaleRotateActInLocalSpace() {
        // Apple: CATransform3DTranslate(t, ...) = translate * t, so the translation is scaled by t.
        let s = CATransform3DMakeScale(2, 2, 1)
        #expect(project(CATransform3DTranslate(s, 10, 0, 0), 0, 0) == SIMD3(20, 0, 0))
        let t = CATransform3DMakeTranslation(10, 0, 0)
        #expect(project(CATransform3DScale(t, 3, 3, 1), 1, 1) == SIMD3(13, 3, 0))
        let r = CATransform3DRotate(t, .pi / 2, 0, 0, 1)
        let p = project(r, 1, 0)
        #expect(close(p.x, 10) && close(p.y, 1))
    }

    @Test func rotationAboutZIsClockwiseOnAYDownScreen() {
        let r = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        // Apple's layout: m11 = cos, m12 = sin, m21 = -sin, m22 = cos.
        #expect(close(r.m12, 1) && close(r.m21, -1) && close(r.m11, 0))
        let p = project(r, 1, 0)
        #expect(close(p.x, 0) && close(p.y, 1))  // +x turns to +y (down): clockwise on screen
        let q = project(CATransform3DMakeRotation(.pi / 6, 0, 0, 1), 2, 0)
        #expect(close(q.x, 2 * cos(.pi / 6)) && close(q.y, 2 * sin(.pi / 6)))
    }

    @Test func rotationAboutXAndYAndAnUnnormalisedAxis() {
        let rx = project(CATransform3DMakeRotation(.pi / 2, 1, 0, 0), 0, 1, 0)
        #expect(close(rx.x, 0) && close(rx.y, 0) && close(rx.z, 1))
        let ry = project(CATransform3DMakeRotation(.pi / 2, 0, 1, 0), 0, 0, 1)
        #expect(close(ry.x, 1) && close(ry.y, 0) && close(ry.z, 0))
        // The axis is normalised: (0,0,5) is the z axis.
        #expect(close(CATransform3DMakeRotation(0.3, 0, 0, 5), CATransform3DMakeRotation(0.3, 0, 0, 1)))
        // A third of a turn about (1,1,1) cycles the axes.
        let c = project(CATransform3DMakeRotation(2 * .pi / 3, 1, 1, 1), 1, 0, 0)
        #expect(close(c.x, 0) && close(c.y, 1) && close(c.z, 0))
        // Zero axis or NaN angle: identity, as Apple.
        #expect(CATransform3DMakeRotation(1, 0, 0, 0) == CATransform3DIdentity)
        #expect(CATransform3DMakeRotation(.nan, 0, 0, 1) == CATransform3DIdentity)
    }

    @Test func inverseUndoes() {
        var m = CATransform3DMakeRotation(0.7, 1, 2, 3)
        m = CATransform3DScale(m, 2, 3, 4)
        m = CATransform3DTranslate(m, 5, -6, 7)
        m.m34 = -1.0 / 500
        let inv = CATransform3DInvert(m)
        #expect(close(CATransform3DConcat(m, inv), CATransform3DIdentity, 1e-12))
        #expect(close(CATransform3DConcat(inv, m), CATransform3DIdentity, 1e-12))
        // Tiny but valid scales still invert.
        let tiny = CATransform3DMakeScale(1e-6, 1e-6, 1)
        #expect(close(CATransform3DInvert(tiny).m11, 1e6, 1e-3))
    }

    @Test func singularOrNonFiniteInverseReturnsInput() {
        let singular = CATransform3DMakeScale(0, 1, 1)
        #expect(CATransform3DInvert(singular) == singular)
        var bad = CATransform3DIdentity
        bad.m11 = .nan
        #expect(CATransform3DInvert(bad).m11.isNaN)
        #expect(!bad.isFinite)
        #expect(CATransform3DIdentity.isFinite)
    }

    @Test func affineDetection() {
        #expect(CATransform3DMakeRotation(1, 0, 0, 1).isAffine)
        #expect(CATransform3DConcat(CATransform3DMakeScale(2, 3, 1), CATransform3DMakeTranslation(4, 5, 0)).isAffine)
        #expect(!CATransform3DMakeTranslation(0, 0, 1).isAffine)
        #expect(!CATransform3DMakeRotation(1, 1, 0, 0).isAffine)
        var p = CATransform3DIdentity
        p.m34 = -0.002
        #expect(!p.isAffine)
    }

    @Test func floatColumnsMatchAShaderMultiply() {
        var m = CATransform3DMakeRotation(0.4, 0.2, 1, 0.5)
        m = CATransform3DTranslate(m, 3, 4, 5)
        m.m34 = -0.01
        m.m14 = 0.003
        let a = m.floatColumns
        #expect(a.count == 16)
        let v: [Float] = [1.5, -2, 0.25, 1]
        // GLSL: (M * v)[row] = sum over col of a[col * 4 + row] * v[col] (column-major storage).
        for row in 0..<4 {
            let shader = (0..<4).reduce(Float(0)) { $0 + a[$1 * 4 + row] * v[$1] }
            let expected = m.apply(to: SIMD4(1.5, -2, 0.25, 1))[row]
            #expect(abs(Double(shader) - expected) < 1e-5)
        }
    }
}

@Suite struct PerspectiveAndSendableTests {
    func requireSendable<T: Sendable>(_: T.Type) {}

    @Test func perspectiveDividesByW() {
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        // A point 100 towards the viewer: w = 1 - 100/500 = 0.8, so x and y grow by 1.25.
        let r = p.apply(to: SIMD4(10, 20, 100, 1))
        #expect(abs(r.w - 0.8) < 1e-12)
        #expect(abs(r.x / r.w - 12.5) < 1e-12 && abs(r.y / r.w - 25) < 1e-12)
    }

    @Test func valueTypesAreSendable() {
        requireSendable(CATransform3D.self)
        requireSendable(DecomposedTransform3D.self)
    }
}

@Suite struct ConcatProductTests {
    @Test func concatIsTheRowMajorMatrixProduct() {
        let a = DecompositionTests.general
        var b = CATransform3DMakeRotation(1.1, -1, 0.5, 2)
        b.m14 = 0.01; b.m24 = -0.02; b.m44 = 1.5
        let ea = entries(a), eb = entries(b), ec = entries(CATransform3DConcat(a, b))
        for i in 0..<4 {
            for j in 0..<4 {
                let want = (0..<4).reduce(0.0) { $0 + ea[i * 4 + $1] * eb[$1 * 4 + j] }
                #expect(abs(ec[i * 4 + j] - want) < 1e-12)
            }
        }
    }
}
