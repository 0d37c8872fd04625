import Foundation

/// What a text layer says: its characters and, from an attributed string, the runs that set their own colour
/// or font. A plain value (an `NSAttributedString` is a class and not `Sendable`), made once when `string` is set.
package struct TextContent: Hashable, Sendable {
    /// A stretch of the text with attributes of its own, in UTF-8 byte offsets (what Pango counts in). Kern is
    /// capped at ±1000 points when laid out.
    package struct Run: Hashable, Sendable {
        package var bytes: Range<Int>
        /// The foreground colour (`NSAttributedString.Key.foregroundColor` or `kCTForegroundColorAttributeName`,
        /// a `CGColor`), or nil.
        package var color: CGColor?
        /// The font name (`NSAttributedString.Key.font`: a name, `CGFont` or `CTFont`), or nil.
        package var fontName: String?
        /// The size of a `CTFont` given as the run's font, or nil.
        package var fontSize: CGFloat?
        /// Extra space after each character in points (`NSAttributedString.Key.kern`), or nil.
        package var kern: CGFloat?
        /// The underline style's raw value (`NSAttributedString.Key.underlineStyle`), or nil.
        package var underline: Int?
        /// The strikethrough style's raw value (`.strikethroughStyle`), or nil.
        package var strikethrough: Int? = nil
        /// The colour behind the run's line boxes (`.backgroundColor`), or nil.
        package var background: CGColor? = nil
        /// The glyphs' outline (`.strokeWidth`, `.strokeColor`), or nil; string drawing strokes it.
        package var stroke: TextStroke? = nil
        /// The run's shadow (`.shadow`), or nil; string drawing casts it.
        package var shadow: TextShadow? = nil
        /// How far the glyphs are raised, in points (`.baselineOffset`; negative lowers them), or nil.
        package var baselineOffset: CGFloat? = nil
        /// The glyphs' skew (`.obliqueness`, capped at ±4), or nil.
        package var obliqueness: CGFloat? = nil
        /// The natural log of the glyphs' horizontal stretch (`.expansion`, capped at ±3), or nil.
        package var expansion: CGFloat? = nil
        /// The ligatures used (`.ligature`: 0 required only, 2 all), or nil for the font's default ones.
        package var ligatures: Int? = nil
    }

    /// A stretch of the text under one paragraph style, in UTF-8 byte offsets.
    package struct ParagraphRun: Hashable, Sendable {
        package var bytes: Range<Int>
        package var values: ParagraphValues
    }

    /// The characters drawn.
    package var text: String
    /// Runs with attributes of their own; empty for a plain string.
    package var runs: [Run]
    /// The paragraph style at the start of an attributed string (`.paragraphStyle`), or nil.
    package var paragraph: ParagraphValues?
    /// Where an attributed string sets paragraph styles; empty when `paragraph`, if any, is the whole text's.
    package var paragraphRuns: [ParagraphRun] = []
    /// Whether the text is an attributed string: then it sets its own font and colours, with Core Text's
    /// defaults (12-point Helvetica, black) where it sets none, and the layer's `font`, `fontSize` and
    /// `foregroundColor` are not used (Apple's CATextLayer header: "Only used when the `string' property is
    /// not an NSAttributedString").
    package var isAttributed = false

    /// Nothing to draw.
    package static let empty = TextContent(text: "", runs: [])

    package init(text: String, runs: [Run], paragraph: ParagraphValues? = nil) {
        self.text = text
        self.runs = runs
        self.paragraph = paragraph
    }

    /// The content of a value given as `CATextLayer.string`: a String (or NSString), an NSAttributedString, or
    /// nil. Anything else is reported and draws nothing.
    package init(_ value: Any?) {
        switch value {
        case nil: self = .empty
        case let string as String: self.init(text: string, runs: [])
        case let attributed as NSAttributedString: self = Self.content(of: attributed)
        default:
            Diagnostics.report("CATextLayer.string: a value of type \(typeName(value)) is neither a String nor an NSAttributedString; nothing is drawn")
            self = .empty
        }
    }


    /// An attributed string's characters and the runs whose colour or font Quartzite reads.
    private static func content(of attributed: NSAttributedString) -> TextContent {
        let text = attributed.string
        var runs: [Run] = []
        let whole = NSRange(location: 0, length: attributed.length)
        attributed.enumerateAttributes(in: whole, options: []) { attributes, range, _ in
            guard let run = run(attributes, range, in: text) else { return }
            runs.append(run)
        }
        var content = TextContent(text: text, runs: runs)
        content.paragraphRuns = paragraphRuns(of: attributed, in: text)
        content.paragraph = content.paragraphRuns.first { $0.bytes.lowerBound == 0 }?.values
        content.isAttributed = true
        return content
    }

    /// Each stretch of `attributed` with a paragraph style, as UTF-8 offsets into `text`.
    private static func paragraphRuns(of attributed: NSAttributedString, in text: String) -> [ParagraphRun] {
        var made: [ParagraphRun] = []
        let whole = NSRange(location: 0, length: attributed.length)
        attributed.enumerateAttribute(.paragraphStyle, in: whole, options: []) { value, range, _ in
            guard let style = paragraphStyle(value), let bytes = utf8Range(range, in: text) else { return }
            made.append(ParagraphRun(bytes: bytes, values: style.values))
        }
        return made
    }

    /// The paragraph style of the paragraph starting at UTF-8 offset `byte`: the style there, the text's
    /// first when it sets no runs; nil for none. Runs are in order and apart, so a binary search finds it.
    package func paragraph(at byte: Int) -> ParagraphValues? {
        guard !paragraphRuns.isEmpty else { return paragraph }
        var low = 0, high = paragraphRuns.count
        while low < high {
            let middle = (low + high) / 2
            if paragraphRuns[middle].bytes.upperBound <= byte { low = middle + 1 } else { high = middle }
        }
        return low < paragraphRuns.count && paragraphRuns[low].bytes.contains(byte) ? paragraphRuns[low].values : nil
    }

    /// The runs that overlap `bytes`, found by a binary search: the runs are in order and apart, as an
    /// attributed string's are (only an attributed string sets styles by paragraph, and a text of many
    /// styled paragraphs asks once a paragraph).
    package func runs(in bytes: Range<Int>) -> [Run] {
        var low = 0, high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].bytes.upperBound <= bytes.lowerBound { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < runs.count, runs[end].bytes.lowerBound < bytes.upperBound { end += 1 }
        return runs[low..<end].filter { $0.bytes.overlaps(bytes) }
    }

    /// The run holding UTF-8 offset `byte`, found by a binary search (`runs(in:)`); nil for none.
    package func run(atByte byte: Int) -> Run? {
        runs(in: byte..<(byte + 1)).first { $0.bytes.contains(byte) }
    }

    /// An NSRange of `text` as UTF-8 offsets, nil when it falls outside.
    private static func utf8Range(_ range: NSRange, in text: String) -> Range<Int>? {
        guard let swiftRange = Range(range, in: text) else { return nil }
        let start = text.utf8.distance(from: text.startIndex, to: swiftRange.lowerBound)
        let end = text.utf8.distance(from: text.startIndex, to: swiftRange.upperBound)
        return start..<end
    }

    /// One attribute run as UTF-8 offsets, nil when it sets none of the attributes read.
    private static func run(_ attributes: [NSAttributedString.Key: Any], _ range: NSRange, in text: String) -> Run? {
        let font = TextFontName(attributes[.font])
        let style = { (key: NSAttributedString.Key) in
            number(attributes[key]).flatMap { $0.isFinite && $0 != 0 ? Int(exactly: $0.rounded()) : nil }
        }
        // UIKit's colour key first, then Core Text's own.
        let color = Self.color(attributes[.foregroundColor] ?? attributes[.coreTextForegroundColor])
        var made = Run(bytes: 0..<0, color: color, fontName: font?.name,
                       fontSize: font?.size, kern: number(attributes[.kern]).flatMap { $0.isFinite && $0 != 0 ? $0 : nil },
                       underline: style(.underlineStyle))
        made.strikethrough = style(.strikethroughStyle)
        made.background = attributes[.backgroundColor] == nil ? nil : Self.color(attributes[.backgroundColor])
        made.stroke = TextStroke(width: attributes[.strokeWidth], color: attributes[.strokeColor])
        made.shadow = attributes[.shadow].flatMap { TextShadow($0) }
        made.baselineOffset = baselineOffset(attributes[.baselineOffset])
        made.obliqueness = capped(attributes[.obliqueness], at: 4)
        made.expansion = capped(attributes[.expansion], at: 3)
        made.ligatures = number(attributes[.ligature]).flatMap { $0 == 0 ? 0 : $0 == 2 ? 2 : nil }
        guard made != Run(bytes: 0..<0, color: nil, fontName: nil, fontSize: nil, kern: nil, underline: nil),
              let bytes = utf8Range(range, in: text) else { return nil }
        made.bytes = bytes
        return made
    }

    /// A foreground colour given as a `CGColor` or, as UIKit code gives it, a `UIColor`; nil (reported) for
    /// anything else.
    static func color(_ value: Any?) -> CGColor? {
        switch value {
        case nil: return nil
        case let color as CGColor: return color
        case let color as UIColor: return color.cgColor
        default:
            Diagnostics.report("NSAttributedString.Key.foregroundColor: a value of type \(typeName(value)) is not a CGColor or UIColor; the run is drawn black, Core Text's default")
            return nil
        }
    }

    /// A baseline offset in points, capped at ±10,000; nil for none, 0, or a value that is not a finite number.
    private static func baselineOffset(_ value: Any?) -> CGFloat? {
        guard let offset = number(value), offset.isFinite, offset != 0 else { return nil }
        return min(max(offset, -10_000), 10_000)
    }

    /// A number capped at ±`limit`; nil for none, 0, or a value that is not a finite number.
    private static func capped(_ value: Any?, at limit: CGFloat) -> CGFloat? {
        guard let number = number(value), number.isFinite, number != 0 else { return nil }
        return min(max(number, -limit), limit)
    }

    /// Whether a run's glyphs are skewed or stretched: such text is drawn as outlines (`TextOutlines`),
    /// which take the transform; Pango's own drawing has none.
    package var transformsGlyphs: Bool { runs.contains { $0.obliqueness != nil || $0.expansion != nil } }

    /// An attribute's number (any of Swift's number types or an NSNumber), or nil.
    static func number(_ value: Any?) -> CGFloat? {
        switch value {
        case let n as CGFloat: return n
        case let n as Double: return CGFloat(n)
        case let n as Float: return CGFloat(n)
        case let n as Int: return CGFloat(n)
        case let n as NSNumber: return CGFloat(n.doubleValue)
        case let style as NSUnderlineStyle: return CGFloat(style.rawValue)
        default: return nil
        }
    }
}

/// The face a `font` value names: a String (or NSString), a `CGFont`, or a `CTFont` or `UIFont` (with its size).
package struct TextFontName: Hashable, Sendable {
    package var name: String
    package var size: CGFloat?

    /// The name in `value`; nil (with a diagnostic for a value of another type) when there is none.
    package init?(_ value: Any?) {
        switch value {
        case nil: return nil
        case let name as String: (self.name, size) = (name, nil)
        case let font as CGFont: (self.name, size) = (font.fullName ?? "", nil)
        case let font as CTFont: (self.name, size) = (font.name, font.size)
        case let font as UIFont: (self.name, size) = (font.fontName, font.pointSize)
        default:
            Diagnostics.report("CATextLayer.font: a value of type \(typeName(value)) is not a font name, CGFont, CTFont or UIFont; the default font is used")
            return nil
        }
    }
}

/// The name of a value's dynamic type, for diagnostics ("nil" for none).
private func typeName(_ value: Any?) -> String {
    value.map { "\(type(of: $0))" } ?? "nil"
}
