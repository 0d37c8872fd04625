import Foundation

/// The attribute keys a text layer reads from an `NSAttributedString`, under UIKit's names (Foundation on
/// Linux has no UIKit to declare them), with UIKit's raw values.
extension NSAttributedString.Key {
    /// The text's colour: a `CGColor` or a `UIColor`.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// The text's font: a font name, `CGFont`, or a `CTFont` or `UIFont` (with its size).
    public static let font = NSAttributedString.Key("NSFont")
    /// Extra space after each character, in points: a number.
    public static let kern = NSAttributedString.Key("NSKern")
    /// The paragraph's layout: an `NSParagraphStyle` (each paragraph uses the one at its first character).
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    /// The underline: `NSUnderlineStyle`'s raw value as a number (0 none, 1 single, 2 thick, 9 double), or
    /// the style itself.
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// A line through the text: `NSUnderlineStyle`'s raw value as a number, or the style itself.
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    /// The colour behind the text's line boxes: a `CGColor` or `UIColor`.
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// The glyphs' outline width as a percentage of the font size: positive strokes only, negative fills and
    /// strokes (string drawing; a text layer draws the glyphs filled).
    public static let strokeWidth = NSAttributedString.Key("NSStrokeWidth")
    /// The outline's colour (the foreground colour when not given): a `CGColor` or `UIColor`.
    public static let strokeColor = NSAttributedString.Key("NSStrokeColor")
    /// The text's shadow: an `NSShadow` (string drawing; a text layer has its own shadow properties).
    public static let shadow = NSAttributedString.Key("NSShadow")
    /// How far the glyphs sit above the baseline, in points: a number, positive raises them, negative lowers
    /// them (capped at ±10,000). A raised run makes its line taller; the line's box is the union of its runs'
    /// moved boxes (Pango's rise), so a line whose only run is lowered moves down whole.
    public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
    /// How far the glyphs lean: a number, the skew's horizontal shift per unit of height above the baseline
    /// (positive leans right, 0.25 moves a glyph's top a quarter of its height). The advances do not change.
    /// Values are capped at ±4; one that is not a finite number is no skew.
    public static let obliqueness = NSAttributedString.Key("NSObliqueness")
    /// How much the glyphs are stretched across: a number, the natural log of the factor (log 2 doubles the
    /// glyphs' widths and advances; negative narrows them). Capped at ±3 (and at the largest font size drawn);
    /// one that is not a finite number is no stretch. The run is shaped at its size times the factor and drawn
    /// squeezed back to its height, so its line's height is that of the larger size.
    public static let expansion = NSAttributedString.Key("NSExpansion")
    /// Which ligatures are used: a number, 0 for only those the script requires (OpenType's `liga` and `clig`
    /// off), 1 for the font's default ones (the default), 2 for all of them (`dlig` on as well).
    public static let ligature = NSAttributedString.Key("NSLigature")
    /// A link: a `URL` or a String. Accepted and kept with the text; string drawing and text layers draw
    /// linked text as any other, as UIKit's string drawing and labels do.
    public static let link = NSAttributedString.Key("NSLink")
}

/// A text shadow, UIKit's: offset in points (positive height down), blur radius, colour (black at a third
/// alpha when nil).
public final class NSShadow: @unchecked Sendable {
    /// How far the shadow falls from the text.
    public var shadowOffset = CGSize.zero
    /// How blurred the shadow is, in points.
    public var shadowBlurRadius: CGFloat = 0
    /// A `UIColor` or `CGColor`; nil is black at a third alpha.
    public var shadowColor: Any?
    /// A shadow with no offset or blur.
    public init() {}
}

/// How text is underlined, UIKit's values: a line style, optionally a pattern and `byWord`. Give its
/// `rawValue` as `.underlineStyle` (`NSUnderlineStyle.single.rawValue`), as UIKit code does.
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    /// The style's bits.
    public let rawValue: Int
    /// A style of these bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// One thin line.
    public static let single = NSUnderlineStyle(rawValue: 0x01)
    /// One thick line (drawn single here).
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    /// Two lines.
    public static let double = NSUnderlineStyle(rawValue: 0x09)
    /// Dotted (the pattern is not drawn here).
    public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
    /// Dashed (the pattern is not drawn here).
    public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
    /// Dash-dot (the pattern is not drawn here).
    public static let patternDashDot = NSUnderlineStyle(rawValue: 0x0300)
    /// Dash-dot-dot (the pattern is not drawn here).
    public static let patternDashDotDot = NSUnderlineStyle(rawValue: 0x0400)
    /// Under words only, not the spaces between (the whole run is underlined here).
    public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
}
