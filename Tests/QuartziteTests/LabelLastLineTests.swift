import CCairo
import CPango
import Foundation
import Testing
@testable import Quartzite

/// A label of several lines: head and middle truncation cut only its last line, as iOS draws them (the lines
/// above wrap as any label's; the last holds the rest of the text on one line, cut with an ellipsis), and
/// its number of lines is counted, so line and paragraph spacing do not change how many show. Where the
/// second line starts comes from Pango wrapping the text directly; the pixels are string drawing's.
@MainActor
@Suite(.serialized)
struct LabelLastLineTests {
    let sentence = "The quick brown fox jumps over the lazy dog and keeps on running far away"
    let font = UIFont.systemFont(ofSize: 17)

    /// Where Pango, wrapping `text` at `width` points by word, starts its second line (a UTF-16 offset: the
    /// sentence is ASCII).
    func secondLineStart(_ text: String, width: CGFloat) throws -> Int {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)
        let cr = cairo_create(surface)
        defer { cairo_destroy(cr); cairo_surface_destroy(surface) }
        let layout = try #require(PangoReference.makeLayout(text, size: 17, on: cr))
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_width(layout, Int32(width * CGFloat(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        let iterator = try #require(pango_layout_get_iter(layout))
        defer { pango_layout_iter_free(iterator) }
        #expect(pango_layout_iter_next_line(iterator) != 0)
        return Int(try #require(pango_layout_iter_get_line_readonly(iterator)).pointee.start_index)
    }

    /// The label, two lines `width` wide in `mode`, against its first line as Pango wraps it and the rest of
    /// the text on one line in `mode` below it, the block centred vertically.
    func checkLastLineOnly(_ mode: NSLineBreakMode) throws {
        let width: CGFloat = 220, height: CGFloat = 100
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: width, height: height))
        label.text = sentence
        label.numberOfLines = 2
        label.lineBreakMode = mode
        label.textColor = .black
        let split = try secondLineStart(sentence, width: width)
        let text = sentence as NSString
        let first = text.substring(to: split), rest = text.substring(from: split)
        let oneLine = NSMutableParagraphStyle()
        oneLine.lineBreakMode = mode
        let block = ceil(2 * font.lineHeight), top = (height - ceil(2 * font.lineHeight)) / 2
        let expected = pixels(CGSize(width: width, height: height)) {
            NSAttributedString(string: first, attributes: [.font: font])
                .draw(with: CGRect(x: 0, y: top, width: width, height: font.lineHeight), options: .usesLineFragmentOrigin, context: nil)
            NSAttributedString(string: rest, attributes: [.font: font, .paragraphStyle: oneLine])
                .draw(with: CGRect(x: 0, y: top + font.lineHeight, width: width, height: block - font.lineHeight),
                      options: .usesLineFragmentOrigin, context: nil)
        }
        let drawn = pixels(of: label)
        #expect(differing(drawn, expected) == 0)
        // Set QUARTZITE_LABEL_PNG to a folder to keep the picture.
        if let folder = ProcessInfo.processInfo.environment["QUARTZITE_LABEL_PNG"] {
            let format = UIGraphicsImageRendererFormat()
            format.scale = 2
            let image = UIGraphicsImageRenderer(size: label.bounds.size, format: format).image { context in
                UIColor.white.setFill()
                context.fill(label.bounds)
                label.layer.render(in: context.cgContext)
            }
            try image.pngData()?.write(to: URL(fileURLWithPath: folder).appendingPathComponent("label-\(mode.rawValue).png"))
        }
        // Not the tail truncation drawn before: the last line ends with the text's last word.
        label.lineBreakMode = .byTruncatingTail
        #expect(differing(pixels(of: label), drawn) > 0)
    }

    @Test func aTwoLineLabelTruncatingItsMiddleKeepsTheLastLinesHeadAndTheTextsTail() throws {
        try checkLastLineOnly(.byTruncatingMiddle)
    }

    @Test func aTwoLineLabelTruncatingItsHeadCutsOnlyItsLastLine() throws {
        try checkLastLineOnly(.byTruncatingHead)
    }

    /// Three lines with 20 points between them are three line heights and two spacings tall: the lines are
    /// counted, not fitted into three and a half line heights (which held only two).
    @Test func linesAreCountedWhateverTheLineAndParagraphSpacing() {
        let spaced = NSMutableParagraphStyle()
        spaced.lineSpacing = 20
        let label = UILabel(frame: .zero)
        label.attributedText = NSAttributedString(string: sentence, attributes: [.font: font, .paragraphStyle: spaced])
        label.numberOfLines = 3
        label.preferredMaxLayoutWidth = 120
        #expect(label.intrinsicContentSize.height == ceil(3 * font.lineHeight + 2 * 20))
        let paragraphs = NSMutableParagraphStyle()
        paragraphs.paragraphSpacing = 30
        label.attributedText = NSAttributedString(string: "One\nTwo\nThree", attributes: [.font: font, .paragraphStyle: paragraphs])
        label.numberOfLines = 2
        #expect(label.intrinsicContentSize.height == ceil(2 * font.lineHeight + 30))
        label.numberOfLines = 0
        #expect(label.intrinsicContentSize.height == ceil(3 * font.lineHeight + 2 * 30))
    }

    @Test func hostileLastLinesDoNotTrap() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 3, height: 40))
        label.numberOfLines = 3
        label.lineBreakMode = .byTruncatingMiddle
        for text in ["", "\n\n\n\n", "\u{2029}a\u{2028}b\r\nc\td", String(repeating: "word ", count: 2_000), "\u{05D0}\u{05D1} abc \u{05D2}"] {
            label.text = text
            _ = pixels(of: label)
            label.frame = CGRect(x: 0, y: 0, width: 180, height: 0.5)
            _ = pixels(of: label)
            label.frame = CGRect(x: 0, y: 0, width: 3, height: 40)
        }
        label.lineBreakMode = .byTruncatingHead
        label.numberOfLines = 0
        label.text = String(repeating: "tabs\tand words ", count: 300)
        label.frame = CGRect(x: 0, y: 0, width: 120, height: 90)
        #expect(pixels(of: label).contains { $0 != 0 })
    }
}
