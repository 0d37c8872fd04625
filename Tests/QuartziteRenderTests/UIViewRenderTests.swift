import Foundation
import Testing
import Quartzite
import QuartziteRender

/// Views drawn: `draw(_:)` paints in UIKit's y-down coordinates, and content modes place contents where
/// UIKit names them on screen.
@MainActor
@Suite(.serialized)
struct UIViewRenderTests {
    /// Fills the top half of its bounds red in `draw(_:)`.
    final class TopHalfView: UIView {
        override func draw(_ rect: CGRect) {
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: rect.width, height: rect.height / 2))
        }
    }

    func render(_ view: UIView) throws -> Bitmap {
        MediaClock.freeze(at: 10)
        CATransaction.flush()
        let renderer = try HeadlessRenderer(size: view.bounds.size)
        defer { renderer.close() }
        return try renderer.render(view.layer, at: 10)
    }

    @Test func drawPaintsYDownAfterSetNeedsDisplay() throws {
        let view = TopHalfView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        view.backgroundColor = .white
        view.setNeedsDisplay()
        let bitmap = try render(view)
        #expect(bitmap.pixel(x: 20, y: 5) == SIMD4(255, 0, 0, 255))
        #expect(bitmap.pixel(x: 20, y: 35) == SIMD4(255, 255, 255, 255))
    }

    @Test func contentModeTopShowsContentsAtTheTopOfTheScreen() throws {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10)).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        view.backgroundColor = .white
        view.layer.contents = image.cgImage
        view.contentMode = .top
        var bitmap = try render(view)
        #expect(bitmap.pixel(x: 20, y: 5) == SIMD4(255, 0, 0, 255))
        #expect(bitmap.pixel(x: 20, y: 35) == SIMD4(255, 255, 255, 255))
        view.contentMode = .bottomRight
        bitmap = try render(view)
        #expect(bitmap.pixel(x: 35, y: 35) == SIMD4(255, 0, 0, 255))
        #expect(bitmap.pixel(x: 5, y: 5) == SIMD4(255, 255, 255, 255))
    }
}
