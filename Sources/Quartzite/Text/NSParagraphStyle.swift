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

/// A paragraph's layout, as UIKit gives it to attributed strings (`.paragraphStyle`). A text layer reads the
/// style at the string's start for the whole text (Pango lays one layout out for it): its alignment (unless
/// natural, when the layer's `alignmentMode` applies), line spacing, line height multiple, the first line's
/// indent beyond the others', and character wrapping. Paragraph spacing, head and tail indents, minimum and
/// maximum line heights are kept and not drawn.
public class NSParagraphStyle: @unchecked Sendable {
    /// The style with UIKit's defaults.
    public static let `default` = NSParagraphStyle()

    /// How lines line up (default natural).
    public fileprivate(set) var alignment = NSTextAlignment.natural
    /// Extra space between lines, in points (default 0).
    public fileprivate(set) var lineSpacing: CGFloat = 0
    /// Extra space after the paragraph, in points (kept, not drawn).
    public fileprivate(set) var paragraphSpacing: CGFloat = 0
    /// Where lines break (default by word).
    public fileprivate(set) var lineBreakMode = NSLineBreakMode.byWordWrapping
    /// The first line's indent, in points.
    public fileprivate(set) var firstLineHeadIndent: CGFloat = 0
    /// The other lines' indent, in points.
    public fileprivate(set) var headIndent: CGFloat = 0
    /// The lines' trailing indent, in points (kept, not drawn).
    public fileprivate(set) var tailIndent: CGFloat = 0
    /// The line height as a multiple of the font's (0: the font's own).
    public fileprivate(set) var lineHeightMultiple: CGFloat = 0
    /// The smallest line height, in points (kept, not drawn).
    public fileprivate(set) var minimumLineHeight: CGFloat = 0
    /// The largest line height, in points (kept, not drawn; 0: no limit).
    public fileprivate(set) var maximumLineHeight: CGFloat = 0

    /// A style with UIKit's defaults.
    public init() {}

    /// A mutable copy.
    public func mutableCopy() -> NSMutableParagraphStyle {
        let copy = NSMutableParagraphStyle()
        copy.setParagraphStyle(self)
        return copy
    }

    /// The values a text layer lays out with; a value that is not finite reads 0 (so equal styles stay equal,
    /// and a text image made once is found again).
    var values: ParagraphValues {
        let finite = { (v: CGFloat) in v.isFinite ? v : 0 }
        var values = ParagraphValues(alignment: alignment, lineSpacing: finite(lineSpacing),
                               lineHeightMultiple: finite(lineHeightMultiple),
                               firstLineIndent: finite(finite(firstLineHeadIndent) - finite(headIndent)),
                               wrapsCharacters: lineBreakMode == .byCharWrapping)
        values.headIndent = finite(headIndent)
        values.tailIndent = finite(tailIndent)
        return values
    }
}

/// A paragraph style whose values can be set.
public final class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    /// How lines line up (default natural).
    public override var alignment: NSTextAlignment { get { super.alignment } set { super.alignment = newValue } }
    /// Extra space between lines, in points (default 0).
    public override var lineSpacing: CGFloat { get { super.lineSpacing } set { super.lineSpacing = newValue } }
    /// Extra space after the paragraph, in points (kept, not drawn).
    public override var paragraphSpacing: CGFloat { get { super.paragraphSpacing } set { super.paragraphSpacing = newValue } }
    /// Where lines break (default by word).
    public override var lineBreakMode: NSLineBreakMode { get { super.lineBreakMode } set { super.lineBreakMode = newValue } }
    /// The first line's indent, in points.
    public override var firstLineHeadIndent: CGFloat { get { super.firstLineHeadIndent } set { super.firstLineHeadIndent = newValue } }
    /// The other lines' indent, in points.
    public override var headIndent: CGFloat { get { super.headIndent } set { super.headIndent = newValue } }
    /// The lines' trailing indent, in points (kept, not drawn).
    public override var tailIndent: CGFloat { get { super.tailIndent } set { super.tailIndent = newValue } }
    /// The line height as a multiple of the font's (0: the font's own).
    public override var lineHeightMultiple: CGFloat { get { super.lineHeightMultiple } set { super.lineHeightMultiple = newValue } }
    /// The smallest line height, in points (kept, not drawn).
    public override var minimumLineHeight: CGFloat { get { super.minimumLineHeight } set { super.minimumLineHeight = newValue } }
    /// The largest line height, in points (kept, not drawn; 0: no limit).
    public override var maximumLineHeight: CGFloat { get { super.maximumLineHeight } set { super.maximumLineHeight = newValue } }

    /// Takes every value of `other`.
    public func setParagraphStyle(_ other: NSParagraphStyle) {
        alignment = other.alignment
        lineSpacing = other.lineSpacing
        paragraphSpacing = other.paragraphSpacing
        lineBreakMode = other.lineBreakMode
        firstLineHeadIndent = other.firstLineHeadIndent
        headIndent = other.headIndent
        tailIndent = other.tailIndent
        lineHeightMultiple = other.lineHeightMultiple
        minimumLineHeight = other.minimumLineHeight
        maximumLineHeight = other.maximumLineHeight
    }
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
}
