import Foundation

/// What a `CTRun` holds: its glyphs and where they stand, read once from the Pango layout of its line
/// (`LineRuns`). Lengths are in points, in the line's text space: y up, the line's origin (the start of its
/// baseline) at 0.
struct GlyphRun {
    /// The glyphs' ids in their font, in visual order (left to right, as Core Text stores a right-to-left
    /// run's glyphs too); `0xFFFF` stands for a glyph Pango leaves empty.
    var glyphs: [CGGlyph] = []
    /// Each glyph's origin on the baseline.
    var positions: [CGPoint] = []
    /// Each glyph's advance (height 0).
    var advances: [CGSize] = []
    /// Each glyph's character in the source string (the first of its cluster), in UTF-16 units.
    var stringIndices: [CFIndex] = []
    /// Each glyph's outline, placed at its position.
    var outlines: [CGPath] = []
    /// The characters the glyphs come from, in the source string.
    var stringRange = CFRange()
    /// Whether the run reads right to left.
    var isRightToLeft = false
    /// The ascent and descent of the run's font (both positive, from the baseline).
    var ascent: CGFloat = 0
    var descent: CGFloat = 0
    /// The attributes of the run's characters, the font Core Text used among them.
    var attributes: CFDictionary = [:]
    /// The colour the glyphs are drawn in: the run's foreground colour, black when it sets none.
    var color: CGColor = .black

    /// The run's status: right to left when it reads so, non-monotonic when its string indices do not only
    /// grow (left to right) or only shrink (right to left) along its glyphs.
    var status: CTRunStatus {
        var status: CTRunStatus = isRightToLeft ? .rightToLeft : []
        let pairs = zip(stringIndices, stringIndices.dropFirst())
        let ordered = isRightToLeft ? pairs.allSatisfy { $0 >= $1 } : pairs.allSatisfy { $0 <= $1 }
        if !ordered { status.insert(.nonMonotonic) }
        return status
    }

    /// The glyph indices `range` names (a length of 0 runs to the end); nil, with a diagnostic naming
    /// `caller`, for a range outside the run's glyphs.
    func glyphIndices(_ range: CFRange, caller: String) -> Range<Int>? {
        let count = glyphs.count
        guard range.location >= 0, range.length >= 0, range.location <= count,
              range.length <= count - range.location else {
            Diagnostics.report("\(caller): range (\(range.location), \(range.length)) is outside the run's \(count) glyphs; nothing is read")
            return nil
        }
        return range.location..<(range.length == 0 ? count : range.location + range.length)
    }
}
