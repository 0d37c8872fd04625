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
    /// layout.
    package init?(_ request: TextRequest, on cr: OpaquePointer, unhinted: Bool) {
        var cursor = Cursor(depth: Self.truncatesAtHeight(request) ? request.size.height : .infinity)
        let parts = TextParagraphs.blocks(of: request.content)
        for part in parts where !cursor.isFull {
            let room = request.size.height - cursor.y
            guard blocks.isEmpty || !Self.truncatesAtHeight(request) || room > 0 else { break }
            let blockRequest = parts.count == 1 ? request : request.part(part.bytes, paragraph: part.paragraph, height: room)
            guard let layout = TextRasterizer.makeLayout(blockRequest, in: cr, unhinted: unhinted) else { continue }
            blocks.append(Block(layout: layout, request: blockRequest, start: part.bytes.lowerBound))
            placeLines(ofBlock: blocks.count - 1, paragraphStarts: part.paragraphStarts, &cursor)
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

    /// Places each line of a block below the last (rules 1 to 4); a line that is not placed is not drawn.
    private func placeLines(ofBlock index: Int, paragraphStarts: Set<Int>, _ cursor: inout Cursor) {
        guard let iterator = pango_layout_get_iter(blocks[index].layout) else { return }
        defer { pango_layout_iter_free(iterator) }
        let style = blocks[index].request.content.paragraph
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, &ink, &logical)
            let baseline = points(pango_layout_iter_get_baseline(iterator))
            let top = cursor.top(startsParagraph: paragraphStarts.contains(Int(line.pointee.start_index)), style)
            let height = Self.lineHeight(natural: points(logical.height), style)
            guard top <= Self.deepest else { return (cursor.isFull, cursor.isTooDeep) = (true, true) }
            guard !cursor.hasLines || top + height <= cursor.depth + 1e-6 else { return cursor.isFull = true }
            let drop = top + height - (points(logical.y + logical.height) - baseline) - baseline
            blocks[index].drops[line] = drop
            lines.append(Line(block: index, line: line, origin: CGPoint(x: points(logical.x), y: baseline + drop),
                              fragment: CGRect(x: points(logical.x), y: top, width: points(logical.width), height: height),
                              ink: rect(ink).offsetBy(dx: 0, dy: drop)))
            cursor.advance(to: top + height, style)
        } while pango_layout_iter_next_line(iterator) != 0
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

    private func points(_ units: Int32) -> CGFloat { CGFloat(units) / CGFloat(PANGO_SCALE) }

    private func rect(_ r: PangoRectangle) -> CGRect {
        CGRect(x: points(r.x), y: points(r.y), width: points(r.width), height: points(r.height))
    }
}
