import CPango
import Foundation

/// The lines Pango breaks a request's text into and the glyphs it shapes, as Core Text's lines and frames read
/// them: each line's characters, box and baseline, from the same frame string drawing fills.
package enum TextLines {
    /// One laid-out line.
    package struct Line: Equatable {
        /// The line's characters as UTF-8 offsets into the request's text (a paragraph separator that ends it
        /// is not among them).
        package var bytes: Range<Int>
        /// The line's box in points, y down from the layout's top-left corner: its advance, its height (with
        /// its paragraph's line height rules), and its distance from the leading edge (alignment and indents).
        package var logical: CGRect
        /// The line's baseline below the layout's top, in points.
        package var baseline: CGFloat
        /// Whether its paragraph is justified.
        package var isJustified = false
    }

    /// The request's lines, top first, where its frame places them (`TextFrame`: each paragraph in its own
    /// style, with the line heights and spacing TextKit gives it); empty when Pango cannot lay it out.
    package static func lines(of request: TextRequest) -> [Line] {
        TextRasterizer.withUnhintedFrame(request) { frame, _ -> [Line] in
            frame.lines.map { placed in
                let block = frame.blocks[placed.block]
                let start = block.start + max(Int(placed.line.pointee.start_index), 0)
                return Line(bytes: start..<(start + max(Int(placed.line.pointee.length), 0)), logical: placed.fragment,
                            baseline: placed.origin.y,
                            isJustified: TextLayoutSetup.alignment(block.request) == .justified)
            }
        } ?? []
    }

    /// How many glyphs Pango shapes the request's text into (a space is a glyph; a paragraph separator is not).
    package static func glyphCount(of request: TextRequest) -> Int {
        TextRasterizer.withUnhintedLayout(request) { layout, _ -> Int in
            guard let iterator = pango_layout_get_iter(layout) else { return 0 }
            defer { pango_layout_iter_free(iterator) }
            var count = 0
            repeat {
                guard let glyphs = pango_layout_iter_get_run_readonly(iterator)?.pointee.glyphs else { continue }
                count += max(Int(UnsafeRawPointer(glyphs).assumingMemoryBound(to: PangoGlyphStringLeadingFields.self)
                    .pointee.num_glyphs), 0)
            } while pango_layout_iter_next_run(iterator) != 0
            return count
        } ?? 0
    }

    /// The UTF-16 offset in `text` of the character at UTF-8 offset `byte` (the end for an offset past it).
    package static func utf16Offset(ofByte byte: Int, in text: String) -> Int {
        let utf8 = text.utf8
        guard let index = utf8.index(utf8.startIndex, offsetBy: max(byte, 0), limitedBy: utf8.endIndex) else {
            return text.utf16.count
        }
        return text.utf16.distance(from: text.utf16.startIndex, to: index)
    }
}
