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

/// A layer subclass whose `draw(in:)` reads a custom key it declares to need display is drawn again each
/// frame while an animation of that key runs, from its presentation copy (the animated value), and shows
/// its model's drawing once the animation is gone: Apple's pattern for custom animatable properties.
@MainActor
@Suite(.serialized)
struct AnimatedDisplayRenderTests {
    /// A bar `level` of the bounds' width long, from the left.
    final class Bar: CALayer {
        override class func needsDisplay(forKey key: String) -> Bool { key == "level" || super.needsDisplay(forKey: key) }
        var level: CGFloat {
            get { value(forKey: "level") as? CGFloat ?? 0 }
            set { setValue(newValue, forKey: "level") }
        }
        override func draw(in ctx: CGContext) {
            ctx.setFillColor(red: 0, green: 0, blue: 0, alpha: 1)
            ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * level, height: bounds.height))
        }
    }

    /// Where the bar ends on a 100-point-wide layer at the canvas's left edge: the first white column.
    func barEnd(_ bitmap: Bitmap) -> Int {
        (0..<100).first { bitmap.pixel(x: $0, y: 5) == rgba(255, 255, 255) } ?? 100
    }

    @Test func aCustomKeyAnimationRedrawsEachFrame() throws {
        let root = whiteCanvas(100, 10)
        let bar = Bar()
        bar.frame = root.bounds
        root.addSublayer(bar)
        MediaClock.performFrozen(at: 0) {
            bar.level = 1
            CATransaction.flush()
            let grow = CABasicAnimation(keyPath: "level")
            grow.fromValue = 0
            grow.toValue = 1
            grow.duration = 1
            bar.add(grow, forKey: "grow")
            CATransaction.flush()
        }
        let renderer = try HeadlessRenderer(size: CGSize(width: 100, height: 10))
        defer { renderer.close() }
        // Linear from 0 to 1 over a second: the bar is 100 t points long.
        for t in [0.25, 0.5, 0.8] {
            let end = barEnd(try renderer.render(root, at: t))
            #expect(abs(end - Int(100 * t)) <= 1, "t = \(t): the bar ends at \(end)")
        }
        // Past the end the animation is removed: the model's drawing (level 1, the whole width) shows.
        #expect(barEnd(try renderer.render(root, at: 1.5)) == 100)
        #expect(barEnd(try renderer.render(root, at: 1.6)) == 100)
    }
}
