import CPango
import Foundation
import Testing
@testable import Quartzite

/// `NSParagraphStyle` in a text layer's attributed string: UIKit's defaults and values, and the alignment,
/// line spacing and first-line indent drawn as Pango draws a layout given the same settings directly.
@Suite struct ParagraphStyleTests {
    let text = "The quick brown fox jumps over the lazy dog"

    func image(_ style: NSParagraphStyle, alignment: CATextLayerAlignmentMode = .natural) throws -> [UInt8] {
        // An attributed string sets its own font and colour (the layer's are not used for it).
        let attributed = NSMutableAttributedString(string: text, attributes: [
            .font: UIFont.systemFont(ofSize: 18), .foregroundColor: CGColor.white,
        ])
        attributed.addAttribute(.paragraphStyle, value: style, range: NSRange(location: 0, length: attributed.length))
        let layer = CATextLayer()
        layer.string = attributed
        layer.isWrapped = true
        layer.alignmentMode = alignment
        let values = try #require(layer.modelValues.text)
        let request = try #require(TextRequest(values, size: CGSize(width: 160, height: 120), scale: 1))
        return try #require(TextRasterizer.image(request)).premultipliedRGBA
    }

    func pango(alignment: PangoAlignment = PANGO_ALIGN_LEFT, spacing: CGFloat = 0, indent: CGFloat = 0) -> PangoReference.Drawn {
        PangoReference.draw(text, size: 18, width: 160, height: 120, layoutWidth: 160,
                            paragraph: (alignment, Int32(spacing * CGFloat(PANGO_SCALE)), Int32(indent * CGFloat(PANGO_SCALE))))
    }

    func close(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= 1 }
    }

    @Test func defaultsAndMutableCopies() {
        let base = NSParagraphStyle.default
        #expect(base.alignment == .natural && base.lineBreakMode == .byWordWrapping && base.lineSpacing == 0)
        let style = NSMutableParagraphStyle()
        style.alignment = .center
        style.lineSpacing = 4
        style.firstLineHeadIndent = 12
        style.headIndent = 2
        let copy = style.mutableCopy()
        #expect(copy.alignment == .center && copy.lineSpacing == 4 && copy.firstLineHeadIndent == 12)
        #expect(style.values.firstLineIndent == 10)
        #expect(NSTextAlignment.center.rawValue == 1 && NSLineBreakMode.byTruncatingTail.rawValue == 4)
        // Values that are not finite read 0, so two such styles make equal (cacheable) layouts.
        let odd = NSMutableParagraphStyle()
        odd.lineSpacing = .nan
        odd.firstLineHeadIndent = .infinity
        #expect(odd.values == NSParagraphStyle.default.values)
    }

    /// Styles are equal when every value is, the writing direction too: two paragraphs that differ only in
    /// direction stay two attribute runs (an equality that skipped it merged them into the first's).
    @Test func stylesDifferingInDirectionAreUnequal() {
        let rightToLeft = NSMutableParagraphStyle(), leftToRight = NSMutableParagraphStyle()
        rightToLeft.baseWritingDirection = .rightToLeft
        leftToRight.baseWritingDirection = .leftToRight
        #expect(rightToLeft != leftToRight)
        #expect(rightToLeft.mutableCopy() == rightToLeft)
        #expect(rightToLeft.mutableCopy().baseWritingDirection == .rightToLeft)
        let text = NSMutableAttributedString(string: "abc\n", attributes: [.paragraphStyle: rightToLeft])
        text.append(NSAttributedString(string: "abc", attributes: [.paragraphStyle: leftToRight]))
        var ranges: [NSRange] = []
        text.enumerateAttribute(.paragraphStyle, in: NSRange(location: 0, length: text.length), options: []) { _, range, _ in
            ranges.append(range)
        }
        #expect(ranges == [NSRange(location: 0, length: 4), NSRange(location: 4, length: 3)])
    }

    /// A centred paragraph is Pango's centred layout, whatever the layer's own alignment; a natural one
    /// leaves the layer's alignment in force.
    @Test func alignmentComesFromTheParagraphUnlessNatural() throws {
        let centred = NSMutableParagraphStyle()
        centred.alignment = .center
        let reference = pango(alignment: PANGO_ALIGN_CENTER)
        #expect(reference.lines > 1)
        #expect(close(try image(centred, alignment: .left), reference.rgba))
        #expect(!close(try image(centred), pango().rgba))
        let natural = NSMutableParagraphStyle()
        #expect(close(try image(natural, alignment: .right), pango(alignment: PANGO_ALIGN_RIGHT).rgba))
    }

    @Test func lineSpacingAndTheFirstLinesIndent() throws {
        let spaced = NSMutableParagraphStyle()
        spaced.lineSpacing = 10
        #expect(close(try image(spaced), pango(spacing: 10).rgba))
        #expect(!close(try image(spaced), pango().rgba))
        let indented = NSMutableParagraphStyle()
        indented.firstLineHeadIndent = 24
        #expect(close(try image(indented), pango(indent: 24).rgba))
        #expect(!close(try image(indented), pango().rgba))
    }
}
