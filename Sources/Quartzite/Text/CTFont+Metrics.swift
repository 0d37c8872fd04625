import Foundation

// A Core Text font's metrics, as code that lays text out by hand reads them: the same measurements as
// `UIFont`'s (Pango's layout of the face at the font's size), with Core Text's signs.

/// The distance from the baseline up to the top of the font's line, in points.
public func CTFontGetAscent(_ font: CTFont) -> CGFloat { font.uiFont.ascender }

/// The distance from the baseline down to the bottom of the font's line, in points, positive as Core Text
/// gives it.
public func CTFontGetDescent(_ font: CTFont) -> CGFloat { -font.uiFont.descender }

/// The space between lines beyond ascent and descent: 0, as Pango's line height holds none.
public func CTFontGetLeading(_ font: CTFont) -> CGFloat { font.uiFont.leading }

/// The height of a capital letter above the baseline, in points.
public func CTFontGetCapHeight(_ font: CTFont) -> CGFloat { font.uiFont.capHeight }

/// The height of a lowercase x above the baseline, in points.
public func CTFontGetXHeight(_ font: CTFont) -> CGFloat { font.uiFont.xHeight }

extension CTFont {
    /// The same face at the same size as UIKit's font, whose metrics are measured once for both.
    var uiFont: UIFont { UIFont(face: name, size: size) }
}
