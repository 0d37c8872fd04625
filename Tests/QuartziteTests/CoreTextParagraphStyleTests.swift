import Foundation
import Testing
@testable import Quartzite

/// Core Text's paragraph styles (`CTParagraphStyleCreate`, `CTParagraphStyleGetValueForSpecifier`) and
/// justification (`.justified` frames, `CTLineCreateJustifiedLine`): values round-trip as Core Text documents
/// them, a Core Text style lays a frame out exactly as the `NSParagraphStyle` of the same values does (the
/// frames' tests check that one against Pango), and justified lines are as wide as asked.
@Suite(.serialized) struct CoreTextParagraphStyleTests {
    let text = "The quick brown fox jumps over the lazy dog, and then it runs far away into the hills."

    /// A style of `alignment` and the given lengths, made from settings as iOS code makes them.
    func style(_ alignment: CTTextAlignment, _ lengths: [CTParagraphStyleSpecifier: CGFloat] = [:]) -> CTParagraphStyle {
        let specs = Array(lengths.keys), values = specs.map { lengths[$0] ?? 0 }
        return [alignment].withUnsafeBytes { a in
            values.withUnsafeBytes { v in
                var settings: [CTParagraphStyleSetting] = []
                if let a = a.baseAddress { settings.append(CTParagraphStyleSetting(spec: .alignment, valueSize: 1, value: a)) }
                if let v = v.baseAddress {
                    for (i, spec) in specs.enumerated() {
                        settings.append(CTParagraphStyleSetting(spec: spec, valueSize: MemoryLayout<CGFloat>.size,
                                                                value: v + i * MemoryLayout<CGFloat>.size))
                    }
                }
                return CTParagraphStyleCreate(settings, settings.count)
            }
        }
    }

    func length(_ style: CTParagraphStyle, _ spec: CTParagraphStyleSpecifier) -> CGFloat? {
        var value: CGFloat = -12345
        return CTParagraphStyleGetValueForSpecifier(style, spec, MemoryLayout<CGFloat>.size, &value) ? value : nil
    }

    func frame(_ paragraph: Any?, width: CGFloat = 150, text: String? = nil) -> CTFrame {
        var attributes: [NSAttributedString.Key: Any] = [.font: CTFontCreateWithName("DejaVu Sans" as CFString, 14, nil)]
        attributes[NSAttributedString.Key(kCTParagraphStyleAttributeName)] = paragraph
        let setter = CTFramesetterCreateWithAttributedString(NSAttributedString(string: text ?? self.text, attributes: attributes))
        return CTFramesetterCreateFrame(setter, CFRangeMake(0, 0), CGPath(rect: CGRect(x: 0, y: 0, width: width, height: 1000), transform: nil), nil)
    }

    func origins(_ frame: CTFrame) -> [CGPoint] {
        var origins = [CGPoint](repeating: .zero, count: (CTFrameGetLines(frame) as? [CTLine])?.count ?? 0)
        origins.withUnsafeMutableBufferPointer { if let base = $0.baseAddress { CTFrameGetLineOrigins(frame, CFRangeMake(0, 0), base) } }
        return origins
    }

    func widths(_ frame: CTFrame) -> [CGFloat] {
        (CTFrameGetLines(frame) as? [CTLine] ?? []).map { CGFloat(CTLineGetTypographicBounds($0, nil, nil, nil)) }
    }

