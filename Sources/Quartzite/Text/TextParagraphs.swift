import Foundation

/// A text's paragraphs, grouped into blocks of neighbours that share a paragraph style: each block is laid out
/// as one Pango layout (Pango applies alignment, indents and wrapping to a whole layout), so a string with one
/// style is one layout and a style change starts a new one.
///
/// Paragraphs end where Pango's and TextKit's do: at a line feed, a carriage return (with a line feed after it,
/// one break) or U+2029 PARAGRAPH SEPARATOR. A paragraph takes the style at its first character; an empty
/// last paragraph (after a final break) takes the one before it.
enum TextParagraphs {
    /// A run of paragraphs with one style, in UTF-8 offsets of the whole text.
    struct Block: Equatable {
        /// The block's bytes: its paragraphs and the breaks between them, not the break after the last.
        var bytes: Range<Int>
        /// The style its paragraphs share, nil for the default.
        var paragraph: ParagraphValues?
        /// Where each of its paragraphs starts, counted from the block's start.
        var paragraphStarts: Set<Int>
    }

    /// The blocks of `content`, in order; one empty block for empty text.
    static func blocks(of content: TextContent) -> [Block] {
        let utf8 = Array(content.text.utf8)
        var blocks: [Block] = []
        var start = 0
        while true {
            let (end, next) = paragraphEnd(in: utf8, from: start)
            let isTrailingEmpty = start == utf8.count && !blocks.isEmpty
            let style = isTrailingEmpty ? blocks.last?.paragraph : content.paragraph(at: start)
            if let last = blocks.indices.last, blocks[last].paragraph == style {
                blocks[last].paragraphStarts.insert(start - blocks[last].bytes.lowerBound)
                blocks[last].bytes = blocks[last].bytes.lowerBound..<end
            } else {
                blocks.append(Block(bytes: start..<end, paragraph: style, paragraphStarts: [0]))
            }
            guard let next else { return blocks }
            start = next
        }
    }

    /// Where the paragraph starting at `start` ends (its break's first byte, or the text's end) and where the
    /// next one starts (nil when none follows).
    private static func paragraphEnd(in utf8: [UInt8], from start: Int) -> (end: Int, next: Int?) {
        var i = start
        while i < utf8.count {
            switch utf8[i] {
            case 0x0A: return (i, i + 1)
            case 0x0D: return (i, i + 1 < utf8.count && utf8[i + 1] == 0x0A ? i + 2 : i + 1)
            case 0xE2 where i + 2 < utf8.count && utf8[i + 1] == 0x80 && utf8[i + 2] == 0xA9: return (i, i + 3)
            default: i += 1
            }
        }
        return (utf8.count, nil)
    }
}
