import Foundation

/// A line of text laid out once, as Core Text makes one (`CTLineCreateWithAttributedString`, or a frame's
/// line): Pango lays it out as string drawing does, with Core Text's defaults (12-point text in the default
/// face, black), and `CTLineDraw` fills its glyph outlines into a context at the text position.
///
/// A line is one line however long: a line or paragraph separator inside it is laid out as a space (Core Text
/// draws none). Of its paragraph style it takes what Core Text's typesetter takes (the specifiers Apple lists
/// as affecting `CTTypesetter`): the tab stops, the tab interval and the base writing direction; alignment,
/// indents, line heights and spacing are a frame's (Apple lists them as affecting `CTFramesetter` only).
/// Leading is 0: Pango's line height holds none.
public final class CTLine {
    /// The range of the source string the line covers (a frame's line includes the separator ending it).
    let range: CFRange
    /// The request laid out; nil when there is nothing to lay out.
    let request: TextRequest?
    /// The advance, ascent and descent in points, Pango's logical extent of the line.
    let typographic: (width: CGFloat, ascent: CGFloat, descent: CGFloat)
    /// The glyphs' ink in text space (y up, the baseline's origin at 0), unhinted; zero for no glyphs.
    let ink: CGRect
    /// The characters laid out (separators as spaces), standing for `range` of the source.
    let string: NSAttributedString
    /// How many glyphs the line has (shaped again when first asked).
    private(set) lazy var glyphCount: Int = request.map(TextLines.glyphCount) ?? 0
    /// The line's glyph runs, left to right (shaped again when first asked).
    private(set) lazy var runs: [CTRun] = request.map {
        LineRuns.runs(of: $0, string: string, location: range.location).map(CTRun.init)
    } ?? []

    /// The line of `string`, which stands for `range` of its source; spread to `justifiedWidth` points when
    /// given and it fits on one line there (else laid out unjustified). A spread line leaves its trailing
    /// spaces out, as Pango zeroes a wrapped line's: its last glyph ends at the width.
    /// `lineStart` is how far past the margin a frame's line starts by its paragraph's indents: its tab stops
    /// are measured from the margin.
    init(_ string: NSAttributedString, range: CFRange, justifiedWidth: CGFloat? = nil, lineStart: CGFloat = 0) {
        self.range = range
        self.string = justifiedWidth == nil ? Self.oneLine(string) : Self.withoutTrailingSpaces(Self.oneLine(string))
        var values = StringDrawing.values(self.string, .unbounded)
        values.content.paragraph = values.content.paragraph.map { Self.lineParagraph($0, lineStart: lineStart) }
        values.content.paragraphRuns = []
        let natural = TextRequest(layout: values, width: nil)
        request = justifiedWidth.flatMap { width in Self.justified(natural, to: width) } ?? natural
        let extents = request.flatMap(TextRasterizer.extents)
        if let extents {
            typographic = (extents.logical.width, extents.baseline - extents.logical.minY,
                           extents.logical.maxY - extents.baseline)
            ink = extents.ink.isEmpty ? .zero : CGRect(x: extents.ink.minX, y: extents.baseline - extents.ink.maxY,
                                                       width: extents.ink.width, height: extents.ink.height)
        } else {
            typographic = (0, 0, 0)
            ink = .zero
        }
    }

    /// `request` spread to `width` points; nil when Pango would not keep it on one line at that width (its
    /// trailing spaces may pass the width, as a wrapped line's do).
    private static func justified(_ request: TextRequest?, to width: CGFloat) -> TextRequest? {
        guard let spread = request?.justified(to: width), TextLines.lines(of: spread).count == 1 else { return nil }
        return spread
    }

    /// What of the paragraph style `style` a line lays out: its tab stops and tab interval (measured from the
    /// margin `lineStart` points before the line) and its base writing direction, the rest at the defaults.
    private static func lineParagraph(_ style: ParagraphValues, lineStart: CGFloat) -> ParagraphValues {
        var line = ParagraphValues(alignment: .natural, lineSpacing: 0, lineHeightMultiple: 0, firstLineIndent: 0,
                                   wrapsCharacters: false)
        line.tabs = style.tabs
        line.tabs.lineStart = lineStart
        line.isRightToLeft = style.isRightToLeft
        return line
    }

