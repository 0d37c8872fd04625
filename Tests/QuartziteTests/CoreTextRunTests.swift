import Foundation
import Testing
@testable import Quartzite

/// Core Text's glyph runs (`CTLineGetGlyphRuns`, `CTRunGet...`, `CTRunDraw`) and a line's carets: glyph ids
/// and advances from DejaVu Sans's own tables (2048 units an em; 'cmap' and 'hmtx': H is glyph 43 advancing
/// 1540 units, e 72 / 1260, l 79 / 569, o 82 / 1253; Hebrew alef 1319 / 1369, bet 1320 / 1184; DejaVu Sans
/// Mono advances 1233 units for every glyph), closed forms (run counts sum to the line's, ranges tile the
/// string), and drawing compared with `CTLineDraw`, which fills the same outlines.
@Suite(.serialized) struct CoreTextRunTests {
    let em = { (size: CGFloat) in size / 2048 }

    func font(_ size: CGFloat, _ name: String = "DejaVu Sans") -> CTFont { CTFontCreateWithName(name as CFString, size, nil) }

    func line(_ string: NSAttributedString) -> CTLine { CTLineCreateWithAttributedString(string as CFAttributedString) }

    func line(_ text: String, size: CGFloat) -> CTLine {
        line(NSAttributedString(string: text, attributes: [.font: font(size)]))
    }

    func runs(_ line: CTLine) -> [CTRun] { CTLineGetGlyphRuns(line) as? [CTRun] ?? [] }

    func glyphs(_ run: CTRun) -> [CGGlyph] {
        var buffer = [CGGlyph](repeating: 0, count: CTRunGetGlyphCount(run))
        buffer.withUnsafeMutableBufferPointer { if let base = $0.baseAddress { CTRunGetGlyphs(run, CFRangeMake(0, 0), base) } }
        return buffer
    }

    func positions(_ run: CTRun) -> [CGPoint] {
        var buffer = [CGPoint](repeating: .zero, count: CTRunGetGlyphCount(run))
        buffer.withUnsafeMutableBufferPointer { if let base = $0.baseAddress { CTRunGetPositions(run, CFRangeMake(0, 0), base) } }
        return buffer
    }

    func advances(_ run: CTRun) -> [CGSize] {
        var buffer = [CGSize](repeating: .zero, count: CTRunGetGlyphCount(run))
        buffer.withUnsafeMutableBufferPointer { if let base = $0.baseAddress { CTRunGetAdvances(run, CFRangeMake(0, 0), base) } }
        return buffer
    }

    func indices(_ run: CTRun) -> [CFIndex] {
        var buffer = [CFIndex](repeating: -9, count: CTRunGetGlyphCount(run))
        buffer.withUnsafeMutableBufferPointer { if let base = $0.baseAddress { CTRunGetStringIndices(run, CFRangeMake(0, 0), base) } }
        return buffer
    }

    @Test func aLineInOneFontIsOneRunOfTheFontsGlyphsAtItsAdvances() throws {
        let hello = line("Hello", size: 20)
        let only = try #require(runs(hello).first)
        #expect(runs(hello).count == 1)
        #expect(glyphs(only) == [43, 72, 79, 79, 82])
        let units: [CGFloat] = [1540, 1260, 569, 569, 1253]
        #expect(zip(advances(only), units).allSatisfy { abs($0.width - $1 * em(20)) < 1e-3 && $0.height == 0 })
        // Each glyph starts where the advances before it end, on the baseline.
        var x: CGFloat = 0
        for (position, advance) in zip(positions(only), units) {
            #expect(abs(position.x - x) < 1e-3 && position.y == 0)
            x += advance * em(20)
        }
        #expect(indices(only) == [0, 1, 2, 3, 4])
        #expect(CTRunGetStringRange(only) == CFRangeMake(0, 5))
        #expect(CTRunGetStatus(only) == .noStatus)
        #expect(CTRunGetTextMatrix(only) == .identity)
    }

