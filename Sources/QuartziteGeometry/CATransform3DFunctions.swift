import Foundation

/// A translation by `(tx, ty, tz)`.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m41 = tx; t.m42 = ty; t.m43 = tz
    return t
}

/// A scale by `(sx, sy, sz)`.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m11 = sx; t.m22 = sy; t.m33 = sz
    return t
}

/// A rotation by `angle` radians about the axis `(x, y, z)` (normalised here).
///
/// Same matrix as Apple's: for the z axis `m12 = sin`, `m21 = -sin`, so with y pointing down a
/// positive angle turns clockwise on screen. A zero-length or non-finite axis gives the identity,
/// as Apple does.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    let ax = Double(x), ay = Double(y), az = Double(z), a = Double(angle)
    let len = (ax * ax + ay * ay + az * az).squareRoot()
    guard len > 0, len.isFinite, a.isFinite else { return CATransform3DIdentity }
    let r = Rotation3.rowMatrix(axis: SIMD3(ax / len, ay / len, az / len), angle: a)
    return CATransform3D(rowMajor: r)
}

/// `b` applied after `a` (Apple's `CATransform3DConcat`: the matrix product `a * b`).
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    // Written out entry by entry: this runs for every layer every frame, so no array allocation.
    CATransform3D(
        m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
        m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
        m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
        m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
        m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
        m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
        m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
        m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
        m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
        m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
        m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
        m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
        m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
        m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
        m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
        m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
}

/// `t` preceded by a translation: `translate(tx, ty, tz) * t` (Apple's order, so the translation
/// happens in `t`'s local space).
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeTranslation(tx, ty, tz), t)
}

/// `t` preceded by a scale: `scale(sx, sy, sz) * t` (Apple's order).
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeScale(sx, sy, sz), t)
}

/// `t` preceded by a rotation: `rotation(angle, x, y, z) * t` (Apple's order).
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)
}

/// The inverse of `t`; `t` itself when it is singular or not finite (Apple's documented behaviour).
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    guard let inv = Matrix4.inverse(t.rowMajor) else { return t }
    return CATransform3D(rowMajor: inv)
}

/// True when `t` is exactly the identity.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool {
    t == CATransform3DIdentity
}

/// True when every entry of `a` equals the matching entry of `b` exactly.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
    a == b
}

/// The 3D transform that does what the affine transform `m` does in the plane (Apple's
/// `CATransform3DMakeAffineTransform`): a b c d in m11 m12 m21 m22, the translation in m41 m42.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m11 = m.a; t.m12 = m.b; t.m21 = m.c; t.m22 = m.d; t.m41 = m.tx; t.m42 = m.ty
    return t
}

/// The affine part of `t` (Apple's `CATransform3DGetAffineTransform`): meaningful when `t.isAffine`.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}

/// Whether `t` is a 2D affine transform embedded in 3D (Apple's `CATransform3DIsAffine`; see `isAffine`).
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool { t.isAffine }
