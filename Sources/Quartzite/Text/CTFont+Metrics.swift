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

/// The font's design units per em, from the face's 'head' table (0 when no face is found).
public func CTFontGetUnitsPerEm(_ font: CTFont) -> UInt32 { font.tables?.unitsPerEm ?? 0 }

/// The union of the face's glyph boxes (its 'head' table's), scaled to the font's size, in points, y up from
/// the baseline; zero for a size that is not a positive finite number or when no face is found.
public func CTFontGetBoundingBox(_ font: CTFont) -> CGRect {
    guard font.size.isFinite, font.size > 0, let tables = font.tables, tables.unitsPerEm > 0 else { return .zero }
    let scale = font.size / CGFloat(tables.unitsPerEm)
    return CGRect(x: tables.box.minX * scale, y: tables.box.minY * scale, width: tables.box.width * scale,
                  height: tables.box.height * scale)
}

/// The family of the face the font draws with (fontconfig's choice for its name: an unknown name answers
/// with the face that stands in).
public func CTFontCopyFamilyName(_ font: CTFont) -> CFString { font.tables?.family ?? "" }

/// The PostScript name of the face the font draws with, from its 'name' table.
public func CTFontCopyPostScriptName(_ font: CTFont) -> CFString { font.tables?.postScriptName ?? "" }

extension CTFont {
    /// The tables of the face the font's name resolves to (read at each call: cheap next to drawing).
    var tables: FontFaceTables.Facts? { FontFaceTables.facts(name: name) }
}
