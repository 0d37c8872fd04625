import Foundation
import QuartziteGeometry

/// |a - b| <= tol, treating two NaNs as unequal.
func close(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }

/// Entry-wise closeness of two transforms.
func close(_ a: CATransform3D, _ b: CATransform3D, _ tol: Double = 1e-9) -> Bool {
    zip(entries(a), entries(b)).allSatisfy { abs($0 - $1) <= tol }
}

/// The 16 entries row by row, written out by name so the test does not depend on internals.
func entries(_ t: CATransform3D) -> [Double] {
    [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
     t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map { Double($0) }
}

/// p * M for a 2D/3D point with w = 1, projected.
func project(_ t: CATransform3D, _ x: Double, _ y: Double, _ z: Double = 0) -> SIMD3<Double> {
    let r = t.apply(to: SIMD4(x, y, z, 1))
    return SIMD3(r.x / r.w, r.y / r.w, r.z / r.w)
}

/// `t / t.m44`: the projectively equal matrix that decomposition returns.
func normalized(_ t: CATransform3D) -> CATransform3D {
    let e = entries(t).map { $0 / Double(t.m44) }
    return CATransform3D(
        m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
        m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15])
}
