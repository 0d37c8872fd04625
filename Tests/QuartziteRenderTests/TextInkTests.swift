import Foundation
import Testing
import Quartzite
@testable import QuartziteRender

/// `TextInk`: the boxes round a text image's inked columns, a texel wider on every side, parted only by
/// three empty columns or more; and a text layer drawn as those boxes shows the pixels its whole image shows.
@MainActor
@Suite(.serialized)
struct TextInkTests {
    /// A transparent `width` x `height` image with alpha 255 at `inked` (x, y).
    func ink(width: Int, height: Int, _ inked: [(Int, Int)]) -> TextInk {
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for (x, y) in inked { rgba[(y * width + x) * 4 + 3] = 255 }
        return TextInk(width: width, height: height, premultipliedRGBA: rgba)
    }

    /// Columns 2-3 (rows 1 and 4), 9 (row 2) and 16 (row 3) of a 20 x 6 image: gaps of five and six empty
    /// columns part them, and each box is the ink's columns and rows plus one, cut to the image.
    @Test func eachRunOfColumnsIsABoxOneTexelWider() {
        let boxes = ink(width: 20, height: 6, [(2, 1), (3, 4), (9, 2), (16, 3)]).boxes
        #expect(boxes == [PixelBox(x: 1, y: 0, width: 4, height: 6), PixelBox(x: 8, y: 1, width: 3, height: 3),
                          PixelBox(x: 15, y: 2, width: 3, height: 3)])
    }

    /// Two empty columns join the runs on either side (their boxes would overlap); three part them, and the
    /// two boxes keep a column between them.
    @Test func runsCloserThanThreeEmptyColumnsAreOneBox() {
        #expect(ink(width: 10, height: 3, [(2, 1), (5, 1)]).boxes == [PixelBox(x: 1, y: 0, width: 6, height: 3)])
        let parted = ink(width: 10, height: 3, [(2, 1), (6, 1)]).boxes
        #expect(parted == [PixelBox(x: 1, y: 0, width: 3, height: 3), PixelBox(x: 5, y: 0, width: 3, height: 3)])
    }

    /// Ink at the image's edges: the margin stops at the edge.
    @Test func boxesStopAtTheImagesEdges() {
        #expect(ink(width: 4, height: 2, [(0, 0), (3, 1)]).boxes == [PixelBox(x: 0, y: 0, width: 4, height: 2)])
    }

    /// Pixels that cannot be read (fewer bytes than the size needs, or a size whose count overflows) are all
    /// taken as ink: one box over the image, so the text is drawn whole rather than lost.
    @Test func unreadablePixelsAreOneBox() {
        #expect(TextInk(width: 4, height: 3, premultipliedRGBA: []).boxes == [PixelBox(x: 0, y: 0, width: 4, height: 3)])
        #expect(TextInk(width: Int.max / 2, height: 4, premultipliedRGBA: [0, 0, 0, 255]).boxes.count == 1)
    }

    /// No ink, no boxes; more runs than `maximumBoxes`, one box round all of them.
    @Test func noInkIsNoBoxAndManyRunsAreOne() {
        #expect(ink(width: 8, height: 8, []).boxes.isEmpty)
        let columns = stride(from: 1, to: 4 * (TextInk.maximumBoxes + 1) + 1, by: 4).map { ($0, 2) }
        #expect(ink(width: 80, height: 5, columns).boxes == [PixelBox(x: 0, y: 1, width: 67, height: 3)])
    }

    /// A turned label drawn from its ink's boxes against the same image drawn whole as a layer's contents
    /// (white text on black: the text image is white, untinted): every pixel within one level, and all but a
    /// few the same (texture coordinates interpolated across a smaller quad can round the other way); the
    /// ink's boxes cover a small part of the bounds (two words far apart in a wide label).
    @Test func aLabelDrawnFromItsInkBoxesMatchesItsWholeImage() throws {
        let frame = CGRect(x: 20, y: 60, width: 260, height: 40)
        let turn = CATransform3DMakeRotation(0.3, 0, 0, 1)
        let label = CATextLayer()
        label.frame = frame
        label.string = "ink            gaps"
        label.fontSize = 20
        label.alignmentMode = .center
        label.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        label.transform = turn
        let image = try #require(label.textImage(size: frame.size, scale: 1))
        #expect(image.width == 260 && image.height == 40)
        let boxes = TextInk(image).boxes
        #expect(boxes.count >= 2)
        #expect(boxes.reduce(0) { $0 + $1.width * $1.height } < 260 * 40 / 2)

        let whole = CALayer()
        whole.frame = frame
        whole.contents = image
        whole.transform = turn
        let drawn = try render(label), reference = try render(whole)
        var differing = 0, farOff = 0, inked = 0
        for y in 0..<drawn.height {
            for x in 0..<drawn.width {
                let a = drawn.pixel(x: x, y: y) ?? .zero, b = reference.pixel(x: x, y: y) ?? .zero
                if a != b { differing += 1 }
                if (0..<4).contains(where: { abs(Int(a[$0]) - Int(b[$0])) > 1 }) { farOff += 1 }
                if (reference.pixel(x: x, y: y)?.x ?? 0) > 0 { inked += 1 }
            }
        }
        #expect(inked > 200)
        #expect(farOff == 0)
        #expect(differing <= inked / 100)
    }

    func render(_ layer: CALayer) throws -> Bitmap {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
        root.backgroundColor = .black
        root.addSublayer(layer)
        let renderer = try HeadlessRenderer(size: root.bounds.size)
        defer { renderer.close() }
        return try renderer.render(root, at: 0)
    }
}
