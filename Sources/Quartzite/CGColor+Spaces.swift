import Foundation

/// How Core Graphics renders a colour outside the destination's gamut (kept: every colour here is sRGB).
public enum CGColorRenderingIntent: Int32, Sendable {
    /// The context's default.
    case defaultIntent
    /// Exact colours, clipped at the gamut.
    case absoluteColorimetric
    /// Colours relative to the white point, clipped at the gamut.
    case relativeColorimetric
    /// The gamut compressed to fit, keeping relations between colours.
    case perceptual
    /// Saturation kept over hue and lightness.
    case saturation
}

/// Colours by space, as Core Graphics makes and reports them. Every colour here is stored as sRGB, so spaces
/// name how components are read, and conversion keeps the colour.
extension CGColor {
    /// A colour from sRGB components (the same as `init(red:green:blue:alpha:)`).
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A grey in the generic grey space (read as sRGB grey).
    public convenience init(genericGrayGamma2_2Gray gray: CGFloat, alpha: CGFloat) {
        self.init(gray: gray, alpha: alpha)
    }

    /// A colour of `space`'s components followed by alpha: red, green, blue and alpha for an RGB space, grey
    /// and alpha for a monochrome one (two components); nil for a space of another kind.
    public convenience init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
        switch space.model {
        case .rgb: self.init(red: components[0], green: components[1], blue: components[2], alpha: components[3])
        case .monochrome: self.init(gray: components[0], alpha: components[1])
        case .unknown, .pattern: return nil
        }
    }

    /// The colour's space: sRGB, or a pattern space for a pattern colour.
    public var colorSpace: CGColorSpace? {
        if let patternFill { return patternFill.space }
        return patternTile == nil ? CGColorSpace(name: CGColorSpace.sRGB) : CGColorSpace(name: nil, model: .pattern)
    }

    /// The colour in `space`: the same colour (stored as sRGB either way); nil for a space that holds no
    /// colour (not RGB or grey) and for a pattern colour, which has no components to convert.
    public func converted(to space: CGColorSpace, intent: CGColorRenderingIntent, options: [AnyHashable: Any]?) -> CGColor? {
        space.model == .rgb || space.model == .monochrome ? (isPattern ? nil : self) : nil
    }
}
