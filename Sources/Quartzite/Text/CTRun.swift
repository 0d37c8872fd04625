import Foundation

/// A glyph run: consecutive glyphs of a line that share their attributes, font and direction, as
/// `CTLineGetGlyphRuns` gives them (left to right). Positions are in the line's text space: y up, the line's
/// origin (the start of its baseline) at 0, in points.
public final class CTRun {
    /// What the run holds, read once from its line's layout.
    let glyphRun: GlyphRun

    init(_ glyphRun: GlyphRun) {
        self.glyphRun = glyphRun
    }
}

/// What is known of a run beyond its glyphs (`CTRunGetStatus`).
public struct CTRunStatus: OptionSet, Sendable {
    /// The flags' bits.
    public let rawValue: UInt32

    /// A status with the flags in `rawValue`.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Nothing special: left to right, string indices growing along the glyphs, no text matrix.
    public static let noStatus: CTRunStatus = []
    /// The run reads right to left (its glyphs are still stored left to right).
    public static let rightToLeft = CTRunStatus(rawValue: 1 << 0)
    /// The run's string indices do not only grow along its glyphs (only fall, for a right-to-left run): a
    /// reordered glyph, such as a vowel sign drawn before its consonant.
    public static let nonMonotonic = CTRunStatus(rawValue: 1 << 1)
    /// The run is drawn through a text matrix of its own. Never set here: no attribute gives one.
    public static let hasNonIdentityMatrix = CTRunStatus(rawValue: 1 << 2)
}

/// How many glyphs the run has.
public func CTRunGetGlyphCount(_ run: CTRun) -> CFIndex { run.glyphRun.glyphs.count }

/// The attributes of the run's characters in the string the line was made from, keyed by
/// `NSAttributedString.Key` (`CTRunGetAttributes(run) as? [NSAttributedString.Key: Any]` reads them). Where
/// the string names no font, `.font` holds the `CTFont` the run was drawn in, as Core Text adds it.
public func CTRunGetAttributes(_ run: CTRun) -> CFDictionary { run.glyphRun.attributes }

/// The run's direction and glyph order (`.rightToLeft`, `.nonMonotonic`).
public func CTRunGetStatus(_ run: CTRun) -> CTRunStatus { run.glyphRun.status }

/// The range of the source string whose characters the run's glyphs stand for, in UTF-16 code units.
public func CTRunGetStringRange(_ run: CTRun) -> CFRange { run.glyphRun.stringRange }

/// The identity: no attribute gives a run a text matrix of its own.
public func CTRunGetTextMatrix(_ run: CTRun) -> CGAffineTransform { .identity }

/// Always nil, as Core Text allows: copy the glyphs with `CTRunGetGlyphs`.
public func CTRunGetGlyphsPtr(_ run: CTRun) -> UnsafePointer<CGGlyph>? { nil }

/// Always nil, as Core Text allows: copy the positions with `CTRunGetPositions`.
public func CTRunGetPositionsPtr(_ run: CTRun) -> UnsafePointer<CGPoint>? { nil }

/// Always nil, as Core Text allows: copy the advances with `CTRunGetAdvances`.
public func CTRunGetAdvancesPtr(_ run: CTRun) -> UnsafePointer<CGSize>? { nil }

/// Always nil, as Core Text allows: copy the indices with `CTRunGetStringIndices`.
public func CTRunGetStringIndicesPtr(_ run: CTRun) -> UnsafePointer<CFIndex>? { nil }

/// Copies the glyphs in `range` (to the run's end when its length is 0) into `buffer`, which must hold that
/// many. A range outside the run copies nothing, with a diagnostic.
public func CTRunGetGlyphs(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGGlyph>) {
    copy(run.glyphRun.glyphs, range, run, into: buffer, caller: "CTRunGetGlyphs")
}

/// Copies the origins of the glyphs in `range` (to the run's end when its length is 0) into `buffer`:
/// points on the baseline relative to the line's origin, y up. A range outside the run copies nothing, with
/// a diagnostic.
public func CTRunGetPositions(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGPoint>) {
    copy(run.glyphRun.positions, range, run, into: buffer, caller: "CTRunGetPositions")
}

