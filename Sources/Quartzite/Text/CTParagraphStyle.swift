import Foundation

/// Core Text's paragraph style (`CTParagraphStyleCreate`), under `kCTParagraphStyleAttributeName` in an
/// attributed string. It is laid out as the `NSParagraphStyle` it stands for (`paragraphStyle`): frames,
/// lines and string drawing read that one model. The default tab interval is kept but not laid out.
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
/// supported (tab stops, line bounds options) is ignored with a diagnostic; a nil `settings` or a count that
/// is not positive makes the default style. The values are copied: the pointers need not outlive the call.
public func CTParagraphStyleCreate(_ settings: UnsafePointer<CTParagraphStyleSetting>?, _ settingCount: Int) -> CTParagraphStyle {
    var values = CTParagraphStyleValues()
    if let settings, settingCount > 0 {
        for setting in UnsafeBufferPointer(start: settings, count: settingCount) { values.apply(setting) }
    }
    return CTParagraphStyle(values)
}

/// Copies the value of `spec` in `paragraphStyle` (the default when it was not set) into `valueBuffer` and
/// returns true; false, writing nothing, when `valueBufferSize` is smaller than the value or `spec` is not
/// kept (tab stops, line bounds options, `count`).
public func CTParagraphStyleGetValueForSpecifier(_ paragraphStyle: CTParagraphStyle, _ spec: CTParagraphStyleSpecifier,
                                                 _ valueBufferSize: Int, _ valueBuffer: UnsafeMutableRawPointer) -> Bool {
    paragraphStyle.values.copy(spec, size: valueBufferSize, into: valueBuffer)
}

/// The paragraph style an attribute value gives: an `NSParagraphStyle`, or the one a `CTParagraphStyle`
/// stands for; nil for anything else.
func paragraphStyle(_ value: Any?) -> NSParagraphStyle? {
    (value as? NSParagraphStyle) ?? (value as? CTParagraphStyle)?.paragraphStyle
}
