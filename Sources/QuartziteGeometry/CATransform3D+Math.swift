import Foundation

extension CATransform3D {
    /// `other` applied after `self`: the same as `CATransform3DConcat(self, other)`.
    package func concatenating(_ other: CATransform3D) -> CATransform3D {
        CATransform3DConcat(self, other)
    }

    /// True when this is a 2D affine transform embedded in 3D (only m11 m12 m21 m22 m41 m42 differ
    /// from the identity), so it can take 2D fast paths (Apple's `CATransform3DIsAffine`).
    package var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0
            && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0
            && m43 == 0 && m44 == 1
    }

    /// The row-vector product `point * self`; the result is homogeneous (divide by `w` to project).
    package func apply(to point: SIMD4<Double>) -> SIMD4<Double> {
        let m = rowMajor
        var r = SIMD4<Double>(repeating: 0)
        for j in 0..<4 {
            r[j] = point[0] * m[j] + point[1] * m[4 + j] + point[2] * m[8 + j] + point[3] * m[12 + j]
        }
        return r
    }

    /// The 16 entries as `Float`, ready for `glUniformMatrix4fv(location, 1, GL_FALSE, ptr)`.
    ///
    /// GLSL multiplies column vectors (`gl_Position = M * vec4(x, y, z, 1)`), so the GL matrix must be
    /// the transpose of ours; and GL reads the array column by column. The columns of the transpose
    /// are our rows, so this is simply our entries row by row: `m11, m12, m13, m14, m21, ..., m44`.
    /// With it, the shader's `M * v` equals `apply(to:)` of the same point.
    package var floatColumns: [Float] {
        rowMajor.map { Float($0) }
    }

    /// True when no entry is NaN or infinite; renderers skip layers whose transform is not finite.
    package var isFinite: Bool {
        rowMajor.allSatisfy { $0.isFinite }
    }
}
