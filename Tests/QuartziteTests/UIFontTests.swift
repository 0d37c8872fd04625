import CPango
import Foundation
import Testing
@testable import Quartzite

/// `UIFont` as UIKit code uses it: the factories' faces and sizes (the Human Interface Guidelines' Dynamic
/// Type sizes at the default setting, UIKit's weight values), and fonts given to text layers and attributed
/// strings, drawn as Pango draws the same face directly.
@Suite struct UIFontTests {
    @Test func factoriesNameTheSystemFaceAtTheirSizes() throws {
        #expect(UIFont.systemFont(ofSize: 17).fontName == "DejaVu Sans")
        #expect(UIFont.systemFont(ofSize: 17).pointSize == 17)
        #expect(UIFont.boldSystemFont(ofSize: 14).fontName == "DejaVu Sans-Bold")
        #expect(UIFont.italicSystemFont(ofSize: 14).fontName == "DejaVu Sans-Oblique")
        #expect(UIFont.systemFont(ofSize: 12, weight: .semibold).fontName == "DejaVu Sans-Semibold")
        #expect(UIFont.systemFont(ofSize: 12, weight: UIFont.Weight(rawValue: 0.38)).fontName == "DejaVu Sans-Bold")
        #expect(UIFont.systemFont(ofSize: 12, weight: UIFont.Weight(rawValue: .nan)).fontName == "DejaVu Sans")
        #expect(UIFont.monospacedSystemFont(ofSize: 12, weight: .regular).familyName == "DejaVu Sans Mono")
        #expect(UIFont.boldSystemFont(ofSize: 14).familyName == "DejaVu Sans")
        #expect(UIFont.systemFont(ofSize: 10).withSize(30) == UIFont.systemFont(ofSize: 30))
        #expect(UIFont(name: "", size: 12) == nil)
        #expect(try #require(UIFont(name: "Helvetica-Bold", size: 12)).familyName == "Helvetica")
        let styles: [(UIFont.TextStyle, CGFloat, String)] = [
            (.largeTitle, 34, "DejaVu Sans"), (.title1, 28, "DejaVu Sans"), (.headline, 17, "DejaVu Sans-Semibold"),
            (.body, 17, "DejaVu Sans"), (.footnote, 13, "DejaVu Sans"), (.caption2, 11, "DejaVu Sans"),
        ]
        for (style, size, name) in styles {
            let font = UIFont.preferredFont(forTextStyle: style)
            #expect(font.pointSize == size && font.fontName == name, "\(style.rawValue)")
        }
    }

    /// A text layer's `font` takes a UIFont's face and ignores its size, as on iOS; the bold face is Pango's
    /// DejaVu Sans at bold weight, pixel for pixel.
    @Test func aTextLayersUIFontIsItsFaceWithoutItsSize() throws {
        let layer = CATextLayer()
        layer.string = "Bold 42"
        layer.fontSize = 20
        layer.font = UIFont.boldSystemFont(ofSize: 99)
        let values = try #require(layer.modelValues.text)
        #expect(values.fontName == "DejaVu Sans-Bold" && values.fontSize == 20)
        let request = try #require(TextRequest(values, size: CGSize(width: 120, height: 30), scale: 1))
        let image = try #require(TextRasterizer.image(request))
        let bold = PangoReference.draw("Bold 42", size: 20, width: 120, height: 30, layoutWidth: nil, weight: PANGO_WEIGHT_BOLD)
        let regular = PangoReference.draw("Bold 42", size: 20, width: 120, height: 30, layoutWidth: nil)
        #expect(bold.rgba != regular.rgba)
        #expect(zip(image.premultipliedRGBA, bold.rgba).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
    }

    /// In an attributed string a UIFont's size applies to its run.
    @Test func anAttributedRunsUIFontKeepsItsSize() throws {
        let attributed = NSMutableAttributedString(string: "big small")
        attributed.addAttribute(.font, value: UIFont.systemFont(ofSize: 30, weight: .bold), range: NSRange(location: 0, length: 3))
        let layer = CATextLayer()
        layer.string = attributed
        let run = try #require(layer.modelValues.text?.content.runs.first { $0.fontName != nil })
        #expect(run.fontName == "DejaVu Sans-Bold" && run.fontSize == 30 && run.bytes == 0..<3)
    }

    /// UIKit code colours runs with `UIColor`s and underlines them with `NSUnderlineStyle`'s raw values.
    @Test func attributedRunsTakeUIKitColoursAndUnderlineStyles() throws {
        let attributed = NSMutableAttributedString(string: "red under twice")
        attributed.addAttribute(.foregroundColor, value: UIColor.red, range: NSRange(location: 0, length: 3))
        attributed.addAttribute(.underlineStyle, value: NSUnderlineStyle.single.rawValue, range: NSRange(location: 4, length: 5))
        attributed.addAttribute(.underlineStyle, value: NSUnderlineStyle.double, range: NSRange(location: 10, length: 5))
        let layer = CATextLayer()
        layer.string = attributed
        let runs = try #require(layer.modelValues.text?.content.runs)
        #expect(runs.first { $0.bytes == 0..<3 }?.color == UIColor.red.cgColor)
        #expect(runs.first { $0.bytes == 4..<9 }?.underline == 1)
        #expect(runs.first { $0.bytes == 10..<15 }?.underline == 9)
        let odd = NSMutableAttributedString(string: "odd")
        odd.addAttribute(.foregroundColor, value: "red", range: NSRange(location: 0, length: 3))
        layer.string = odd
        #expect(Diagnostics.messages.contains { $0.contains("foregroundColor: a value of type String is not a CGColor or UIColor") })
    }
}

/// UIFont's vertical metrics against DejaVu Sans's own numbers (2048 units to the em: hhea ascender 1901 and
/// descender -483, an H 1493 units tall, an x 1120) and Pango's layout of the face.
@Suite struct UIFontMetricsTests {
    @Test func theSystemFontsMetricsAreDejaVuSansScaledToItsSize() {
        let font = UIFont.systemFont(ofSize: 20)
        let em = 20 / CGFloat(2048)
        #expect(abs(font.ascender - 1901 * em) < 0.02)
        #expect(abs(font.descender + 483 * em) < 0.02)
        #expect(abs(font.lineHeight - (font.ascender - font.descender + font.leading)) < 1e-9)
        #expect(abs(font.capHeight - 1493 * em) < 0.05)
        #expect(abs(font.xHeight - 1120 * em) < 0.05)
        let reference = PangoReference.extents("H", size: 20)
        #expect(abs(font.lineHeight - reference.logical.height) < 1e-9 && abs(font.ascender - reference.baseline) < 1e-9)
    }

    /// Odd sizes: none for a size that is not a positive finite number, and a huge size's metrics in
    /// proportion (DejaVu Sans's ascender is 1901 / 2048 of the size at any size).
    @Test func oddSizesHaveNoMetricsOrProportionalOnes() {
        for size in [CGFloat.nan, .infinity, 0, -4] {
            let font = UIFont.systemFont(ofSize: size)
            #expect(font.lineHeight == 0 && font.ascender == 0, "\(size)")
        }
        let huge = UIFont.systemFont(ofSize: 1e6)
        #expect(abs(huge.ascender / 1e6 - 1901.0 / 2048) < 1e-4)
    }
}
