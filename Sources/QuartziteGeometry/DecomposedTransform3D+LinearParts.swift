import Foundation

extension DecomposedTransform3D {
    /// The upper 3x3 of a transform split into scale, skew and an orthonormal right-handed basis (the
    /// rows of the row-vector rotation), by Gram-Schmidt on the rows in order:
    /// row i = `scale[i] · (basis[i] + the skews along the earlier basis rows)`.
    ///
    /// A row of (near) zero length is a zero scale on that axis: it takes no part in the
    /// orthogonalisation, and its basis row is completed afterwards from the others (a cross product
    /// when two are known, the smallest rotation taking the axis to the one known row, the identity
    /// when none is), so a zero scale never invents a rotation. A non-zero row that lies in the span of
    /// the earlier rows (a singular matrix that is not a scale) has no decomposition.
    struct LinearParts {
        /// Scale along x, y and z; `scale.x` is negative for a reflection.
        var scale = SIMD3<Double>.zero
        /// Shear factors xy, xz and yz.
        var skew = SIMD3<Double>.zero
        /// The three orthonormal rows, right-handed.
        var basis: [SIMD3<Double>]

        /// A row no longer than this is a zero scale; the length is absolute, as the entries are.
        static let zeroRowLength = 1e-12
        /// A row that keeps less than this part of its length once the earlier rows are taken out of it
        /// lies in their span.
        static let dependentRowRatio = 1e-9

        /// Splits `rows` (three rows of the upper 3x3); nil when they are not finite or not a scale of
        /// independent rows.
        init?(rows: [SIMD3<Double>]) {
            var known: [SIMD3<Double>?] = [nil, nil, nil]
            for i in 0..<3 {
                let original = DecomposedTransform3D.length(rows[i])
                guard original.isFinite else { return nil }
                guard original > Self.zeroRowLength else { continue }
                // Modified Gram-Schmidt: each projection is taken from what the previous ones left.
                var r = rows[i]
                var along = SIMD3<Double>.zero
                for j in 0..<i {
                    guard let q = known[j] else { continue }
                    along[j] = DecomposedTransform3D.dot(q, r)
                    r -= along[j] * q
                }
                let length = DecomposedTransform3D.length(r)
                guard length > Self.dependentRowRatio * original else { return nil }
                scale[i] = length
                known[i] = r / length
                if i == 1 { skew.x = along[0] / length }
                if i == 2 { skew.y = along[0] / length; skew.z = along[1] / length }
            }
            basis = Self.completed(known, scale: &scale)
            if known.allSatisfy({ $0 != nil }),
               DecomposedTransform3D.dot(basis[0], DecomposedTransform3D.cross(basis[1], basis[2])) < 0 {
                // A reflection: flip x only. Row 1 is s1*(q1 + kxy*q0) and row 2 has kxz*q0, so
                // negating q0 needs those two skews negated too.
                scale.x = -scale.x; basis[0] = -basis[0]; skew.x = -skew.x; skew.y = -skew.y
            }
            guard scale.x.isFinite, scale.y.isFinite, scale.z.isFinite,
                  skew.x.isFinite, skew.y.isFinite, skew.z.isFinite else { return nil }
        }

        /// The known orthonormal rows with the missing ones filled in to a right-handed basis. A lone
        /// known row pointing away from its axis is turned round with its scale negated, so the rotation
        /// that completes it is less than a half turn and unambiguous.
        static func completed(_ known: [SIMD3<Double>?], scale: inout SIMD3<Double>) -> [SIMD3<Double>] {
            let axes = [SIMD3<Double>(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)]
            let present = (0..<3).filter { known[$0] != nil }
            switch present.count {
            case 3:
                return known.map { $0 ?? .zero }
            case 2:
                var basis = known.map { $0 ?? .zero }
                let missing = (0..<3).first { known[$0] == nil } ?? 0
                basis[missing] = DecomposedTransform3D.cross(basis[(missing + 1) % 3], basis[(missing + 2) % 3])
                return basis
            case 1:
                let i = present[0]
                var u = known[i] ?? axes[i]
                if DecomposedTransform3D.dot(u, axes[i]) < 0 { u = -u; scale[i] = -scale[i] }
                return axes.map { rotation(taking: axes[i], to: u, applyingTo: $0) }
            default:
                return axes
            }
        }

        /// `v` turned by the smallest rotation taking unit `a` to unit `b` (Rodrigues' formula with
        /// w = a × b and c = a · b ≥ 0: v + w × v + w × (w × v) / (1 + c)).
        static func rotation(taking a: SIMD3<Double>, to b: SIMD3<Double>, applyingTo v: SIMD3<Double>) -> SIMD3<Double> {
            let w = DecomposedTransform3D.cross(a, b)
            let c = DecomposedTransform3D.dot(a, b)
            let wv = DecomposedTransform3D.cross(w, v)
            return v + wv + DecomposedTransform3D.cross(w, wv) / (1 + c)
        }
    }
}
