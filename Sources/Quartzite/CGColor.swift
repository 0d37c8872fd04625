import Foundation

/// An sRGB colour with straight (not premultiplied) alpha, like Core Graphics' CGColor in the sRGB space.
public final class CGColor: @unchecked Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Red, green, blue and alpha, each in 0...1.
    package let rgba: [CGFloat]
    /// The tiled image of a pattern colour (`UIColor(patternImage:)`); nil for a plain colour. Such a colour's
    /// `rgba` is the image's average colour, what anything that cannot tile (a border, a gradient's colour)
    /// shows instead.
    package let patternTile: PatternTile?
    /// The `CGPattern` a pattern colour made by `CGColor(patternSpace:pattern:components:)` paints, with its
    /// alpha and, for a stencil pattern, its colour; nil for any other colour. Its `rgba` is the stencil's
    /// colour, or clear for a coloured pattern.
    let patternFill: PatternFill?
    /// Whether the colour paints a pattern (an image's or a `CGPattern`'s tiles) rather than one colour.
    package var isPattern: Bool { patternTile != nil || patternFill != nil }

    /// The components (Core Graphics' optional spelling): red, green, blue and alpha, each in 0...1. Apple
    /// gives a grey made with `init(gray:alpha:)` two components (grey, alpha); here every colour has four.
    /// A pattern colour has one component, its alpha, as Core Graphics gives a coloured pattern's.
    public var components: [CGFloat]? { patternTile.map { [$0.alpha] } ?? patternFill?.components ?? rgba }

    /// A colour from sRGB components; values are clamped to 0...1 and NaN becomes 0.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        rgba = [red, green, blue, alpha].map { $0.isNaN ? 0 : min(max($0, 0), 1) }
        patternTile = nil
        patternFill = nil
    }

    /// A pattern colour painting `tile`, shown as `fallback` where it cannot tile.
    package init(patternTile tile: PatternTile, fallback: [CGFloat]) {
        rgba = fallback
        patternTile = tile
        patternFill = nil
    }

    /// A pattern colour painting `fill`'s pattern, shown as `fallback` where it cannot tile.
    init(patternFill fill: PatternFill, fallback: [CGFloat]) {
        rgba = fallback
        patternTile = nil
        patternFill = fill
    }

    /// A grey with the given white level.
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(red: gray, green: gray, blue: gray, alpha: alpha)
    }

    /// The number of components: 4 (RGBA), or for a pattern colour its `components`' count.
    public var numberOfComponents: Int { components?.count ?? 4 }
    /// The alpha component (a pattern colour's own, which its tile is painted at).
    public var alpha: CGFloat { patternTile?.alpha ?? patternFill?.alpha ?? rgba[3] }

    /// A copy with another alpha (a pattern colour's tile is painted at that alpha).
    public func copy(alpha: CGFloat) -> CGColor? {
        if let patternTile { return CGColor(pattern: patternTile.image, size: patternTile.size, alpha: alpha) }
        if let patternFill { return CGColor(patternFill: patternFill.with(alpha: alpha)) }
        return CGColor(red: rgba[0], green: rgba[1], blue: rgba[2], alpha: alpha)
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

    /// Equal when the components are, and for pattern colours, the tiles (the same image, size and alpha).
    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        lhs.rgba == rhs.rgba && lhs.patternTile == rhs.patternTile && lhs.patternFill == rhs.patternFill
    }
    /// Hashes the components, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(rgba) }
    /// The components, or for a pattern colour its tile.
    public var description: String {
        if let patternTile {
            return "CGColor(pattern: \(patternTile.image.width)x\(patternTile.image.height) px, a: \(patternTile.alpha))"
        }
        if let patternFill { return "CGColor(pattern: \(patternFill.pattern), components: \(patternFill.components))" }
        return "CGColor(r: \(rgba[0]), g: \(rgba[1]), b: \(rgba[2]), a: \(rgba[3]))"
    }
}