    @Test func twoFontsGiveTwoRunsWithTheExactStringRanges() throws {
        let string = NSMutableAttributedString(string: "Hello mono", attributes: [.font: font(16)])
        string.addAttribute(.font, value: font(16, "DejaVu Sans Mono"), range: NSRange(location: 6, length: 4))
        let mixed = line(string)
        let pair = runs(mixed)
        try #require(pair.count == 2)
        #expect(CTRunGetStringRange(pair[0]) == CFRangeMake(0, 6) && CTRunGetStringRange(pair[1]) == CFRangeMake(6, 4))
        #expect(pair.map(CTRunGetGlyphCount).reduce(0, +) == CTLineGetGlyphCount(mixed))
        // The second run starts where the first one's advances end, and its glyphs are the mono face's.
        let firstWidth = CTRunGetTypographicBounds(pair[0], CFRangeMake(0, 0), nil, nil, nil)
        #expect(abs(positions(pair[1])[0].x - CGFloat(firstWidth)) < 1e-3)
        #expect(advances(pair[1]).allSatisfy { abs($0.width - 1233 * em(16)) < 1e-3 })
        // Each run's attributes are its characters'.
        let attributes = try #require(CTRunGetAttributes(pair[1]) as? [NSAttributedString.Key: Any])
        #expect((attributes[.font] as? CTFont).map(CTFontGetSize) == 16)
        #expect((attributes[.font] as? CTFont)?.name == "DejaVu Sans Mono")
    }

    @Test func anAttributePangoNeverSeesStillEndsARun() {
        let string = NSMutableAttributedString(string: "abcdef", attributes: [.font: font(12)])
        string.addAttribute(NSAttributedString.Key("com.example.tag"), value: 7, range: NSRange(location: 2, length: 2))
        let tagged = runs(line(string))
        #expect(tagged.map(CTRunGetStringRange) == [CFRangeMake(0, 2), CFRangeMake(2, 2), CFRangeMake(4, 2)])
        #expect((CTRunGetAttributes(tagged[1])[NSAttributedString.Key("com.example.tag")] as? Int) == 7)
        #expect(CTRunGetAttributes(tagged[0])[NSAttributedString.Key("com.example.tag")] == nil)
    }

    @Test func aScriptChangeInOneFontDoesNotEndARun() {
        // Latin and Greek in DejaVu Sans: Pango itemizes them apart, Core Text keeps one run.
        let mixed = line("abc αβγ", size: 12)
        #expect(runs(mixed).count == 1)
        #expect(runs(mixed).first.map(CTRunGetStringRange) == CFRangeMake(0, 7))
    }

    @Test func hebrewIsARightToLeftRunStoredLeftToRight() throws {
        let hebrew = line("אב", size: 20)
        let run = try #require(runs(hebrew).first)
        #expect(CTRunGetStatus(run) == .rightToLeft)
        // Visual order: bet (index 1) is drawn left of alef (index 0).
        #expect(glyphs(run) == [1320, 1319] && indices(run) == [1, 0])
        #expect(abs(positions(run)[1].x - 1184 * em(20)) < 1e-3)
        let arabic = try #require(runs(line("مرحبا", size: 20)).first)
        #expect(CTRunGetStatus(arabic).contains(.rightToLeft))
        // Mixed: a left-to-right run (the space takes the paragraph's direction), then a right-to-left one.
        let mixed = runs(line("abc אב", size: 20))
        #expect(mixed.map(CTRunGetStringRange) == [CFRangeMake(0, 4), CFRangeMake(4, 2)])
        #expect(mixed.map(CTRunGetStatus) == [.noStatus, .rightToLeft])
    }

