import Foundation

/// Rotation helpers shared by `CATransform3DMakeRotation`, the decomposition and the key-path
/// components. Quaternions are `(x, y, z, w)` and describe the usual column-vector rotation `R`;
/// Core Animation's row-vector matrix is its transpose, `M = Rᵀ`.
enum Rotation3 {
    /// The 4x4 row-vector matrix of a rotation by `angle` about the unit `axis`, by Rodrigues'
    /// formula with `cos(angle)`/`sin(angle)` directly so that right angles come out exact
    /// (a quaternion detour would leave 1e-16 noise in `CATransform3DMakeRotation(.pi/2, 0, 0, 1)`).
    static func rowMatrix(axis k: SIMD3<Double>, angle: Double) -> [Double] {
        let c = cos(angle), s = sin(angle), t = 1 - c
        let x = k.x, y = k.y, z = k.z
        return [
            c + t * x * x, t * x * y + s * z, t * x * z - s * y, 0,
            t * x * y - s * z, c + t * y * y, t * y * z + s * x, 0,
            t * x * z + s * y, t * y * z - s * x, c + t * z * z, 0,
            0, 0, 0, 1,
        ]
    }

    /// The column-vector rotation `R` (9 entries, row-major) of a unit quaternion.
    static func matrix(quaternion q: SIMD4<Double>) -> [Double] {
        let x = q.x, y = q.y, z = q.z, w = q.w
        return [
            1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w),
            2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w),
            2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y),
        ]
    }

    /// The unit quaternion of an orthonormal column-vector rotation `R` (9 entries, row-major), by
    /// Shepperd's method: pick the largest diagonal term so the square root never nears zero.
    static func quaternion(matrix r: [Double]) -> SIMD4<Double> {
        let trace = r[0] + r[4] + r[8]
        var q: SIMD4<Double>
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = SIMD4((r[7] - r[5]) / s, (r[2] - r[6]) / s, (r[3] - r[1]) / s, s / 4)
        } else if r[0] > r[4] && r[0] > r[8] {
            let s = (1 + r[0] - r[4] - r[8]).squareRoot() * 2
            q = SIMD4(s / 4, (r[1] + r[3]) / s, (r[2] + r[6]) / s, (r[7] - r[5]) / s)
        } else if r[4] > r[8] {
            let s = (1 + r[4] - r[0] - r[8]).squareRoot() * 2
            q = SIMD4((r[1] + r[3]) / s, s / 4, (r[5] + r[7]) / s, (r[2] - r[6]) / s)
        } else {
            let s = (1 + r[8] - r[0] - r[4]).squareRoot() * 2
            q = SIMD4((r[2] + r[6]) / s, (r[5] + r[7]) / s, s / 4, (r[3] - r[1]) / s)
        }
        let len = (q * q).sum().squareRoot()
        return len > 0 ? q / len : SIMD4(0, 0, 0, 1)
    }

    /// Euler angles `(x, y, z)` of a column-vector rotation, for the convention
    /// `R = Rz(z) · Ry(y) · Rx(x)`: the point turns about x first, then y, then z. For a pure
    /// rotation about one axis this gives that axis's angle, which is what the
    /// "transform.rotation.x/y/z" key paths must read back.
    static func eulerAngles(matrix r: [Double]) -> SIMD3<Double> {
        let sy = max(-1, min(1, -r[6]))
        let y = asin(sy)
        if abs(sy) > 1 - 1e-12 {
            // Gimbal lock: x and z turn about the same axis; put it all in z.
            return SIMD3(0, y, atan2(-r[1], r[4]))
        }
        return SIMD3(atan2(r[7], r[8]), y, atan2(r[3], r[0]))
    }

    /// The column-vector rotation `R = Rz(z) · Ry(y) · Rx(x)` (9 entries, row-major).
    static func matrix(euler e: SIMD3<Double>) -> [Double] {
        let rx = rowMatrix(axis: SIMD3(1, 0, 0), angle: e.x)
        let ry = rowMatrix(axis: SIMD3(0, 1, 0), angle: e.y)
        let rz = rowMatrix(axis: SIMD3(0, 0, 1), angle: e.z)
        // Row-vector product applies left to right: x first, then y, then z.
        let m = Matrix4.multiply(Matrix4.multiply(rx, ry), rz)
        // R is the transpose of the row-vector matrix's upper 3x3.
        return [m[0], m[4], m[8], m[1], m[5], m[9], m[2], m[6], m[10]]
    }
}
