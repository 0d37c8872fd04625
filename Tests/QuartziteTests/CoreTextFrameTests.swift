import Foundation
import Testing
@testable import Quartzite

/// Core Text's frames (`CTFramesetterCreateFrame`, `CTFrameDraw`, the frame's lines and origins,
/// `CTFramesetterSuggestFrameSizeWithConstraints`): line breaks and heights against Pango laying the same
/// string out at the same width (`PangoReference`), DejaVu Sans's line height from its font tables
/// ((1901 + 483) / 2048 of the size), placement from Core Text's documented convention (lines from the top of
/// the path's box down, origins relative to the box's corner, y up).
@Suite(.serialized) struct CoreTextFrameTests {
    let text = "The quick brown fox jumps over the lazy dog, and then it runs far away into the hills."
    let size: CGFloat = 14

    func framesetter(_ text: String) -> CTFramesetter {
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, size, nil)
        return CTFramesetterCreateWithAttributedString(NSAttributedString(string: text, attributes: [.font: font]))
    }

    func frame(_ rect: CGRect, _ text: String? = nil) -> CTFrame {
        CTFramesetterCreateFrame(framesetter(text ?? self.text), CFRangeMake(0, 0), CGPath(rect: rect, transform: nil), nil)
    }

    func origins(_ frame: CTFrame) -> [CGPoint] {
        let count = (CTFrameGetLines(frame) as? [CTLine])?.count ?? 0
        var origins = [CGPoint](repeating: .zero, count: count)
        origins.withUnsafeMutableBufferPointer { buffer in
            if let base = buffer.baseAddress { CTFrameGetLineOrigins(frame, CFRangeMake(0, 0), base) }
        }
        return origins
    }

    @Test func aFrameWrapsIntoPangosLinesAtItsWidth() throws {
        for width in [120, 150, 230] as [CGFloat] {
            let lines = try #require(CTFrameGetLines(frame(CGRect(x: 0, y: 0, width: width, height: 1000))) as? [CTLine])
            let reference = PangoReference.draw(text, size: size, width: 10, height: 10, layoutWidth: width)
            #expect(lines.count == reference.lines && lines.count > 1, "\(width)")
            // The lines cover the string, one after another.
            #expect(lines.map { CTLineGetStringRange($0).length }.reduce(0, +) == (text as NSString).length)
            for pair in zip(lines, lines.dropFirst()) {
                let (a, b) = (CTLineGetStringRange(pair.0), CTLineGetStringRange(pair.1))
                #expect(a.location + a.length == b.location)
            }
        }
    }

    @Test func lineOriginsStepDownByTheLineHeightFromTheTopOfTheBox() {
        let lineHeight = (1901 + 483) * size / 2048, ascent = 1901 * size / 2048
        let placed = origins(frame(CGRect(x: 30, y: 40, width: 150, height: 300)))
        #expect(placed.count > 2)
        #expect(abs(placed[0].y - (300 - ascent)) < 0.02 && placed[0].x == 0)
        for pair in zip(placed, placed.dropFirst()) {
            #expect(abs(pair.0.y - pair.1.y - lineHeight) < 0.02)
        }
    }

    @Test func onlyLinesThatFitWholeAreInTheFrame() throws {
        let lineHeight = (1901 + 483) * size / 2048
        let cut = frame(CGRect(x: 0, y: 0, width: 150, height: 2.5 * lineHeight))
        let lines = try #require(CTFrameGetLines(cut) as? [CTLine])
        #expect(lines.count == 2)
        let visible = CTFrameGetVisibleStringRange(cut)
        #expect(visible.location == 0 && visible.length == CTLineGetStringRange(lines[1]).location + CTLineGetStringRange(lines[1]).length)
        #expect(visible.length < (text as NSString).length)
    }

    @Test func aCentredParagraphsLinesAreCentredInTheBox() throws {
        let style = NSMutableParagraphStyle()
        style.alignment = .center
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, size, nil)
        let string = NSAttributedString(string: "Hi there", attributes: [.font: font, .paragraphStyle: style])
        let centred = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(string), CFRangeMake(0, 0),
                                               CGPath(rect: CGRect(x: 0, y: 0, width: 200, height: 50), transform: nil), nil)
        let line = try #require((CTFrameGetLines(centred) as? [CTLine])?.first)
        let width = CGFloat(CTLineGetTypographicBounds(line, nil, nil, nil))
        #expect(abs(try #require(origins(centred).first).x - (200 - width) / 2) < 0.01)
    }

    @Test func theSuggestedSizeIsPangosWrappedLogicalSize() {
        var fit = CFRange(location: -1, length: -1)
        let suggested = CTFramesetterSuggestFrameSizeWithConstraints(
            framesetter(text), CFRangeMake(0, 0), nil, CGSize(width: 150, height: CGFloat.greatestFiniteMagnitude), &fit)
        let reference = PangoReference.extents(text, size: size, layoutWidth: 150).logical
        #expect(abs(suggested.height - reference.height) < 1e-6)
        #expect(suggested.width <= 150 && suggested.width > 100)
        #expect(fit == CFRange(location: 0, length: (text as NSString).length))
        // Unconstrained: one line, Pango's unwrapped width.
        let one = CTFramesetterSuggestFrameSizeWithConstraints(framesetter(text), CFRangeMake(0, 0), nil,
                                                               CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude), nil)
        #expect(abs(one.width - PangoReference.extents(text, size: size).logical.width) < 1e-6)
    }

    @Test func drawnFramesFillTheirBoxFromTheTop() throws {
        let context = try #require(CGTest.context(200, 200))
        let box = CGRect(x: 20, y: 30, width: 150, height: 100)
        CTFrameDraw(frame(box), context)
        let bytes = CGTest.pixels(context)
        var rows: [Int] = [], columns: [Int] = []
        for i in stride(from: 3, to: bytes.count, by: 4) where bytes[i] > 64 {
            rows.append(i / 4 / 200)
            columns.append(i / 4 % 200)
        }
        // y up: the box spans rows 70 (its top, y = 130) to 170 (its foot, y = 30).
        let top = try #require(rows.min()), foot = try #require(rows.max())
        #expect(top >= 70 && top <= 70 + 5, "the first line's capitals start near the top of the box")
        #expect(foot < 170)
        #expect(try #require(columns.min()) >= 19 && columns.max() ?? 0 <= 171)
        #expect(context.textPosition == .zero, "the text position is left as it was")
    }

    @Test func hostileFramesHoldNoLinesAndDoNotTrap() throws {
        let context = try #require(CGTest.context(40, 40))
        for rect in [CGRect.zero, CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10), CGRect(x: 0, y: 0, width: 40, height: 5)] {
            let empty = frame(rect)
            #expect((CTFrameGetLines(empty) as? [CTLine])?.isEmpty == true, "\(rect)")
            CTFrameDraw(empty, context)
        }
        // An endless rect is cut to ±1e12 by the path, as every path's is: its lines start far above the context.
        CTFrameDraw(frame(CGRect(x: 0, y: 0, width: 10, height: CGFloat.infinity)), context)
        #expect(CGTest.pixels(context).allSatisfy { $0 == 0 })
        let outside = CTFramesetterCreateFrame(framesetter("abc"), CFRangeMake(2, 5), CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil), nil)
        #expect((CTFrameGetLines(outside) as? [CTLine])?.isEmpty == true)
        #expect((CTFrameGetLines(frame(CGRect(x: 0, y: 0, width: 100, height: 100), "")) as? [CTLine])?.isEmpty == true)
        // Asking for more origins than lines copies only the lines'.
        let two = frame(CGRect(x: 0, y: 0, width: 100, height: 40), "a b")
        var buffer = [CGPoint](repeating: CGPoint(x: -7, y: -7), count: 4)
        buffer.withUnsafeMutableBufferPointer { points in
            if let base = points.baseAddress { CTFrameGetLineOrigins(two, CFRangeMake(0, 4), base) }
        }
        #expect(buffer[0] != CGPoint(x: -7, y: -7) && buffer[1 ... 3].allSatisfy { $0 == CGPoint(x: -7, y: -7) })
    }
}
