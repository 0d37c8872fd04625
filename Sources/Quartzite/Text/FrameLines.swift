import Foundation

/// How a framesetter fills a box with lines: the string's range laid out at the box's width as string
/// drawing's `draw(in:)` lays it out (`TextFrame`: each paragraph in its style, wrapped by the first one's
/// line break mode, with TextKit's line heights and spacing), then the lines whose whole height fits the
/// box's height, top down, each a `CTLine` of its characters. In a justified paragraph each
/// line but the last is a line spread to the width Pango justified it to.
enum FrameLines {
    /// The lines that fit, their baseline origins (x from the box's leading edge, y up from the top of the
    /// box: negative), the size they take, and the range of the source string they cover.
    struct Filled {
        var lines: [CTLine] = []
        var origins: [CGPoint] = []
        var size = CGSize.zero
        var range = CFRange(location: 0, length: 0)
    }

    /// `range` of `string` (to its end when `range.length` is 0) laid out `width` points wide (one line a
    /// paragraph when nil), with the lines that fit within `height` points (all when nil); `makesLines` false
    /// measures only (no lines or origins).
    static func fill(_ string: NSAttributedString, range: CFRange, width: CGFloat?, height: CGFloat?,
                     makesLines: Bool = true) -> Filled {
        guard let whole = resolved(range, length: string.length) else { return Filled(range: CFRange(location: range.location, length: 0)) }
        let part = string.attributedSubstring(from: whole)
        var values = StringDrawing.values(part, .within(CGSize(width: width ?? 0, height: 0), truncatesLast: false))
        values.truncationMode = .none
        guard let request = TextRequest(layout: values, width: width) else {
            return Filled(range: CFRange(location: whole.location, length: 0))
        }
        let laid = TextLines.lines(of: request)
        let limit = height.map { $0 + 1e-6 } ?? .infinity
        let fitting = laid.prefix { $0.logical.maxY <= limit }
        var filled = Filled()
        var covered = 0
        for (i, line) in fitting.enumerated() {
            let characters = self.characters(of: i, in: laid, text: request.content.text)
            if makesLines {
                let text = part.attributedSubstring(from: characters)
                let spread = line.isJustified && i + 1 < laid.count && !endsParagraph(text.string) ? line.logical.width : nil
                filled.lines.append(CTLine(text, range: CFRange(location: whole.location + characters.location, length: characters.length),
                                           justifiedWidth: spread, lineStart: indent(ofLineAt: characters.location, in: part)))
                filled.origins.append(CGPoint(x: line.logical.minX, y: -line.baseline))
            }
            filled.size.width = max(filled.size.width, line.logical.width)
            filled.size.height = line.logical.maxY
            covered = characters.location + characters.length
        }
        filled.range = CFRange(location: whole.location, length: covered)
        return filled
    }

    /// How far past the margin the line starting at UTF-16 offset `start` of `string` starts by its
    /// paragraph's indents, as the frame's layout indents it (`TextLayoutSetup.lineStart`): its tab stops
    /// are measured from the margin.
    private static func indent(ofLineAt start: Int, in string: NSAttributedString) -> CGFloat {
        guard start < string.length,
              let style = paragraphStyle(string.attribute(.paragraphStyle, at: start, effectiveRange: nil))?.values else { return 0 }
        let text = string.string as NSString
        let startsParagraph = start == 0 || [0x0A, 0x0D, 0x2029].contains(text.character(at: start - 1))
        return TextLayoutSetup.lineStart(style, startsParagraph: startsParagraph)
    }

    /// Whether a line's characters end its paragraph (a justified paragraph's last line is not spread).
    private static func endsParagraph(_ text: String) -> Bool {
        guard let last = text.unicodeScalars.last else { return true }
        return ["\n", "\r", "\u{2029}"].contains(last)
    }

    /// The UTF-16 range of line `index` of `lines`: from its start to the next line's (so a separator ending it
    /// is its own), the last to the end of `text`.
    private static func characters(of index: Int, in lines: [TextLines.Line], text: String) -> NSRange {
        let end = index + 1 < lines.count ? lines[index + 1].bytes.lowerBound : text.utf8.count
        let start = TextLines.utf16Offset(ofByte: lines[index].bytes.lowerBound, in: text)
        let stop = max(TextLines.utf16Offset(ofByte: end, in: text), start)
        return NSRange(location: start, length: stop - start)
    }

    /// `range` within a string of `length` UTF-16 units as an `NSRange` (a length of 0 runs to the end); nil,
    /// with a diagnostic, for a range outside the string.
    private static func resolved(_ range: CFRange, length: Int) -> NSRange? {
        guard range.location >= 0, range.length >= 0, range.location <= length,
              range.length <= length - range.location else {
            Diagnostics.report("Core Text: string range (\(range.location), \(range.length)) is outside a string of \(length) characters; nothing is laid out")
            return nil
        }
        return NSRange(location: range.location, length: range.length == 0 ? length - range.location : range.length)
    }
}
