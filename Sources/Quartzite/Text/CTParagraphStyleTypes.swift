import Foundation

// Core Text's paragraph style values, as iOS imports them. A setting's value is read from memory as the
// byte its type stores, which for these enums is their raw value: their cases are declared in raw-value order
// from 0, as Swift numbers them (CTWritingDirection, whose raw values start at -1, is a struct for the
// same reason).

/// How lines of a paragraph line up (Core Text's values, which differ from UIKit's).
public enum CTTextAlignment: UInt8, Sendable, CaseIterable {
    /// Flush left.
    case left = 0
    /// Flush right.
    case right = 1
    /// Centred.
    case center = 2
    /// Spread to both edges, the last line of a paragraph flush to its natural side.
    case justified = 3
    /// The side the script reads from.
    case natural = 4
}

/// Where lines break and how text that does not fit is cut (Core Text's values, the same as UIKit's).
public enum CTLineBreakMode: UInt8, Sendable, CaseIterable {
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

/// A paragraph's base writing direction.
public struct CTWritingDirection: RawRepresentable, Hashable, Sendable {
    /// The direction's value, as Core Text stores it in a paragraph style setting (one byte).
    public let rawValue: Int8

    /// A direction of raw value `rawValue` (-1 natural, 0 left to right, 1 right to left).
    public init(rawValue: Int8) { self.rawValue = rawValue }

    /// The direction the paragraph's first strong character reads in.
    public static let natural = CTWritingDirection(rawValue: -1)
    /// Left to right.
    public static let leftToRight = CTWritingDirection(rawValue: 0)
    /// Right to left.
    public static let rightToLeft = CTWritingDirection(rawValue: 1)
}

/// Which value a paragraph style setting gives (Core Text's numbering).
public enum CTParagraphStyleSpecifier: UInt32, Sendable, CaseIterable {
    /// A `CTTextAlignment` (default natural).
    case alignment = 0
    /// A `CGFloat`: the first line's distance from the leading margin, in points.
    case firstLineHeadIndent = 1
    /// A `CGFloat`: the other lines' distance from the leading margin, in points.
    case headIndent = 2
    /// A `CGFloat`: where lines end, from the trailing margin when not positive, else from the leading one.
    case tailIndent = 3
    /// A `CFArray` of `CTTextTab`s: the tab stops (default 12 left-aligned stops 28 points apart).
    case tabStops = 4
    /// A `CGFloat`: the spacing of the tab stops past the last, in points (default 0).
    case defaultTabInterval = 5
    /// A `CTLineBreakMode` (default by word).
    case lineBreakMode = 6
    /// A `CGFloat`: the lines' natural height is multiplied by this, when positive.
    case lineHeightMultiple = 7
    /// A `CGFloat`: the largest height a line takes, in points (0: no limit).
    case maximumLineHeight = 8
    /// A `CGFloat`: the smallest height a line takes, in points.
    case minimumLineHeight = 9
    /// A `CGFloat`: extra space between lines, in points (deprecated; `lineSpacingAdjustment` is read the same).
    case lineSpacing = 10
    /// A `CGFloat`: space after the paragraph, in points.
    case paragraphSpacing = 11
    /// A `CGFloat`: space before the paragraph, in points.
    case paragraphSpacingBefore = 12
    /// A `CTWritingDirection` (default natural).
    case baseWritingDirection = 13
    /// A `CGFloat`: the most space between lines, in points (default `CGFloat.greatestFiniteMagnitude`).
    case maximumLineSpacing = 14
    /// A `CGFloat`: the least space between lines, in points (default 0).
    case minimumLineSpacing = 15
    /// A `CGFloat`: extra space between lines, in points (default 0).
    case lineSpacingAdjustment = 16
    /// Line bounds options: not supported (ignored).
    case lineBoundsOptions = 17
    /// How many specifiers there are.
    case count = 18
}

/// One value of a paragraph style to be made (`CTParagraphStyleCreate`): which it is, its size in bytes,
/// and where it is.
public struct CTParagraphStyleSetting {
    /// Which value this is.
    public var spec: CTParagraphStyleSpecifier
    /// The value's size in bytes: it must be its type's (`MemoryLayout<CGFloat>.size` for a length, 1 for
    /// an alignment, line break mode or direction, `MemoryLayout<CFArray>.size` for tab stops), or the
    /// setting is ignored.
    public var valueSize: Int
    /// Where the value is; read when the style is made, not kept.
    public var value: UnsafeRawPointer

    /// A setting of `spec` with the `valueSize` bytes at `value`.
    public init(spec: CTParagraphStyleSpecifier, valueSize: Int, value: UnsafeRawPointer) {
        self.spec = spec
        self.valueSize = valueSize
        self.value = value
    }
}
