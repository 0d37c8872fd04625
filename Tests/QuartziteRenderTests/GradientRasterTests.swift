import Foundation
import Testing
import Quartzite
import QuartziteRender

/// A gradient layer that stays the same on whole pixels is drawn from a bitmap of its gradient after
/// `StableRasters.stableFrames` frames; an animated one is drawn directly every frame.
@MainActor
@Suite(.serialized)
struct GradientRasterTests {
    func sky(_ frame: CGRect = CGRect(x: 10, y: 20, width: 120, height: 60)) -> CAGradientLayer {
        let layer = CAGradientLayer()
        layer.frame = frame
        layer.colors = [CGColor(red: 0.04, green: 0.07, blue: 0.2, alpha: 1), CGColor(red: 0.16, green: 0.24, blue: 0.45, alpha: 1)]
        return layer
    }

    /// What each of `count` frames of `root` draws its gradient with: "direct", "raster+draw" (the bitmap
    /// made, then drawn) or "raster".
    func kinds(_ root: CALayer, frames count: Int, change: (Int) -> Void = { _ in }) -> [String] {
        let compositor = Compositor(canvasSize: CGSize(width: 200, height: 100), contentScale: 1)
        compositor.coverageAntialiasing = true
        return (0..<count).map { i in
            change(i)
            let commands = compositor.build(Evaluator.presentationTree(of: root, at: Double(i) / 60)).commands
            let direct = commands.contains { if case .gradient = $0 { true } else { false } }
            let made = commands.contains { if case .beginRaster = $0 { true } else { false } }
            let shown = commands.contains { if case .rasterImage = $0 { true } else { false } }
            return made && shown ? "raster+draw" : shown && !direct ? "raster" : direct ? "direct" : "none"
        }
    }

    @Test func aStillGradientIsDrawnFromItsBitmapAfterThreeFrames() {
        let root = CALayer()
        root.addSublayer(sky())
        #expect(kinds(root, frames: 5) == ["direct", "direct", "raster+draw", "raster", "raster"])
    }

    /// Colours changing every frame: never a bitmap; then still again: a bitmap three frames later.
    @Test func aChangingGradientIsDrawnDirectly() {
        let root = CALayer()
        let layer = sky()
        root.addSublayer(layer)
        let drawn = kinds(root, frames: 8) { i in
            guard i < 4 else { return }
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.colors = [CGColor(red: 0.1 * CGFloat(i), green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 1, blue: 1, alpha: 1)]
            CATransaction.commit()
        }
        #expect(drawn == ["direct", "direct", "direct", "direct", "direct", "raster+draw", "raster", "raster"])
    }

    /// Off whole pixels (a fringe would be needed) the gradient is never kept as a bitmap.
    @Test func aGradientOffPixelEdgesIsDrawnDirectly() {
        let root = CALayer()
        root.addSublayer(sky(CGRect(x: 10.5, y: 20, width: 120, height: 60)))
        #expect(kinds(root, frames: 5).allSatisfy { $0 == "direct" })
    }

    /// The bitmap shows what the shader draws: frame 5 (from the bitmap) has frame 1's pixels exactly, the
    /// dither included (the bitmap's pixels are the canvas's, one for one).
    @Test func theBitmapHasTheDirectDrawsPixels() throws {
        let root = CALayer()
        root.addSublayer(sky())
        let renderer = try HeadlessRenderer(size: CGSize(width: 200, height: 100))
        defer { renderer.close() }
        renderer.skipsUnchangedFrames = false
        let first = try renderer.render(root, at: 0)
        for i in 1..<4 { _ = try renderer.render(root, at: Double(i) / 60) }
        let fifth = try renderer.render(root, at: 4.0 / 60)
        var differing = 0
        for y in 0..<100 {
            for x in 0..<200 where first.pixel(x: x, y: y) != fifth.pixel(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0)
        #expect(first.pixel(x: 70, y: 21) != first.pixel(x: 70, y: 78), "a gradient, not a flat colour")
    }

    /// Frames 1 and 5 of `root` on a 200 x 100 canvas (5 from the bitmap), and the rasters copied.
    func firstAndFifth(_ root: CALayer) throws -> (Bitmap, Bitmap, copies: Int) {
        let renderer = try HeadlessRenderer(size: CGSize(width: 200, height: 100))
        defer { renderer.close() }
        renderer.skipsUnchangedFrames = false
        let first = try renderer.render(root, at: 0)
        for i in 1..<4 { _ = try renderer.render(root, at: Double(i) / 60) }
        return (first, try renderer.render(root, at: 4.0 / 60), renderer.rasterCopies)
    }

    /// A red canvas with a clipping layer at (40, 30, 70, 40) whose sky overhangs it on every side.
    func skyInClip(cornerRadius: CGFloat) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let clip = CALayer()
        clip.frame = CGRect(x: 40, y: 30, width: 70, height: 40)
        clip.masksToBounds = true
        clip.cornerRadius = cornerRadius
        clip.addSublayer(sky(CGRect(x: -20, y: -10, width: 120, height: 60)))
        root.addSublayer(clip)
        return root
    }

    /// Inside a clipping layer (a scissor box) the opaque bitmap is copied, not drawn, cut to the clip: the
    /// pixels are the direct draw's, the clip's outside keeps the background.
    @Test func anOpaqueBitmapIsCopiedCutToTheClip() throws {
        let (first, fifth, copies) = try firstAndFifth(skyInClip(cornerRadius: 0))
        #expect(copies == 3, "frames 3 to 5")
        #expect(first == fifth)
        #expect(fifth.pixel(x: 39, y: 50) == SIMD4(255, 0, 0, 255))
        #expect(fifth.pixel(x: 110, y: 50) == SIMD4(255, 0, 0, 255))
        #expect(fifth.pixel(x: 60, y: 29) == SIMD4(255, 0, 0, 255))
        #expect(fifth.pixel(x: 60, y: 30) != SIMD4(255, 0, 0, 255))
    }

    /// A rounded clip is a stencil, which a copy would not honour: the bitmap is drawn, and the corners stay
    /// the background.
    @Test func inARoundedClipTheBitmapIsDrawn() throws {
        let (first, fifth, copies) = try firstAndFifth(skyInClip(cornerRadius: 12))
        #expect(copies == 0)
        #expect(first == fifth)
        #expect(fifth.pixel(x: 40, y: 30) == SIMD4(255, 0, 0, 255))
    }

    /// A translucent gradient's bitmap is drawn over what is below, never copied.
    @Test func aTranslucentBitmapIsDrawn() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let layer = sky()
        layer.colors = [CGColor(red: 0, green: 0, blue: 1, alpha: 0.5), CGColor(red: 0, green: 1, blue: 0, alpha: 1)]
        root.addSublayer(layer)
        let (first, fifth, copies) = try firstAndFifth(root)
        #expect(copies == 0)
        #expect(first == fifth)
    }
}
