import Foundation

/// Everything a text layer's pixels depend on, and nothing else: equal requests rasterise to equal pixels, so
/// the renderer keeps one image per request. Made from a text node's values, its bounds' size and the pixels
/// per point it is drawn at.
package struct TextRequest: Hashable, Sendable {
    /// The characters (capped at `TextRasterizer.maximumCharacters`) and the attributed runs.
    package private(set) var content: TextContent
    /// The font's name; nil is the default face.
    package private(set) var fontName: String?
    /// The size in points, in 0 < size <= `TextRasterizer.maximumFontSize`.
    package private(set) var fontSize: CGFloat
    /// The colour the text is rasterised in: nil for white (the renderer tints the image by
    /// `foregroundColor`, so a colour change or animation rasterises nothing); black, Core Text's default,
    /// for an attributed string, whose runs carry their own colours.
    package private(set) var color: CGColor?
    package private(set) var isWrapped: Bool
    package private(set) var truncationMode: CATextLayerTruncationMode
    package private(set) var alignmentMode: CATextLayerAlignmentMode
    /// The bounds' size in points.
    package private(set) var size: CGSize
    /// Pixels per point, lowered when the image would pass `TextRasterizer.maximumSide` pixels a side.
    package private(set) var scale: CGFloat
    /// Whether justified text spreads its last line too, as a Core Text line justified to a width does.
    package private(set) var justifiesLastLine = false

    /// The request for `values` drawn in bounds of `size` at `scale` pixels per point; nil, with a diagnostic
    /// for bad numbers, when nothing would show (no text, no colour, an empty or non-finite size or scale, a
    /// font size that is not a positive finite number).
    package init?(_ values: TextValues, size: CGSize, scale: CGFloat) {
        let attributed = values.content.isAttributed
        guard !values.content.text.isEmpty, attributed || (values.foregroundColor?.alpha ?? 0) > 0,
              let fontSize = Self.usableFontSize(attributed ? Self.attributedFontSize : values.fontSize),
              let scale = Self.usableScale(scale, size: size),
              let scale = Self.glyphSafeScale(scale, largestFont: Self.largestFontSize(values.content, fontSize))
        else { return nil }
        content = Self.capped(values.content)
        fontName = attributed ? nil : values.fontName
        self.fontSize = fontSize
        color = attributed ? .black : nil
        isWrapped = values.isWrapped
        truncationMode = values.truncationMode
        alignmentMode = values.alignmentMode
        self.size = size
        self.scale = scale
    }

    /// A request only to lay `values` out, not to rasterise (string drawing fills outlines and measures):
    /// lines break at `width` points when the values wrap or truncate, and wrapped text truncating ends on the
    /// last line that fits `height`; a width that is not finite and positive (or nil) lays each paragraph out
    /// on one line. Nil when there is no text or no usable font size.
    package init?(layout values: TextValues, width: CGFloat?, height: CGFloat? = nil) {
        guard !values.content.text.isEmpty, let fontSize = Self.usableFontSize(values.fontSize) else { return nil }
        content = Self.capped(values.content)
        fontName = values.fontName
        self.fontSize = fontSize
        color = values.foregroundColor
        let lineWidth = width.flatMap { $0.isFinite && $0 > 0 ? min($0, Self.widestLayout) : nil }
        isWrapped = values.isWrapped && lineWidth != nil
        truncationMode = lineWidth == nil ? .none : values.truncationMode
        alignmentMode = values.alignmentMode
        let lineHeight = height.flatMap { $0.isFinite && $0 > 0 ? min($0, Self.widestLayout) : nil }
        // No width: no lines to break and no width to align them in.
        size = CGSize(width: lineWidth ?? 0, height: lineHeight ?? Self.widestLayout)
        scale = 1
    }

    /// This layout-only request as one line `width` points wide, spread to both edges
    /// (`CTLineCreateJustifiedLine`): a line narrower than `width` spreads at its spaces (between its
    /// characters when it has none); nil for a width that is not positive and finite.
    func justified(to width: CGFloat) -> TextRequest? {
        guard width.isFinite, width > 0 else { return nil }
        var line = self
        line.size.width = min(width, Self.widestLayout)
        line.isWrapped = true
        line.truncationMode = .none
        line.alignmentMode = .justified
        line.content.paragraph = nil
        line.content.paragraphRuns = []
        line.justifiesLastLine = true
        return line
    }

    /// The part of this request that lays out the `wanted` bytes of its text (a block of paragraphs,
    /// `TextFrame`) in the block's `paragraph` style: the runs cut to it and counted from its start, and
    /// `height` points for wrapped text that truncates to end in.
    func part(_ wanted: Range<Int>, paragraph: ParagraphValues?, height: CGFloat) -> TextRequest {
        var part = self
        let utf8 = content.text.utf8
        let bytes = wanted.clamped(to: 0..<utf8.count)
        guard bytes != 0..<utf8.count || paragraph != content.paragraph || height != size.height else { return part }
        let start = utf8.index(utf8.startIndex, offsetBy: bytes.lowerBound)
        let end = utf8.index(start, offsetBy: bytes.count)
        part.content.text = String(decoding: utf8[start..<end], as: UTF8.self)
        part.content.runs = content.runs(in: bytes).map { run in
            var shifted = run
            let cut = run.bytes.clamped(to: bytes)
            shifted.bytes = (cut.lowerBound - bytes.lowerBound)..<(cut.upperBound - bytes.lowerBound)
            return shifted
        }
        part.content.paragraph = paragraph
        part.content.paragraphRuns = []
        part.size.height = height
        return part
    }

    /// The widest line a layout-only request breaks at, in points (Pango's units are 32-bit: 2^31 / 1024).
    private static let widestLayout: CGFloat = 1_000_000

    /// The size of an attributed string's text where it names none: Core Text's default, 12 points.
    package static let attributedFontSize: CGFloat = 12

    /// The image's size in whole pixels (the bounds at `scale`, rounded up).
    package var pixelWidth: Int { Self.wholePixels(size.width * scale) }
    package var pixelHeight: Int { Self.wholePixels(size.height * scale) }

    /// A length in pixels rounded up; 0 for one that is not finite or past the largest image side.
    private static func wholePixels(_ length: CGFloat) -> Int {
        length.isFinite && length >= 0 && length <= CGFloat(TextRasterizer.maximumSide) ? Int(length.rounded(.up)) : 0
    }

    /// A font size that can be drawn: positive and finite, at most `maximumFontSize`; nil otherwise.
    private static func usableFontSize(_ size: CGFloat) -> CGFloat? {
        guard size.isFinite, size > 0 else {
            if !size.isFinite || size < 0 { Diagnostics.report("CATextLayer.fontSize \(size) is not a positive finite size; the text is not drawn") }
            return nil
        }
        guard size <= TextRasterizer.maximumFontSize else {
            Diagnostics.report("CATextLayer.fontSize \(size) is above \(Int(TextRasterizer.maximumFontSize)) points; drawn at \(Int(TextRasterizer.maximumFontSize))")
            return TextRasterizer.maximumFontSize
        }
        return size
    }

    /// The pixels per point to rasterise at: `scale`, lowered so that neither side passes `maximumSide`
    /// pixels; nil when the size or scale is empty or not finite.
    private static func usableScale(_ scale: CGFloat, size: CGSize) -> CGFloat? {
        guard scale.isFinite, scale > 0, size.width.isFinite, size.height.isFinite,
              size.width >= 0.5 / scale, size.height >= 0.5 / scale else { return nil }
        let side = CGFloat(TextRasterizer.maximumSide)
        let longest = max(size.width, size.height) * scale
        guard longest > side else { return scale }
        Diagnostics.report("a text layer of \(longest) pixels a side is rasterised at \(TextRasterizer.maximumSide) pixels a side, softer")
        // Half a pixel short of the limit, so the side rounded up stays within it.
        return scale * ((side - 0.5) / longest)
    }

    /// The most a glyph's size in points times the square of the pixels per point may be. Past 65,536 cairo's
    /// FreeType face fails to scale (Pango asks FreeType for a size that holds the pixels per point twice),
    /// and the failure stays with the face: every later text in the font, at any size, draws nothing.
    static let largestGlyphScale: CGFloat = 60_000

    /// `scale` lowered, with a diagnostic, so that the largest font times its square stays within
    /// `largestGlyphScale`.
    private static func glyphSafeScale(_ scale: CGFloat, largestFont: CGFloat) -> CGFloat? {
        let limit = (largestGlyphScale / max(largestFont, 1)).squareRoot()
        guard scale > limit else { return scale }
        Diagnostics.report("text of \(largestFont) points is rasterised at \(limit) pixels a point, not \(scale), softer: "
            + "FreeType scales no glyph that large")
        return limit
    }

    /// The largest font size the content is drawn in: `fontSize` or a run's own.
    private static func largestFontSize(_ content: TextContent, _ fontSize: CGFloat) -> CGFloat {
        content.runs.reduce(fontSize) { max($0, $1.baseSize(textSize: fontSize)) }
    }

    /// The content with at most `maximumCharacters` characters and `maximumScalars` Unicode scalars, runs cut to
    /// what is left.
    private static func capped(_ content: TextContent) -> TextContent {
        let limit = TextRasterizer.maximumCharacters, scalarLimit = TextRasterizer.maximumScalars
        guard content.text.utf8.count > limit else { return content }
        let characters = content.text.count, scalars = content.text.unicodeScalars.count
        guard characters > limit || scalars > scalarLimit else { return content }
        var cut = content
        if characters > limit {
            Diagnostics.report("a string of \(characters) characters is laid out to its first \(limit)")
            cut.text = String(content.text.prefix(limit))
        }
        if cut.text.unicodeScalars.count > scalarLimit {
            Diagnostics.report("a string of \(scalars) Unicode scalars is laid out to its first \(scalarLimit)")
            cut.text = String(String.UnicodeScalarView(cut.text.unicodeScalars.prefix(scalarLimit)))
        }
        let bytes = cut.text.utf8.count
        cut.runs = content.runs.compactMap { run -> TextContent.Run? in
            guard run.bytes.lowerBound < bytes else { return nil }
            var shortened = run
            shortened.bytes = run.bytes.lowerBound..<min(run.bytes.upperBound, bytes)
            return shortened
        }
        return cut
    }
}