    @Test func enumsStoreTheirRawValueInTheByteASettingPointsAt() {
        // Settings are read as bytes: each case's stored byte must be its raw value.
        for alignment in CTTextAlignment.allCases { #expect(withUnsafeBytes(of: alignment) { $0.first } == alignment.rawValue) }
        for mode in CTLineBreakMode.allCases { #expect(withUnsafeBytes(of: mode) { $0.first } == mode.rawValue) }
        for direction in [CTWritingDirection.natural, .leftToRight, .rightToLeft] {
            #expect(withUnsafeBytes(of: direction) { $0.load(as: Int8.self) } == direction.rawValue)
        }
        #expect(MemoryLayout<CTTextAlignment>.size == 1 && MemoryLayout<CTWritingDirection>.size == 1)
    }

    @Test func valuesSetAreReadBackAndOthersAreCoreTextsDefaults() {
        var mode = CTLineBreakMode.byCharWrapping, direction = CTWritingDirection.rightToLeft, indent: CGFloat = 12.5
        let made = withUnsafeBytes(of: &mode) { m in
            withUnsafeBytes(of: &direction) { d in
                withUnsafeBytes(of: &indent) { i -> CTParagraphStyle? in
                    guard let m = m.baseAddress, let d = d.baseAddress, let i = i.baseAddress else { return nil }
                    let settings = [CTParagraphStyleSetting(spec: .lineBreakMode, valueSize: 1, value: m),
                                    CTParagraphStyleSetting(spec: .baseWritingDirection, valueSize: 1, value: d),
                                    CTParagraphStyleSetting(spec: .headIndent, valueSize: 8, value: i)]
                    return CTParagraphStyleCreate(settings, settings.count)
                }
            }
        }
        guard let made else { return #expect(Bool(false)) }
        var byte: UInt8 = 99
        #expect(CTParagraphStyleGetValueForSpecifier(made, .lineBreakMode, 1, &byte) && byte == 1)
        #expect(CTParagraphStyleGetValueForSpecifier(made, .baseWritingDirection, 1, &byte) && byte == 1)
        #expect(CTParagraphStyleGetValueForSpecifier(made, .alignment, 1, &byte) && byte == CTTextAlignment.natural.rawValue)
        #expect(length(made, .headIndent) == 12.5 && length(made, .firstLineHeadIndent) == 0)
        #expect(length(made, .maximumLineSpacing) == .greatestFiniteMagnitude && length(made, .lineHeightMultiple) == 0)
        // Too small a buffer, and specifiers not kept, read nothing.
        #expect(!CTParagraphStyleGetValueForSpecifier(made, .headIndent, 4, &byte))
        #expect(length(made, .tabStops) == nil && length(made, .count) == nil)
        #expect(made.paragraphStyle.lineBreakMode == .byCharWrapping && made.paragraphStyle.headIndent == 12.5)
    }

    @Test func badSettingsAreIgnoredAndDoNotTrap() {
        var wide: Int64 = 3, bad: UInt8 = 200, half: Float = 7
        let made = withUnsafeBytes(of: &wide) { w in
            withUnsafeBytes(of: &bad) { b in
                withUnsafeBytes(of: &half) { h -> CTParagraphStyle? in
                    guard let w = w.baseAddress, let b = b.baseAddress, let h = h.baseAddress else { return nil }
                    let settings = [CTParagraphStyleSetting(spec: .alignment, valueSize: 8, value: w),
                                    CTParagraphStyleSetting(spec: .lineBreakMode, valueSize: 1, value: b),
                                    CTParagraphStyleSetting(spec: .baseWritingDirection, valueSize: 1, value: b),
                                    CTParagraphStyleSetting(spec: .headIndent, valueSize: 4, value: h),
                                    CTParagraphStyleSetting(spec: .tabStops, valueSize: 8, value: w),
                                    CTParagraphStyleSetting(spec: .lineSpacingAdjustment, valueSize: -1, value: w)]
                    return CTParagraphStyleCreate(settings, settings.count)
                }
            }
        }
        guard let made else { return #expect(Bool(false)) }
        var byte: UInt8 = 99
        #expect(CTParagraphStyleGetValueForSpecifier(made, .alignment, 1, &byte) && byte == CTTextAlignment.natural.rawValue)
        #expect(CTParagraphStyleGetValueForSpecifier(made, .lineBreakMode, 1, &byte) && byte == 0)
        #expect(CTParagraphStyleGetValueForSpecifier(made, .baseWritingDirection, 1, &byte) && Int8(bitPattern: byte) == -1)
        #expect(length(made, .headIndent) == 0 && length(made, .lineSpacingAdjustment) == 0)
        // No settings at all, or a count that is not positive: the default style.
        for style in [CTParagraphStyleCreate(nil, 3), CTParagraphStyleCreate(nil, -1), CTParagraphStyleCreate(nil, 0)] {
            #expect(length(style, .headIndent) == 0 && style.paragraphStyle.alignment == .natural)
        }
        // Values that are not finite lay out as 0.
        let hostile = style(.left, [.lineSpacingAdjustment: .nan, .headIndent: -.infinity, .lineHeightMultiple: .infinity])
        #expect(origins(frame(hostile)) == origins(frame(nil)))
    }

    @Test func aCoreTextStyleLaysOutAsTheUIKitStyleOfItsValues() {
        let lengths: [CTParagraphStyleSpecifier: CGFloat] = [.headIndent: 8, .firstLineHeadIndent: 20, .tailIndent: -10,
                                                             .lineSpacingAdjustment: 3, .lineHeightMultiple: 1.25]
        let uikit = NSMutableParagraphStyle()
        uikit.alignment = .center
        (uikit.headIndent, uikit.firstLineHeadIndent, uikit.tailIndent) = (8, 20, -10)
        (uikit.lineSpacing, uikit.lineHeightMultiple) = (3, 1.25)
        let coreText = origins(frame(style(.center, lengths)))
        #expect(coreText.count > 2 && coreText == origins(frame(uikit)))
        #expect(coreText != origins(frame(nil)), "the style changes the layout")
        // Core Text's right (1) is UIKit's right (2): the lines end at the box's right edge, a wrapped line's
        // trailing space (651 units of 2048) past it.
        let right = frame(style(.right))
        let lines = CTFrameGetLines(right) as? [CTLine] ?? []
        for (line, origin) in zip(lines, origins(right)) {
            let range = CTLineGetStringRange(line)
            let space: CGFloat = (text as NSString).character(at: range.location + range.length - 1) == 0x20 ? 651 * 14 / 2048 : 0
            #expect(abs(origin.x + CGFloat(CTLineGetTypographicBounds(line, nil, nil, nil)) - space - 150) < 0.01)
        }
    }

    @Test func lineSpacingIsTheAdjustmentHeldBetweenTheMinimumAndMaximum() {
        let plain = origins(frame(nil))
        let gap = { (o: [CGPoint]) in o.count > 1 ? (o[0].y - o[1].y) : 0 }
        let natural = gap(plain)
        #expect(abs(gap(origins(frame(style(.left, [.lineSpacingAdjustment: 6])))) - (natural + 6)) < 1e-6)
        #expect(abs(gap(origins(frame(style(.left, [.lineSpacingAdjustment: 6, .maximumLineSpacing: 2])))) - (natural + 2)) < 1e-6)
        #expect(abs(gap(origins(frame(style(.left, [.minimumLineSpacing: 5])))) - (natural + 5)) < 1e-6)
        #expect(abs(gap(origins(frame(style(.left, [.lineSpacing: 4])))) - (natural + 4)) < 1e-6)
    }

    @Test func eachParagraphOfAFrameKeepsItsOwnStyleAndSpacing() throws {
        // Two one-line paragraphs: the first centred with 9 points after it, the second right-aligned with 4
        // before it: the second's baseline is a line height plus 13 points lower, and each sits as its style says.
        let first = style(.center, [.paragraphSpacing: 9]), second = style(.right, [.paragraphSpacingBefore: 4])
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 14, nil)
        let string = NSMutableAttributedString(string: "one\ntwo", attributes: [.font: font])
        string.addAttribute(.paragraphStyle, value: first, range: NSRange(location: 0, length: 4))
        string.addAttribute(.paragraphStyle, value: second, range: NSRange(location: 4, length: 3))
        let setter = CTFramesetterCreateWithAttributedString(string)
        let made = CTFramesetterCreateFrame(setter, CFRangeMake(0, 0), CGPath(rect: CGRect(x: 0, y: 0, width: 150, height: 100), transform: nil), nil)
        let points = origins(made), lineWidths = widths(made)
        try #require(points.count == 2)
        let lineHeight = (1901 + 483) * 14 / 2048 as CGFloat
        #expect(abs(points[0].y - points[1].y - (lineHeight + 13)) < 0.02, "\(points)")
        #expect(abs(points[0].x - (150 - lineWidths[0]) / 2) < 0.01 && abs(points[1].x + lineWidths[1] - 150) < 0.01)
    }

    @Test func theBaseWritingDirectionDecidesTheNaturalSide() throws {
        // Natural alignment starts a paragraph on the side it reads from: Latin text in a right-to-left
        // paragraph ends at the box's right edge, Hebrew in a left-to-right one starts at its left.
        func placed(_ text: String, _ direction: CTWritingDirection) throws -> (x: CGFloat, width: CGFloat) {
            let made = [direction].withUnsafeBytes { bytes -> CTParagraphStyle in
                guard let base = bytes.baseAddress else { return CTParagraphStyleCreate(nil, 0) }
                let setting = CTParagraphStyleSetting(spec: .baseWritingDirection, valueSize: 1, value: base)
                return CTParagraphStyleCreate([setting], 1)
            }
            let laid = frame(made, text: text)
            return (try #require(origins(laid).first).x, try #require(widths(laid).first))
        }
        let latin = try placed("abc", .rightToLeft)
        #expect(abs(latin.x + latin.width - 150) < 0.01, "\(latin)")
        #expect(try placed("abc", .natural).x == 0)
        #expect(try placed("אבג", .leftToRight).x == 0)
        let hebrew = try placed("אבג", .natural)
        #expect(abs(hebrew.x + hebrew.width - 150) < 0.01)
        let uikit = NSMutableParagraphStyle()
        uikit.baseWritingDirection = .rightToLeft
        #expect(origins(frame(uikit, text: "abc")).first?.x == latin.x, "UIKit's style lays out the same")
    }

    @Test func justifiedFramesSpreadEveryLineButAParagraphsLast() throws {
        let spread = frame(style(.justified))
        let lineWidths = widths(spread), ragged = widths(frame(nil))
        try #require(lineWidths.count > 2 && lineWidths.count == ragged.count)
        for width in lineWidths.dropLast() { #expect(abs(width - 150) < 0.01, "\(lineWidths)") }
        #expect(abs((lineWidths.last ?? 0) - (ragged.last ?? 0)) < 1e-6, "the last line keeps its width")
        #expect(zip(lineWidths, ragged).dropLast().contains { $0.0 > $0.1 + 1 }, "lines were narrower ragged")
    }

    @Test func aJustifiedLineIsAsWideAsAsked() throws {
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 14, nil)
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: "a b c", attributes: [.font: font]))
        let natural = CTLineGetTypographicBounds(line, nil, nil, nil)
        let full = try #require(CTLineCreateJustifiedLine(line, 1, 200))
        #expect(abs(CTLineGetTypographicBounds(full, nil, nil, nil) - 200) < 0.01)
        let half = try #require(CTLineCreateJustifiedLine(line, 0.5, 200))
        #expect(abs(CTLineGetTypographicBounds(half, nil, nil, nil) - (natural + (200 - natural) / 2)) < 0.01)
        let none = try #require(CTLineCreateJustifiedLine(line, 0, 200))
        #expect(abs(CTLineGetTypographicBounds(none, nil, nil, nil) - natural) < 1e-9)
        // The c ends at the width: its run's last glyph starts its advance before it.
        let run = try #require((CTLineGetGlyphRuns(full) as? [CTRun])?.last)
        var last = CGPoint.zero, advance = CGSize.zero
        CTRunGetPositions(run, CFRangeMake(CTRunGetGlyphCount(run) - 1, 1), &last)
        CTRunGetAdvances(run, CFRangeMake(CTRunGetGlyphCount(run) - 1, 1), &advance)
        #expect(abs(last.x + advance.width - 200) < 0.01)
        for width in [natural - 5, 0, -3, .nan, .infinity] { #expect(CTLineCreateJustifiedLine(line, 1, width) == nil, "\(width)") }
        #expect(CTLineCreateJustifiedLine(line, .nan, 200).map { CTLineGetTypographicBounds($0, nil, nil, nil) } == natural)
    }
}