    @Test func aRunsBoundsAreItsAdvancesAndItsFontsMetrics() throws {
        let hello = line("Hello", size: 20)
        let run = try #require(runs(hello).first)
        var ascent: CGFloat = -1, descent: CGFloat = -1, leading: CGFloat = -1
        let width = CTRunGetTypographicBounds(run, CFRangeMake(0, 0), &ascent, &descent, &leading)
        #expect(abs(width - Double((1540 + 1260 + 569 + 569 + 1253) * em(20))) < 1e-3)
        #expect(abs(ascent - 1901 * em(20)) < 0.02 && abs(descent - 483 * em(20)) < 0.02 && leading == 0)
        #expect(abs(CTRunGetTypographicBounds(run, CFRangeMake(2, 2), nil, nil, nil) - Double(2 * 569 * em(20))) < 1e-3)
        #expect(abs(width - CTLineGetTypographicBounds(hello, nil, nil, nil)) < 1e-3)
        // The run's ink is the line's (both tight round the same outlines), moved by the text position.
        let lineInk = CTLineGetImageBounds(hello, nil), runInk = CTRunGetImageBounds(run, nil, CFRangeMake(0, 0))
        #expect(abs(lineInk.minX - runInk.minX) < 0.05 && abs(lineInk.maxX - runInk.maxX) < 0.05)
        #expect(abs(lineInk.minY - runInk.minY) < 0.05 && abs(lineInk.maxY - runInk.maxY) < 0.05)
        let context = try #require(CGTest.context(10, 10))
        context.textPosition = CGPoint(x: 3, y: 4)
        #expect(CTRunGetImageBounds(run, context, CFRangeMake(0, 0)).origin == CGPoint(x: runInk.minX + 3, y: runInk.minY + 4))
        // The H alone: 1540 units advance, its stems inside it.
        let h = CTRunGetImageBounds(run, nil, CFRangeMake(0, 1))
        #expect(h.minX > 0 && h.maxX < 1540 * em(20) && h.maxX < runInk.maxX)
    }

    @Test func badRangesReadNothingAndDoNotTrap() throws {
        let run = try #require(runs(line("Hello", size: 12)).first)
        for range in [CFRangeMake(-1, 2), CFRangeMake(0, 6), CFRangeMake(6, 0), CFRangeMake(Int.max, 1),
                      CFRangeMake(1, Int.max), CFRangeMake(2, -1), CFRangeMake(Int.min, Int.min)] {
            var glyphs = [CGGlyph](repeating: 9, count: 8)
            var points = [CGPoint](repeating: CGPoint(x: 9, y: 9), count: 8)
            glyphs.withUnsafeMutableBufferPointer { if let base = $0.baseAddress { CTRunGetGlyphs(run, range, base) } }
            points.withUnsafeMutableBufferPointer { if let base = $0.baseAddress { CTRunGetPositions(run, range, base) } }
            #expect(glyphs.allSatisfy { $0 == 9 } && points.allSatisfy { $0 == CGPoint(x: 9, y: 9) }, "\(range)")
            var ascent: CGFloat = -1
            #expect(CTRunGetTypographicBounds(run, range, &ascent, nil, nil) == 0 && ascent == -1)
            #expect(CTRunGetImageBounds(run, nil, range).isNull)
            let context = try #require(CGTest.context(10, 10))
            CTRunDraw(run, context, range)
            #expect(CGTest.pixels(context).allSatisfy { $0 == 0 })
        }
        #expect(CTRunGetGlyphsPtr(run) == nil && CTRunGetPositionsPtr(run) == nil)
        #expect(CTRunGetAdvancesPtr(run) == nil && CTRunGetStringIndicesPtr(run) == nil)
        // An empty line has no runs.
        #expect(runs(line(NSAttributedString(string: ""))).isEmpty)
    }

    @Test func drawingEachRunDrawsWhatTheLineDraws() throws {
        let string = NSMutableAttributedString(string: "Hello mono", attributes: [.font: font(18)])
        string.addAttribute(.font, value: font(18, "DejaVu Sans Mono"), range: NSRange(location: 6, length: 4))
        let mixed = line(string)
        let byLine = try #require(CGTest.context(160, 40)), byRuns = try #require(CGTest.context(160, 40))
        for context in [byLine, byRuns] { context.textPosition = CGPoint(x: 6, y: 12) }
        CTLineDraw(mixed, byLine)
        for run in runs(mixed) { CTRunDraw(run, byRuns, CFRangeMake(0, 0)) }
        #expect(byRuns.textPosition == CGPoint(x: 6, y: 12), "drawing a run does not move the text position")
        let (a, b) = (CGTest.pixels(byLine), CGTest.pixels(byRuns))
        #expect(a.contains { $0 > 0 } && CGTest.maxDifference(a, b) <= 1)
        // Part of a run draws part of the ink.
        let part = try #require(CGTest.context(160, 40))
        part.textPosition = CGPoint(x: 6, y: 12)
        CTRunDraw(runs(mixed)[0], part, CFRangeMake(0, 1))
        let ink = { (bytes: [UInt8]) in stride(from: 3, to: bytes.count, by: 4).filter { bytes[$0] > 0 }.count }
        #expect(ink(CGTest.pixels(part)) > 0 && ink(CGTest.pixels(part)) < ink(b) / 3)
    }

