import CPango
import Foundation
import Testing
@testable import Quartzite

/// Line heights, paragraph spacing, a paragraph style per paragraph and baseline offsets, as TextKit lays them
/// out (NSParagraphStyle's documentation): sizes from closed-form arithmetic over Pango's own line heights
/// (`PangoReference`, Pango called directly), placement from ink found in drawn pixels.
@Suite(.serialized) struct ParagraphSpacingTests {
    let font = UIFont.systemFont(ofSize: 12)

    /// A paragraph style with `configure` applied.
    func style(_ configure: (NSMutableParagraphStyle) -> Void) -> NSMutableParagraphStyle {
        let style = NSMutableParagraphStyle()
        configure(style)
        return style
    }

    /// The height `boundingRect` gives `text` in 12-point text with `style`, wrapped at 1000 points.
    func height(_ text: String, _ style: NSParagraphStyle) -> CGFloat {
        text.boundingRect(with: CGSize(width: 1000, height: 10_000), options: .usesLineFragmentOrigin,
                          attributes: [.font: font, .paragraphStyle: style], context: nil).height
    }

    /// One line's natural height at 12 points, Pango's own (DejaVu Sans, the system face).
    var natural: CGFloat { PangoReference.extents("Hg", size: 12).logical.height }

    /// The alpha of every pixel of a `width` x `height` image drawn by `draw` at one pixel a point.
    func alpha(_ width: Int, _ height: Int, _ draw: () -> Void) -> [UInt8] {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: width, height: height), format: format)
            .image { _ in draw() }.cgImage
        guard let rgba = image?.premultipliedRGBA else { return [] }
        return stride(from: 3, to: rgba.count, by: 4).map { rgba[$0] }
    }

    /// The inked rows and columns (alpha past 64) within columns `columns`: (first row, last row, first
    /// column, last column), or nil.
    func ink(_ alpha: [UInt8], width: Int, columns: Range<Int>? = nil, rows: Range<Int>? = nil) -> (Int, Int, Int, Int)? {
        var box: (Int, Int, Int, Int)?
        for (i, a) in alpha.enumerated() where a > 64 {
            let (x, y) = (i % width, i / width)
            if let columns, !columns.contains(x) { continue }
            if let rows, !rows.contains(y) { continue }
            box = box.map { (min($0.0, y), max($0.1, y), min($0.2, x), max($0.3, x)) } ?? (y, y, x, x)
        }
        return box
    }

    // MARK: Paragraph spacing

    /// The space between two paragraphs is the first one's `paragraphSpacing` plus the second one's
    /// `paragraphSpacingBefore`; none is added above the first paragraph or below the last.
    @Test func paragraphSpacingIsAddedBetweenParagraphsOnly() {
        let two = PangoReference.extents("One\nTwo", size: 12).logical.height
        #expect(abs(height("One\nTwo", style { $0.paragraphSpacing = 20 }) - (two + 20)) < 1e-3)
        #expect(abs(height("One\nTwo", style { $0.paragraphSpacingBefore = 7 }) - (two + 7)) < 1e-3)
        #expect(abs(height("One\nTwo", style { $0.paragraphSpacing = 20; $0.paragraphSpacingBefore = 7 }) - (two + 27)) < 1e-3)
        // One paragraph: nothing between paragraphs, so nothing added.
        #expect(abs(height("One", style { $0.paragraphSpacing = 20; $0.paragraphSpacingBefore = 7 }) - natural) < 1e-3)
        // Lines wrapped inside a paragraph are not paragraphs: three words on three lines, no spacing.
        let narrow = "aaa bbb ccc".boundingRect(with: CGSize(width: 30, height: 1000), options: .usesLineFragmentOrigin,
                                                attributes: [.font: font, .paragraphStyle: style { $0.paragraphSpacing = 20 }],
                                                context: nil)
        #expect(abs(narrow.height - PangoReference.extents("aaa bbb ccc", size: 12, layoutWidth: 30).logical.height) < 1e-3)
    }

    /// A carriage return, a CR LF pair and U+2029 end paragraphs as a line feed does (one break each).
    @Test func everyParagraphBreakTakesTheSpacing() {
        let spaced = style { $0.paragraphSpacing = 10 }
        let three = PangoReference.extents("a\nb\nc", size: 12).logical.height
        for text in ["a\nb\nc", "a\rb\rc", "a\r\nb\r\nc", "a\u{2029}b\u{2029}c"] {
            #expect(abs(height(text, spaced) - (three + 20)) < 1e-3, "\(text.debugDescription)")
        }
    }

    /// Drawn, the second paragraph's glyphs move down by exactly the spacing (a whole number of points, so
    /// the same pixels twenty rows lower), in string drawing and in a text layer.
    @Test func theSecondParagraphIsDrawnLowerByTheSpacing() throws {
        let attributes = { (s: NSParagraphStyle) -> [NSAttributedString.Key: Any] in [.font: self.font, .paragraphStyle: s] }
        let plain = alpha(60, 80) { "One\nTwo".draw(at: CGPoint(x: 2, y: 2), withAttributes: attributes(NSParagraphStyle())) }
        let spaced = alpha(60, 80) {
            "One\nTwo".draw(at: CGPoint(x: 2, y: 2), withAttributes: attributes(style { $0.paragraphSpacing = 20 }))
        }
        let split = Int((2 + natural).rounded(.down))
        #expect(close(plain[0 ..< split * 60], spaced[0 ..< split * 60]), "first line unmoved")
        #expect(close(plain[split * 60 ..< 60 * 60], spaced[(split + 20) * 60 ..< 80 * 60]), "second 20 lower")
        #expect(ink(spaced, width: 60, rows: split ..< split + 20) == nil)

        let layerPlain = try layerAlpha("One\nTwo", NSParagraphStyle(), size: CGSize(width: 60, height: 80))
        let layerSpaced = try layerAlpha("One\nTwo", style { $0.paragraphSpacing = 20 }, size: CGSize(width: 60, height: 80))
        let layerSplit = Int(natural.rounded(.down))
        #expect(close(layerPlain[0 ..< layerSplit * 60], layerSpaced[0 ..< layerSplit * 60]))
        #expect(close(layerPlain[layerSplit * 60 ..< 60 * 60], layerSpaced[(layerSplit + 20) * 60 ..< 80 * 60]))
        #expect(!close(layerPlain[layerSplit * 60 ..< 80 * 60], layerSpaced[layerSplit * 60 ..< 80 * 60]), "it moved")
    }

    /// Equal pixels within 2 levels (a path moved by whole pixels may round an edge differently), with ink.
    func close(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
        a.count == b.count && a.contains { $0 > 64 } && zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= 2 }
    }

    /// A text layer's alpha for `text` in 12-point white with `style`, at one pixel a point.
    func layerAlpha(_ text: String, _ style: NSParagraphStyle, size: CGSize, wrapped: Bool = false,
                    extra: [NSAttributedString.Key: Any] = [:]) throws -> [UInt8] {
        let attributed = NSMutableAttributedString(string: text, attributes: [
            .font: font, .foregroundColor: CGColor.white, .paragraphStyle: style,
        ].merging(extra) { $1 })
        let layer = CATextLayer()
        layer.string = attributed
        layer.isWrapped = wrapped
        let values = try #require(layer.modelValues.text)
        let request = try #require(TextRequest(values, size: size, scale: 1))
        let rgba = try #require(TextRasterizer.image(request)).premultipliedRGBA
        return stride(from: 3, to: rgba.count, by: 4).map { rgba[$0] }
    }

    // MARK: Line heights

    /// A line's height is its natural height times `lineHeightMultiple` (when positive), then at least
    /// `minimumLineHeight` and at most `maximumLineHeight` (0: no limit), in that order.
    @Test func lineHeightsFollowTheMultipleThenTheMinimumAndTheMaximum() {
        let h = natural
        #expect(abs(height("A\nB", style { $0.minimumLineHeight = 40 }) - 80) < 1e-3)
        #expect(abs(height("A", style { $0.minimumLineHeight = 40 }) - 40) < 1e-3)
        #expect(abs(height("A\nB", style { $0.minimumLineHeight = 5 }) - 2 * h) < 1e-3, "a minimum below natural")
        #expect(abs(height("A\nB", style { $0.maximumLineHeight = 5 }) - 10) < 1e-3)
        #expect(abs(height("A\nB", style { $0.lineHeightMultiple = 2 }) - 4 * h) < 1e-3)
        #expect(abs(height("A\nB", style { $0.lineHeightMultiple = 0.5 }) - h) < 1e-3)
        #expect(abs(height("A\nB", style { $0.lineHeightMultiple = 3; $0.maximumLineHeight = 30 }) - 60) < 1e-3)
        #expect(abs(height("A\nB", style { $0.lineHeightMultiple = 0.5; $0.minimumLineHeight = 20 }) - 40) < 1e-3)
        // Line spacing comes on top, between lines: two 40-point lines 6 points apart.
        #expect(abs(height("A\nB", style { $0.minimumLineHeight = 40; $0.lineSpacing = 6 }) - 86) < 1e-3)
        // Wrapped lines of one paragraph each take the height.
        let wrapped = "aaa bbb ccc".boundingRect(with: CGSize(width: 30, height: 1000), options: .usesLineFragmentOrigin,
                                                 attributes: [.font: font, .paragraphStyle: style { $0.minimumLineHeight = 30 }],
                                                 context: nil)
        #expect(abs(wrapped.height - 90) < 1e-3)
        #expect(abs("A".size(withAttributes: [.font: font, .paragraphStyle: style { $0.minimumLineHeight = 40 }]).height - 40) < 1e-3)
    }

    /// The glyphs sit at the foot of a taller line: a 40-point line puts the baseline 40 less the descent
    /// below its top, so the ink moves down by 40 less the natural height (and the first baseline with it).
    @Test func glyphsSitAtTheFootOfATallerLine() throws {
        let tall = style { $0.minimumLineHeight = 40 }
        let plain = alpha(40, 60) { "H".draw(at: CGPoint(x: 2, y: 0), withAttributes: [.font: font]) }
        let raised = alpha(40, 60) { "H".draw(at: CGPoint(x: 2, y: 0), withAttributes: [.font: font, .paragraphStyle: tall]) }
        let before = try #require(ink(plain, width: 40)), after = try #require(ink(raised, width: 40))
        let shift = Double(40 - natural)
        #expect(abs(Double(after.1 - before.1) - shift) <= 1, "foot \(before.1) -> \(after.1), \(shift)")
        #expect(abs(Double(after.0 - before.0) - shift) <= 1)
        let reference = PangoReference.extents("H", size: 12)
        let origin = "H".boundingRect(with: CGSize(width: 100, height: 100), options: [],
                                      attributes: [.font: font, .paragraphStyle: tall], context: nil)
        #expect(abs(-origin.minY - (40 - (reference.logical.height - reference.baseline))) < 1e-3, "first baseline")

        let layerPlain = try layerAlpha("H", NSParagraphStyle(), size: CGSize(width: 40, height: 60))
        let layerTall = try layerAlpha("H", tall, size: CGSize(width: 40, height: 60))
        let layerBefore = try #require(ink(layerPlain, width: 40)), layerAfter = try #require(ink(layerTall, width: 40))
        #expect(abs(Double(layerAfter.1 - layerBefore.1) - shift) <= 1)
    }

    /// Wrapped text that truncates at the rect's height shows no line that starts below it, whichever
    /// paragraph, and whichever paragraph style, the line is in.
    @Test func truncatedTextDrawsNoLineBelowTheRect() throws {
        let rect = CGRect(x: 0, y: 0, width: 100, height: (natural * 1.5).rounded())
        for text in ["One\nTwo\nThree", "One two three four five six seven eight nine ten eleven\nTwo"] {
            let styled = NSMutableAttributedString(string: text, attributes: [.font: font])
            let second = (text as NSString).range(of: "\n").location + 1
            styled.addAttribute(.paragraphStyle, value: style { $0.alignment = .center },
                                range: NSRange(location: second, length: styled.length - second))
            let drawn = alpha(100, 80) {
                styled.draw(with: rect, options: [.usesLineFragmentOrigin, .truncatesLastVisibleLine], context: nil)
            }
            #expect(ink(drawn, width: 100) != nil)
            #expect(ink(drawn, width: 100, rows: Int(rect.height) + 2 ..< 80) == nil, "\(text.debugDescription)")
        }
    }

    // MARK: A style per paragraph

    /// Each paragraph takes the style at its first character: its own alignment, indent and spacing.
    @Test func eachParagraphUsesItsOwnStyle() throws {
        let text = NSMutableAttributedString(string: "Left\nRight\nIn", attributes: [.font: font])
        let right = style { $0.alignment = .right; $0.paragraphSpacing = 10 }
        text.addAttribute(.paragraphStyle, value: style { $0.alignment = .left }, range: NSRange(location: 0, length: 5))
        text.addAttribute(.paragraphStyle, value: right, range: NSRange(location: 5, length: 6))
        text.addAttribute(.paragraphStyle, value: style { $0.firstLineHeadIndent = 30; $0.paragraphSpacingBefore = 4 },
                          range: NSRange(location: 11, length: 2))
        let size = text.boundingRect(with: CGSize(width: 200, height: 200), options: .usesLineFragmentOrigin, context: nil)
        #expect(abs(size.height - (3 * natural + 14)) < 1e-3, "spacing of each paragraph's own style")

        let drawn = alpha(200, 80) { text.draw(in: CGRect(x: 0, y: 0, width: 200, height: 80)) }
        let band = { (line: Int, gap: CGFloat) -> Range<Int> in
            Int((CGFloat(line) * self.natural + gap).rounded()) ..< Int((CGFloat(line + 1) * self.natural + gap).rounded())
        }
        // Each line's ink against the same word drawn alone where its alignment puts it.
        let rightWidth = PangoReference.extents("Right", size: 12).logical.width
        let alone = { (word: String, x: CGFloat) in
            self.ink(self.alpha(200, 20) { word.draw(at: CGPoint(x: x, y: 0), withAttributes: [.font: self.font]) }, width: 200)
        }
        let left = try #require(alone("Left", 0))
        let flushRight = try #require(alone("Right", 200 - rightWidth))
        let indented = try #require(alone("In", 30))
        let first = try #require(ink(drawn, width: 200, rows: band(0, 0)))
        let second = try #require(ink(drawn, width: 200, rows: band(1, 0)))
        #expect(abs(first.2 - left.2) <= 1)
        #expect(abs(second.2 - flushRight.2) <= 1 && abs(second.3 - flushRight.3) <= 1, "right-aligned")
        let third = try #require(ink(drawn, width: 200, rows: band(2, 14)), "the third line 14 points lower")
        #expect(abs(third.2 - indented.2) <= 1, "indented 30")
    }

    /// Two paragraphs laid out without a width (`draw(at:)`) align against the wider of them, as the lines of
    /// one layout do: a centred short paragraph under a long one is centred under it.
    @Test func withoutAWidthParagraphsAlignWithinTheWidest() throws {
        let text = NSMutableAttributedString(string: "A long first line\nmid", attributes: [.font: font])
        text.addAttribute(.paragraphStyle, value: style { $0.alignment = .center }, range: NSRange(location: 18, length: 3))
        let long = PangoReference.extents("A long first line", size: 12).logical.width
        let short = PangoReference.extents("mid", size: 12).logical.width
        let drawn = alpha(200, 40) { text.draw(at: CGPoint(x: 0, y: 0)) }
        let line = try #require(ink(drawn, width: 200, rows: Int(natural.rounded()) ..< 40))
        let alone = try #require(ink(alpha(200, 20) { "mid".draw(at: CGPoint(x: (long - short) / 2, y: 0), withAttributes: [.font: font]) }, width: 200))
        #expect(abs(line.2 - alone.2) <= 1 && abs(line.3 - alone.3) <= 1)
        #expect(abs(text.size().width - long) < 1e-3)
    }

    // MARK: Baseline offset

    /// `.baselineOffset` raises a run's glyphs by that many points from the baseline (negative lowers them):
    /// the second of two x's is 6 rows above the first, in string drawing and in a text layer.
    @Test func aBaselineOffsetRaisesTheRun() throws {
        let text = NSMutableAttributedString(string: "x x", attributes: [.font: font])
        text.addAttribute(.baselineOffset, value: 6, range: NSRange(location: 2, length: 1))
        let drawn = alpha(60, 40) { text.draw(at: CGPoint(x: 0, y: 4)) }
        let width = PangoReference.extents("x ", size: 12).logical.width
        let split = Int(width.rounded())
        let plainX = try #require(ink(drawn, width: 60, columns: 0 ..< split))
        let raisedX = try #require(ink(drawn, width: 60, columns: split ..< 60))
        #expect(plainX.0 - raisedX.0 == 6 && plainX.1 - raisedX.1 == 6, "\(plainX) \(raisedX)")

        let lowered = NSMutableAttributedString(string: "x x", attributes: [.font: font])
        lowered.addAttribute(.baselineOffset, value: NSNumber(value: -3.0), range: NSRange(location: 2, length: 1))
        let drawnLow = alpha(60, 40) { lowered.draw(at: CGPoint(x: 0, y: 4)) }
        let low = try #require(ink(drawnLow, width: 60, columns: split ..< 60))
        let still = try #require(ink(drawnLow, width: 60, columns: 0 ..< split))
        #expect(low.0 - still.0 == 3 && low.1 - still.1 == 3)

        let layer = try layerAlpha("x x", NSParagraphStyle(), size: CGSize(width: 60, height: 40))
        let layerText = NSMutableAttributedString(string: "x x", attributes: [.font: font, .foregroundColor: CGColor.white])
        layerText.addAttribute(.baselineOffset, value: 6, range: NSRange(location: 2, length: 1))
        let textLayer = CATextLayer()
        textLayer.string = layerText
        let layerValues = try #require(textLayer.modelValues.text)
        let request = try #require(TextRequest(layerValues, size: CGSize(width: 60, height: 40), scale: 1))
        let rgba = try #require(TextRasterizer.image(request)).premultipliedRGBA
        let raisedLayer = stride(from: 3, to: rgba.count, by: 4).map { rgba[$0] }
        let a = try #require(ink(raisedLayer, width: 60, columns: 0 ..< split))
        let b = try #require(ink(raisedLayer, width: 60, columns: split ..< 60))
        #expect(a.0 - b.0 == 6 && a.1 - b.1 == 6, "\(a) \(b)")
        #expect(ink(layer, width: 60) != nil)
    }

    // MARK: Hostile values

    /// Negative, NaN and infinite lengths read 0 (UIKit documents them nonnegative), huge ones are capped;
    /// nothing traps or hangs, and sizes stay finite.
    @Test func hostileValuesAreClampedAndNeverTrap() {
        let two = PangoReference.extents("One\nTwo", size: 12).logical.height
        for bad in [-20, CGFloat.nan, -CGFloat.infinity] {
            let odd = style {
                $0.paragraphSpacing = bad; $0.paragraphSpacingBefore = bad
                $0.minimumLineHeight = bad; $0.maximumLineHeight = bad; $0.lineHeightMultiple = bad; $0.lineSpacing = bad
            }
            #expect(abs(height("One\nTwo", odd) - two) < 1e-3, "\(bad)")
            #expect(odd.values == NSParagraphStyle.default.values)
        }
        for huge in [CGFloat.infinity, 1e300, .greatestFiniteMagnitude] {
            let big = style { $0.paragraphSpacing = huge; $0.minimumLineHeight = huge; $0.lineHeightMultiple = huge }
            let measured = height("One\nTwo", big)
            #expect(measured.isFinite && measured <= 30_000, "\(huge): \(measured)")
            _ = alpha(20, 20) {
                "One\nTwo".draw(in: CGRect(x: 0, y: 0, width: 20, height: 20), withAttributes: [.font: font, .paragraphStyle: big])
            }
        }
        // Two thousand 10,000-point lines would reach 2e7 points: lines stop at a million points down.
        let tall = style { $0.minimumLineHeight = 1e9 }
        let deep = height(Array(repeating: "x", count: 2000).joined(separator: "\n"), tall)
        #expect(deep > 999_000 && deep <= 1_010_000, "\(deep)")
        let offsets: [Any] = [CGFloat.nan, Double.infinity, -1e300, "six"]
        for offset in offsets {
            let text = NSAttributedString(string: "x", attributes: [.font: font, .baselineOffset: offset])
            #expect(text.size().height.isFinite)
        }
    }

    /// Many paragraphs, each with a style of its own, lay out (one Pango layout each) in one pass, each
    /// finding its runs by a binary search (a scan of every run for each took most of a minute for these
    /// 8000 in a debug build; timings are measured, not asserted here).
    @Test func manyParagraphsWithTheirOwnStylesLayOut() {
        let count = 8000
        let text = NSMutableAttributedString(string: Array(repeating: "p", count: count).joined(separator: "\n"),
                                             attributes: [.font: font])
        for i in 0 ..< count {
            let s = style { $0.paragraphSpacing = CGFloat(i % 2) }
            text.addAttribute(.paragraphStyle, value: s, range: NSRange(location: 2 * i, length: 1))
        }
        let measured = text.boundingRect(with: CGSize(width: 100, height: 1e6), options: .usesLineFragmentOrigin, context: nil)
        // A line each, and a point after each odd paragraph but the last.
        #expect(abs(measured.height - (CGFloat(count) * natural + CGFloat((count - 1) / 2))) < 0.1)
    }
}
