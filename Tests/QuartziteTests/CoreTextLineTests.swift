import Foundation
import Testing
@testable import Quartzite

/// Core Text's lines (`CTLineCreateWithAttributedString`, `CTLineDraw`, the line's bounds and counts) and the
/// context's text state: sizes against Pango's own logical extents (`PangoReference`), metrics from DejaVu
/// Sans's font tables (2048 units an em, ascender 1901, descender -483, a capital 1493 units tall), placement
/// from Core Text's documented convention (the baseline's origin at the text position, y up).
@Suite(.serialized) struct CoreTextLineTests {
    let em = { (size: CGFloat) in size / 2048 }

    /// A line of `text` in DejaVu Sans at `size` points, with more attributes when given.
    func line(_ text: String, size: CGFloat, _ more: [NSAttributedString.Key: Any] = [:]) -> CTLine {
        var attributes: [NSAttributedString.Key: Any] = [.font: CTFontCreateWithName("DejaVu Sans" as CFString, size, nil)]
        attributes.merge(more) { $1 }
        return CTLineCreateWithAttributedString(NSAttributedString(string: text, attributes: attributes) as CFAttributedString)
    }

    /// The alpha of every pixel of `context`, rows top first.
    func alpha(_ context: CGContext) -> [UInt8] {
        let bytes = CGTest.pixels(context)
        return stride(from: 3, to: bytes.count, by: 4).map { bytes[$0] }
    }

    /// The smallest box of pixels whose alpha passes 64: (minX, minRow, maxX, maxRow), rows top first.
    func inkBox(_ alpha: [UInt8], width: Int) -> (Int, Int, Int, Int)? {
        var box: (Int, Int, Int, Int)?
        for (i, a) in alpha.enumerated() where a > 64 {
            let (x, y) = (i % width, i / width)
            box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
        }
        return box
    }

    /// The row with the most ink in `alpha` (`width` pixels a row).
    func heaviestRow(_ alpha: [UInt8], width: Int) -> Int? {
        let rows = alpha.count / width
        let ink = { (row: Int) in alpha[row * width ..< row * width + width].reduce(0) { $0 + Int($1) } }
        return (0..<rows).max { ink($0) < ink($1) }
    }

    @Test func theTypographicWidthIsPangosLogicalWidthAndAscentAndDescentAreTheFonts() {
        let text = "Hello, Core Text"
        var ascent: CGFloat = -1, descent: CGFloat = -1, leading: CGFloat = -1
        let width = CTLineGetTypographicBounds(line(text, size: 17), &ascent, &descent, &leading)
        #expect(abs(width - Double(PangoReference.extents(text, size: 17).logical.width)) < 1e-6)
        #expect(abs(ascent - 1901 * em(17)) < 0.02 && abs(descent - 483 * em(17)) < 0.02 && leading == 0)
        // Without a font, Core Text's default: 12 points.
        let plain = CTLineCreateWithAttributedString(NSAttributedString(string: text))
        #expect(abs(CTLineGetTypographicBounds(plain, nil, nil, nil) - Double(PangoReference.extents(text, size: 12).logical.width)) < 1e-6)
    }

    @Test func drawnAtTheTextPositionTheGlyphsStandUprightOnTheBaseline() throws {
        let context = try #require(CGTest.context(120, 60))
        context.textPosition = CGPoint(x: 10, y: 20)
        let t = line("T", size: 24)
        CTLineDraw(t, context)
        let drawn = alpha(context)
        let box = try #require(inkBox(drawn, width: 120))
        // y up: the baseline y = 20 is the top edge of row 40; a T stands on it, 1493 units tall.
        #expect((38...39).contains(box.3), "the T's foot is on the baseline")
        #expect(abs(Double(40 - box.1) - 1493 * em(24)) <= 1.5, "the T is a capital's height tall")
        #expect((9...13).contains(box.0), "the line starts at x = 10 (give or take the T's side bearing)")
        // Upright: the T's bar is at the top of its ink.
        let bar = try #require(heaviestRow(drawn, width: 120))
        #expect(bar - box.1 < (box.3 - box.1) / 4)
        // Its image bounds, moved to the text position (back where the line was drawn: drawing moved it past
        // the line), are where the ink is.
        context.textPosition = CGPoint(x: 10, y: 20)
        let bounds = CTLineGetImageBounds(t, context)
        #expect(abs(bounds.minY - 20) < 0.05 && abs(bounds.height - 1493 * em(24)) < 0.05)
        #expect(abs(bounds.minX - CGFloat(box.0)) <= 1 && abs(bounds.maxX - CGFloat(box.2 + 1)) <= 1)
        #expect(abs(CTLineGetImageBounds(t, nil).origin.x - (bounds.minX - 10)) < 1e-9)
    }

    @Test func theTextMatrixTransformsGlyphsAndIsNotPartOfTheGraphicsState() throws {
        let context = try #require(CGTest.context(120, 60))
        context.saveGState()
        // UIKit code's flip of text space: glyphs hang below the baseline, mirrored.
        context.textMatrix = CGAffineTransform(scaleX: 1, y: -1)
        context.restoreGState()
        #expect(context.textMatrix == CGAffineTransform(scaleX: 1, y: -1))
        context.textPosition = CGPoint(x: 10, y: 40)
        CTLineDraw(line("T", size: 24), context)
        let drawn = alpha(context)
        let box = try #require(inkBox(drawn, width: 120))
        // y = 40 is the bottom edge of row 19: the mirrored T's bar is there and its stem runs down from it.
        #expect((20...21).contains(box.1))
        let bar = try #require(heaviestRow(drawn, width: 120))
        #expect(box.3 - bar < (box.3 - box.1) / 4)
    }

