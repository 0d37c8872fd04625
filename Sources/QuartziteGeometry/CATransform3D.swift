import Foundation

/// A 4x4 homogeneous transform with Core Animation's layout and conventions.
///
/// Points are row vectors multiplied on the left: `p' = p * M`. So translation lives in
/// `m41 m42 m43`, perspective in the fourth column (`m34 = -1/d` is the usual eye distance
/// trick), and `CATransform3DConcat(a, b)` = `a * b` means "apply `a`, then `b`".
public struct CATransform3D: Equatable, Sendable {
    /// Row 1, column 1.
    public var m11: CGFloat
    /// Row 1, column 2.
    public var m12: CGFloat
    /// Row 1, column 3.
    public var m13: CGFloat
    /// Row 1, column 4 (perspective input from x).
    public var m14: CGFloat
    /// Row 2, column 1.
    public var m21: CGFloat
    /// Row 2, column 2.
    public var m22: CGFloat
    /// Row 2, column 3.
    public var m23: CGFloat
    /// Row 2, column 4 (perspective input from y).
    public var m24: CGFloat
    /// Row 3, column 1.
    public var m31: CGFloat
    /// Row 3, column 2.
    public var m32: CGFloat
    /// Row 3, column 3.
    public var m33: CGFloat
    /// Row 3, column 4 (perspective: `-1/eyeDistance`).
    public var m34: CGFloat
    /// Row 4, column 1 (translation x).
    public var m41: CGFloat
    /// Row 4, column 2 (translation y).
    public var m42: CGFloat
    /// Row 4, column 3 (translation z).
    public var m43: CGFloat
    /// Row 4, column 4 (homogeneous scale).
    public var m44: CGFloat

    /// All sixteen entries, row by row (Apple's memberwise initializer).
    public init(
        m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
        m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
        m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
        m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
    ) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// The all-zero matrix, as Apple's imported C struct gives for `CATransform3D()`.
    /// Use `CATransform3DIdentity` for "no transform".
    public init() {
        self.init(rowMajor: [Double](repeating: 0, count: 16))
    }
}

/// The identity transform.
public let CATransform3DIdentity = CATransform3D(
    m11: 1, m12: 0, m13: 0, m14: 0,
    m21: 0, m22: 1, m23: 0, m24: 0,
    m31: 0, m32: 0, m33: 1, m34: 0,
    m41: 0, m42: 0, m43: 0, m44: 1
)

extension CATransform3D {
    /// The identity transform (Swift spelling of `CATransform3DIdentity`).
    public static let identity = CATransform3DIdentity

    /// Entries in row-major order as `Double`s; the internal working form, so the 4x4 algorithms
    /// are written once with indices instead of sixteen names.
    var rowMajor: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44].map { Double($0) }
    }

    /// Builds a transform from 16 row-major entries (missing entries read as identity, so a short
    /// array cannot trap).
    init(rowMajor e: [Double]) {
        func at(_ i: Int) -> CGFloat { i < e.count ? CGFloat(e[i]) : (i % 5 == 0 ? 1 : 0) }
        self.init(
            m11: at(0), m12: at(1), m13: at(2), m14: at(3),
            m21: at(4), m22: at(5), m23: at(6), m24: at(7),
            m31: at(8), m32: at(9), m33: at(10), m34: at(11),
            m41: at(12), m42: at(13), m43: at(14), m44: at(15))
    }
}
