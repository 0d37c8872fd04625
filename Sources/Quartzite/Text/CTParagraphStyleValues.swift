import Foundation

/// A Core Text paragraph style's values, read from its settings' bytes and written back for
/// `CTParagraphStyleGetValueForSpecifier`. Lengths are kept as given; the `NSParagraphStyle` they make is
/// what the layout reads, and it makes lengths that are negative or not finite 0.
struct CTParagraphStyleValues {
    var alignment = CTTextAlignment.natural
    var lineBreakMode = CTLineBreakMode.byWordWrapping
    var baseWritingDirection = CTWritingDirection.natural
    /// The `CGFloat` values, by specifier; a specifier not here has its default (`defaultLength`).
    var lengths: [CTParagraphStyleSpecifier: CGFloat] = [:]

    /// The specifiers whose value is a `CGFloat`.
    static let lengthSpecifiers: Set<CTParagraphStyleSpecifier> = [
        .firstLineHeadIndent, .headIndent, .tailIndent, .defaultTabInterval, .lineHeightMultiple,
        .maximumLineHeight, .minimumLineHeight, .lineSpacing, .paragraphSpacing, .paragraphSpacingBefore,
        .maximumLineSpacing, .minimumLineSpacing, .lineSpacingAdjustment,
    ]

    /// A length specifier's value when not set: Core Text's (no limit on line spacing, else 0).
    static func defaultLength(_ spec: CTParagraphStyleSpecifier) -> CGFloat {
        spec == .maximumLineSpacing ? .greatestFiniteMagnitude : 0
    }

    /// A length specifier's value.
    func length(_ spec: CTParagraphStyleSpecifier) -> CGFloat { lengths[spec] ?? Self.defaultLength(spec) }

    /// Takes `setting`'s value when its size is its type's and it is one of the type's values; ignores it,
    /// with a diagnostic, otherwise.
    mutating func apply(_ setting: CTParagraphStyleSetting) {
        let spec = setting.spec
        guard let size = Self.size(of: spec), setting.valueSize == size else {
            return Diagnostics.report("CTParagraphStyleCreate: a \(spec) setting of \(setting.valueSize) bytes is ignored")
        }
        let raw = setting.value
        switch spec {
        case .alignment: CTTextAlignment(rawValue: raw.loadUnaligned(as: UInt8.self)).map { alignment = $0 } ?? ignored(spec)
        case .lineBreakMode: CTLineBreakMode(rawValue: raw.loadUnaligned(as: UInt8.self)).map { lineBreakMode = $0 } ?? ignored(spec)
        case .baseWritingDirection:
            let direction = CTWritingDirection(rawValue: raw.loadUnaligned(as: Int8.self))
            if (-1...1).contains(direction.rawValue) { baseWritingDirection = direction } else { ignored(spec) }
        default: lengths[spec] = raw.loadUnaligned(as: CGFloat.self)
        }
    }

    private func ignored(_ spec: CTParagraphStyleSpecifier) {
        Diagnostics.report("CTParagraphStyleCreate: a \(spec) setting that is none of its type's values is ignored")
    }

    /// Writes the value of `spec` into `buffer` when `size` bytes hold it; false, writing nothing, otherwise.
    func copy(_ spec: CTParagraphStyleSpecifier, size: Int, into buffer: UnsafeMutableRawPointer) -> Bool {
        guard let needed = Self.size(of: spec), size >= needed else { return false }
        switch spec {
        case .alignment: buffer.storeBytes(of: alignment.rawValue, as: UInt8.self)
        case .lineBreakMode: buffer.storeBytes(of: lineBreakMode.rawValue, as: UInt8.self)
        case .baseWritingDirection: buffer.storeBytes(of: baseWritingDirection.rawValue, as: Int8.self)
        default: buffer.storeBytes(of: length(spec), as: CGFloat.self)
        }
        return true
    }

    /// The size in bytes of `spec`'s value; nil for a specifier not kept.
    static func size(of spec: CTParagraphStyleSpecifier) -> Int? {
        switch spec {
        case .alignment, .lineBreakMode, .baseWritingDirection: 1
        case _ where lengthSpecifiers.contains(spec): MemoryLayout<CGFloat>.size
        default: nil
        }
    }

    /// The style as UIKit's: Core Text's alignment as UIKit's, the line spacing the adjustment (or the
    /// deprecated `lineSpacing` where no adjustment is set) held between the minimum and maximum spacing.
    var paragraphStyle: NSParagraphStyle {
        let style = NSMutableParagraphStyle()
        style.alignment = Self.alignments[alignment] ?? .natural
        style.lineBreakMode = NSLineBreakMode(rawValue: Int(lineBreakMode.rawValue)) ?? .byWordWrapping
        style.firstLineHeadIndent = length(.firstLineHeadIndent)
        style.headIndent = length(.headIndent)
        style.tailIndent = length(.tailIndent)
        style.lineHeightMultiple = length(.lineHeightMultiple)
        style.minimumLineHeight = length(.minimumLineHeight)
        style.maximumLineHeight = length(.maximumLineHeight)
        style.paragraphSpacing = length(.paragraphSpacing)
        style.paragraphSpacingBefore = length(.paragraphSpacingBefore)
        let adjustment = lengths[.lineSpacingAdjustment] ?? length(.lineSpacing)
        style.lineSpacing = max(min(adjustment, length(.maximumLineSpacing)), length(.minimumLineSpacing))
        style.baseWritingDirection = NSWritingDirection(rawValue: Int(baseWritingDirection.rawValue)) ?? .natural
        return style
    }

    /// Core Text's alignments as UIKit's.
    private static let alignments: [CTTextAlignment: NSTextAlignment] = [
        .left: .left, .right: .right, .center: .center, .justified: .justified, .natural: .natural,
    ]
}