/// Copies the advances of the glyphs in `range` (to the run's end when its length is 0) into `buffer`, in
/// points (height 0). A range outside the run copies nothing, with a diagnostic.
public func CTRunGetAdvances(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGSize>) {
    copy(run.glyphRun.advances, range, run, into: buffer, caller: "CTRunGetAdvances")
}

/// Copies, for the glyphs in `range` (to the run's end when its length is 0), the index in the source
/// string of the character each glyph stands for (the first of its cluster) into `buffer`. A range outside
/// the run copies nothing, with a diagnostic.
public func CTRunGetStringIndices(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CFIndex>) {
    copy(run.glyphRun.stringIndices, range, run, into: buffer, caller: "CTRunGetStringIndices")
}

/// `values[range]` copied into `buffer`.
private func copy<T>(_ values: [T], _ range: CFRange, _ run: CTRun, into buffer: UnsafeMutablePointer<T>, caller: String) {
    guard let indices = run.glyphRun.glyphIndices(range, caller: caller) else { return }
    for (offset, i) in indices.enumerated() { buffer[offset] = values[i] }
}

/// The advance of the glyphs in `range` (to the run's end when its length is 0) in points; `ascent` and
/// `descent` (the run's font's, both positive) and `leading` (0) are written where given. A range outside
/// the run measures 0 and writes nothing, with a diagnostic.
public func CTRunGetTypographicBounds(_ run: CTRun, _ range: CFRange, _ ascent: UnsafeMutablePointer<CGFloat>?,
                                      _ descent: UnsafeMutablePointer<CGFloat>?,
                                      _ leading: UnsafeMutablePointer<CGFloat>?) -> Double {
    guard let indices = run.glyphRun.glyphIndices(range, caller: "CTRunGetTypographicBounds") else { return 0 }
    ascent?.pointee = run.glyphRun.ascent
    descent?.pointee = run.glyphRun.descent
    leading?.pointee = 0
    return Double(indices.reduce(CGFloat(0)) { $0 + run.glyphRun.advances[$1].width })
}

/// The box tightly round the outlines of the glyphs in `range` (to the run's end when its length is 0), in
/// the line's text space (y up, the line's origin at 0), moved to `context`'s text position when one is
/// given; zero when they draw nothing, `CGRect.null` (with a diagnostic) for a range outside the run.
public func CTRunGetImageBounds(_ run: CTRun, _ context: CGContext?, _ range: CFRange) -> CGRect {
    guard let indices = run.glyphRun.glyphIndices(range, caller: "CTRunGetImageBounds") else { return .null }
    let boxes = indices.map { run.glyphRun.outlines[$0].boundingBoxOfPath }.filter { !$0.isNull && !$0.isEmpty }
    guard let first = boxes.first else { return .zero }
    let ink = boxes.dropFirst().reduce(first) { $0.union($1) }
    guard let position = context?.textPosition else { return ink }
    return ink.offsetBy(dx: position.x, dy: position.y)
}

/// Draws the glyphs in `range` (to the run's end when its length is 0) where they stand in their line, the
/// line's origin at `context`'s text position, through the text matrix and the CTM, in the context's text
/// drawing mode and the run's foreground colour (black when it sets none). The text position does not move.
/// A range outside the run draws nothing, with a diagnostic.
public func CTRunDraw(_ run: CTRun, _ context: CGContext, _ range: CFRange) {
    guard let indices = run.glyphRun.glyphIndices(range, caller: "CTRunDraw") else { return }
    let path = CGMutablePath()
    for i in indices { path.addPath(run.glyphRun.outlines[i]) }
    guard !path.isEmpty else { return }
    var drawing = TextOutlines.Drawing()
    drawing.parts = [TextOutlines.Part(look: TextOutlines.Look(color: run.glyphRun.color, stroke: nil, shadow: nil), path: path)]
    context.drawText(drawing, transform: context.textMatrix, mode: context.textDrawingMode)
}
