import Foundation

/// How lines of a paragraph line up (UIKit's values).
public enum NSTextAlignment: Int, Sendable {
    /// Flush left.
    case left = 0
    /// Centred.
    case center = 1
    /// Flush right.
    case right = 2
    /// Spread to both edges, the last line flush to the natural side.
    case justified = 3
    /// The side the script reads from.
    case natural = 4
}

/// The direction a paragraph reads in (UIKit's values).
public enum NSWritingDirection: Int, Sendable {
    /// The direction of the paragraph's first strong character.
    case natural = -1
    /// Left to right.
    case leftToRight = 0
    /// Right to left.
    case rightToLeft = 1
}

/// Where lines break and how text that does not fit is cut (UIKit's values).
public enum NSLineBreakMode: Int, Sendable {
    /// Between words (the default).
    case byWordWrapping = 0
    /// Between any characters.
    case byCharWrapping = 1
    /// Not at all, cut at the edge.
    case byClipping = 2
    /// An ellipsis at the start of the last line.
    case byTruncatingHead = 3
    /// An ellipsis at the end of the last line.
    case byTruncatingTail = 4
    /// An ellipsis in the middle of the last line.
    case byTruncatingMiddle = 5
}

/// A paragraph's layout, as UIKit gives it to attributed strings (`.paragraphStyle`). Each paragraph is laid out
/// with the style at its first character (the last paragraph's when it is empty): its alignment (unless
/// natural, when a text layer's `alignmentMode` applies), indents, character wrapping, tab stops, and the
/// heights and spacing TextKit gives its lines (`TextFrame`). Spacing and line heights that are negative or not finite
/// read 0 (UIKit documents them nonnegative); string drawing breaks lines by the first paragraph's line break
/// mode.
public class NSParagraphStyle: @unchecked Sendable {
    /// The style with UIKit's defaults.
    public static let `default` = NSParagraphStyle()

    /// Every value of the style, in one place: what copying copies and what equality compares.
    struct Fields: Hashable {
        var alignment: NSTextAlignment = .natural
        var lineSpacing: CGFloat = 0
        var paragraphSpacing: CGFloat = 0
        var paragraphSpacingBefore: CGFloat = 0
        var lineBreakMode: NSLineBreakMode = .byWordWrapping
        var firstLineHeadIndent: CGFloat = 0
        var headIndent: CGFloat = 0
        var tailIndent: CGFloat = 0
        var lineHeightMultiple: CGFloat = 0
        var minimumLineHeight: CGFloat = 0
        var maximumLineHeight: CGFloat = 0
        var baseWritingDirection: NSWritingDirection = .natural
        var tabStops: [NSTextTab] = NSParagraphStyle.standardTabStops
        var defaultTabInterval: CGFloat = 0
    }

    /// UIKit's default tab stops: 12 left-aligned stops 28 points apart.
    static let standardTabStops = (1...12).map { NSTextTab(textAlignment: .left, location: CGFloat($0) * 28) }

    /// The style's values.
    fileprivate(set) var fields = Fields()

    /// How lines line up (default natural).
    public fileprivate(set) var alignment: NSTextAlignment {
        get { fields.alignment } set { fields.alignment = newValue }
    }
    /// Extra space between lines, in points (default 0).
    public fileprivate(set) var lineSpacing: CGFloat {
        get { fields.lineSpacing } set { fields.lineSpacing = newValue }
    }
    /// Extra space after the paragraph, before the next one's, in points (default 0).
    public fileprivate(set) var paragraphSpacing: CGFloat {
        get { fields.paragraphSpacing } set { fields.paragraphSpacing = newValue }
    }
    /// Extra space before the paragraph, after the previous one's, in points (default 0; none above the
    /// text's first paragraph).
    public fileprivate(set) var paragraphSpacingBefore: CGFloat {
        get { fields.paragraphSpacingBefore } set { fields.paragraphSpacingBefore = newValue }
    }
    /// Where lines break (default by word).
    public fileprivate(set) var lineBreakMode: NSLineBreakMode {
        get { fields.lineBreakMode } set { fields.lineBreakMode = newValue }
    }
    /// The first line's indent, in points.
    public fileprivate(set) var firstLineHeadIndent: CGFloat {
        get { fields.firstLineHeadIndent } set { fields.firstLineHeadIndent = newValue }
    }
    /// The other lines' indent, in points.
    public fileprivate(set) var headIndent: CGFloat {
        get { fields.headIndent } set { fields.headIndent = newValue }
    }
    /// The lines' trailing indent, in points: in from the trailing edge when not positive, else from the
    /// leading edge.
    public fileprivate(set) var tailIndent: CGFloat {
        get { fields.tailIndent } set { fields.tailIndent = newValue }
    }
    /// The lines' natural height is multiplied by this, when positive, before the minimum and maximum apply.
    public fileprivate(set) var lineHeightMultiple: CGFloat {
        get { fields.lineHeightMultiple } set { fields.lineHeightMultiple = newValue }
    }
    /// The smallest height a line takes, in points (default 0).
    public fileprivate(set) var minimumLineHeight: CGFloat {
        get { fields.minimumLineHeight } set { fields.minimumLineHeight = newValue }
    }
    /// The largest height a line takes, in points (default 0: no limit); taller glyphs overlap the line above.
    public fileprivate(set) var maximumLineHeight: CGFloat {
        get { fields.maximumLineHeight } set { fields.maximumLineHeight = newValue }
    }
    /// The direction the paragraph reads in (default natural: its first strong character's); it decides the
    /// side natural and justified text starts from and the order of its runs.
    public fileprivate(set) var baseWritingDirection: NSWritingDirection {
        get { fields.baseWritingDirection } set { fields.baseWritingDirection = newValue }
    }

