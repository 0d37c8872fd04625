import CPango
import Foundation

/// Where carets go on a Core Text line and which character a point hits, from the line's Pango layout
/// (Pango's carets follow the bidirectional order, as Core Text's do).
enum LineCarets {
    /// The primary and secondary caret offsets, in points from the line's origin, before the character at
    /// UTF-8 offset `byte` of `request`'s text (its end when `byte` is the text's length): the primary at
    /// that character's leading edge, the secondary at the previous character's trailing edge (the same
    /// place unless the direction changes there).
    static func offsets(before byte: Int, previous: Int?, in request: TextRequest) -> (CGFloat, CGFloat) {
        firstLine(of: request) { line in
            var primary: Int32 = 0, secondary: Int32 = 0
            pango_layout_line_index_to_x(line, Int32(clamping: byte), 0, &primary)
            if let previous {
                pango_layout_line_index_to_x(line, Int32(clamping: previous), 1, &secondary)
            } else {
                secondary = primary
            }
            return (points(primary), points(secondary))
        } ?? (0, 0)
    }

    /// The UTF-8 offset of the character a point `x` points from the line's origin hits, moved past it when
    /// `x` falls in its trailing half (where the next character would be inserted).
    static func insertionByte(at x: CGFloat, in request: TextRequest) -> Int? {
        firstLine(of: request) { line -> Int? in
            var index: Int32 = 0, trailing: Int32 = 0
            _ = pango_layout_line_x_to_index(line, TextLayoutSetup.pangoUnits(x), &index, &trailing)
            return byte(Int(index), movedOver: Int(trailing), in: request.content.text)
        } ?? nil
    }

    /// `body`'s answer for the first line of the request's layout.
    private static func firstLine<T>(of request: TextRequest, _ body: (UnsafeMutablePointer<PangoLayoutLine>) -> T) -> T? {
        TextRasterizer.withUnhintedLayout(request) { layout, _ -> T? in
            guard let iterator = pango_layout_get_iter(layout) else { return nil }
            defer { pango_layout_iter_free(iterator) }
            return pango_layout_iter_get_line_readonly(iterator).map(body)
        }
    }

    /// UTF-8 offset `byte` of `text` moved over `count` characters (no further than the text's end).
    private static func byte(_ byte: Int, movedOver count: Int, in text: String) -> Int {
        let utf8 = text.utf8
        guard let start = utf8.index(utf8.startIndex, offsetBy: max(byte, 0), limitedBy: utf8.endIndex) else { return utf8.count }
        var index = start
        let scalars = text.unicodeScalars
        for _ in 0..<max(count, 0) where index < scalars.endIndex { index = scalars.index(after: index) }
        return utf8.distance(from: utf8.startIndex, to: index)
    }

    private static func points(_ units: Int32) -> CGFloat { CGFloat(units) / CGFloat(PANGO_SCALE) }
}
