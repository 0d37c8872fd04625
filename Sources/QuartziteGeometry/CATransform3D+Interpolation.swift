import Foundation

extension CATransform3D {
    /// The transform a fraction of the way from `self` to `to`, interpolated by decomposition
    /// (`DecomposedTransform3D`) so a rotation turns and a scale grows, rather than entries lerping.
    ///
    /// Fraction 0 and 1 return the end points exactly. A zero scale decomposes (with no rotation of its
    /// own), so `CATransform3DMakeScale(0, 0, 1)` to the identity is the scale `f` at fraction `f`.
    /// When either end cannot be decomposed (`m44 == 0`, non-finite entries, a singular matrix that is
    /// not a scale), it steps: `self` below 0.5, `to` from 0.5 on, as CSS does.
    package func interpolated(to: CATransform3D, fraction: Double) -> CATransform3D {
        if fraction == 0 { return self }
        if fraction == 1 { return to }
        guard fraction.isFinite, let a = DecomposedTransform3D(self), let b = DecomposedTransform3D(to) else {
            return fraction < 0.5 ? self : to
        }
        return a.interpolated(to: b, fraction: fraction).matrix
    }
}
