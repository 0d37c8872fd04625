import CPango
import Foundation
import Testing
@testable import Quartzite

/// `CATextLayer`'s model (Apple's defaults, key-value coding, which properties animate) and `TextRasterizer`
/// against Pango drawing the same text directly (wrapping, truncation), and bad input.
@Suite struct TextLayerTests {
    func values(_ string: Any?, size: CGFloat = 20, configure: (CATextLayer) -> Void = { _ in }) -> TextValues {
        let layer = CATextLayer()
        layer.string = string
        layer.fontSize = size
        configure(layer)
        return layer.modelValues.text ?? TextValues()
    }

    func largestDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return 255 }
        return zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    @Test func defaultsAreApples() {
        let layer = CATextLayer()
        #expect(layer.string == nil && layer.font == nil)
        #expect(layer.fontSize == 36)
        #expect(layer.foregroundColor == .white)
        #expect(!layer.isWrapped && !layer.allowsFontSubpixelQuantization)
        #expect(layer.truncationMode == .none && layer.alignmentMode == .natural)
    }

    @Test func keyValueCodingReachesTheTextProperties() {
        let layer = CATextLayer()
        layer.setValue(18.0, forKey: "fontSize")
        layer.setValue(true, forKey: "wrapped")
        layer.setValue("center", forKey: "alignmentMode")
        layer.setValue("end", forKey: "truncationMode")
        layer.setValue("Hi", forKey: "string")
        #expect(layer.fontSize == 18 && layer.isWrapped)
        #expect(layer.alignmentMode == .center && layer.truncationMode == .end)
        #expect(layer.string as? String == "Hi")
        #expect(layer.value(forKey: "fontSize") as? CGFloat == 18)
        #expect(layer.value(forKey: "alignmentMode") as? String == "center")
        #expect(layer.modelValues.text?.content.text == "Hi")
    }

    @Test func fontSizeAndColourAnimateImplicitlyTheRestDoNot() {
        #expect(CATextLayer.defaultAction(forKey: "fontSize") != nil)
        #expect(CATextLayer.defaultAction(forKey: "foregroundColor") != nil)
        for key in ["string", "font", "wrapped", "truncationMode", "alignmentMode"] {
            #expect(CATextLayer.defaultAction(forKey: key) == nil, "\(key)")
        }
    }

    @Test func fontsByNameCGFontAndCTFont() {
        let layer = CATextLayer()
        layer.font = "Helvetica-Bold"
        #expect(layer.modelValues.text?.fontName == "Helvetica-Bold")
        layer.font = CGFont("DejaVu Sans Mono")
        #expect(layer.modelValues.text?.fontName == "DejaVu Sans Mono")
        layer.font = CTFontCreateWithName("DejaVu Serif", 50, nil)
        #expect(layer.modelValues.text?.fontName == "DejaVu Serif")
        #expect(layer.fontSize == 36)
    }

    /// iOS code names a font through Core Foundation's types: `"Name" as CFTypeRef` and `CFString`.
    @Test func fontsThroughCoreFoundationSpellings() {
        let layer = CATextLayer()
        layer.font = "DejaVu Sans Mono" as CFTypeRef
        #expect(layer.modelValues.text?.fontName == "DejaVu Sans Mono")
        layer.font = CTFontCreateWithName("DejaVu Serif-Bold" as CFString, 20, nil)
        #expect(layer.modelValues.text?.fontName == "DejaVu Serif-Bold")
    }

    /// Wrapped text is Pango's wrapping at the bounds' width, pixel for pixel.
    @Test func wrappingIsPangosPixelForPixel() throws {
        let text = "The quick brown fox jumps over the lazy dog"
        let v = values(text, size: 18) { $0.isWrapped = true }
        let request = try #require(TextRequest(v, size: CGSize(width: 120, height: 120), scale: 2))
        let image = try #require(TextRasterizer.image(request))
        let reference = PangoReference.draw(text, size: 18, width: 240, height: 240, scale: 2, layoutWidth: 120)
        #expect(reference.lines > 1)
        #expect(largestDifference(image.premultipliedRGBA, reference.rgba) <= 1)
    }

    /// Chinese through fontconfig's fallback from DejaVu Sans (`make setup` installs WenQuanYi Micro Hei):
    /// every character has a glyph, and the image is Pango's.
    @Test func chineseFindsItsGlyphsAndIsPangos() throws {
        let text = "你好，世界。动画"
        let v = values(text, size: 20) { $0.isWrapped = true }
        let request = try #require(TextRequest(v, size: CGSize(width: 200, height: 40), scale: 1))
        let image = try #require(TextRasterizer.image(request))
        let reference = PangoReference.draw(text, size: 20, width: 200, height: 40, scale: 1, layoutWidth: 200)
        #expect(reference.unknownGlyphs == 0, "no installed font has these characters")
        #expect(reference.rgba.contains { $0 > 0 })
        #expect(largestDifference(image.premultipliedRGBA, reference.rgba) <= 1)
    }

    /// Truncation at the start, middle and end puts the ellipsis where Pango's ellipsized layout does: the
    /// image equals Pango's drawing, which is ellipsized and differs from the other modes'.
    @Test func truncationIsPangosEllipsizing() throws {
        let text = "A label far too long for its bounds"
        let modes: [(CATextLayerTruncationMode, PangoEllipsizeMode)] =
            [(.start, PANGO_ELLIPSIZE_START), (.middle, PANGO_ELLIPSIZE_MIDDLE), (.end, PANGO_ELLIPSIZE_END)]
        var images: [[UInt8]] = []
        for (mode, pango) in modes {
            let v = values(text) { $0.truncationMode = mode }
            let request = try #require(TextRequest(v, size: CGSize(width: 150, height: 30), scale: 1))
            let image = try #require(TextRasterizer.image(request))
            let reference = PangoReference.draw(text, size: 20, width: 150, height: 30, layoutWidth: 150, ellipsize: pango)
            #expect(reference.ellipsized)
            #expect(largestDifference(image.premultipliedRGBA, reference.rgba) <= 1, "\(mode)")
            images.append(image.premultipliedRGBA)
        }
        #expect(images[0] != images[1] && images[1] != images[2] && images[0] != images[2])
    }

    /// An attributed string's coloured run is drawn in its colour, and the rest in Core Text's black, not the
    /// layer's white: the layer's `foregroundColor`, `font` and `fontSize` are "only used when the `string'
    /// property is not an NSAttributedString" (CATextLayer.h), whose default is 12-point Helvetica.
    @Test func attributedRunsKeepTheirColourAndTheRestIsCoreTextsBlack() throws {
        let attributed = NSMutableAttributedString(string: "red black")
        attributed.addAttribute(.foregroundColor, value: CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                                range: NSRange(location: 0, length: 3))
        var v = values(attributed)
        v.fontName = "DejaVu Serif"
        #expect(v.content.isAttributed && v.content.runs.first?.bytes == 0..<3)
        let request = try #require(TextRequest(v, size: CGSize(width: 150, height: 30), scale: 1))
        #expect(request.fontSize == 12 && request.fontName == nil && request.color == .black)
        let pixels = try #require(TextRasterizer.image(request)).premultipliedRGBA
        let red = stride(from: 0, to: pixels.count, by: 4).contains { pixels[$0] > 200 && pixels[$0 + 1] == 0 }
        let black = stride(from: 0, to: pixels.count, by: 4).contains { pixels[$0 + 3] == 255 && pixels[$0] == 0 }
        let white = stride(from: 0, to: pixels.count, by: 4).contains { pixels[$0 + 1] > 200 && pixels[$0 + 2] > 200 }
        #expect(red && black && !white)
    }

    /// An attributed string draws in its own colours when the layer has no foreground colour at all (the
    /// layer's colour is not used for it).
    @Test func anAttributedStringDrawsWithoutTheLayersColour() throws {
        let v = values(NSAttributedString(string: "MMMM")) { $0.foregroundColor = nil }
        let request = try #require(TextRequest(v, size: CGSize(width: 100, height: 30), scale: 1))
        let pixels = try #require(TextRasterizer.image(request)).premultipliedRGBA
        #expect(stride(from: 3, to: pixels.count, by: 4).contains { pixels[$0] == 255 })
    }

    /// A word too long for its line breaks between characters without a hyphen, as Core Text breaks it (Pango
    /// would add one): the image is Pango's with hyphens off, and not Pango's with them on.
    @Test func aWordBrokenAcrossLinesGetsNoHyphen() throws {
        let word = "Extraordinarily"
        let v = values(word, size: 16) { $0.isWrapped = true }
        let request = try #require(TextRequest(v, size: CGSize(width: 60, height: 100), scale: 1))
        let image = try #require(TextRasterizer.image(request)).premultipliedRGBA
        let plain = PangoReference.draw(word, size: 16, width: 60, height: 100, layoutWidth: 60)
        let hyphenated = PangoReference.draw(word, size: 16, width: 60, height: 100, layoutWidth: 60, hyphens: true)
        #expect(plain.lines >= 2)
        #expect(largestDifference(image, plain.rgba) <= 1)
        #expect(largestDifference(image, hyphenated.rgba) > 100)
    }

    /// The columns and rows holding ink in an image (alpha above 0).
    func inkBox(_ image: CGImage) -> (columns: ClosedRange<Int>, rows: Int)? {
        let p = image.premultipliedRGBA
        var minX = Int.max, maxX = Int.min, rows = Set<Int>()
        for y in 0..<image.height {
            for x in 0..<image.width where p[(y * image.width + x) * 4 + 3] > 0 {
                minX = min(minX, x); maxX = max(maxX, x); rows.insert(y)
            }
        }
        return minX <= maxX ? (minX...maxX, rows.count) : nil
    }

    /// Kern spreads the characters (four Ms, 5 points after each: the last M moves right by three to four
    /// kerns); an underline adds rows of ink below the letters.
    @Test func attributedKernAndUnderlineAreDrawn() throws {
        func image(_ attributes: [NSAttributedString.Key: Any]) throws -> CGImage {
            let v = values(NSAttributedString(string: "MMMM", attributes: attributes))
            let request = try #require(TextRequest(v, size: CGSize(width: 200, height: 40), scale: 1))
            return try #require(TextRasterizer.image(request))
        }
        let plain = try #require(inkBox(image([:])))
        let kerned = try #require(inkBox(image([.kern: 5.0])))
        let spread = kerned.columns.upperBound - plain.columns.upperBound
        #expect(spread >= 15 && spread <= 20, "\(spread)")
        let underlined = try #require(inkBox(image([.underlineStyle: 1])))
        #expect(underlined.rows > plain.rows)
    }

    /// A run's background colour fills its line box behind the glyphs in a text layer too (Pango's
    /// background attribute): the box's corner, where no glyph is, is the colour.
    @Test func attributedBackgroundsFillTheRunsBox() throws {
        let v = values(NSAttributedString(string: "MMMM", attributes: [.backgroundColor: CGColor(red: 1, green: 0, blue: 0, alpha: 1)]))
        let request = try #require(TextRequest(v, size: CGSize(width: 200, height: 40), scale: 1))
        let pixels = try #require(TextRasterizer.image(request)).premultipliedRGBA
        #expect(Array(pixels[0..<4]) == [255, 0, 0, 255])
        #expect(Array(pixels[(10 * 200 + 199) * 4 ..< (10 * 200 + 199) * 4 + 4]) == [0, 0, 0, 0])
    }

    /// Bad numbers and values: nothing crashes, each is reported.
    @Test func badInputIsReportedNotFatal() throws {
        let bounds = CGSize(width: 100, height: 30)
        #expect(TextRequest(values("x", size: .nan), size: bounds, scale: 1) == nil)
        #expect(TextRequest(values("x", size: -3), size: bounds, scale: 1) == nil)
        #expect(TextRequest(values("x", size: .infinity), size: bounds, scale: 1) == nil)
        #expect(TextRequest(values("x", size: 1e9), size: bounds, scale: 1)?.fontSize == TextRasterizer.maximumFontSize)
        #expect(TextRequest(values(""), size: bounds, scale: 1) == nil)
        #expect(TextRequest(values("x"), size: CGSize(width: CGFloat.nan, height: 10), scale: 1) == nil)
        #expect(TextRequest(values("x"), size: bounds, scale: .infinity) == nil)
        #expect(values(42).content == .empty)
        #expect(Diagnostics.messages.contains { $0.contains("neither a String nor an NSAttributedString") })
        let layer = CATextLayer()
        layer.font = 3.5
        #expect(layer.modelValues.text?.fontName == nil)
        let huge = try #require(TextRequest(values("x"), size: CGSize(width: 1e6, height: 20), scale: 2))
        #expect(huge.pixelWidth <= TextRasterizer.maximumSide)
        #expect(TextRasterizer.image(huge) != nil)
    }

    /// quartzite-fuzz text, seed 20250615, case 56: a contentsScale of 1e19 (a label 4.4e20 pixels wide) is
    /// rasterised at 8192 pixels a side, not converted to an integer past Int.max.
    @Test func fuzzingTextCase20250615_56_hugeContentsScale() throws {
        let request = try #require(TextRequest(values("😀", size: 1.2), size: CGSize(width: 44.46, height: 19.5), scale: 1e19))
        #expect(request.pixelWidth <= TextRasterizer.maximumSide && request.pixelWidth > 0)
        #expect(request.pixelHeight <= TextRasterizer.maximumSide)
    }

    /// A string past the budget is laid out to its first 16,384 characters; an unknown font name draws in
    /// fontconfig's fallback, the default face here.
    @Test func longStringsAndUnknownFonts() throws {
        let long = String(repeating: "word ", count: 20_000)
        let request = try #require(TextRequest(values(long) { $0.isWrapped = true }, size: CGSize(width: 200, height: 100), scale: 1))
        #expect(request.content.text.count == TextRasterizer.maximumCharacters)
        #expect(TextRasterizer.image(request) != nil)
        let unknown = try #require(TextRequest(values("Hello") { $0.font = "NoSuchFontAnywhere" }, size: CGSize(width: 100, height: 30), scale: 1))
        let known = try #require(TextRequest(values("Hello"), size: CGSize(width: 100, height: 30), scale: 1))
        let a = try #require(TextRasterizer.image(unknown)), b = try #require(TextRasterizer.image(known))
        #expect(a.premultipliedRGBA == b.premultipliedRGBA)
    }

    /// Found by the fuzzer (text, seed 112829, case 423): a 15.67-point label at contentsScale 81 asked
    /// FreeType for a size it cannot scale, and cairo's face for DejaVu Sans stayed failed: every later text
    /// in the process drew nothing. The label draws (at fewer pixels a point), and so does text after it.
    @Test func aHugeGlyphScaleLeavesTheFontWorking() throws {
        let plain = try #require(TextRequest(values("Hello", size: 14), size: CGSize(width: 60, height: 20), scale: 1))
        let before = try #require(TextRasterizer.image(plain)).premultipliedRGBA
        let huge = try #require(TextRequest(values("word", size: 15.67), size: CGSize(width: 40, height: 21), scale: 80.9))
        #expect(try #require(TextRasterizer.image(huge)).premultipliedRGBA.contains { $0 > 0 })
        let after = try #require(TextRasterizer.image(plain)).premultipliedRGBA
        #expect(before.contains { $0 > 0 })
        let unchanged = after == before
        #expect(unchanged)
    }
}
