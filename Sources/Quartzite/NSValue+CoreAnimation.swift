import Foundation

/// The `NSValue` wrappers that Core Animation and UIKit add on Apple's platforms, for code that boxes its
/// animation values (`NSValue(caTransform3D:)`, `NSValue(cgPoint:)`, ...).
///
/// Foundation on Linux boxes points, sizes and rects itself (`NSValue(point:)`, `pointValue`), so the
/// `cg` spellings use those. It cannot box a struct encoding such as `{CATransform3D=...}`, so transforms
/// are boxed as arrays of doubles (`[16d]`, `[6d]`). A read of the wrong kind (`cgPointValue` of a boxed
/// size) reports the mismatch and returns the kind's zero or identity, where Foundation would trap.
extension NSValue {
    /// The Objective-C type encoding Foundation gives a boxed `CGPoint`.
    static let pointEncoding = String(cString: NSValue(point: .zero).objCType)
    /// The Objective-C type encoding Foundation gives a boxed `CGSize`.
    static let sizeEncoding = String(cString: NSValue(size: .zero).objCType)
    /// The Objective-C type encoding Foundation gives a boxed `CGRect`.
    static let rectEncoding = String(cString: NSValue(rect: .zero).objCType)
    /// The encoding of a boxed `CATransform3D`: its 16 entries, row by row.
    static let transform3DEncoding = "[16d]"
    /// The encoding of a boxed `CGAffineTransform`: a, b, c, d, tx, ty.
    static let affineTransformEncoding = "[6d]"

    /// The type encoding of this value as a Swift string.
    var encoding: String { String(cString: objCType) }

    /// Boxes a 3D transform.
    public convenience init(caTransform3D t: CATransform3D) {
        let entries = [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                       t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map { Double($0) }
        self.init(doubles: entries, encoding: NSValue.transform3DEncoding)
    }

    /// The boxed 3D transform; the identity (with a message) when the value holds something else.
    public var caTransform3DValue: CATransform3D {
        guard let e = doubles(count: 16, encoding: NSValue.transform3DEncoding, reading: "caTransform3DValue",
                              fallback: "the identity") else { return CATransform3DIdentity }
        return CATransform3D(m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6],
                             m24: e[7], m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13],
                             m43: e[14], m44: e[15])
    }

    /// Boxes an affine transform.
    public convenience init(cgAffineTransform t: CGAffineTransform) {
        self.init(doubles: [t.a, t.b, t.c, t.d, t.tx, t.ty].map { Double($0) },
                  encoding: NSValue.affineTransformEncoding)
    }

    /// The boxed affine transform; the identity (with a message) when the value holds something else.
    public var cgAffineTransformValue: CGAffineTransform {
        guard let e = doubles(count: 6, encoding: NSValue.affineTransformEncoding, reading: "cgAffineTransformValue",
                              fallback: "the identity") else { return .identity }
        return CGAffineTransform(a: e[0], b: e[1], c: e[2], d: e[3], tx: e[4], ty: e[5])
    }

    /// Boxes a point (Foundation's `NSValue(point:)`).
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }

    /// The boxed point; `.zero` (with a message) when the value holds something else.
    public var cgPointValue: CGPoint {
        guard holds(NSValue.pointEncoding, reading: "cgPointValue", fallback: "(0, 0)") else { return .zero }
        return pointValue
    }

    /// Boxes a size (Foundation's `NSValue(size:)`).
    public convenience init(cgSize size: CGSize) { self.init(size: size) }

    /// The boxed size; `.zero` (with a message) when the value holds something else.
    public var cgSizeValue: CGSize {
        guard holds(NSValue.sizeEncoding, reading: "cgSizeValue", fallback: "a zero size") else { return .zero }
        return sizeValue
    }

    /// Boxes a rectangle (Foundation's `NSValue(rect:)`).
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }

    /// The boxed rectangle; `.zero` (with a message) when the value holds something else.
    public var cgRectValue: CGRect {
        guard holds(NSValue.rectEncoding, reading: "cgRectValue", fallback: "a zero rectangle") else { return .zero }
        return rectValue
    }

    /// Boxes `doubles` under `encoding` (an array encoding such as `[16d]` of the same count).
    private convenience init(doubles: [Double], encoding: String) {
        let buffer = UnsafeMutablePointer<Double>.allocate(capacity: doubles.count)
        buffer.initialize(from: doubles, count: doubles.count)
        defer { buffer.deinitialize(count: doubles.count); buffer.deallocate() }
        self.init(bytes: buffer, objCType: encoding)
    }

    /// The `count` boxed doubles, when the value's encoding is `encoding`; nil, with a message, otherwise.
    private func doubles(count: Int, encoding: String, reading name: String, fallback: String) -> [Double]? {
        guard holds(encoding, reading: name, fallback: fallback) else { return nil }
        var out = [Double](repeating: 0, count: count)
        out.withUnsafeMutableBytes { bytes in
            if let base = bytes.baseAddress { getValue(base) }
        }
        return out
    }

    /// Whether the value's encoding is `expected`; reports the mismatch when it is not.
    private func holds(_ expected: String, reading name: String, fallback: String) -> Bool {
        guard encoding == expected else {
            Diagnostics.report("NSValue.\(name): the value holds \(encoding), not \(expected); \(fallback) is used")
            return false
        }
        return true
    }
}
