import CPango
import Foundation
import Testing
@testable import Quartzite

/// Tab stops (`NSTextTab`, `NSParagraphStyle.tabStops` and `defaultTabInterval`, `CTTextTab` and the two Core
/// Text specifiers): where a tab moves the text after it, from Apple's documentation (a left stop puts the
/// text's left edge on it, a right stop its right edge, a centre stop its middle, a decimal stop its decimal
/// separator; 12 default stops 28 points apart; stops past the last at multiples of the interval), with the
/// widths of the pieces of text from Pango laying them out directly (`PangoReference`).
@Suite struct TabStopTests {
    let size: CGFloat = 12

    /// A paragraph style with `tabs` and `interval`.
    func style(_ tabs: [NSTextTab], interval: CGFloat = 0) -> NSMutableParagraphStyle {
        let style = NSMutableParagraphStyle()
        style.tabStops = tabs
        style.defaultTabInterval = interval
        return style
    }

    /// The width UIKit's string drawing gives `text` on one line in `style` (none when nil).
    func width(_ text: String, _ style: NSParagraphStyle?) -> CGFloat {
        var attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: size)]
        if let style { attributes[.paragraphStyle] = style }
        return (text as NSString).size(withAttributes: attributes).width
    }

    /// Pango's own advance of `text` in the system face at `size` (no tabs in it).
    func pango(_ text: String) -> CGFloat { PangoReference.extents(text, size: size).logical.width }

    @Test func applesDefaultsAreTwelveLeftStops28PointsApartAndNoInterval() {
        let style = NSParagraphStyle.default
        #expect(style.tabStops.count == 12 && style.defaultTabInterval == 0)
        #expect(style.tabStops.map(\.location) == (1...12).map { CGFloat($0) * 28 })
        #expect(style.tabStops.allSatisfy { $0.alignment == .left && $0.options.isEmpty })
        #expect(NSMutableParagraphStyle().tabStops == style.tabStops)
        let tab = NSTextTab(textAlignment: .right, location: 200)
        #expect(tab.alignment == .right && tab.location == 200 && tab.options.isEmpty)
        #expect(NSTextTab.columnTerminators(for: Locale(identifier: "en_US")).contains("."))
        #expect(NSTextTab.columnTerminators(for: Locale(identifier: "de_DE")).contains(","))
    }

    @Test func aLeftStopPutsTheTextsLeftEdgeOnIt() {
        let w = width("ab\tQuartz", style([NSTextTab(textAlignment: .left, location: 100)]))
        #expect(abs(w - (100 + pango("Quartz"))) < 0.01)
    }

    /// Locations are measured from the margin, not from where an indented line starts: in a frame, the text
    /// after a tab starts at the stop on an indented first line and on the lines after it, and a frame's line
    /// measures from its origin the stop less its indent.
    @Test func stopsAreMeasuredFromTheMarginPastIndents() throws {
        for (first, head) in [(20, 20), (30, 0), (0, 25)] as [(CGFloat, CGFloat)] {
            let indented = style([NSTextTab(textAlignment: .left, location: 100)])
            indented.firstLineHeadIndent = first
            indented.headIndent = head
            let string = NSAttributedString(string: "ab\tX\ncd\tX", attributes: [.font: UIFont.systemFont(ofSize: size),
                                                                              .paragraphStyle: indented])
            let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(string), CFRangeMake(0, 0),
                                                 CGPath(rect: CGRect(x: 0, y: 0, width: 300, height: 100), transform: nil), nil)
            let lines = CTFrameGetLines(frame).compactMap { $0 as? CTLine }
            var origins = [CGPoint](repeating: .zero, count: lines.count)
            CTFrameGetLineOrigins(frame, CFRangeMake(0, 0), &origins)
            #expect(lines.count == 2)
            for (line, origin) in zip(lines, origins) {
                let end = origin.x + CGFloat(CTLineGetTypographicBounds(line, nil, nil, nil))
                #expect(abs(end - (100 + pango("X"))) < 0.01, "first line indent \(first), head indent \(head)")
            }
        }
    }

    /// Right to left, stops are measured from the right margin and their alignments stay absolute (Apple:
    /// "tabbed text is always positioned to the left of a right-aligned tab, whether the line sweep direction
    /// is left to right or right to left"): after a right stop 100 points from the right the text lies to its
    /// left, the line 100 points and the text wide; after a left stop, to its right, the line 100 wide.
    @Test func rightToLeftStopsAreMeasuredFromTheRightAndAlignAbsolutely() {
        let hebrew = "\u{05D0}\u{05D1}\t\u{05D2}\u{05D3}"
        for (alignment, expected) in [(NSTextAlignment.right, 100 + pango("\u{05D2}\u{05D3}")), (.left, 100)] {
            let rtl = style([NSTextTab(textAlignment: alignment, location: 100)])
            rtl.baseWritingDirection = .rightToLeft
            #expect(abs(width(hebrew, rtl) - expected) < 0.01, "\(alignment)")
            let line = CTLineCreateWithAttributedString(NSAttributedString(string: hebrew, attributes: [
                .font: UIFont.systemFont(ofSize: size), .paragraphStyle: rtl]))
            #expect(abs(CGFloat(CTLineGetTypographicBounds(line, nil, nil, nil)) - expected) < 0.01, "\(alignment)")
        }
    }

    @Test func aRightStopAt200PutsTheTextsRightEdgeAt200() throws {
        let right = style([NSTextTab(textAlignment: .right, location: 200)])
        #expect(abs(width("ab\tRight aligned", right) - 200) < 0.01)
        // Drawn: the ink of the text after the tab ends at x = 200 within a pixel (a glyph's right bearing).
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: 240, height: 30), format: format).image { _ in
            NSAttributedString(string: "\tRight", attributes: [.font: UIFont.systemFont(ofSize: 20), .paragraphStyle: right])
                .draw(at: .zero)
        }
        let rgba = try #require(image.cgImage).premultipliedRGBA
        let inked = (0..<240).filter { x in (0..<30).contains { y in rgba[(y * 240 + x) * 4 + 3] > 64 } }
        let last = try #require(inked.last)
        #expect((198...200).contains(last))
    }

    @Test func aCentreStopPutsTheTextsMiddleOnIt() {
        let w = width("ab\tCentre", style([NSTextTab(textAlignment: .center, location: 150)]))
        #expect(abs(w - (150 + pango("Centre") / 2)) < 0.01)
    }

    @Test func aDecimalStopLinesUpTheDecimalSeparatorsOfTwoLines() {
        let decimal = NSTextTab(textAlignment: .right, location: 150,
                                options: [.columnTerminators: NSTextTab.columnTerminators(for: Locale(identifier: "en_US"))])
        let decimals = style([decimal])
        // Pango centres the separator on the stop (Apple puts the text before it against the stop): each line
        // ends half a separator left of the stop plus what follows the separator's start.
        let point = 150 - pango(".") / 2
        #expect(abs(width("Tea\t1.5", decimals) - (point + pango(".5"))) < 0.01)
        #expect(abs(width("Cake\t123.25", decimals) - (point + pango(".25"))) < 0.01)
        // In a Core Text line the separator's caret is at the same place in both.
        for text in ["Tea\t1.5", "Cake\t123.25"] {
            let string = NSAttributedString(string: text, attributes: [.font: UIFont.systemFont(ofSize: size),
                                                                        .paragraphStyle: decimals])
            let line = CTLineCreateWithAttributedString(string)
            let index = (text as NSString).range(of: ".").location
            #expect(abs(CTLineGetOffsetForStringIndex(line, index, nil) - point) < 0.01)
        }
        // Without a separator the text ends at the stop, as a right stop's does.
        #expect(abs(width("Tip\t42", decimals) - 150) < 0.01)
    }

    @Test func defaultStopsLandAtMultiplesOf28AndPastTheLastAtMultiplesOfTheInterval() {
        // No paragraph style: Apple's default stops, 28 points apart (and past the twelfth too).
        #expect(abs(width("ab\tX", nil) - (28 + pango("X"))) < 0.01)
        #expect(abs(width("\t\t\tX", nil) - (84 + pango("X"))) < 0.01)
        #expect(abs(width(String(repeating: "\t", count: 14) + "X", nil) - (14 * 28 + pango("X"))) < 0.01)
        // No stops and an interval of 50: every stop is a multiple of 50.
        let fifty = style([], interval: 50)
        #expect(abs(width("\tX", fifty) - (50 + pango("X"))) < 0.01)
        #expect(abs(width("\t\t\tX", fifty) - (150 + pango("X"))) < 0.01)
        // A stop at 30, then the multiples of 50 past it: 50, 100.
        let after = style([NSTextTab(textAlignment: .left, location: 30)], interval: 50)
        #expect(abs(width("\tX", after) - (30 + pango("X"))) < 0.01)
        #expect(abs(width("\t\tX", after) - (50 + pango("X"))) < 0.01)
        #expect(abs(width("\t\t\tX", after) - (100 + pango("X"))) < 0.01)
    }

    @Test func equalityHashingAndCopiesIncludeTheTabStops() {
        let a = style([NSTextTab(textAlignment: .right, location: 200)])
        let b = style([NSTextTab(textAlignment: .right, location: 201)])
        let c = style([NSTextTab(textAlignment: .left, location: 200)])
        let d = style([NSTextTab(textAlignment: .right, location: 200)], interval: 40)
        #expect(a != b && a != c && a != d && a != NSParagraphStyle.default)
        let copy = a.mutableCopy()
        #expect(copy == a && copy.hashValue == a.hashValue && copy.tabStops == a.tabStops)
        // A decimal stop differs from a plain right one.
        let decimal = style([NSTextTab(textAlignment: .right, location: 200, options: [.columnTerminators: CharacterSet(charactersIn: ".")])])
        #expect(decimal != a)
        // Two strings differing only in their stops lay out differently (distinct requests).
        #expect(a.values != b.values && a.values != d.values)
    }

    @Test func addingAndRemovingStopsKeepsThemByLocation() {
        let style = NSMutableParagraphStyle()
        style.tabStops = [NSTextTab(textAlignment: .left, location: 90), NSTextTab(textAlignment: .left, location: 10)]
        #expect(style.tabStops.map(\.location) == [10, 90])
        style.addTabStop(NSTextTab(textAlignment: .center, location: 50))
        #expect(style.tabStops.map(\.location) == [10, 50, 90])
        style.removeTabStop(NSTextTab(textAlignment: .left, location: 50))
        #expect(style.tabStops.count == 3)
        style.removeTabStop(NSTextTab(textAlignment: .center, location: 50))
        #expect(style.tabStops.map(\.location) == [10, 90])
    }

    @Test func coreTextsTabStopsAndIntervalRoundTripAndLayOut() throws {
        var tabs: CFArray = [CTTextTabCreate(.right, 200, nil), CTTextTabCreate(.left, 20, nil)]
        var interval: CGFloat = 64
        let style = withUnsafeBytes(of: &tabs) { tabBytes in
            withUnsafeBytes(of: &interval) { intervalBytes in
                let settings = [
                    CTParagraphStyleSetting(spec: .tabStops, valueSize: MemoryLayout<CFArray>.size, value: tabBytes.baseAddress!),
                    CTParagraphStyleSetting(spec: .defaultTabInterval, valueSize: MemoryLayout<CGFloat>.size,
                                            value: intervalBytes.baseAddress!),
                ]
                return CTParagraphStyleCreate(settings, settings.count)
            }
        }
        var read: CFArray? = nil
        #expect(withUnsafeMutablePointer(to: &read) { CTParagraphStyleGetValueForSpecifier(style, .tabStops, MemoryLayout<CFArray>.size, $0) })
        let readTabs = try #require(read).compactMap { $0 as? CTTextTab }
        #expect(readTabs.map { CTTextTabGetLocation($0) } == [200, 20])
        #expect(readTabs.map { CTTextTabGetAlignment($0) } == [.right, .left])
        var readInterval: CGFloat = 0
        #expect(CTParagraphStyleGetValueForSpecifier(style, .defaultTabInterval, MemoryLayout<CGFloat>.size, &readInterval))
        #expect(readInterval == 64)
        // The default style answers Core Text's 12 default stops.
        var defaults: CFArray? = nil
        #expect(withUnsafeMutablePointer(to: &defaults) {
            CTParagraphStyleGetValueForSpecifier(CTParagraphStyleCreate(nil, 0), .tabStops, MemoryLayout<CFArray>.size, $0)
        })
        #expect(defaults?.compactMap { ($0 as? CTTextTab).map(CTTextTabGetLocation) } == (1...12).map { Double($0) * 28 })
        // Swift passes `&array` of a CFArray as its elements' address: refused, not written into or read as an array.
        var elements: CFArray = [CTTextTabCreate(.left, 10, nil)]
        #expect(!elements.withUnsafeMutableBytes { CTParagraphStyleGetValueForSpecifier(style, .tabStops, 8, $0.baseAddress!) })
        let fromElements = elements.withUnsafeBytes { bytes in
            let setting = CTParagraphStyleSetting(spec: .tabStops, valueSize: 8, value: bytes.baseAddress!)
            return CTParagraphStyleCreate([setting], 1)
        }
        #expect(fromElements.paragraphStyle.tabStops == NSParagraphStyle.default.tabStops)

        // Laid out: stops sorted (20, then 200 right), then multiples of 64.
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: size), .paragraphStyle: style]
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: "\tA\tRight", attributes: attributes))
        #expect(abs(CTLineGetTypographicBounds(line, nil, nil, nil) - 200) < 0.01)
        let past = CTLineCreateWithAttributedString(NSAttributedString(string: "\t\t\tX", attributes: attributes))
        #expect(abs(CGFloat(CTLineGetTypographicBounds(past, nil, nil, nil)) - (256 + pango("X"))) < 0.01)
    }

    /// A line made alone and the framesetter's line of the same text measure the same advance: both take
    /// the stops (Apple lists tab stops as affecting `CTTypesetter`, which makes both).
    @Test func aCTLineWithTabStopsMeasuresTheSameAdvanceAsTheFramesettersLine() throws {
        let tabs = style([NSTextTab(textAlignment: .left, location: 60), NSTextTab(textAlignment: .right, location: 220)])
        let string = NSAttributedString(string: "Item\tQty\t12.50", attributes: [.font: UIFont.systemFont(ofSize: size),
                                                                               .paragraphStyle: tabs])
        let line = CTLineCreateWithAttributedString(string)
        let alone = CTLineGetTypographicBounds(line, nil, nil, nil)
        #expect(abs(alone - 220) < 0.01)
        let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(string), CFRangeMake(0, 0),
                                             CGPath(rect: CGRect(x: 0, y: 0, width: 300, height: 100), transform: nil), nil)
        let lines = CTFrameGetLines(frame).compactMap { $0 as? CTLine }
        let first = try #require(lines.first)
        #expect(lines.count == 1 && abs(CTLineGetTypographicBounds(first, nil, nil, nil) - alone) < 0.01)
    }

    /// Apple: alignment and line spacing affect the framesetter only; a line made alone ignores them, and
    /// takes the base writing direction (a typesetter specifier).
    @Test func aLineIgnoresAlignmentAndSpacingButTakesTheWritingDirection() {
        let font = UIFont.systemFont(ofSize: size)
        let plain = CTLineCreateWithAttributedString(NSAttributedString(string: "abc def", attributes: [.font: font]))
        let styled = NSMutableParagraphStyle()
        styled.alignment = .right
        styled.lineSpacing = 30
        styled.firstLineHeadIndent = 40
        let aligned = CTLineCreateWithAttributedString(NSAttributedString(string: "abc def", attributes: [.font: font, .paragraphStyle: styled]))
        var (a1, d1, a2, d2): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
        let w1 = CTLineGetTypographicBounds(plain, &a1, &d1, nil), w2 = CTLineGetTypographicBounds(aligned, &a2, &d2, nil)
        #expect(w1 == w2 && a1 == a2 && d1 == d2)
        #expect(CTLineGetImageBounds(plain, nil) == CTLineGetImageBounds(aligned, nil))
        // Right to left as the base direction: the Latin run after a Hebrew word goes to its left.
        let rtl = NSMutableParagraphStyle()
        rtl.baseWritingDirection = .rightToLeft
        let mixed = "abc \u{05D0}\u{05D1}\u{05D2}"
        let natural = CTLineCreateWithAttributedString(NSAttributedString(string: mixed, attributes: [.font: font]))
        let reversed = CTLineCreateWithAttributedString(NSAttributedString(string: mixed, attributes: [.font: font, .paragraphStyle: rtl]))
        // The caret before "a" is at the line's start left to right, and past the Hebrew word right to left.
        #expect(CTLineGetOffsetForStringIndex(natural, 0, nil) < 1)
        #expect(CTLineGetOffsetForStringIndex(reversed, 0, nil) > 10)
    }

    /// A table in a label: a right stop for the quantities and a decimal stop for the prices. The quantities
    /// end at the right stop, and nothing is drawn between them and the prices. Set QUARTZITE_TAB_TABLE to a
    /// path to keep the picture.
    @MainActor @Test func aTabbedTableInALabelEndsItsQuantitiesAtTheRightStop() throws {
        let decimal = NSTextTab(textAlignment: .right, location: 200,
                                options: [.columnTerminators: NSTextTab.columnTerminators(for: Locale(identifier: "en_US"))])
        let table = style([NSTextTab(textAlignment: .right, location: 120), decimal])
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 260, height: 120))
        label.numberOfLines = 0
        label.attributedText = NSAttributedString(
            string: "Item\tQty\tPrice\nTea\t2\t3.50\nCake\t12\t12.25\nEspresso\t1\t2.5\nTotal\t15\t118.25",
            attributes: [.font: UIFont.systemFont(ofSize: 16), .paragraphStyle: table])
        label.layer.displayIfNeeded()
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: label.bounds.size, format: format).image { context in
            UIColor.white.setFill()
            context.fill(label.bounds)
            label.layer.render(in: context.cgContext)
        }
        if let path = ProcessInfo.processInfo.environment["QUARTZITE_TAB_TABLE"], let data = image.pngData() {
            try data.write(to: URL(fileURLWithPath: path))
        }
        let rgba = try #require(image.cgImage).premultipliedRGBA
        let inked = { (x: Int) in (0..<120).contains { y in rgba[(y * 260 + x) * 4] < 128 } }
        // The quantity column ends at the stop (within a pixel: a digit's right bearing), then a gap.
        #expect((116...120).contains { inked($0) })
        #expect(!(121...150).contains { inked($0) })
        #expect((151...200).contains { inked($0) })
    }

    /// A text layer lays the same stops out: its plain string at Apple's default stops, and an attributed
    /// string's right stop at 150 ends the text there (its ink within a pixel and a half: a glyph's right
    /// bearing). Set QUARTZITE_TAB_LAYER to a path to keep the picture.
    @Test func aTextLayerPutsTextAtItsStops() throws {
        let stops = style([NSTextTab(textAlignment: .right, location: 150)])
        let layer = CATextLayer()
        layer.string = NSAttributedString(string: "Total\t1,234.50\nTax\t98.10",
                                          attributes: [.font: UIFont.systemFont(ofSize: 16), .paragraphStyle: stops,
                                                       .foregroundColor: CGColor.white])
        let values = try #require(layer.modelValues.text)
        let request = try #require(TextRequest(values, size: CGSize(width: 180, height: 48), scale: 1))
        let image = try #require(TextRasterizer.image(request))
        if let path = ProcessInfo.processInfo.environment["QUARTZITE_TAB_LAYER"], let data = UIImage(cgImage: image).pngData() {
            try data.write(to: URL(fileURLWithPath: path))
        }
        let rgba = image.premultipliedRGBA
        let inked = { (x: Int) in (0..<48).contains { y in rgba[(y * 180 + x) * 4 + 3] > 64 } }
        let last = try #require((0..<180).last(where: inked))
        #expect((148...150).contains(last))
        // A plain string: the text after a tab starts at 28 points, where Apple's first default stop is.
        let plain = CATextLayer()
        plain.string = "ab\tX"
        plain.fontSize = 12
        plain.foregroundColor = CGColor.white
        let plainValues = try #require(plain.modelValues.text)
        let plainRequest = try #require(TextRequest(layout: plainValues, width: nil))
        let extents = try #require(TextRasterizer.extents(plainRequest))
        #expect(abs(extents.logical.width - (28 + pango("X"))) < 0.01)
    }

    @Test func badTabStopsDoNotTrap() {
        let hostile = style([
            NSTextTab(textAlignment: .right, location: .nan), NSTextTab(textAlignment: .left, location: -50),
            NSTextTab(textAlignment: .center, location: .infinity), NSTextTab(textAlignment: .left, location: 1e300),
            NSTextTab(textAlignment: .right, location: 40, options: [.columnTerminators: 42]),
        ], interval: .nan)
        for text in ["a\tb\tc\td\te\tf", "\t", String(repeating: "\t", count: 2_000), ""] {
            let w = width(text, hostile)
            #expect(w.isFinite && w >= 0)
        }
        #expect(hostile.tabStops == hostile.mutableCopy().tabStops)
        // Thousands of stops, a hair-thin interval, a huge one: laid out, finitely, in good time.
        let many = style((0..<5_000).map { NSTextTab(textAlignment: .left, location: CGFloat($0) * 0.01) }, interval: 1e-9)
        let start = Date()
        #expect(width(String(repeating: "\t", count: 500) + "X", many).isFinite)
        #expect(width(String(repeating: "x\t", count: 200), style([], interval: 1e-300)).isFinite)
        #expect(width("a\tb\tc", style([], interval: 1e300)).isFinite)
        #expect(Date().timeIntervalSince(start) < 10)
        // A tab-only string has no ink but an advance; a Core Text line of one draws nothing and does not trap.
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: "\t\t", attributes: [.paragraphStyle: hostile]))
        #expect(CTLineGetTypographicBounds(line, nil, nil, nil).isFinite)
        // Core Text: a tab stops setting of the wrong size, or an array of other things, is ignored.
        var junk: CFArray = ["not a tab", 12]
        let ignored = withUnsafeBytes(of: &junk) { bytes in
            let settings = [CTParagraphStyleSetting(spec: .tabStops, valueSize: 3, value: bytes.baseAddress!),
                            CTParagraphStyleSetting(spec: .tabStops, valueSize: MemoryLayout<CFArray>.size, value: bytes.baseAddress!)]
            return CTParagraphStyleCreate(settings, settings.count)
        }
        #expect(ignored.paragraphStyle.tabStops.isEmpty)
        // Eight bytes that are not an array (a number, an unmapped address) are refused, not followed.
        for bits in [(-12345.0 as Double).bitPattern, 0x10000, 0x7fff_0000_0000, 1] {
            var word = bits
            let refused = withUnsafeBytes(of: &word) { bytes in
                CTParagraphStyleCreate([CTParagraphStyleSetting(spec: .tabStops, valueSize: 8, value: bytes.baseAddress!)], 1)
            }
            #expect(refused.paragraphStyle.tabStops == NSParagraphStyle.default.tabStops)
            #expect(!withUnsafeMutablePointer(to: &word) { CTParagraphStyleGetValueForSpecifier(refused, .tabStops, 8, $0) })
        }
        #expect(CTTextTabGetLocation(CTTextTabCreate(.natural, .nan, nil)).isNaN)
    }
}
