import Foundation

/// UIKit's font type, enough of it that UIKit text code ports mechanically: `textLayer.font =
/// UIFont.systemFont(ofSize: 17)` (a text layer's `font` ignores the size, as on iOS, where `fontSize`
/// applies) and `[.font: UIFont.boldSystemFont(ofSize: 14)]` in an attributed string (its size applies).
/// A font is a face name and a size; fontconfig finds the face when the text is drawn. The system font is
/// DejaVu Sans (iOS's is San Francisco), its weights by name suffix ("DejaVu Sans-Bold"), which Pango maps to
/// the nearest face installed.
public final class UIFont: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The face's name, a family with an optional style suffix ("DejaVu Sans-Bold").
    public let fontName: String
    /// The size in points.
    public let pointSize: CGFloat
    /// The Dynamic Type style the font was made for (`preferredFont(forTextStyle:)`), or nil.
    let textStyle: TextStyle?

    /// A font named `name` (a family such as "DejaVu Sans", or a PostScript name such as "Helvetica-Bold")
    /// at `size` points; nil for an empty name. iOS answers nil for a face it does not have; here a name
    /// fontconfig does not know falls back to the system's sans-serif face when drawn.
    public init?(name: String, size: CGFloat) {
        guard !name.isEmpty else { return nil }
        fontName = name
        pointSize = size
        textStyle = nil
    }

    init(face: String, size: CGFloat, textStyle: TextStyle? = nil) {
        fontName = face
        pointSize = size
        self.textStyle = textStyle
    }

    /// The family: the name before a style suffix.
    public var familyName: String { FontName(parsing: fontName).family }

    /// The same face at another size.
    public func withSize(_ fontSize: CGFloat) -> UIFont { UIFont(face: fontName, size: fontSize, textStyle: textStyle) }

    /// The system font at `fontSize` points, regular weight.
    public class func systemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .regular) }
    /// The system font at `fontSize` points and `weight`.
    public class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(face: TextRasterizer.defaultFamily + weight.suffix, size: fontSize)
    }
    /// The bold system font.
    public class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .bold) }
    /// The italic system font.
    public class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(face: TextRasterizer.defaultFamily + "-Oblique", size: fontSize)
    }
    /// The monospaced system font (DejaVu Sans Mono) at `fontSize` points and `weight`.
    public class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(face: "DejaVu Sans Mono" + weight.suffix, size: fontSize)
    }
    /// The system font with digits of one width: DejaVu Sans's digits already are.
    public class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        systemFont(ofSize: fontSize, weight: weight)
    }
    /// The font of a text style at the current traits' Dynamic Type size (`UITraitCollection.current`: iOS's
    /// default, "Large", unless set).
    public class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        preferredFont(forTextStyle: style, compatibleWith: nil)
    }
    /// The size of system-font labels, as UIKit gives it (17 points).
    public class var labelFontSize: CGFloat { 17 }
    /// The size of system-font text, as UIKit gives it (14 points).
    public class var systemFontSize: CGFloat { 14 }
    /// The size of small system-font text, as UIKit gives it (12 points).
    public class var smallSystemFontSize: CGFloat { 12 }

    /// Equal when the face and size are.
    public static func == (lhs: UIFont, rhs: UIFont) -> Bool { lhs.fontName == rhs.fontName && lhs.pointSize == rhs.pointSize }
    /// Hashes the face and size.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fontName)
        hasher.combine(pointSize)
    }
    /// The face and size, as UIKit prints them.
    public var description: String { "font-family: \"\(familyName)\"; font-size: \(pointSize)pt" }
}

extension UIFont {
    /// A font weight, with UIKit's values (-1 thinnest ... 1 heaviest).
    public struct Weight: RawRepresentable, Hashable, Sendable {
        /// The weight's value.
        public let rawValue: CGFloat
        /// A weight of this value.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// The ultra-light weight.
        public static let ultraLight = Weight(rawValue: -0.8)
        /// The thin weight.
        public static let thin = Weight(rawValue: -0.6)
        /// The light weight.
        public static let light = Weight(rawValue: -0.4)
        /// The regular weight.
        public static let regular = Weight(rawValue: 0)
        /// The medium weight.
        public static let medium = Weight(rawValue: 0.23)
        /// The semibold weight.
        public static let semibold = Weight(rawValue: 0.3)
        /// The bold weight.
        public static let bold = Weight(rawValue: 0.4)
        /// The heavy weight.
        public static let heavy = Weight(rawValue: 0.56)
        /// The black weight.
        public static let black = Weight(rawValue: 0.62)

        /// The style suffix of the nearest named weight ("" for regular).
        var suffix: String {
            let v = rawValue.isFinite ? rawValue : 0
            let nearest = FontName.weights.min { abs($0.weight.rawValue - v) < abs($1.weight.rawValue - v) }
            guard let nearest, abs(nearest.weight.rawValue - v) < abs(v) else { return "" }
            return "-" + nearest.suffix
        }
    }

    /// A Dynamic Type text style.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        /// The style's name, as UIKit spells it.
        public let rawValue: String
        /// A style of this name (an unknown one reads as body).
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A large title (34 points).
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        /// A first-level title (28 points).
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        /// A second-level title (22 points).
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        /// A third-level title (20 points).
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        /// A headline (17 points, semibold).
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        /// A subheadline (15 points).
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        /// Body text (17 points).
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        /// A callout (16 points).
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        /// A footnote (13 points).
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        /// A caption (12 points).
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        /// A smaller caption (11 points).
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// The Human Interface Guidelines' size and weight at the default ("Large") setting.
        var defaultSizeAndWeight: (CGFloat, Weight) {
            switch self {
            case .largeTitle: (34, .regular)
            case .title1: (28, .regular)
            case .title2: (22, .regular)
            case .title3: (20, .regular)
            case .headline: (17, .semibold)
            case .subheadline: (15, .regular)
            case .callout: (16, .regular)
            case .footnote: (13, .regular)
            case .caption1: (12, .regular)
            case .caption2: (11, .regular)
            default: (17, .regular)
            }
        }
    }
}
