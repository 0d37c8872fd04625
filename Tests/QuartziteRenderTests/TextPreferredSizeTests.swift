import Foundation
import Testing
import Quartzite

/// `CATextLayer.preferredFrameSize()` is the size of its laid-out string, as iOS code sizes labels to fit:
/// Pango's logical extent of the same text (rounded up to whole points), wrapped at the bounds' width when the
/// layer wraps, mapped to the superlayer through the layer's transform.
@Suite struct TextPreferredSizeTests {
    func ceiled(_ r: CGRect) -> CGSize { CGSize(width: r.width.rounded(.up), height: r.height.rounded(.up)) }

    @Test func aLineOfTextPrefersItsOwnSize() {
        let label = CATextLayer()
        label.string = "Hello"
        label.fontSize = 20
        label.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        let expected = ceiled(PangoMeasure.extents("Hello", size: 20).logical)
        #expect(label.preferredFrameSize() == expected)
        #expect(expected.width > 30 && expected.height > 18)
        label.setAffineTransform(CGAffineTransform(scaleX: 2, y: 2))
        #expect(label.preferredFrameSize() == CGSize(width: expected.width * 2, height: expected.height * 2))
    }

    @Test func wrappedTextPrefersItsLinesAtTheBoundsWidth() {
        let text = "The quick brown fox jumps over the lazy dog"
        let label = CATextLayer()
        label.string = text
        label.fontSize = 18
        label.isWrapped = true
        label.truncationMode = .end
        label.frame = CGRect(x: 0, y: 0, width: 120, height: 20)
        let pango = PangoMeasure.extents(text, size: 18, wrapWidth: 120)
        #expect(pango.lines > 1)
        #expect(label.preferredFrameSize() == ceiled(pango.logical))
    }

    @Test func noTextPrefersTheBounds() {
        let label = CATextLayer()
        label.frame = CGRect(x: 0, y: 0, width: 40, height: 12)
        #expect(label.preferredFrameSize() == CGSize(width: 40, height: 12))
        label.string = ""
        #expect(label.preferredFrameSize() == CGSize(width: 40, height: 12))
    }
}
