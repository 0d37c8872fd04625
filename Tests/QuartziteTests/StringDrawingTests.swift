import CPango
import Foundation
import Testing
@testable import Quartzite

/// UIKit's string drawing (`NSString.draw(at:withAttributes:)`, `size(withAttributes:)`, `boundingRect`,
/// `NSAttributedString.draw`): sizes against Pango's own logical extents, pixels against Pango drawing the same
/// string with cairo directly (`PangoReference`), placement from UIKit's documented coordinates.
@Suite(.serialized) struct StringDrawingTests {
    /// The alpha of every pixel of `image`, rows top first.
    func alpha(_ image: CGImage?) -> [UInt8] {
        guard let image else { return [] }
        return stride(from: 3, to: image.premultipliedRGBA.count, by: 4).map { image.premultipliedRGBA[$0] }
    }

    /// The smallest box of pixels whose alpha passes 64: (minX, minY, maxX, maxY), or nil for none.
    func inkBox(_ alpha: [UInt8], width: Int) -> (Int, Int, Int, Int)? {
        var box: (Int, Int, Int, Int)?
        for (i, a) in alpha.enumerated() where a > 64 {
            let (x, y) = (i % width, i / width)
            box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
        }
        return box
    }

    func image(_ width: CGFloat, _ height: CGFloat, _ draw: () -> Void) -> CGImage? {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: width, height: height), format: format).image { _ in draw() }.cgImage
    }

    @Test func aStringsSizeIsPangosLogicalExtentAndUIKitsDefaultIsTwelvePoints() {
        let text = "Hello, Quartzite"
        let sized = text.size(withAttributes: [.font: UIFont.systemFont(ofSize: 17)])
        let reference = PangoReference.extents(text, size: 17).logical
        #expect(abs(sized.width - reference.width) < 1e-6 && abs(sized.height - reference.height) < 1e-6)
        let plain = (text as NSString).size(withAttributes: nil)
        let twelve = PangoReference.extents(text, size: 12).logical
        #expect(abs(plain.width - twelve.width) < 1e-6 && abs(plain.height - twelve.height) < 1e-6)
        // Fractional, as UIKit's: a view is sized by rounding up.
        #expect(sized.width != sized.width.rounded() || sized.height != sized.height.rounded())
        #expect(NSAttributedString(string: text, attributes: [.font: UIFont.systemFont(ofSize: 17)]).size() == sized)
    }

    @Test func drawnAtAPointTheInkIsWherePangoDrawsTheSameLayout() throws {
        let text = "Quartzite 42"
        let origin = CGPoint(x: 12, y: 9)
        let drawn = alpha(image(200, 50) {
            text.draw(at: origin, withAttributes: [.font: UIFont.systemFont(ofSize: 24)])
        })
        // Unhinted, as string drawing's outlines are (Core Text does not hint).
        let reference = PangoReference.draw(text, size: 24, width: 200, height: 50, layoutWidth: nil, origin: origin,
                                            hinted: false)
        let referenceAlpha = stride(from: 3, to: reference.rgba.count, by: 4).map { reference.rgba[$0] }
        let box = try #require(inkBox(drawn, width: 200))
        let expected = try #require(inkBox(referenceAlpha, width: 200))
        #expect(abs(box.0 - expected.0) <= 1 && abs(box.1 - expected.1) <= 1)
        #expect(abs(box.2 - expected.2) <= 1 && abs(box.3 - expected.3) <= 1)
        // The same glyphs: their coverage summed agrees within 3 % (outlines filled against glyphs drawn).
        let sum = drawn.reduce(0) { $0 + Int($1) }, expectedSum = referenceAlpha.reduce(0) { $0 + Int($1) }
        #expect(abs(sum - expectedSum) * 100 < expectedSum * 3)
    }

    @Test func textIsBlackByDefaultAndTakesTheForegroundColour() throws {
        let plain = try #require(image(60, 30) { "W".draw(at: .zero, withAttributes: [.font: UIFont.systemFont(ofSize: 24)]) })
        let red = try #require(image(60, 30) {
            "W".draw(at: .zero, withAttributes: [.font: UIFont.systemFont(ofSize: 24), .foregroundColor: UIColor.red])
        })
        let opaque = { (image: CGImage) in stride(from: 0, to: image.premultipliedRGBA.count, by: 4)
            .map { Array(image.premultipliedRGBA[$0 ..< $0 + 4]) }.filter { $0[3] == 255 } }
        #expect(!opaque(plain).isEmpty && opaque(plain).allSatisfy { $0 == [0, 0, 0, 255] })
        #expect(!opaque(red).isEmpty && opaque(red).allSatisfy { $0 == [255, 0, 0, 255] })
    }

    @Test func attributedRunsKeepTheirOwnColours() throws {
        let string = NSMutableAttributedString(string: "AB", attributes: [.font: UIFont.systemFont(ofSize: 40)])
        string.addAttribute(.foregroundColor, value: UIColor.red, range: NSRange(location: 0, length: 1))
        string.addAttribute(.foregroundColor, value: UIColor.blue, range: NSRange(location: 1, length: 1))
        let drawn = try #require(image(100, 60) { string.draw(at: CGPoint(x: 4, y: 4)) })
        var reds: [Int] = [], blues: [Int] = []
        for i in stride(from: 0, to: drawn.premultipliedRGBA.count, by: 4) where drawn.premultipliedRGBA[i + 3] == 255 {
            let x = (i / 4) % drawn.width
            if drawn.premultipliedRGBA[i] == 255 { reds.append(x) }
            if drawn.premultipliedRGBA[i + 2] == 255 { blues.append(x) }
        }
        #expect(!reds.isEmpty && !blues.isEmpty)
        #expect((reds.max() ?? .max) < (blues.min() ?? .min))
    }

    @Test func drawnInARectTheTextWrapsAtItsWidthAndIsCutAtItsFoot() throws {
        let text = "wrap these words"
        let font = UIFont.systemFont(ofSize: 20)
        let oneLine = PangoReference.extents(text, size: 20).logical
        let wrapped = PangoReference.extents(text, size: 20, layoutWidth: 90).logical
        #expect(wrapped.height >= 2 * oneLine.height - 1)
        let tall = alpha(image(120, 120) { text.draw(in: CGRect(x: 0, y: 0, width: 90, height: 120), withAttributes: [.font: font]) })
        let tallBox = try #require(inkBox(tall, width: 120))
        #expect(tallBox.2 < 90 && tallBox.3 > Int(oneLine.height) + 2)
        // A rect one line tall shows only the first line.
        let cut = alpha(image(120, 120) { text.draw(in: CGRect(x: 0, y: 0, width: 90, height: oneLine.height), withAttributes: [.font: font]) })
        let cutBox = try #require(inkBox(cut, width: 120))
        #expect(cutBox.3 < Int(oneLine.height.rounded(.up)))
    }

    @Test func boundingRectsAreFromTheLineFragmentOrElseFromTheBaseline() {
        let text = "measure these words"
        let font = UIFont.systemFont(ofSize: 16)
        let wrapped = text.boundingRect(with: CGSize(width: 80, height: CGFloat.greatestFiniteMagnitude),
                                        options: .usesLineFragmentOrigin, attributes: [.font: font], context: nil)
        let reference = PangoReference.extents(text, size: 16, layoutWidth: 80)
        #expect(wrapped.origin == .zero)
        #expect(abs(wrapped.width - reference.logical.width) < 1e-6 && abs(wrapped.height - reference.logical.height) < 1e-6)
        #expect(wrapped.width <= 80 && wrapped.height > 16 * 2)
        let line = text.boundingRect(with: CGSize(width: 80, height: 10), options: [], attributes: [.font: font], context: nil)
        let single = PangoReference.extents(text, size: 16)
        #expect(abs(line.minY + single.baseline) < 1e-6 && abs(line.width - single.logical.width) < 1e-6)
        let context = NSStringDrawingContext()
        _ = (text as NSString).boundingRect(with: CGSize(width: 80, height: 1000), options: .usesLineFragmentOrigin,
                                            attributes: [.font: font], context: context)
        #expect(context.totalBounds == wrapped && context.actualScaleFactor == 1)
    }

    @Test func withoutTheLineFragmentOptionTheRectsOriginIsTheBaseline() throws {
        let font = UIFont.systemFont(ofSize: 30)
        let baseline = PangoReference.extents("H", size: 30).baseline
        let drawn = alpha(image(80, 80) {
            "H".draw(with: CGRect(x: 10, y: 50, width: 60, height: 20), options: [], attributes: [.font: font], context: nil)
        })
        // An H's foot sits on the baseline: its last inked row is the one just above y = 50.
        let box = try #require(inkBox(drawn, width: 80))
        #expect(box.3 == 49)
        let top = alpha(image(80, 80) {
            "H".draw(with: CGRect(x: 10, y: 50 - baseline, width: 60, height: 60), options: .usesLineFragmentOrigin,
                     attributes: [.font: font], context: nil)
        })
        #expect(inkBox(top, width: 80).map { $0.3 } == 49)
    }

    @Test func aContextWhoseYRunsUpGetsTheTextMirroredAsUIKitDrawsIt() throws {
        // UIKit's string drawing assumes its contexts' y-down space; in a bare bitmap context (y up) text comes
        // out upside down. A T's bar is at the top of its ink in a UIKit context and at the bottom here.
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 40)]
        let flipped = alpha(image(60, 60) { "T".draw(at: CGPoint(x: 5, y: 5), withAttributes: attributes) })
        let bare = try #require(CGContext(data: nil, width: 60, height: 60, bitsPerComponent: 8, bytesPerRow: 0,
                                          space: CGColorSpaceCreateDeviceRGB(),
                                          bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        UIGraphicsPushContext(bare)
        "T".draw(at: CGPoint(x: 5, y: 5), withAttributes: attributes)
        UIGraphicsPopContext()
        let mirrored = alpha(bare.makeImage())
        func rowInk(_ alpha: [UInt8], _ row: Int) -> Int {
            alpha[row * 60 ..< row * 60 + 60].reduce(0) { $0 + Int($1) }
        }
        func barRow(_ alpha: [UInt8]) -> Int? {
            (0..<60).max { rowInk(alpha, $0) < rowInk(alpha, $1) }
        }
        let (a, b) = (try #require(inkBox(flipped, width: 60)), try #require(inkBox(mirrored, width: 60)))
        let (barA, barB) = (try #require(barRow(flipped)), try #require(barRow(mirrored)))
        #expect(barA - a.1 < (a.3 - a.1) / 4)
        #expect(b.3 - barB < (b.3 - b.1) / 4)
    }

    @Test func nothingToDrawOrNowhereToDrawItDrawsNothing() {
        #expect("".size(withAttributes: nil) == .zero)
        "no context".draw(at: .zero, withAttributes: nil)
        let drawn = alpha(image(40, 20) {
            "x".draw(at: CGPoint(x: CGFloat.nan, y: 0), withAttributes: nil)
            "x".draw(in: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: .nan), withAttributes: nil)
        })
        #expect(drawn.allSatisfy { $0 == 0 })
    }

    /// Outlines are the font's own, not hinted to a pixel grid: an x at 12 points is DejaVu Sans's 1120 units
    /// of 2048 tall (6.5625 points), where slight hinting snaps it to 7.
    @Test func outlinesAreUnhinted() throws {
        var values = TextValues()
        values.content = TextContent(text: "x", runs: [])
        values.fontSize = 12
        let request = try #require(TextRequest(layout: values, width: nil))
        let box = try #require(TextOutlines.drawing(of: request, baseColor: .black).parts.first).path.boundingBoxOfPath
        #expect(abs(box.height - 1120.0 / 2048 * 12) < 0.02, "\(box.height)")
    }

    /// A paragraph centred in a rect whose lines are not wrapped (clipping mode) is centred in the rect's width,
    /// as the layout of a wrapped one is.
    @Test func aCentredLineThatClipsIsCentredInTheRect() throws {
        for mode in [NSLineBreakMode.byClipping, .byWordWrapping] {
            let style = NSMutableParagraphStyle()
            style.alignment = .center
            style.lineBreakMode = mode
            let drawn = alpha(image(200, 30) {
                "centre".draw(in: CGRect(x: 20, y: 0, width: 160, height: 30),
                              withAttributes: [.font: UIFont.systemFont(ofSize: 16), .paragraphStyle: style])
            })
            let box = try #require(inkBox(drawn, width: 200))
            #expect(abs(Double(box.0 + box.2) / 2 - 100) <= 1.5, "\(mode): \(box)")
        }
    }

    /// A long line is drawn whole (its outlines were once cut to a small scratch surface's extents, at about
    /// ten ems), and glyphs sit at their fractional advances: a hundred l's at 11.5 points are 100 x 569 / 2048
    /// x 11.5 = 319.5 points wide (DejaVu Sans's l advances 569 units of 2048), not a whole point each.
    @Test func aLongLineIsDrawnWholeAtFractionalAdvances() throws {
        let line = "Quarterly revenue report for the whole year"
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 17)]
        let width = line.size(withAttributes: attributes).width
        let drawn = alpha(image(420, 30) { line.draw(at: CGPoint(x: 2, y: 2), withAttributes: attributes) })
        let box = try #require(inkBox(drawn, width: 420))
        #expect(Double(box.2) > Double(width) - 4 && Double(box.2) < Double(width) + 4, "ink to \(box.2), line \(width)")
        let ells = String(repeating: "l", count: 100).size(withAttributes: [.font: UIFont.systemFont(ofSize: 11.5)])
        #expect(abs(ells.width - 100 * 569 / 2048 * 11.5) < 0.05, "\(ells.width)")
    }

    /// A paragraph's head indent starts every line but the first that far in (the first line at its own
    /// indent), and a negative tail indent ends lines that far from the right (NSParagraphStyle).
    @Test func headAndTailIndentsAreMargins() throws {
        let style = NSMutableParagraphStyle()
        style.firstLineHeadIndent = 30
        style.headIndent = 30
        style.tailIndent = -50
        let text = String(repeating: "W ", count: 40)
        let drawn = alpha(image(200, 200) {
            text.draw(in: CGRect(x: 0, y: 0, width: 200, height: 200),
                      withAttributes: [.font: UIFont.systemFont(ofSize: 17), .paragraphStyle: style])
        })
        let box = try #require(inkBox(drawn, width: 200))
        #expect(box.0 >= 30 && box.0 <= 33, "leftmost ink \(box.0)")
        #expect(box.2 <= 150, "rightmost ink \(box.2)")
        #expect(box.3 > 40, "several lines")
    }

    /// A hanging indent (a first-line head indent smaller than the head indent): the first line starts at its
    /// own indent and the others at the head indent, both from the margin (NSParagraphStyle: "the distance in
    /// points from the leading margin of a text container to the beginning of the paragraph's first line",
    /// and of the lines other than the first).
    @Test func aHangingIndentStartsTheFirstLineAtItsOwnIndent() throws {
        let style = NSMutableParagraphStyle()
        style.firstLineHeadIndent = 5
        style.headIndent = 30
        let string = NSAttributedString(string: String(repeating: "word ", count: 30),
                                        attributes: [.font: UIFont.systemFont(ofSize: 17), .paragraphStyle: style])
        let request = try #require(StringDrawing.request(string, .within(CGSize(width: 200, height: 400), truncatesLast: false)))
        let lines = TextLines.lines(of: request)
        #expect(lines.count > 2)
        #expect(abs((lines.first?.logical.minX ?? -1) - 5) < 0.01)
        #expect(lines.dropFirst().allSatisfy { abs($0.logical.minX - 30) < 0.01 })
        #expect(lines.allSatisfy { $0.logical.maxX <= 200 + 0.01 })
    }

    /// A centred paragraph with a hanging indent (`headIndent` 40, first line 0): Pango ignores the indent of
    /// centred text, so every line, the first too, is centred between the head indent and the right edge.
    @Test func aCentredHangingIndentCentresEveryLineWithinTheHeadIndent() throws {
        let style = NSMutableParagraphStyle()
        style.alignment = .center
        style.firstLineHeadIndent = 0
        style.headIndent = 40
        let string = NSAttributedString(string: String(repeating: "word ", count: 30),
                                        attributes: [.font: UIFont.systemFont(ofSize: 17), .paragraphStyle: style])
        let request = try #require(StringDrawing.request(string, .within(CGSize(width: 200, height: 400), truncatesLast: false)))
        let lines = TextLines.lines(of: request)
        #expect(lines.count > 2)
        #expect(lines.allSatisfy { $0.logical.minX >= 40 - 0.01 && $0.logical.maxX <= 200 + 0.01 })
        // Full lines of words centre at (40 + 200) / 2 within half a space's width.
        #expect(lines.dropLast().allSatisfy { abs($0.logical.midX - 120) < 4 })
    }

    /// UIKit's text effects in string drawing: a background colour over the run's line box, a strikethrough
    /// inside the x-height, a positive stroke width strokes the glyphs without filling them, an NSShadow falls
    /// at its offset (positive height down).
    @Test func backgroundsStrikethroughsStrokesAndShadows() throws {
        let font = UIFont.systemFont(ofSize: 60)
        let red = UIColor.red
        let box = "I".size(withAttributes: [.font: font])
        let backed = try #require(image(80, 80) {
            "I".draw(at: .zero, withAttributes: [.font: font, .backgroundColor: red])
        })
        let bytes = backed.premultipliedRGBA
        func at(_ x: Int, _ y: Int) -> [UInt8] { let i = (y * 80 + x) * 4; return Array(bytes[i ..< i + 4]) }
        #expect(at(2, 2) == [255, 0, 0, 255] && at(Int(box.width) - 2, Int(box.height) - 2) == [255, 0, 0, 255])
        #expect(at(Int(box.width) + 3, 10) == [0, 0, 0, 0])
        // A stroke of 3 % (1.8 points) outlines the I's 6-point stem: its middle stays empty; filled it is not.
        let stemX = Int(box.width / 2), stemY = Int(box.height / 2)
        let filled = alpha(image(80, 80) { "I".draw(at: .zero, withAttributes: [.font: font]) })
        let stroked = alpha(image(80, 80) { "I".draw(at: .zero, withAttributes: [.font: font, .strokeWidth: 3]) })
        #expect(filled[stemY * 80 + stemX] == 255 && stroked[stemY * 80 + stemX] == 0)
        #expect(stroked.contains(255))
        // A strikethrough adds ink between the two o's at mid x-height, where plain "o o" has none.
        let plain = alpha(image(200, 80) { "o  o".draw(at: .zero, withAttributes: [.font: font]) })
        let struck = alpha(image(200, 80) {
            "o  o".draw(at: .zero, withAttributes: [.font: font, .strikethroughStyle: NSUnderlineStyle.single.rawValue])
        })
        let gap = Int("o ".size(withAttributes: [.font: font]).width) + 4
        let rows = (0..<80).filter { struck[$0 * 200 + gap] > 128 }
        #expect(plain[rows.first.map { $0 * 200 + gap } ?? 0] == 0 && !rows.isEmpty)
        let baseline = PangoReference.extents("o", size: 60).baseline
        #expect(rows.allSatisfy { CGFloat($0) < baseline && CGFloat($0) > baseline - 1120.0 / 2048 * 60 }, "\(rows)")
        // A hard blue shadow 5 points down: blue just under the I's foot.
        let shadow = NSShadow()
        shadow.shadowOffset = CGSize(width: 0, height: 5)
        shadow.shadowColor = UIColor.blue
        let shadowed = try #require(image(80, 80) { "I".draw(at: .zero, withAttributes: [.font: font, .shadow: shadow]) })
        let foot = Int(baseline.rounded(.down))
        let under = Array(shadowed.premultipliedRGBA[((foot + 2) * 80 + stemX) * 4 ..< ((foot + 2) * 80 + stemX) * 4 + 4])
        #expect(under == [0, 0, 255, 255], "\(under)")
    }
}
