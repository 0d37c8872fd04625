import Foundation

// A line's glyph runs, carets and hit testing.

/// The line's glyph runs (`CTLineGetGlyphRuns(line) as! [CTRun]`), left to right: each a stretch of glyphs
/// with the same attributes, font and direction. Empty for an empty line.
public func CTLineGetGlyphRuns(_ line: CTLine) -> CFArray { line.runs }

/// The caret offset, in points from the line's origin along its baseline, for the insertion point before
/// source string index `charIndex` (the line's end for the index after its last character); `secondaryOffset`
/// receives the other caret where the direction changes there, else the same offset. An index outside the
/// line is taken as the nearer end of it; an empty line's offsets are 0.
public func CTLineGetOffsetForStringIndex(_ line: CTLine, _ charIndex: CFIndex,
                                          _ secondaryOffset: UnsafeMutablePointer<CGFloat>?) -> CGFloat {
    guard let request = line.request else {
        secondaryOffset?.pointee = 0
        return 0
    }
    let offsets = UTF16Offsets(request.content.text)
    let length = line.string.length
    let unit = charIndex < line.range.location ? 0 : min(charIndex - line.range.location, length)
    let previous = unit > 0 ? offsets.byte(ofUnit: unit - 1) : nil
    let (primary, secondary) = LineCarets.offsets(before: offsets.byte(ofUnit: unit), previous: previous, in: request)
    secondaryOffset?.pointee = secondary
    return primary
}

/// The source string index where a character would be inserted for a click at `position` (relative to the
/// line's origin; only its x is read): the character under it, or the one after when `position` is in its
/// trailing half. Between the line's first index and one past its last; `kCFNotFound` for an empty line.
public func CTLineGetStringIndexForPosition(_ line: CTLine, _ position: CGPoint) -> CFIndex {
    guard let request = line.request else { return kCFNotFound }
    let x = position.x.isNaN ? 0 : min(max(position.x, -1_000_000), 1_000_000)
    guard let byte = LineCarets.insertionByte(at: x, in: request) else { return kCFNotFound }
    let unit = UTF16Offsets(request.content.text).offset(ofByte: byte)
    return line.range.location + min(unit, line.string.length)
}