    /// The baseline below the top of the laid-out line, in points.
    private var baseline: CGFloat { typographic.ascent }

    /// Fills (or strokes, as the context's text drawing mode says) the line's glyphs with the baseline's origin
    /// at the context's text position, through the text matrix and the CTM: upright where user space runs y up.
    func draw(in context: CGContext) {
        guard let request else { return }
        let drawing = TextOutlines.drawing(of: request, baseColor: .black)
        guard !drawing.isEmpty else { return }
        // The outlines run y down from the line's top: flip them about the baseline into text space.
        let toTextSpace = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: baseline)
        context.drawText(drawing, transform: toTextSpace.concatenating(context.textMatrix), mode: context.textDrawingMode)
    }

    /// `string` with separators at its end left out and those inside it as spaces.
    private static func oneLine(_ string: NSAttributedString) -> NSAttributedString {
        let text = string.string as NSString
        var end = text.length
        while end > 0, let unit = UnicodeScalar(text.character(at: end - 1)), separators.contains(unit) { end -= 1 }
        let line = NSMutableAttributedString(attributedString: string.attributedSubstring(from: NSRange(location: 0, length: end)))
        let units = line.string as NSString
        for i in 0..<units.length {
            if let unit = UnicodeScalar(units.character(at: i)), separators.contains(unit) {
                line.replaceCharacters(in: NSRange(location: i, length: 1), with: " ")
            }
        }
        return line
    }

    /// `string` without the spaces and tabs at its end.
    private static func withoutTrailingSpaces(_ string: NSAttributedString) -> NSAttributedString {
        let text = string.string as NSString
        var end = text.length
        while end > 0, text.character(at: end - 1) == 0x20 || text.character(at: end - 1) == 0x09 { end -= 1 }
        return string.attributedSubstring(from: NSRange(location: 0, length: end))
    }

    /// The characters that end a line or paragraph.
    private static let separators: Set<UnicodeScalar> = ["\n", "\r", "\u{2028}", "\u{2029}", "\u{85}"]
}

/// A line of `string` laid out as one line, with Core Text's defaults where it sets no font or colour.
public func CTLineCreateWithAttributedString(_ string: CFAttributedString) -> CTLine {
    CTLine(string, range: CFRange(location: 0, length: string.length))
}

/// Draws `line` with its baseline's origin at `context`'s text position, in its text drawing mode, through
/// the text matrix and the CTM (glyphs upright where user space runs y up; in a UIKit context, whose y runs
/// down, flip the text matrix or the CTM as iOS code does). The text position then moves to the line's end,
/// its typographic width along the text matrix's x axis, as Core Graphics moves it past shown glyphs: a
/// second line drawn without setting the position follows the first.
public func CTLineDraw(_ line: CTLine, _ context: CGContext) {
    line.draw(in: context)
    let end = CGPoint(x: line.typographic.width, y: 0).applying(context.textMatrix)
    if end.x.isFinite, end.y.isFinite { context.textPosition = end }
}

/// The line's advance in points; `ascent` and `descent` (both positive, from the baseline) and `leading` (0)
/// are written where given.
public func CTLineGetTypographicBounds(_ line: CTLine, _ ascent: UnsafeMutablePointer<CGFloat>?,
                                      _ descent: UnsafeMutablePointer<CGFloat>?,
                                      _ leading: UnsafeMutablePointer<CGFloat>?) -> Double {
    ascent?.pointee = line.typographic.ascent
    descent?.pointee = line.typographic.descent
    leading?.pointee = 0
    return Double(line.typographic.width)
}

/// The box tightly round the line's glyphs in text space (y up, the baseline's origin at 0), moved to
/// `context`'s text position when one is given; zero for a line with no glyphs.
public func CTLineGetImageBounds(_ line: CTLine, _ context: CGContext?) -> CGRect {
    guard let position = context?.textPosition, !line.ink.isEmpty else { return line.ink }
    return line.ink.offsetBy(dx: position.x, dy: position.y)
}

/// How many glyphs the line draws (a space is one; a paragraph separator is none).
public func CTLineGetGlyphCount(_ line: CTLine) -> CFIndex { line.glyphCount }

/// The range of the source string the line covers, in UTF-16 code units.
public func CTLineGetStringRange(_ line: CTLine) -> CFRange { line.range }
