import Foundation

/// A tab stop of a paragraph style (`NSParagraphStyle.tabStops`): where it is and how the text after a tab
/// lines up with it, as UIKit keeps one.
///
/// A tab character moves the text after it to the next stop past the text before it: a left stop puts that
/// text's left edge at the stop, a right stop its right edge, a centre stop its middle. A right stop whose
/// options name column terminators (`OptionKey.columnTerminators`, say the decimal separator from
/// `columnTerminators(for:)`) is a decimal stop: the text's first terminator lands on the stop, so the decimal
/// points of a column of numbers line up (UIKit's `NSTextTab.TextTabType.decimalTabStopType` is this). Natural
/// and justified stops line up as left ones. Locations are points from the line's leading margin.
///
/// Tab stops are immutable; two are equal when their alignment, location and column terminators are.
public final class NSTextTab: Hashable, @unchecked Sendable {
    /// An option of a tab stop (UIKit's names).
    public struct OptionKey: RawRepresentable, Hashable, Sendable {
        /// The option's name.
        public let rawValue: String
        /// An option of name `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The characters that end a tab's column (a `CharacterSet`): the text up to the first of them lines
        /// up with the stop as its alignment says, the rest follows. Tab and line breaks always end one.
        public static let columnTerminators = OptionKey(rawValue: "NSTabColumnTerminatorsAttributeName")
    }

    /// How the text after a tab lines up with the stop.
    public let alignment: NSTextAlignment
    /// Where the stop is, in points from the line's leading margin.
    public let location: CGFloat
    /// The stop's options (`OptionKey.columnTerminators`); empty for none.
    public let options: [OptionKey: Any]

    /// A stop at `location` points aligning text by `alignment`, with `options`. Values are kept as given;
    /// the layout skips a location that is not finite and holds others between 0 and 1,000,000 points.
    public init(textAlignment alignment: NSTextAlignment, location loc: CGFloat, options: [OptionKey: Any] = [:]) {
        self.alignment = alignment
        self.location = loc
        self.options = options
    }

    /// The characters that end a column of numbers in `locale` (the current locale when nil): its decimal
    /// separator. Give them as a right stop's `columnTerminators` to make a decimal stop.
    public static func columnTerminators(for locale: Locale?) -> CharacterSet {
        CharacterSet(charactersIn: (locale ?? .current).decimalSeparator ?? ".")
    }

    /// The column terminators option as a character set; nil when it is absent or of another type.
    var terminators: CharacterSet? {
        switch options[.columnTerminators] {
        case let set as CharacterSet: set
        case let string as String: CharacterSet(charactersIn: string)
        default: nil
        }
    }

    /// Equal when alignment, location and column terminators are (a location that is NaN equals another NaN,
    /// so a style holding one equals its copy).
    public static func == (lhs: NSTextTab, rhs: NSTextTab) -> Bool {
        lhs.alignment == rhs.alignment && lhs.terminators == rhs.terminators
            && (lhs.location == rhs.location || (lhs.location.isNaN && rhs.location.isNaN))
    }

    /// Hashes the alignment and location.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(alignment)
        hasher.combine(location.isNaN ? 0 : location)
    }
}
