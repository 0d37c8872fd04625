import Foundation

/// UIKit's colour type, enough of it that UIKit code (`UIColor.red.cgColor`, `UIColor(white:alpha:)`,
/// `#colorLiteral(...)`) ports mechanically. Components are sRGB, clamped to 0...1 as `CGColor` stores
/// them (UIKit's extended range is not kept).
public final class UIColor: @unchecked Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The Core Graphics colour this wraps; a dynamic colour's, resolved for `UITraitCollection.current`.
    public var cgColor: CGColor { provider == nil ? fixed : resolvedColor(with: UITraitCollection.current).cgColor }
    /// The colour of a fixed colour (clear for a dynamic one, which is never read as it).
    private let fixed: CGColor
    /// What a dynamic colour is for each trait collection; nil for a fixed colour.
    private let provider: (@Sendable (UITraitCollection) -> UIColor)?
    /// Whether the colour was made as a grey (`init(white:alpha:)`, the grey class colours): UIKit's grey
    /// colour space, the one `getWhite(_:alpha:)` can report.
    let isGrayscale: Bool

    /// A colour from sRGB components in 0...1 (values outside are clamped, NaN reads 0).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        fixed = CGColor(red: red, green: green, blue: blue, alpha: alpha)
        provider = nil
        isGrayscale = false
    }

    /// A colour from Display P3 components in 0...1, shown as its sRGB equivalent (the P3 primaries'
    /// linear mix converted to sRGB's and encoded again), clamped to sRGB's gamut as `CGColor` keeps it.
    public convenience init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        let s = DisplayP3.sRGB(red: red, green: green, blue: blue)
        self.init(red: s.red, green: s.green, blue: s.blue, alpha: alpha)
    }

    /// A grey of `white` (0 black, 1 white) in UIKit's grey colour space.
    public init(white: CGFloat, alpha: CGFloat) {
        fixed = CGColor(gray: white, alpha: alpha)
        provider = nil
        isGrayscale = true
    }

    /// Wraps a CGColor.
    public init(cgColor: CGColor) {
        fixed = cgColor
        provider = nil
        isGrayscale = false
    }

    /// A colour that is what `dynamicProvider` answers for the trait collection it is resolved with: `cgColor`
    /// and drawing resolve it for `UITraitCollection.current` (light unless set otherwise). Equal only to
    /// itself, as its colour depends on the traits.
    public init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) {
        fixed = .clear
        provider = dynamicProvider
        isGrayscale = false
    }

    /// The colour for `traitCollection`: a dynamic colour's answer for it (resolved again while the answer is
    /// itself dynamic, up to eight times), any other colour itself.
    public func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        var color = self
        for _ in 0..<8 {
            guard let provider = color.provider else { return color }
            color = provider(traitCollection)
        }
        return color.provider == nil ? color : UIColor(cgColor: .clear)
    }

    /// A copy with another alpha, in the same colour space.
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        // A dynamic colour stays dynamic: each appearance's colour with the alpha.
        if provider != nil { return UIColor { [self] traits in resolvedColor(with: traits).withAlphaComponent(alpha) } }
        let c = cgColor.rgba
        if isGrayscale { return UIColor(white: c[0], alpha: alpha) }
        return UIColor(cgColor: cgColor.copy(alpha: alpha) ?? cgColor)
    }

    /// Equal when the sRGB components are; a dynamic colour is equal only to itself.
    public static func == (lhs: UIColor, rhs: UIColor) -> Bool {
        lhs.provider == nil && rhs.provider == nil ? lhs.fixed == rhs.fixed : lhs === rhs
    }
    /// Hashes the sRGB components (a dynamic colour, its identity).
    public func hash(into hasher: inout Hasher) {
        if provider == nil { hasher.combine(fixed) } else { hasher.combine(ObjectIdentifier(self)) }
    }
    /// The components, as UIKit prints them.
    public var description: String {
        let c = cgColor.rgba
        return isGrayscale ? "UIExtendedGrayColorSpace \(c[0]) \(c[3])"
            : "UIExtendedSRGBColorSpace \(c[0]) \(c[1]) \(c[2]) \(c[3])"
    }
}

/// The type of a `#colorLiteral(...)` with no other type to take, as UIKit declares it: without it,
/// `#colorLiteral(red: 1, green: 0, blue: 0, alpha: 1).cgColor` and `let tint = #colorLiteral(...)` do not compile.
public typealias _ColorLiteralType = UIColor

extension UIColor: _ExpressibleByColorLiteral {
    /// The colour of `#colorLiteral(red:green:blue:alpha:)`, in sRGB.
    public convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }
}
