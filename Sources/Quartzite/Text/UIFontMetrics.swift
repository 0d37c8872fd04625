import Foundation

/// Scales fonts and lengths for Dynamic Type, as UIKit's `UIFontMetrics` does: by the ratio of the text
/// style's size at the content size category to its size at `.large` (`DynamicTypeSizes`). At `.large`, the
/// default here (no system setting is followed: `UITraitCollection.current` says unspecified unless code sets
/// a category), every scale is the identity. UIKit's own curve for custom fonts is not published; this ratio
/// gives the system font's sizes exactly.
public final class UIFontMetrics: Sendable {
    /// The style whose sizes scale.
    let textStyle: UIFont.TextStyle

    /// The metrics of body text.
    public static let `default` = UIFontMetrics(forTextStyle: .body)

    /// The metrics of `textStyle` (an unknown style scales as body).
    public init(forTextStyle textStyle: UIFont.TextStyle) { self.textStyle = textStyle }

    /// `font` at the current traits' Dynamic Type size.
    public func scaledFont(for font: UIFont) -> UIFont { scaledFont(for: font, compatibleWith: nil) }

    /// `font` at the Dynamic Type size of `traitCollection` (the current traits when nil).
    public func scaledFont(for font: UIFont, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        font.withSize(scaledValue(for: font.pointSize, compatibleWith: traitCollection))
    }

    /// `font` scaled as `scaledFont(for:)`, no larger than `maximumPointSize` (0 or less, or not a number: no
    /// limit).
    public func scaledFont(for font: UIFont, maximumPointSize: CGFloat) -> UIFont {
        scaledFont(for: font, maximumPointSize: maximumPointSize, compatibleWith: nil)
    }

    /// `font` at the Dynamic Type size of `traitCollection`, no larger than `maximumPointSize` (0 or less,
    /// or not a number: no limit).
    public func scaledFont(for font: UIFont, maximumPointSize: CGFloat, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        let scaled = scaledValue(for: font.pointSize, compatibleWith: traitCollection)
        let limited = maximumPointSize.isFinite && maximumPointSize > 0 ? min(scaled, maximumPointSize) : scaled
        return font.withSize(limited)
    }

    /// `value` (a length laid out with text of this style) scaled for the current traits.
    public func scaledValue(for value: CGFloat) -> CGFloat { scaledValue(for: value, compatibleWith: nil) }

    /// `value` scaled for the Dynamic Type size of `traitCollection` (the current traits when nil); a value
    /// that is not finite comes back as it is.
    public func scaledValue(for value: CGFloat, compatibleWith traitCollection: UITraitCollection?) -> CGFloat {
        guard value.isFinite else { return value }
        return value * scale(for: (traitCollection ?? UITraitCollection.current).preferredContentSizeCategory)
    }

    /// The style's size at `category` over its size at `.large`.
    private func scale(for category: UIContentSizeCategory) -> CGFloat {
        DynamicTypeSizes.size(of: textStyle, at: category) / DynamicTypeSizes.size(of: textStyle, at: .large)
    }
}

extension UIFont {
    /// The font of a text style at the Dynamic Type size of `traitCollection` (the current traits' when nil,
    /// `.large`'s when it says none): the system font at the style's size in the Human Interface Guidelines'
    /// table and its weight.
    public class func preferredFont(forTextStyle style: TextStyle, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        let descriptor = UIFontDescriptor.preferredFontDescriptor(withTextStyle: style, compatibleWith: traitCollection)
        return UIFont(descriptor: descriptor, size: 0)
    }
}

extension UIFontDescriptor {
    /// The descriptor of a text style at the Dynamic Type size of `traitCollection` (the current traits'
    /// when nil, `.large`'s when it says none): the system font at the style's size in the Human Interface
    /// Guidelines' table and its weight.
    public class func preferredFontDescriptor(withTextStyle style: UIFont.TextStyle,
                                              compatibleWith traitCollection: UITraitCollection?) -> UIFontDescriptor {
        let category = (traitCollection ?? UITraitCollection.current).preferredContentSizeCategory
        var face = FontName(family: TextRasterizer.defaultFamily)
        face.weight = style.defaultSizeAndWeight.1
        return UIFontDescriptor(face: face, size: DynamicTypeSizes.size(of: style, at: category), textStyle: style)
    }
}