    @Test func drawingALineMovesTheTextPositionToItsEnd() throws {
        let hello = line("Hello", size: 20)
        let width = CGFloat(CTLineGetTypographicBounds(hello, nil, nil, nil))
        let context = try #require(CGTest.context(200, 40))
        context.textPosition = CGPoint(x: 10, y: 20)
        CTLineDraw(hello, context)
        #expect(abs(context.textPosition.x - (10 + width)) < 1e-9 && context.textPosition.y == 20)
        // Along the text matrix: scaled twice, the advance is twice as long.
        context.textMatrix = CGAffineTransform(scaleX: 2, y: 2)
        context.textPosition = CGPoint(x: 1, y: 2)
        CTLineDraw(hello, context)
        #expect(abs(context.textPosition.x - (1 + 2 * width)) < 1e-9 && context.textPosition.y == 2)
    }

    @Test func caretOffsetsAndHitsFollowTheAdvances() {
        let hello = line("Hello", size: 20)
        var secondary: CGFloat = -1
        let primary = CTLineGetOffsetForStringIndex(hello, 2, &secondary)
        #expect(abs(primary - (1540 + 1260) * em(20)) < 1e-3 && secondary == primary)
        #expect(CTLineGetOffsetForStringIndex(hello, 0, nil) == 0)
        let end = CGFloat(CTLineGetTypographicBounds(hello, nil, nil, nil))
        #expect(abs(CTLineGetOffsetForStringIndex(hello, 5, nil) - end) < 1e-3)
        #expect(abs(CTLineGetOffsetForStringIndex(hello, 99, nil) - end) < 1e-3)
        #expect(CTLineGetOffsetForStringIndex(hello, -4, nil) == 0)
        // A click in the leading half of the first l inserts before it, in its trailing half after it.
        let l = 569 * em(20)
        #expect(CTLineGetStringIndexForPosition(hello, CGPoint(x: primary + l * 0.25, y: 0)) == 2)
        #expect(CTLineGetStringIndexForPosition(hello, CGPoint(x: primary + l * 0.75, y: 0)) == 3)
        #expect(CTLineGetStringIndexForPosition(hello, CGPoint(x: -50, y: 3)) == 0)
        #expect(CTLineGetStringIndexForPosition(hello, CGPoint(x: 10_000, y: 0)) == 5)
        #expect(CTLineGetStringIndexForPosition(hello, CGPoint(x: CGFloat.nan, y: 0)) == 0)
        #expect(CTLineGetStringIndexForPosition(line(NSAttributedString(string: "")), .zero) == kCFNotFound)
    }

    @Test func aFramesLinesIndexTheWholeString() throws {
        let text = "first line\nsecond"
        let framesetter = CTFramesetterCreateWithAttributedString(NSAttributedString(string: text, attributes: [.font: font(14)]))
        let frame = CTFramesetterCreateFrame(framesetter, CFRangeMake(0, 0), CGPath(rect: CGRect(x: 0, y: 0, width: 300, height: 100), transform: nil), nil)
        let lines = try #require(CTFrameGetLines(frame) as? [CTLine])
        try #require(lines.count == 2)
        let second = try #require(runs(lines[1]).first)
        #expect(CTRunGetStringRange(second) == CFRangeMake(11, 6) && indices(second).first == 11)
        #expect(CTLineGetStringIndexForPosition(lines[1], CGPoint(x: -1, y: 0)) == 11)
        #expect(CTLineGetOffsetForStringIndex(lines[1], 11, nil) == 0)
    }
}
