import Foundation
import Quartzite

/// Hostile Core Text calls a drawing view makes: a paragraph style from settings with odd bytes, sizes and
/// lengths, and a walk over a line's runs and carets with ranges, indices, points and justification widths
/// that are often out of range or not finite.
struct CoreTextProbe {
    let alignmentByte: UInt8
    let alignmentSize: Int
    let lengths: [CGFloat]
    let range: CFRange
    let index: CFIndex
    let point: CGPoint
    let factor: CGFloat
    let width: Double

    @MainActor
    init(_ c: FuzzCase) {
        alignmentByte = UInt8(c.rng.below(256))
        alignmentSize = c.rng.pick([1, 1, 0, 8, -1])
        lengths = (0..<4).map { _ in c.rng.number(hostile: 6) }
        range = CFRange(location: c.rng.pick([0, 1, -1, Int.max, Int.min]), length: c.rng.pick([0, 1, 3, -2, Int.max]))
        index = c.rng.pick([0, 2, -1, 10_000, Int.max, Int.min])
        point = c.rng.point(hostile: 6)
        factor = c.rng.number(hostile: 4)
        width = Double(c.rng.number(hostile: 6))
        c.recipe("CoreTextProbe: alignment byte \(alignmentByte) of size \(alignmentSize), lengths \(lengths), run range \(range), index \(index), point \(point), justified \(factor) to \(width)")
    }

    /// A paragraph style of the probe's byte as its alignment and base writing direction, and its head indent,
    /// line spacing adjustment, line height multiple and paragraph spacing.
    func paragraphStyle() -> CTParagraphStyle {
        let specs: [CTParagraphStyleSpecifier] = [.headIndent, .lineSpacingAdjustment, .lineHeightMultiple, .paragraphSpacing]
        return [alignmentByte].withUnsafeBytes { a in
            lengths.withUnsafeBytes { v in
                var settings: [CTParagraphStyleSetting] = []
                if let a = a.baseAddress {
                    settings.append(CTParagraphStyleSetting(spec: .alignment, valueSize: alignmentSize, value: a))
                    settings.append(CTParagraphStyleSetting(spec: .baseWritingDirection, valueSize: alignmentSize, value: a))
                }
                if let v = v.baseAddress {
                    for (i, spec) in specs.enumerated() {
                        settings.append(CTParagraphStyleSetting(spec: spec, valueSize: 8, value: v + 8 * i))
                    }
                }
                return CTParagraphStyleCreate(settings, settings.count)
            }
        }
    }

    /// Walks `line`'s runs (drawing each, reading its glyphs and bounds in the probe's range) and carets, and
    /// draws the line justified as the probe says.
    func walk(_ line: CTLine, in context: CGContext) {
        for run in CTLineGetGlyphRuns(line) as? [CTRun] ?? [] {
            CTRunDraw(run, context, range)
            _ = CTRunGetImageBounds(run, context, range)
            _ = CTRunGetTypographicBounds(run, range, nil, nil, nil)
            var glyphs = [CGGlyph](repeating: 0, count: CTRunGetGlyphCount(run))
            glyphs.withUnsafeMutableBufferPointer { if let base = $0.baseAddress { CTRunGetGlyphs(run, range, base) } }
            _ = CTRunGetStatus(run)
        }
        var secondary: CGFloat = 0
        _ = CTLineGetOffsetForStringIndex(line, index, &secondary)
        _ = CTLineGetStringIndexForPosition(line, point)
        if let justified = CTLineCreateJustifiedLine(line, factor, width) { CTLineDraw(justified, context) }
    }
}
