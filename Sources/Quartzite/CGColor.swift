import Foundation

/// An sRGB colour with straight (not premultiplied) alpha, like Core Graphics' CGColor in the sRGB space.
public final class CGColor: @unchecked Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Red, green, blue and alpha, each in 0...1.
    public let components: [CGFloat]

    /// A colour from sRGB components; values are clamped to 0...1 and NaN becomes 0.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = [red, green, blue, alpha].map { $0.isNaN ? 0 : min(max($0, 0), 1) }
    }

    /// A grey with the given white level.
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(red: gray, green: gray, blue: gray, alpha: alpha)
    }

    /// The number of components (always 4: RGBA).
    public var numberOfComponents: Int { 4 }
    /// The alpha component.
    public var alpha: CGFloat { components[3] }

    /// A copy with another alpha.
    public func copy(alpha: CGFloat) -> CGColor? {
        CGColor(red: components[0], green: components[1], blue: components[2], alpha: alpha)
    }

    /// Opaque white.
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Opaque black.
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Fully transparent black.
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// Premultiplied RGBA as floats, what the renderer blends with.
    public var premultipliedRGBA: SIMD4<Float> {
        let a = Float(components[3])
        return SIMD4(Float(components[0]) * a, Float(components[1]) * a, Float(components[2]) * a, a)
    }

    public static func == (lhs: CGColor, rhs: CGColor) -> Bool { lhs.components == rhs.components }
    public func hash(into hasher: inout Hasher) { hasher.combine(components) }
    public var description: String {
        "CGColor(r: \(components[0]), g: \(components[1]), b: \(components[2]), a: \(components[3]))"
    }
}
