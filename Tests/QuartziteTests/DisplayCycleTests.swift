import Foundation
import Testing
@testable import Quartzite

/// The display cycle as Apple documents it: `setNeedsDisplay()` marks a layer, the next commit calls
/// `display()` once, whose default asks the delegate's `display(_:)` or else draws a bitmap of the bounds at
/// `contentsScale` with `draw(in:)` (the delegate's `draw(_:in:)` by default) and shows it as `contents`;
/// `needsDisplayOnBoundsChange` and `needsDisplay(forKey:)` mark it by themselves. The drawing context's user
/// space is the layer's bounds with the origin at the top left, as on iOS.
@MainActor
@Suite(.serialized)
struct DisplayCycleTests {
    /// A layer that fills its bounds' top-left 10 x 5 points red and counts its draws.
    final class Drawing: CALayer {
        nonisolated(unsafe) var draws = 0
        override func draw(in ctx: CGContext) {
            draws += 1
            ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            ctx.fill(CGRect(x: bounds.minX, y: bounds.minY, width: 10, height: 5))
        }
    }

    /// A layer whose `draw(in:)` reads a custom key, declared to need display.
    final class Dial: CALayer {
        nonisolated(unsafe) var drawnValues: [CGFloat] = []
        override class func needsDisplay(forKey key: String) -> Bool { key == "level" || super.needsDisplay(forKey: key) }
        override func draw(in ctx: CGContext) { drawnValues.append(value(forKey: "level") as? CGFloat ?? -1) }
    }

    final class DrawingDelegate: CALayerDelegate {
        var draws = 0
        func draw(_ layer: CALayer, in ctx: CGContext) {
            draws += 1
            ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
    }

    final class DisplayingDelegate: CALayerDelegate {
        let image: CGImage
        init(_ image: CGImage) { self.image = image }
        func display(_ layer: CALayer) { layer.contents = image }
        func draw(_ layer: CALayer, in ctx: CGContext) { Issue.record("draw(_:in:) runs only without display(_:)") }
    }

    /// The RGBA of pixel (x, y) of an image (rows top first).
    func pixel(_ image: CGImage?, _ x: Int, _ y: Int) -> [UInt8] {
        guard let image, x < image.width, y < image.height else { return [] }
        let i = (y * image.width + x) * 4
        return Array(image.premultipliedRGBA[i..<i + 4])
    }

    @Test func aMarkedLayerDrawsOnceAtTheCommitIntoItsContents() {
        MediaClock.freeze(at: 0)
        let layer = Drawing()
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
        CATransaction.flush()
        #expect(layer.draws == 0, "nothing is drawn until marked")
        #expect(layer.contents == nil)
        layer.setNeedsDisplay()
        layer.setNeedsDisplay()
        #expect(layer.needsDisplay())
        CATransaction.flush()
        CATransaction.flush()
        #expect(layer.draws == 1)
        #expect(!layer.needsDisplay())
        let image = layer.contents as? CGImage
        #expect(image?.width == 40 && image?.height == 20)
        // The top-left 10 x 5 points are red (y down from the top, as in the layer), the rest clear.
        #expect(pixel(image, 0, 0) == [255, 0, 0, 255])
        #expect(pixel(image, 9, 4) == [255, 0, 0, 255])
        #expect(pixel(image, 10, 0) == [0, 0, 0, 0])
        #expect(pixel(image, 0, 5) == [0, 0, 0, 0])
    }

    @Test func theBitmapFollowsContentsScaleAndTheBoundsOrigin() {
        MediaClock.freeze(at: 0)
        let layer = Drawing()
        layer.bounds = CGRect(x: 100, y: 50, width: 30, height: 10)
        layer.contentsScale = 2
        layer.displayIfNeeded()
        #expect(layer.draws == 0, "displayIfNeeded draws only a marked layer")
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        let image = layer.contents as? CGImage
        #expect(image?.width == 60 && image?.height == 20)
        // 10 x 5 points at the bounds' origin are 20 x 10 pixels at the bitmap's top left.
        #expect(pixel(image, 19, 9) == [255, 0, 0, 255])
        #expect(pixel(image, 20, 9) == [0, 0, 0, 0])
        #expect(pixel(image, 19, 10) == [0, 0, 0, 0])
    }

