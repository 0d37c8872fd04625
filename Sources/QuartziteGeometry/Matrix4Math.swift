/// Row-major 4x4 helpers on `[Double]` of 16 entries, shared by the CATransform3D functions and
/// the decomposition. Kept internal: the public surface is Apple's functions.
enum Matrix4 {
    /// `a * b` in row-major storage (with row vectors: apply `a`, then `b`).
    static func multiply(_ a: [Double], _ b: [Double]) -> [Double] {
        var r = [Double](repeating: 0, count: 16)
        for i in 0..<4 {
            for j in 0..<4 {
                var s = 0.0
                for k in 0..<4 { s += a[i * 4 + k] * b[k * 4 + j] }
                r[i * 4 + j] = s
            }
        }
        return r
    }

    /// The transpose.
    static func transpose(_ a: [Double]) -> [Double] {
        var r = a
        for i in 0..<4 { for j in 0..<4 { r[i * 4 + j] = a[j * 4 + i] } }
        return r
    }

    /// The inverse by Gauss-Jordan elimination with partial pivoting, or nil when singular or not
    /// finite. The singularity threshold is relative to the largest entry so that tiny but valid
    /// scales (e.g. 1e-6) still invert.
    static func inverse(_ m: [Double]) -> [Double]? {
        guard m.count == 16, m.allSatisfy({ $0.isFinite }) else { return nil }
        let scale = m.map { abs($0) }.max() ?? 0
        guard scale > 0 else { return nil }
        var a = m
        var inv: [Double] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        for col in 0..<4 {
            var pivot = col
            for row in (col + 1)..<4 where abs(a[row * 4 + col]) > abs(a[pivot * 4 + col]) { pivot = row }
            let p = a[pivot * 4 + col]
            if abs(p) <= scale * 1e-14 { return nil }
            if pivot != col {
                for k in 0..<4 {
                    a.swapAt(pivot * 4 + k, col * 4 + k)
                    inv.swapAt(pivot * 4 + k, col * 4 + k)
                }
            }
            for k in 0..<4 { a[col * 4 + k] /= p; inv[col * 4 + k] /= p }
            for row in 0..<4 where row != col {
                let f = a[row * 4 + col]
                if f == 0 { continue }
                for k in 0..<4 {
                    a[row * 4 + k] -= f * a[col * 4 + k]
                    inv[row * 4 + k] -= f * inv[col * 4 + k]
                }
            }
        }
        return inv.allSatisfy({ $0.isFinite }) ? inv : nil
    }

    /// Determinant of the upper-left 3x3 block.
    static func determinant3(_ m: [Double]) -> Double {
        let a = m[0], b = m[1], c = m[2]
        let d = m[4], e = m[5], f = m[6]
        let g = m[8], h = m[9], i = m[10]
        return a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    }
}
