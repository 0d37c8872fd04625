import Foundation
import Testing
import Quartzite
import QuartziteRender

/// A layer drawn by `draw(in:)` shows its drawing where the layer is, at the frame after it is marked, with
/// the origin at its bounds' top left; an image drawn with `draw(_:in:)` comes out upside down, as in an iOS
/// layer's flipped context.
@MainActor
@Suite(.serialized)
struct DisplayRenderTests {
    final class Stripes: CALayer {
        nonisolated(unsafe) var image: CGImage?
        override func draw(in ctx: CGContext) {
            ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 10))
            if let image { ctx.draw(image, in: CGRect(x: 0, y: 20, width: 40, height: 20)) }
        }
    }

    @Test func aDrawnLayerShowsItsDrawingOnScreen() throws {
        let root = whiteCanvas(60)
        let layer = Stripes()
        layer.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        layer.contentsScale = 2
        // Two rows: red on top, blue below (rows top first).
        layer.image = try CGImage(width: 1, height: 2, premultipliedRGBA: [255, 0, 0, 255, 0, 0, 255, 255])
        root.addSublayer(layer)
        layer.setNeedsDisplay()
        let renderer = try HeadlessRenderer(size: CGSize(width: 60, height: 60))
        defer { renderer.close() }
        let bitmap = try renderer.render(root, at: 0)
        // The red band fills the top 10 points of the layer; below it, nothing was drawn.
        #expect(bitmap.pixel(x: 30, y: 14) == rgba(255, 0, 0))
        #expect(bitmap.pixel(x: 30, y: 24) == rgba(255, 255, 255))
        // The image, drawn into the lower half, is upside down: blue above red.
        #expect(maxChannelDifference(bitmap.pixel(x: 30, y: 33), rgba(0, 0, 255)) <= 2)
        #expect(maxChannelDifference(bitmap.pixel(x: 30, y: 46), rgba(255, 0, 0)) <= 2)
    }
}