    /// The paragraph's tab stops, by location (default 12 left-aligned stops 28 points apart). A tab moves the
    /// text after it to the next stop past the text before it, lined up as the stop says (`NSTextTab`).
    public fileprivate(set) var tabStops: [NSTextTab] {
        get { fields.tabStops } set { fields.tabStops = Self.sorted(newValue) }
    }
    /// The spacing of the tab stops past the last of `tabStops`, in points: they fall at whole multiples of
    /// it when it is positive (default 0; then, as Apple does not say, at multiples of 28 points).
    public fileprivate(set) var defaultTabInterval: CGFloat {
        get { fields.defaultTabInterval } set { fields.defaultTabInterval = newValue }
    }

    /// A style with UIKit's defaults.
    public init() {}

    /// `tabs` by location (a stable sort; a location that is NaN goes last).
    fileprivate static func sorted(_ tabs: [NSTextTab]) -> [NSTextTab] {
        let key = { (tab: NSTextTab) in tab.location.isNaN ? CGFloat.infinity : tab.location }
        return tabs.enumerated().sorted { (key($0.element), $0.offset) < (key($1.element), $1.offset) }.map(\.element)
    }

    /// A mutable copy.
    public func mutableCopy() -> NSMutableParagraphStyle {
        let copy = NSMutableParagraphStyle()
        copy.setParagraphStyle(self)
        return copy
    }

    /// The values a text layer lays out with; a value that is not finite reads 0 (so equal styles stay equal,
    /// and a text image made once is found again), and so does a negative length UIKit documents as
    /// nonnegative. Lengths are capped at 10,000 points and the multiple at 100.
    var values: ParagraphValues {
        let finite = { (v: CGFloat) in v.isFinite ? v : 0 }
        let length = { (v: CGFloat) in v.isFinite ? min(max(v, 0), 10_000) : 0 }
        let multiple = lineHeightMultiple.isFinite ? min(max(lineHeightMultiple, 0), 100) : 0
        var values = ParagraphValues(alignment: alignment, lineSpacing: length(lineSpacing), lineHeightMultiple: multiple,
                               firstLineIndent: finite(finite(firstLineHeadIndent) - finite(headIndent)),
                               wrapsCharacters: lineBreakMode == .byCharWrapping)
        values.headIndent = finite(headIndent)
        values.tailIndent = finite(tailIndent)
        values.spacingAfter = length(paragraphSpacing)
        values.spacingBefore = length(paragraphSpacingBefore)
        values.minimumLineHeight = length(minimumLineHeight)
        values.maximumLineHeight = length(maximumLineHeight)
        values.isRightToLeft = baseWritingDirection == .natural ? nil : baseWritingDirection == .rightToLeft
        values.tabs = TabStops(tabStops, interval: defaultTabInterval)
        return values
    }
}

