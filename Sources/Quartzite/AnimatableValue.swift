import Foundation

/// A value an animation can carry, converted once from the `Any?` that Apple's API takes. Interpolation,
/// addition (for additive and cumulative animations and byValue) and key-path storage all work on this type.
package enum AnimatableValue: Equatable, Sendable {
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    /// Boxed (indirect) so the enum stays small: a transform is 128 bytes, and every other value is copied
    /// often while evaluating a frame.
    indirect case transform(CATransform3D)
    case color(CGColor)
    case path(CGPath)
    case numbers([Double])
    case colors([CGColor])
    case bool(Bool)
    case image(CGImage)
    case none

    /// Converts what a user passes as `fromValue`, `toValue`, a keyframe value: Swift numbers, CGPoint, CGSize,
    /// CGRect, CATransform3D (plain or boxed in an NSValue or NSNumber), CGColor, UIColor, CGPath, UIBezierPath,
    /// arrays of numbers or colours. nil for
    /// anything else, so the caller can report the key path and the type it got.
    package init?(_ any: Any?) {
        guard let any else { self = .none; return }
        switch any {
        case let v as AnimatableValue: self = v
        case let v as Double: self = .number(v)
        case let v as CGFloat: self = .number(Double(v))
        case let v as Float: self = .number(Double(v))
        case let v as Int: self = .number(Double(v))
        case let v as Bool: self = .bool(v)
        case let v as CGPoint: self = .point(v)
        case let v as CGSize: self = .size(v)
        case let v as CGRect: self = .rect(v)
        case let v as CATransform3D: self = .transform(v)
        case let v as CGColor: self = .color(v)
        case let v as UIColor: self = .color(v.cgColor)
        case let v as CGPath: self = .path(v)
        case let v as UIBezierPath: self = .path(v.cgPath)
        case let v as CGImage: self = .image(v)
        case let v as [Double]: self = .numbers(v)
        case let v as [CGFloat]: self = .numbers(v.map(Double.init))
        case let v as [Float]: self = .numbers(v.map(Double.init))
        case let v as [Int]: self = .numbers(v.map(Double.init))
        case let v as [CGColor]: self = .colors(v)
        case let v as [UIColor]: self = .colors(v.map(\.cgColor))
        case let v as NSNumber: self = .number(v.doubleValue)
        case let v as NSValue:
            guard let unboxed = AnimatableValue(nsValue: v) else { return nil }
            self = unboxed
        case let v as [Any]:
            if let numbers = Self.numbers(from: v) { self = .numbers(numbers) }
            else if let colors = Self.colors(from: v) { self = .colors(colors) }
            else { return nil }
        default: return nil
        }
    }

    private static func numbers(from array: [Any]) -> [Double]? {
        var out: [Double] = []
        for element in array {
            guard case .number(let n)? = AnimatableValue(element) else { return nil }
            out.append(n)
        }
        return out
    }

    private static func colors(from array: [Any]) -> [CGColor]? {
        var out: [CGColor] = []
        for element in array {
            guard case .color(let c)? = AnimatableValue(element) else { return nil }
            out.append(c)
        }
        return out
    }

    /// The value as a user reads it back from `value(forKeyPath:)`.
    package var anyValue: Any? {
        switch self {
        case .number(let v): return CGFloat(v)
        case .point(let v): return v
        case .size(let v): return v
        case .rect(let v): return v
        case .transform(let v): return v
        case .color(let v): return v
        case .path(let v): return v
        case .numbers(let v): return v.map { CGFloat($0) }
        case .colors(let v): return v
        case .bool(let v): return v
        case .image(let v): return v
        case .none: return nil
        }
    }

    /// A short name of the kind, for error messages.
    package var kindName: String {
        switch self {
        case .number: return "number"
        case .point: return "CGPoint"
        case .size: return "CGSize"
        case .rect: return "CGRect"
        case .transform: return "CATransform3D"
        case .color: return "CGColor"
        case .path: return "CGPath"
        case .numbers: return "[number]"
        case .colors: return "[CGColor]"
        case .bool: return "Bool"
        case .image: return "CGImage"
        case .none: return "nil"
        }
    }

    /// The value `fraction` of the way from `self` to `other`, as Core Animation interpolates each kind:
    /// numbers, points, sizes and rects component-wise; colours component-wise in sRGB; transforms by
    /// decomposition; paths point-wise; arrays element-wise. Values that cannot interpolate (different kinds,
    /// booleans, images) switch at the end, as discrete properties do.
    package func interpolated(to other: AnimatableValue, fraction f: Double) -> AnimatableValue {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * f }
        func mixC(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * CGFloat(f) }
        switch (self, other) {
        case (.number(let a), .number(let b)): return .number(mix(a, b))
        case (.point(let a), .point(let b)): return .point(CGPoint(x: mixC(a.x, b.x), y: mixC(a.y, b.y)))
        case (.size(let a), .size(let b)):
            return .size(CGSize(width: mixC(a.width, b.width), height: mixC(a.height, b.height)))
        case (.rect(let a), .rect(let b)):
            return .rect(CGRect(x: mixC(a.origin.x, b.origin.x), y: mixC(a.origin.y, b.origin.y),
                                width: mixC(a.width, b.width), height: mixC(a.height, b.height)))
        case (.transform(let a), .transform(let b)): return .transform(a.interpolated(to: b, fraction: f))
        case (.color(let a), .color(let b)): return .color(Self.mixColor(a, b, f))
        case (.path(let a), .path(let b)): return .path(a.interpolated(to: b, fraction: CGFloat(f)))
        case (.numbers(let a), .numbers(let b)):
            return .numbers(Self.zipPadded(a, b) { mix($0, $1) })
        case (.colors(let a), .colors(let b)):
            return .colors(Self.zipPadded(a, b) { Self.mixColor($0, $1, f) })
        default:
            return f < 1 ? self : other
        }
    }

    /// `self + other`, for additive and cumulative animations and byValue. Kinds that cannot add return `other`.
    package func adding(_ other: AnimatableValue) -> AnimatableValue {
        switch (self, other) {
        case (.number(let a), .number(let b)): return .number(a + b)
        case (.point(let a), .point(let b)): return .point(CGPoint(x: a.x + b.x, y: a.y + b.y))
        case (.size(let a), .size(let b)): return .size(CGSize(width: a.width + b.width, height: a.height + b.height))
        case (.rect(let a), .rect(let b)):
            return .rect(CGRect(x: a.origin.x + b.origin.x, y: a.origin.y + b.origin.y,
                                width: a.width + b.width, height: a.height + b.height))
        case (.transform(let a), .transform(let b)): return .transform(b.concatenating(a))
        case (.color(let a), .color(let b)):
            let c = zip(a.rgba, b.rgba).map { $0 + $1 }
            return .color(CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3]))
        case (.numbers(let a), .numbers(let b)): return .numbers(Self.zipPadded(a, b) { $0 + $1 })
        default: return other
        }
    }

    /// `other` multiplied by a repeat count, for cumulative animations.
    package func scaled(by k: Double) -> AnimatableValue {
        switch self {
        case .number(let a): return .number(a * k)
        case .point(let a): return .point(CGPoint(x: a.x * k, y: a.y * k))
        case .size(let a): return .size(CGSize(width: a.width * k, height: a.height * k))
        case .numbers(let a): return .numbers(a.map { $0 * k })
        default: return self
        }
    }

    private static func mixColor(_ a: CGColor, _ b: CGColor, _ f: Double) -> CGColor {
        let c = zip(a.rgba, b.rgba).map { $0 + ($1 - $0) * CGFloat(f) }
        return CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3])
    }

    /// Element-wise over two arrays; when lengths differ the shorter one's last element stands in.
    private static func zipPadded<T>(_ a: [T], _ b: [T], _ f: (T, T) -> T) -> [T] {
        guard !a.isEmpty, !b.isEmpty else { return b }
        let n = max(a.count, b.count)
        return (0..<n).map { f(a[min($0, a.count - 1)], b[min($0, b.count - 1)]) }
    }
}
