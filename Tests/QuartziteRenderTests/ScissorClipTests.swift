import Foundation
import Testing
import Quartzite
import QuartziteRender

/// masksToBounds of upright, square-cornered layers through a scissor box: the pixels whose centres lie
/// inside the bounds, in groups and nested, with no stencil passes.
@MainActor
@Suite(.serialized)
struct ScissorClipTests {
    let blue = rgba(0, 0, 255), red = rgba(255, 0, 0)

    func render(_ root: CALayer, size: CGSize = CGSize(width: 120, height: 80)) throws -> Bitmap {
        let renderer = try HeadlessRenderer(size: size)
        defer { renderer.close() }
        renderer.clearColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        return try renderer.render(root, at: 0)
    }

    /// A layer masking to `frame` with a sublayer far larger than it, red or green.
    func clip(_ frame: CGRect, green: Bool = false) -> CALayer {
        let clip = CALayer()
        clip.frame = frame
        clip.masksToBounds = true
        let big = CALayer()
        big.frame = CGRect(x: -500, y: -500, width: 1000, height: 1000)
        big.backgroundColor = green ? CGColor(red: 0, green: 1, blue: 0, alpha: 1) : CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        clip.addSublayer(big)
        return clip
    }

    /// Bounds from x 10.3 to 60.7 and y 5.6 to 30.2: pixel i is inside when its centre i + 0.5 is, so
    /// columns 10 to 60 and rows 6 to 29.
    @Test func keepsThePixelsWhoseCentresLieInsideTheBounds() throws {
        let root = CALayer()
        root.addSublayer(clip(CGRect(x: 10.3, y: 5.6, width: 50.4, height: 24.6)))
        let b = try render(root)
        for (x, y, inside) in [(9, 15, false), (10, 15, true), (60, 15, true), (61, 15, false),
                               (30, 5, false), (30, 6, true), (30, 29, true), (30, 30, false)] {
            #expect(b.pixel(x: x, y: y) == (inside ? red : blue), "(\(x), \(y))")
        }
    }

    /// A clip scaled by its superlayer (bounds 0...20 at 2x from x 40: pixels 40 to 79), and a clip inside it
    /// that reaches past it keeps only where both hold.
    @Test func nestedAndScaledClipsKeepTheirIntersection() throws {
        let root = CALayer()
        let outer = clip(CGRect(x: 0, y: 0, width: 20, height: 20))
        outer.anchorPoint = .zero
        outer.position = CGPoint(x: 40, y: 10)
        outer.transform = CATransform3DMakeScale(2, 2, 1)
        let inner = clip(CGRect(x: 10, y: -5, width: 30, height: 10))
        outer.sublayers?.first?.isHidden = true
        outer.addSublayer(inner)
        root.addSublayer(outer)
        let b = try render(root)
        // inner: x 10...40, y -5...5 in outer's space -> x 60...120, y 0...20 at 2x; outer keeps x 40...80, y 10...50.
        #expect(b.pixel(x: 59, y: 15) == blue)
        #expect(b.pixel(x: 60, y: 15) == red)
        #expect(b.pixel(x: 79, y: 19) == red)
        #expect(b.pixel(x: 80, y: 15) == blue)
        #expect(b.pixel(x: 70, y: 9) == blue)
        #expect(b.pixel(x: 70, y: 20) == blue)
    }

    /// Inside a translucent group (a layer at opacity 0.5 with two overlapping parts draws offscreen over
    /// its own area), the clip keeps the same pixels: half green over blue inside it (canvas x 40...60,
    /// y 30...40), half red over blue in the rest of the group, blue outside.
    @Test func clipsInsideAGroupKeepTheSamePixels() throws {
        let root = CALayer()
        let group = CALayer()
        group.frame = CGRect(x: 30, y: 20, width: 60, height: 40)
        group.opacity = 0.5
        group.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        group.addSublayer(clip(CGRect(x: 10, y: 10, width: 20, height: 10), green: true))
        root.addSublayer(group)
        let b = try render(root)
        func near(_ p: SIMD4<UInt8>?, _ r: Int, _ g: Int, _ bl: Int) -> Bool {
            guard let p else { return false }
            return abs(Int(p.x) - r) <= 2 && abs(Int(p.y) - g) <= 2 && abs(Int(p.z) - bl) <= 2
        }
        for (x, y) in [(40, 30), (59, 39), (50, 35)] {
            #expect(near(b.pixel(x: x, y: y), 0, 128, 128), "(\(x), \(y)): \(String(describing: b.pixel(x: x, y: y)))")
        }
        for (x, y) in [(39, 35), (60, 35), (50, 29), (50, 40), (85, 55)] {
            #expect(near(b.pixel(x: x, y: y), 128, 0, 128), "(\(x), \(y)): \(String(describing: b.pixel(x: x, y: y)))")
        }
        #expect(b.pixel(x: 20, y: 35) == blue)
    }

    /// A clip costs no stencil passes: a 100 x 50 clip over a sublayer far larger inks its 5,000 pixels
    /// only (the sublayer's own fringe lies outside it).
    @Test func aClipInksOnlyWhatItKeeps() throws {
        let renderer = try HeadlessRenderer(size: CGSize(width: 200, height: 100))
        defer { renderer.close() }
        renderer.countsInk = true
        let root = CALayer()
        root.addSublayer(clip(CGRect(x: 20, y: 30, width: 100, height: 50)))
        #expect(try renderer.renderTimed(root, at: 0).inkPixels == 5_000)
    }
}
