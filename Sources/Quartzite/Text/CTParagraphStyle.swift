import Foundation

/// Core Text's paragraph style (`CTParagraphStyleCreate`), under `kCTParagraphStyleAttributeName` in an
/// attributed string. It is laid out as the `NSParagraphStyle` it stands for (`paragraphStyle`): frames,
/// lines and string drawing read that one model.
public final class CTParagraphStyle {
    /// The values set, Core Text's defaults for the others.
    let values: CTParagraphStyleValues
    /// The same style as UIKit spells it, which the layout reads.
    let paragraphStyle: NSParagraphStyle

    init(_ values: CTParagraphStyleValues) {
        self.values = values
        paragraphStyle = values.paragraphStyle
    }
}

/// The name under which an attributed string's paragraph style is kept: the same key as
/// `NSAttributedString.Key.paragraphStyle`, which takes a `CTParagraphStyle` or an `NSParagraphStyle`.
public let kCTParagraphStyleAttributeName: CFString = NSAttributedString.Key.paragraphStyle.rawValue

/// A paragraph style of the `settingCount` settings at `settings`; Core Text's defaults for values not set.
/// A setting whose size is not its value's, whose value is not one of its type's, or whose specifier is not
/// supported (line bounds options) is ignored with a diagnostic; a nil `settings` or a count that is not
/// positive makes the default style. Tab stops (`.tabStops`) are a `CFArray` of `CTTextTab`s, its size
/// `MemoryLayout<CFArray>.size`, passed as `withUnsafeBytes(of: &tabs)` or `&tabs` of a `CFArray?` (Swift passes
/// `&tabs` of a `CFArray` as its elements' address, which is refused with a diagnostic). The values are
/// copied: the pointers need not outlive the call.
public func CTParagraphStyleCreate(_ settings: UnsafePointer<CTParagraphStyleSetting>?, _ settingCount: Int) -> CTParagraphStyle {
    var values = CTParagraphStyleValues()
    if let settings, settingCount > 0 {
        for setting in UnsafeBufferPointer(start: settings, count: settingCount) { values.apply(setting) }
    }
    return CTParagraphStyle(values)
}

/// Copies the value of `spec` in `paragraphStyle` (the default when it was not set) into `valueBuffer` and
/// returns true; false, writing nothing, when `valueBufferSize` is smaller than the value or `spec` is not
/// kept (line bounds options, `count`). Tab stops are written as a `CFArray` of `CTTextTab`s into a
/// `CFArray?` variable (`&tabs`; Core Text's default 12 when none were set): `&tabs` of a `CFArray` that is not
/// optional points at its elements in Swift, and such a buffer is refused (false).
public func CTParagraphStyleGetValueForSpecifier(_ paragraphStyle: CTParagraphStyle, _ spec: CTParagraphStyleSpecifier,
                                                 _ valueBufferSize: Int, _ valueBuffer: UnsafeMutableRawPointer) -> Bool {
    paragraphStyle.values.copy(spec, size: valueBufferSize, into: valueBuffer)
}

/// The paragraph style an attribute value gives: an `NSParagraphStyle`, or the one a `CTParagraphStyle`
/// stands for; nil for anything else.
func paragraphStyle(_ value: Any?) -> NSParagraphStyle? {
    (value as? NSParagraphStyle) ?? (value as? CTParagraphStyle)?.paragraphStyle
}