    @Test func theDelegateDrawsOrDisplays() throws {
        MediaClock.freeze(at: 0)
        let drawing = DrawingDelegate()
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        layer.delegate = drawing
        layer.setNeedsDisplay()
        CATransaction.flush()
        #expect(drawing.draws == 1)
        #expect(pixel(layer.contents as? CGImage, 3, 3) == [0, 0, 255, 255])
        #expect(pixel(layer.contents as? CGImage, 4, 4) == [0, 0, 0, 0])

        let image = try CGImage(width: 1, height: 1, premultipliedRGBA: [0, 255, 0, 255])
        let displaying = DisplayingDelegate(image)
        layer.delegate = displaying
        layer.setNeedsDisplay()
        CATransaction.flush()
        #expect(layer.contents as? CGImage === image)
    }

    @Test func boundsChangesRedrawOnlyWhenAsked() {
        MediaClock.freeze(at: 0)
        let layer = Drawing()
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        CATransaction.flush()
        layer.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
        CATransaction.flush()
        #expect(layer.draws == 0)
        layer.needsDisplayOnBoundsChange = true
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
        CATransaction.flush()
        #expect(layer.draws == 1)
        #expect((layer.contents as? CGImage)?.width == 40)
        // A move is not a change of size.
        layer.position = CGPoint(x: 99, y: 99)
        layer.bounds.origin = CGPoint(x: 5, y: 5)
        CATransaction.flush()
        #expect(layer.draws == 1)
    }

    @Test func aKeyThatNeedsDisplayRedrawsWhenItChanges() {
        MediaClock.freeze(at: 0)
        let dial = Dial()
        dial.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        dial.setValue(CGFloat(0.25), forKey: "level")
        CATransaction.flush()
        dial.setValue(CGFloat(0.75), forKey: "level")
        CATransaction.flush()
        #expect(dial.drawnValues == [0.25, 0.75])
        // A key its class does not name leaves the contents alone.
        dial.opacity = 0.5
        CATransaction.flush()
        #expect(dial.drawnValues.count == 2)
    }

    @Test func aCustomKeyAnimatesAndKeepsItsSwiftType() throws {
        MediaClock.freeze(at: 0)
        let layer = CALayer()
        layer.setValue(0.0, forKey: "level")
        layer.setValue("a note", forKey: "note")
        CATransaction.flush()
        let ramp = CABasicAnimation(keyPath: "level")
        ramp.fromValue = 0.0
        ramp.toValue = 2.0
        ramp.duration = 1
        layer.add(ramp, forKey: "ramp")
        CATransaction.flush()
        MediaClock.freeze(at: 0.25)
        // Linear from 0 to 2 over a second: 0.5 at a quarter, read as the Double it was given as.
        let presented = try #require(layer.presentation())
        #expect(presented.value(forKey: "level") as? Double == 0.5)
        #expect(layer.value(forKey: "level") as? Double == 0)
        #expect(presented.value(forKey: "note") as? String == "a note")
        // A key holding something no animation interpolates is kept, not animatable.
        #expect(layer.value(forKey: "note") as? String == "a note")
    }

    @Test func emptyAndHostileBoundsDrawNoBitmap() {
        MediaClock.freeze(at: 0)
        let layer = Drawing()
        layer.bounds = .zero
        layer.setNeedsDisplay()
        CATransaction.flush()
        #expect(layer.contents == nil && layer.draws == 0)
        layer.bounds = CGRect(x: 0, y: 0, width: 1e9, height: 10)
        layer.setNeedsDisplay()
        CATransaction.flush()
        #expect(layer.contents == nil && layer.draws == 0)
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.contentsScale = .nan
        layer.setNeedsDisplay()
        CATransaction.flush()
        #expect((layer.contents as? CGImage)?.width == 10, "a scale that is not a number counts as 1")
    }
}