/// A paragraph style whose values can be set.
public final class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    /// How lines line up (default natural).
    public override var alignment: NSTextAlignment { get { super.alignment } set { super.alignment = newValue } }
    /// Extra space between lines, in points (default 0).
    public override var lineSpacing: CGFloat { get { super.lineSpacing } set { super.lineSpacing = newValue } }
    /// Extra space after the paragraph, before the next one's, in points (default 0).
    public override var paragraphSpacing: CGFloat { get { super.paragraphSpacing } set { super.paragraphSpacing = newValue } }
    /// Extra space before the paragraph, after the previous one's, in points (default 0).
    public override var paragraphSpacingBefore: CGFloat {
        get { super.paragraphSpacingBefore } set { super.paragraphSpacingBefore = newValue }
    }
    /// Where lines break (default by word).
    public override var lineBreakMode: NSLineBreakMode { get { super.lineBreakMode } set { super.lineBreakMode = newValue } }
    /// The first line's indent, in points.
    public override var firstLineHeadIndent: CGFloat { get { super.firstLineHeadIndent } set { super.firstLineHeadIndent = newValue } }
    /// The other lines' indent, in points.
    public override var headIndent: CGFloat { get { super.headIndent } set { super.headIndent = newValue } }
    /// The lines' trailing indent, in points.
    public override var tailIndent: CGFloat { get { super.tailIndent } set { super.tailIndent = newValue } }
    /// The lines' natural height is multiplied by this, when positive, before the minimum and maximum apply.
    public override var lineHeightMultiple: CGFloat { get { super.lineHeightMultiple } set { super.lineHeightMultiple = newValue } }
    /// The smallest height a line takes, in points (default 0).
    public override var minimumLineHeight: CGFloat { get { super.minimumLineHeight } set { super.minimumLineHeight = newValue } }
    /// The largest height a line takes, in points (default 0: no limit).
    public override var maximumLineHeight: CGFloat { get { super.maximumLineHeight } set { super.maximumLineHeight = newValue } }
    /// The direction the paragraph reads in (default natural).
    public override var baseWritingDirection: NSWritingDirection {
        get { super.baseWritingDirection } set { super.baseWritingDirection = newValue }
    }

    /// The paragraph's tab stops, by location: the array set is kept sorted by location.
    public override var tabStops: [NSTextTab] { get { super.tabStops } set { super.tabStops = newValue } }
    /// The spacing of the tab stops past the last of `tabStops`, in points (default 0).
    public override var defaultTabInterval: CGFloat {
        get { super.defaultTabInterval } set { super.defaultTabInterval = newValue }
    }

    /// Adds `tab` to the tab stops, after any at its location.
    public func addTabStop(_ tab: NSTextTab) { tabStops = tabStops + [tab] }

    /// Removes the first tab stop equal to `tab` (same alignment, location and column terminators); nothing
    /// when there is none.
    public func removeTabStop(_ tab: NSTextTab) {
        guard let index = tabStops.firstIndex(of: tab) else { return }
        var kept = tabStops
        kept.remove(at: index)
        tabStops = kept
    }

    /// Takes every value of `other`.
    public func setParagraphStyle(_ other: NSParagraphStyle) { fields = other.fields }
}

/// What of a paragraph style the layout uses, as plain values (part of a text request's identity).
package struct ParagraphValues: Hashable, Sendable {
    package var alignment: NSTextAlignment
    package var lineSpacing: CGFloat
    package var lineHeightMultiple: CGFloat
    /// The first line's indent beyond the other lines', in points.
    package var firstLineIndent: CGFloat
    package var wrapsCharacters: Bool
    /// Every line but the first starts this far in from the leading edge (the first, `firstLineIndent` more).
    package var headIndent: CGFloat = 0
    /// Where lines end: this far in from the trailing edge when not positive, else this far from the leading
    /// edge (UIKit's `tailIndent`).
    package var tailIndent: CGFloat = 0
    /// Space after the paragraph's last line when another paragraph follows (`paragraphSpacing`), in points.
    package var spacingAfter: CGFloat = 0
    /// Space before the paragraph's first line when it follows another (`paragraphSpacingBefore`), in points.
    package var spacingBefore: CGFloat = 0
    /// The least height of a line, in points; 0 for none.
    package var minimumLineHeight: CGFloat = 0
    /// The greatest height of a line, in points; 0 for no limit.
    package var maximumLineHeight: CGFloat = 0
    /// Whether the paragraph reads right to left; nil for its first strong character's direction.
    package var isRightToLeft: Bool? = nil
    /// The tab stops and the spacing of those past them.
    package var tabs = TabStops.standard
}