    @Test func theDrawingModeFillsStrokesBothOrNothing() throws {
        func drawn(_ mode: CGTextDrawingMode) throws -> [UInt8] {
            let context = try #require(CGTest.context(100, 100))
            context.setLineWidth(2)
            context.setTextDrawingMode(mode)
            context.textPosition = CGPoint(x: 20, y: 20)
            CTLineDraw(line("I", size: 80), context)
            return alpha(context)
        }
        let fill = try drawn(.fill), stroke = try drawn(.stroke), both = try drawn(.fillStroke)
        #expect(try drawn(.invisible).allSatisfy { $0 == 0 })
        let filled = try #require(inkBox(fill, width: 100))
        let stroked = try #require(inkBox(stroke, width: 100))
        let centre = ((filled.1 + filled.3) / 2) * 100 + (filled.0 + filled.2) / 2
        // The I's stem is wider than the 2-point pen: a stroke leaves its middle empty; a fill covers it.
        #expect(fill[centre] == 255 && stroke[centre] == 0 && both[centre] == 255)
        // A stroke centred on the outline reaches a point (half the pen) past the fill on every side.
        #expect(stroked.0 == filled.0 - 1 && stroked.2 == filled.2 + 1)
        #expect(try #require(inkBox(both, width: 100)) == stroked)
        // A clip mode paints as its fill and says the clip is not supported.
        #expect(try drawn(.fillClip) == fill)
        #expect(Diagnostics.messages.contains { $0.contains("clipping to text is not supported") })
    }

    @Test func glyphCountsAndStringRanges() {
        let hello = line("Hello world", size: 12)
        #expect(CTLineGetGlyphCount(hello) == 11)
        #expect(CTLineGetStringRange(hello) == CFRangeMake(0, 11))
        // UTF-16 units, as Core Foundation counts a string.
        let emoji = line("a😀", size: 12)
        #expect(CTLineGetStringRange(emoji) == CFRange(location: 0, length: 3))
        // Glyphs, not code units: the emoji is two UTF-16 units and one glyph.
        #expect(CTLineGetGlyphCount(emoji) == 2)
    }

    @Test func coreTextsAttributeNamesAndACGColourForegroundDraw() throws {
        // Core Text's font key is UIKit's ("NSFont"); its foreground colour has a key of its own.
        #expect(kCTFontAttributeName == NSAttributedString.Key.font.rawValue)
        #expect(kCTForegroundColorAttributeName != NSAttributedString.Key.foregroundColor.rawValue)
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let string = NSAttributedString(string: "W", attributes: [
            NSAttributedString.Key(kCTFontAttributeName as String): CTFontCreateWithName("DejaVu Sans" as CFString, 30, nil),
            NSAttributedString.Key(kCTForegroundColorAttributeName as String): red,
        ])
        let context = try #require(CGTest.context(60, 40))
        context.textPosition = CGPoint(x: 5, y: 10)
        CTLineDraw(CTLineCreateWithAttributedString(string), context)
        let bytes = CGTest.pixels(context)
        let opaque = stride(from: 0, to: bytes.count, by: 4).map { Array(bytes[$0 ..< $0 + 4]) }.filter { $0[3] == 255 }
        #expect(!opaque.isEmpty && opaque.allSatisfy { $0 == [255, 0, 0, 255] })
        // A 30-point W: wider than a 12-point one would be.
        #expect(CTLineGetTypographicBounds(CTLineCreateWithAttributedString(string), nil, nil, nil) > 20)
    }

    @Test func hostileInputDrawsNothingAndDoesNotTrap() throws {
        let empty = CTLineCreateWithAttributedString(NSAttributedString(string: ""))
        var ascent: CGFloat = -1
        #expect(CTLineGetTypographicBounds(empty, &ascent, nil, nil) == 0 && ascent == 0)
        #expect(CTLineGetGlyphCount(empty) == 0 && CTLineGetImageBounds(empty, nil) == .zero)
        let context = try #require(CGTest.context(40, 40))
        CTLineDraw(empty, context)
        context.textPosition = CGPoint(x: CGFloat.nan, y: 10)
        CTLineDraw(line("x", size: 12), context)
        context.textMatrix = CGAffineTransform(scaleX: .infinity, y: 1)
        CTLineDraw(line("x", size: 12), context)
        #expect(alpha(context).allSatisfy { $0 == 0 })
        // A huge font is laid out at the largest size drawn; a non-finite one at the default.
        let huge = CTLineGetTypographicBounds(line("x", size: 1e12), nil, nil, nil)
        #expect(huge.isFinite && huge > 0)
        #expect(CTLineGetTypographicBounds(line("x", size: .nan), nil, nil, nil).isFinite)
        // A string of separators is one empty line.
        #expect(CTLineGetGlyphCount(line("\n\n", size: 12)) == 0)
    }
}
