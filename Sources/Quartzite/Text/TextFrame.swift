import CPango
import Foundation

/// A request laid out as TextKit lays text out: Pango shapes and breaks the lines of each block of paragraphs
/// that share a style (`TextParagraphs`; alignment, indents and wrapping are the block's), and the frame
/// places every line, top to bottom.
///
/// Rules, with their reasons (NSParagraphStyle's documentation):
/// 1. A line's height is its natural height (Pango's: the ascent and descent of its fonts) times
///    `lineHeightMultiple` when that is positive, then at least `minimumLineHeight` and at most
///    `maximumLineHeight` when those are not 0, in that order.
/// 2. The glyphs sit at the foot of their line (the baseline a descent above it): added height lies above
///    them, and a line shorter than its glyphs lets them overlap the line above, as TextKit draws them.
/// 3. `lineSpacing` follows every line but the last. Between two paragraphs the earlier one's
///    `paragraphSpacing` and the later one's `paragraphSpacingBefore` are added: neither above the first
///    paragraph nor below the last, since both are documented as space between paragraphs.
/// 4. Wrapped text that truncates at a height shows only the lines that end within it (the first line
///    always), as Pango shows only lines that fit; a block that starts below it is not laid out.
/// 5. With no width to align in (`draw(at:)`, `size()`), blocks align within the widest of them, as lines of
///    one Pango layout align within its widest line.
/// 6. A frame drawn into bounds (a text layer's image) ends at the first line whose box and glyphs both start
///    below them: nothing of it or the lines after it would show.
/// 7. Such a frame lays wrapped, untruncated text out only from its start as far as gives every drawn line:
///    a growing prefix until the prefix's lines reach past the bounds. Pango shapes the rest of a paragraph
///    again at each line break, so thousands of narrow lines cost seconds, for lines nobody sees. Line
///    breaking is greedy, so a prefix's lines are the whole text's but for its last few.
///
/// The layouts are made on the caller's cairo context and freed with the frame.
package final class TextFrame {
    /// One block's Pango layout and how far its lines move from where Pango put them.
    package struct Block {
        package let layout: OpaquePointer
        /// The block's own request: its text, runs and paragraph style.
        package let request: TextRequest
        /// Where the block's text starts in the whole request's, in UTF-8 bytes.
        package var start = 0
        /// How far right the block's lines move, in points.
        package var shift: CGFloat = 0
        /// How far down each of its lines moves, in points.
        package var drops: [UnsafeMutablePointer<PangoLayoutLine>: CGFloat] = [:]
    }

    /// A placed line, in the frame's points (y down, the first line's top at 0).
    package struct Line {
        package let block: Int
        package let line: UnsafeMutablePointer<PangoLayoutLine>
        /// Where the line's glyphs start on its baseline (Pango's line origin).
        package var origin: CGPoint
        /// The line's box: its advance across, its height (rule 1) down.
        package var fragment: CGRect
        /// Its glyphs' extent.
        package var ink: CGRect
    }

    package private(set) var blocks: [Block] = []
    package private(set) var lines: [Line] = []

    /// Lays `request` out on `cr` (see `TextRasterizer.makeLayout` for `unhinted`); nil when Pango makes no
    /// layout. Lines whose box and glyphs both start below `drawnDepth` points are left out (rule 6).
    package init?(_ request: TextRequest, on cr: OpaquePointer, unhinted: Bool, drawnDepth: CGFloat = .infinity) {
        var cursor = Cursor(depth: Self.truncatesAtHeight(request) ? request.size.height : .infinity,
                            drawnDepth: drawnDepth.isNaN ? .infinity : drawnDepth)
        let parts = TextParagraphs.blocks(of: request.content)
        for part in parts where !cursor.isFull {
            let room = request.size.height - cursor.y
            guard blocks.isEmpty || !Self.truncatesAtHeight(request) || room > 0 else { break }
            let blockRequest = parts.count == 1 ? request : request.part(part.bytes, paragraph: part.paragraph, height: room)
            let starts = part.paragraphStarts
            guard var laid = Self.layOut(blockRequest, starts, block: blocks.count, on: cr, unhinted, &cursor) else { continue }
            laid.block.start = part.bytes.lowerBound
            blocks.append(laid.block)
            lines += laid.lines
        }
        guard !blocks.isEmpty else { return nil }
        if cursor.isTooDeep {
            Diagnostics.report("text taller than \(Int(Self.deepest)) points is laid out to that depth")
        }
        alignBlocks(request)
    }

    /// The deepest a line starts, in points: past it no bitmap shows a line (and cairo's fixed-point
    /// coordinates would wrap), so huge spacing times many lines stops there.
    static let deepest: CGFloat = 1_000_000

    deinit {
        for block in blocks { g_object_unref(UnsafeMutableRawPointer(block.layout)) }
    }

    /// The lines' boxes together, unrounded, from the frame's top-left.
    package var logical: CGRect { union(lines.map(\.fragment)) }
    /// The glyphs' extent together.
    package var ink: CGRect { union(lines.map(\.ink).filter { $0.width > 0 && $0.height > 0 }) }
    /// The first line's baseline below the frame's top.
    package var firstBaseline: CGFloat { lines.first?.origin.y ?? 0 }

    /// Whether Pango ends wrapped text at the request's height: then a block that starts below it is not laid out.
    private static func truncatesAtHeight(_ request: TextRequest) -> Bool {
        request.isWrapped && request.truncationMode != .none
    }

    /// Where the next line goes: the foot of the last line placed, and the spacing owed below it (rule 3).
    private struct Cursor {
        var y: CGFloat = 0
        var hasLines = false
        var lineSpacing: CGFloat = 0
        var paragraphSpacing: CGFloat = 0
        /// How deep a line may end (the height wrapped text truncates at), in points; the first line is
        /// placed wherever it ends.
        var depth: CGFloat
        /// How deep a line may start and still be drawn, in points (rule 6).
        var drawnDepth: CGFloat
        /// Whether a line did not fit: no more are placed.
        var isFull = false
        /// Whether a line would start past `deepest`.
        var isTooDeep = false

        /// The top of the next line.
        func top(startsParagraph: Bool, _ style: ParagraphValues?) -> CGFloat {
            guard hasLines else { return 0 }
            let between = startsParagraph ? paragraphSpacing + (style?.spacingBefore ?? 0) : 0
            return y + lineSpacing + between
        }

        mutating func advance(to foot: CGFloat, _ style: ParagraphValues?) {
            (y, hasLines) = (foot, true)
            lineSpacing = style?.lineSpacing ?? 0
            paragraphSpacing = style?.spacingAfter ?? 0
        }
    }

    /// The block of `request` laid out and its lines placed below the last (rules 1 to 4 and 6). Wrapped text
    /// that does not truncate and is drawn to a depth is laid out from its start only as far as gives every
    /// line drawn (rule 7); the rest is not laid out.
    private static func layOut(_ request: TextRequest, _ paragraphStarts: Set<Int>, block index: Int,
                               on cr: OpaquePointer, _ unhinted: Bool,
                               _ cursor: inout Cursor) -> (block: Block, lines: [Line])? {
        let text = request.content.text.utf8
        var length = cursor.drawnDepth.isFinite && request.isWrapped && !truncatesAtHeight(request)
            && text.count > longText ? firstPrefix(request, depth: cursor.drawnDepth - cursor.y) : text.count
        while true {
            let laidRequest = length < text.count
                ? request.part(0..<scalarStart(atOrBefore: length, in: request.content.text),
                               paragraph: request.content.paragraph, height: request.size.height)
                : request
            guard let layout = TextRasterizer.makeLayout(laidRequest, in: cr, unhinted: unhinted) else { return nil }
            var trial = cursor
            let placed = place(layout, laidRequest.content.paragraph, paragraphStarts, block: index, &trial)
            // A prefix's last lines may break otherwise than the whole text's; the lines before them do not.
            let settled = length >= text.count
                || (trial.isFull && placed.lines.count + unsettledLines < Int(pango_layout_get_line_count(layout)))
            if settled {
                cursor = trial
                return (Block(layout: layout, request: laidRequest, drops: placed.drops), placed.lines)
            }
            g_object_unref(UnsafeMutableRawPointer(layout))
            length = text.count / 4 < length ? text.count : length * 4
        }
    }

    /// How many bytes make text long (rule 7): shorter text is laid out whole, at once, as is text whose
    /// first prefix would be as long.
    private static let longText = 2048
    /// How many bytes of long wrapped text are laid out first (rule 7): about what `depth` points of lines
    /// hold at a quarter of an em a character and half an em a line, four bytes a character. A prefix costs
    /// about the square of its length in narrow lines (Pango shapes the rest of it at each break), and at
    /// many pixels a point each shaping is slow.
    private static func firstPrefix(_ request: TextRequest, depth: CGFloat) -> Int {
        let em = max(request.fontSize, 1)
        let perLine = min(max(request.size.width, 0), 100_000) / (em / 4) + 1
        let lines = min(max(depth, 0), 100_000) / (em / 2) + 1
        let bytes = (4 * perLine * lines).rounded(.up)
        return bytes < CGFloat(longText) ? max(Int(bytes), 64) : longText
    }

    /// How many of a prefix's last lines may differ from the whole text's, and more: the line that ends at the
    /// cut, the one before it (a cut word may fit there), and two to spare.
    private static let unsettledLines = 4

    /// The byte offset of the Unicode scalar boundary at or before `offset` in `text`: back over at most
    /// three UTF-8 continuation bytes (a cut inside a character cluster only changes the prefix's last line,
    /// which rule 7 does not use).
    private static func scalarStart(atOrBefore offset: Int, in text: String) -> Int {
        let utf8 = text.utf8
        var end = min(max(offset, 0), utf8.count)
        var index = utf8.index(utf8.startIndex, offsetBy: end)
        while end > 0, index < utf8.endIndex, utf8[index] & 0xC0 == 0x80 {
            end -= 1
            index = utf8.index(before: index)
        }
        return end
    }

    /// Each line of a layout placed below the last (rules 1 to 4 and 6), and how far each moves down; a line
    /// that is not placed is not drawn.
    private static func place(_ layout: OpaquePointer, _ style: ParagraphValues?, _ paragraphStarts: Set<Int>,
                              block index: Int, _ cursor: inout Cursor)
        -> (lines: [Line], drops: [UnsafeMutablePointer<PangoLayoutLine>: CGFloat]) {
        var placed: [Line] = [], drops: [UnsafeMutablePointer<PangoLayoutLine>: CGFloat] = [:]
        guard let iterator = pango_layout_get_iter(layout) else { return (placed, drops) }
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, &ink, &logical)
            let baseline = points(pango_layout_iter_get_baseline(iterator))
            let top = cursor.top(startsParagraph: paragraphStarts.contains(Int(line.pointee.start_index)), style)
            let height = lineHeight(natural: points(logical.height), style)
            guard top <= deepest else { (cursor.isFull, cursor.isTooDeep) = (true, true); break }
            guard !cursor.hasLines || top + height <= cursor.depth + 1e-6 else { cursor.isFull = true; break }
            let drop = top + height - (points(logical.y + logical.height) - baseline) - baseline
            let inkBox = rect(ink).offsetBy(dx: 0, dy: drop)
            guard min(top, inkBox.minY) <= cursor.drawnDepth else { cursor.isFull = true; break }
            drops[line] = drop
            placed.append(Line(block: index, line: line, origin: CGPoint(x: points(logical.x), y: baseline + drop),
                               fragment: CGRect(x: points(logical.x), y: top, width: points(logical.width), height: height),
                               ink: inkBox))
            cursor.advance(to: top + height, style)
        } while pango_layout_iter_next_line(iterator) != 0
        return (placed, drops)
    }

    /// A line's height from its natural height (rule 1).
    static func lineHeight(natural: CGFloat, _ style: ParagraphValues?) -> CGFloat {
        guard let style else { return natural }
        var height = style.lineHeightMultiple > 0 ? natural * style.lineHeightMultiple : natural
        if style.minimumLineHeight > 0 { height = max(height, style.minimumLineHeight) }
        if style.maximumLineHeight > 0 { height = min(height, style.maximumLineHeight) }
        return height
    }

    /// Moves each block across as its alignment and margins say, within the request's width or, without
    /// one, the widest block's (rule 5).
    private func alignBlocks(_ request: TextRequest) {
        let width = request.size.width > 0 ? request.size.width : blocks.map(Self.marginBoxWidth).max() ?? 0
        for index in blocks.indices {
            blocks[index].shift = TextRasterizer.horizontalShift(of: blocks[index].layout, blocks[index].request,
                                                                 alignedIn: width)
        }
        for index in lines.indices {
            let shift = blocks[lines[index].block].shift
            lines[index].origin.x += shift
            lines[index].fragment.origin.x += shift
            lines[index].ink.origin.x += shift
        }
    }

    /// A block's width with its margins: its widest line's advance and its head and tail indents.
    private static func marginBoxWidth(_ block: Block) -> CGFloat {
        var logical = PangoRectangle()
        pango_layout_get_extents(block.layout, nil, &logical)
        let (lead, trail) = TextLayoutSetup.margins(block.request)
        return lead + CGFloat(logical.width) / CGFloat(PANGO_SCALE) + trail
    }

    /// The smallest rectangle holding every one of `rects`; zero for none.
    private func union(_ rects: [CGRect]) -> CGRect {
        guard !rects.isEmpty else { return .zero }
        let x0 = rects.map(\.minX).min() ?? 0, y0 = rects.map(\.minY).min() ?? 0
        let x1 = rects.map(\.maxX).max() ?? 0, y1 = rects.map(\.maxY).max() ?? 0
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    private static func points(_ units: Int32) -> CGFloat { CGFloat(units) / CGFloat(PANGO_SCALE) }

    private static func rect(_ r: PangoRectangle) -> CGRect {
        CGRect(x: points(r.x), y: points(r.y), width: points(r.width), height: points(r.height))
    }
}
