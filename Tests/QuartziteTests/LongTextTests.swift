import CPango
import Foundation
import Testing
@testable import Quartzite

/// A text layer's image of long wrapped text is laid out only as far as its bounds show (`TextFrame` rules 6
/// and 7), and is still the picture Pango draws of the whole text: greedy line breaking gives the first lines
/// of a text whatever follows them.
@Suite struct LongTextTests {
    func wrapped(_ string: String, size: CGFloat, bounds: CGSize, scale: CGFloat = 1) -> TextRequest? {
        let layer = CATextLayer()
        layer.string = string
        layer.fontSize = size
        layer.isWrapped = true
        return layer.modelValues.text.flatMap { TextRequest($0, size: bounds, scale: scale) }
    }

    func largestDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return 255 }
        return zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    /// Words of many lengths, some longer than a line (broken between characters), in bounds that end at each
    /// line around the end of the first prefix laid out (2,048 bytes): the image is Pango's drawing of the
    /// whole 6,000-byte text.
    @Test func aLongParagraphIsPangosWholeLayout() throws {
        let words = ["a", "bb", "ccc", "antidisestablishmentarianism", "dd", "eeeee", "ffffffffffff"]
        let text = (0..<900).map { words[$0 % words.count] }.joined(separator: " ")
        let whole = try #require(wrapped(text, size: 14, bounds: CGSize(width: 90, height: 100_000)))
        let tops = try #require(TextRasterizer.withUnhintedFrame(whole) { frame, _ in
            frame.lines.map { ($0.fragment.minY, Int($0.line.pointee.start_index)) }
        })
        let cutLine = try #require(tops.lastIndex { $0.1 <= 2048 })
        #expect(tops.count > cutLine + 20)
        for line in (cutLine - 2)...cutLine {
            let height = (tops[line].0 + 8).rounded()
            let request = try #require(wrapped(text, size: 14, bounds: CGSize(width: 90, height: height)))
            let image = try #require(TextRasterizer.image(request))
            let reference = PangoReference.draw(text, size: 14, width: 90, height: Int(height), layoutWidth: 90)
            #expect(largestDifference(image.premultipliedRGBA, reference.rgba) <= 1, "bounds \(height) high")
        }
    }

    /// The frame drawn into bounds ends at the first line that starts below them: every line it keeps starts
    /// within them, and the next line of the whole text's layout would start below.
    @Test func theDrawnFrameEndsBelowTheBounds() throws {
        let text = String(repeating: "word ", count: 600)
        let request = try #require(wrapped(text, size: 16, bounds: CGSize(width: 60, height: 50)))
        let lines = TextRasterizer.withUnhintedFrame(request) { frame, cr in
            let drawn = TextFrame(request, on: cr, unhinted: true, drawnDepth: 50)
            return (drawn?.lines.map(\.fragment.minY) ?? [], frame.lines.map(\.fragment.minY))
        }
        let (drawn, whole) = try #require(lines)
        #expect(whole.count == 600)
        #expect(!drawn.isEmpty && drawn.allSatisfy { $0 <= 50 })
        #expect(whole.count > drawn.count && whole[drawn.count] > 50)
        #expect(Array(whole.prefix(drawn.count)) == drawn)
    }

    /// Found by the fuzzer (text, seed 112829, case 423): 16,384 characters of "word " wrapped 17.8 points
    /// wide at 81 pixels a point, one line of it showing, took minutes a frame as Pango shaped every one of
    /// its thousands of lines. The image is Pango's drawing of the text's first 50 words, far more than the
    /// bounds can show.
    @Test func aLongNarrowParagraphLaysOutOnlyTheLinesItShows() throws {
        let bounds = CGSize(width: 17.765227513698463, height: 20.973815134335865)
        let request = try #require(wrapped(String(repeating: "word ", count: 31456), size: 15.668491799241085,
                                           bounds: bounds, scale: 8))
        let image = try #require(TextRasterizer.image(request))
        let reference = PangoReference.draw(String(repeating: "word ", count: 50), size: 15.668491799241085,
                                            width: request.pixelWidth, height: request.pixelHeight, scale: 8,
                                            layoutWidth: bounds.width)
        #expect(reference.lines > 3)
        #expect(reference.rgba.contains { $0 > 0 })
        #expect(largestDifference(image.premultipliedRGBA, reference.rgba) <= 1)
    }

    /// Skewed text draws from outlines (`TextOutlines`), and those too are made only for the lines the
    /// bounds show: the outlines of 3,000 narrow lines end within a line of the bounds' foot.
    @Test func skewedLongTextOutlinesOnlyTheLinesItShows() throws {
        let text = NSAttributedString(string: String(repeating: "word ", count: 3000), attributes: [.obliqueness: 0.2])
        let layer = CATextLayer()
        layer.string = text
        layer.isWrapped = true
        let request = try #require(layer.modelValues.text.flatMap { TextRequest($0, size: CGSize(width: 60, height: 50), scale: 1) })
        let drawn = TextOutlines.drawing(of: request, baseColor: .black, drawnDepth: 50)
        let bottom = drawn.parts.map { $0.path.boundingBox.maxY }.max() ?? 0
        #expect(bottom > 30 && bottom < 50 + 2 * 12)
        let image = try #require(TextRasterizer.image(request))
        #expect(image.premultipliedRGBA.contains { $0 > 0 })
    }

    /// One character of 10,000 combining marks (20,000 bytes, under the character budget): prefixes are
    /// cut between scalars, not searched for a character boundary, and the image is Pango's.
    @Test func aHugeClusterIsCutBetweenScalars() throws {
        let text = "a" + String(repeating: "\u{301}", count: 10_000) + " b"
        let request = try #require(wrapped(text, size: 14, bounds: CGSize(width: 60, height: 40)))
        let image = try #require(TextRasterizer.image(request))
        let reference = PangoReference.draw(text, size: 14, width: 60, height: 40, layoutWidth: 60)
        #expect(largestDifference(image.premultipliedRGBA, reference.rgba) <= 1)
    }

    /// One letter with 100,000 combining marks is one character, under the character budget; the scalar
    /// budget cuts it to 32,768 scalars (Pango took minutes to lay the whole cluster out).
    @Test func aClusterPastTheScalarBudgetIsCut() throws {
        let text = "a" + String(repeating: "\u{301}", count: 100_000)
        let request = try #require(wrapped(text, size: 14, bounds: CGSize(width: 60, height: 40)))
        #expect(request.content.text.unicodeScalars.count == 32_768)
        #expect(request.content.text.unicodeScalars.first == "a")
    }
}
