import Foundation

/// Decomposition into translation, scale, skew, perspective and a rotation quaternion (as Core
/// Animation / CSS transforms do), and interpolation by decomposition — never matrix lerp.
///
/// The matrix is rebuilt (row vectors, applied left to right) as
/// `scale · skew · rotation · translation · perspective`, where the upper 3x3 is
/// `diag(scale) · L · Rᵀ` with `L = [[1,0,0],[skew.xy,1,0],[skew.xz,skew.yz,1]]`, and the
/// perspective matrix is the identity with its fourth column replaced by `perspective`.
/// A reflection is carried by a negative `scale.x` (not by negating all three scales as CSS
/// does), so a 2D flip animates as a flat squash instead of a turn through 3D.
package struct DecomposedTransform3D: Equatable, Sendable {
    /// Translation (m41, m42, m43 of the normalised matrix).
    package var translation: SIMD3<Double>
    /// Scale along x, y and z; `scale.x` is negative for a reflection.
    package var scale: SIMD3<Double>
    /// Shear factors xy, xz and yz.
    package var skew: SIMD3<Double>
    /// The fourth column of the perspective part; `(0, 0, 0, 1)` when there is no perspective.
    package var perspective: SIMD4<Double>
    /// Unit rotation quaternion `(x, y, z, w)`.
    package var quaternion: SIMD4<Double>

    /// A decomposition from its parts (no validation: the caller owns the meaning).
    package init(
        translation: SIMD3<Double> = .zero, scale: SIMD3<Double> = .one, skew: SIMD3<Double> = .zero,
        perspective: SIMD4<Double> = SIMD4(0, 0, 0, 1), quaternion: SIMD4<Double> = SIMD4(0, 0, 0, 1)
    ) {
        self.translation = translation
        self.scale = scale
        self.skew = skew
        self.perspective = perspective
        self.quaternion = quaternion
    }

    /// Decomposes `m`; nil when it cannot be (non-finite entries, `m44 == 0`, perspective over a
    /// singular upper 3x3, or a singular upper 3x3 that is not a scale with some axes zero, such as
    /// two parallel rows). The matrix is first divided by `m44`, so `matrix` returns that normalised
    /// (projectively equal) form.
    ///
    /// A zero scale on some axes (`CATransform3DMakeScale(0, 0, 1)`, the start of a "pop in")
    /// decomposes with that scale zero: the rotation is what the non-zero rows show, completed to the
    /// nearest rotation, and the identity when no row shows one. So it interpolates as a scale a hair
    /// above zero would, growing smoothly instead of stepping.
    package init?(_ m: CATransform3D) {
        var e = m.rowMajor
        guard e.allSatisfy({ $0.isFinite }), e[15] != 0 else { return nil }
        let w = e[15]
        for i in 0..<16 { e[i] /= w }

        // The affine part: our matrix with its fourth column replaced by (0, 0, 0, 1).
        var affine = e
        affine[3] = 0; affine[7] = 0; affine[11] = 0; affine[15] = 1

        // m = affine * P, where P is the identity with column 4 = p; so affine * p = column 4 of m.
        if e[3] != 0 || e[7] != 0 || e[11] != 0 || e[15] != 1 {
            let det = Matrix4.determinant3(affine)
            guard det.isFinite, abs(det) > 1e-12, let inv = Matrix4.inverse(affine) else { return nil }
            let c = [e[3], e[7], e[11], e[15]]
            var p = SIMD4<Double>(repeating: 0)
            for i in 0..<4 { p[i] = (0..<4).reduce(0) { $0 + inv[i * 4 + $1] * c[$1] } }
            perspective = p
        } else {
            perspective = SIMD4(0, 0, 0, 1)
        }
        translation = SIMD3(e[12], e[13], e[14])

        let rows = [SIMD3(e[0], e[1], e[2]), SIMD3(e[4], e[5], e[6]), SIMD3(e[8], e[9], e[10])]
        guard let parts = LinearParts(rows: rows) else { return nil }
        scale = parts.scale
        skew = parts.skew
        // Rows q0 q1 q2 are the row-vector rotation Rᵀ; the quaternion describes R.
        let (r0, r1, r2) = (parts.basis[0], parts.basis[1], parts.basis[2])
        quaternion = Rotation3.quaternion(matrix: [r0.x, r1.x, r2.x, r0.y, r1.y, r2.y, r0.z, r1.z, r2.z])
    }

    /// The transform these parts describe.
    package var matrix: CATransform3D {
        let r = Rotation3.matrix(quaternion: quaternion)
        // Row-vector rotation rows are the columns of R.
        let q0 = SIMD3(r[0], r[3], r[6]), q1 = SIMD3(r[1], r[4], r[7]), q2 = SIMD3(r[2], r[5], r[8])
        let a0 = scale.x * q0
        let a1 = scale.y * (q1 + skew.x * q0)
        let a2 = scale.z * (q2 + skew.y * q0 + skew.z * q1)
        let affine: [Double] = [
            a0.x, a0.y, a0.z, 0,
            a1.x, a1.y, a1.z, 0,
            a2.x, a2.y, a2.z, 0,
            translation.x, translation.y, translation.z, 1,
        ]
        if perspective == SIMD4(0, 0, 0, 1) { return CATransform3D(rowMajor: affine) }
        var p: [Double] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        p[3] = perspective.x; p[7] = perspective.y; p[11] = perspective.z; p[15] = perspective.w
        return CATransform3D(rowMajor: Matrix4.multiply(affine, p))
    }

    /// Component-wise interpolation, with spherical interpolation (shortest arc) of the rotation.
    /// Fractions outside 0...1 extrapolate, for overshooting timing functions and springs.
    package func interpolated(to other: DecomposedTransform3D, fraction t: Double) -> DecomposedTransform3D {
        DecomposedTransform3D(
            translation: translation + (other.translation - translation) * t,
            scale: scale + (other.scale - scale) * t,
            skew: skew + (other.skew - skew) * t,
            perspective: perspective + (other.perspective - perspective) * t,
            quaternion: Self.slerp(quaternion, other.quaternion, t))
    }

    static func slerp(_ a: SIMD4<Double>, _ b0: SIMD4<Double>, _ t: Double) -> SIMD4<Double> {
        var b = b0
        var d = dot4(a, b)
        // q and -q are the same rotation: take the shorter way round.
        if d < 0 { b = -b; d = -d }
        var q: SIMD4<Double>
        if d > 0.9995 {
            // Nearly parallel: sin(theta) ~ 0, so lerp and renormalise instead.
            q = a + (b - a) * t
        } else {
            let theta = acos(min(1, d))
            let s = sin(theta)
            q = a * (sin((1 - t) * theta) / s) + b * (sin(t * theta) / s)
        }
        let len = dot4(q, q).squareRoot()
        return len > 0 && len.isFinite ? q / len : SIMD4(0, 0, 0, 1)
    }

    static func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
    static func dot4(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> Double { (a * b).sum() }
    static func length(_ a: SIMD3<Double>) -> Double { dot(a, a).squareRoot() }
    static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }
}
