import Foundation

/// An sRGB colour with straight (not premultiplied) alpha, like Core Graphics' CGColor in the sRGB space.
public final class CGColor: @unchecked Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Red, green, blue and alpha, each in 0...1.
    package let rgba: [CGFloat]

    /// The components (Core Graphics' optional spelling): red, green, blue and alpha, each in 0...1. Apple
    /// gives a grey made with `init(gray:alpha:)` two components (grey, alpha); here every colour has four.
    public var components: [CGFloat]? { rgba }

    /// A colour from sRGB components; values are clamped to 0...1 and NaN becomes 0.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        rgba = [red, green, blue, alpha].map { $0.isNaN ? 0 : min(max($0, 0), 1) }
    }

    /// A grey with the given white level.
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(red: gray, green: gray, blue: gray, alpha: alpha)
    }

    /// The number of components (always 4: RGBA).
    public var numberOfComponents: Int { 4 }
    /// The alpha component.
    public var alpha: CGFloat { rgba[3] }

    /// A copy with another alpha.
    public func copy(alpha: CGFloat) -> CGColor? {
        CGColor(red: rgba[0], green: rgba[1], blue: rgba[2], alpha: alpha)
    }

    /// Opaque white.
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Opaque black.
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Fully transparent black.
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// Premultiplied RGBA as floats, what the renderer blends with.
    package var premultipliedRGBA: SIMD4<Float> {
        let a = Float(rgba[3])
        return SIMD4(Float(rgba[0]) * a, Float(rgba[1]) * a, Float(rgba[2]) * a, a)
    }

    public static func == (lhs: CGColor, rhs: CGColor) -> Bool { lhs.rgba == rhs.rgba }
    public func hash(into hasher: inout Hasher) { hasher.combine(rgba) }
    public var description: String {
        "CGColor(r: \(rgba[0]), g: \(rgba[1]), b: \(rgba[2]), a: \(rgba[3]))"
    }
}
