import Foundation
import Testing
import Quartzite
import QuartziteRender

/// Layers rendered headless (EGL surfaceless, llvmpipe on CI) land where Core Animation's geometry puts
/// them, with the right colour, opacity and transform. Expected values are worked out by hand from the layer
/// model (frame = position - anchorPoint x size; transforms around the anchor point; source-over blending).
@MainActor
@Suite(.serialized)
struct HeadlessRenderTests {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    func canvas(_ w: CGFloat = 100, _ h: CGFloat = 100) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: w, height: h)
        root.backgroundColor = .white
        return root
    }

    @Test func layerLandsAtItsFrameWithItsColour() throws {
        let root = canvas()
        let square = CALayer()
        square.frame = CGRect(x: 20, y: 30, width: 40, height: 20)
        square.backgroundColor = red
        root.addSublayer(square)
        let renderer = try HeadlessRenderer(size: CGSize(width: 100, height: 100))
        defer { renderer.close() }
        let bitmap = try renderer.render(root, at: 0)
        #expect(bitmap.width == 100 && bitmap.height == 100)
        #expect(bitmap.pixel(x: 21, y: 31) == rgba(255, 0, 0))
        #expect(bitmap.pixel(x: 58, y: 48) == rgba(255, 0, 0))
        #expect(bitmap.pixel(x: 19, y: 31) == rgba(255, 255, 255))   // left of the frame
        #expect(bitmap.pixel(x: 30, y: 51) == rgba(255, 255, 255))   // below the frame (y grows downwards)
        #expect(bitmap.pixel(x: 61, y: 40) == rgba(255, 255, 255))
    }

    @Test func opacityBlendsSourceOver() throws {
        let root = canvas()
        let square = CALayer()
        square.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        square.backgroundColor = blue
        square.opacity = 0.5
        root.addSublayer(square)
        let renderer = try HeadlessRenderer(size: CGSize(width: 100, height: 100))
        defer { renderer.close() }
        let bitmap = try renderer.render(root, at: 0)
        // 0.5 blue over white = (127.5, 127.5, 255): allow rounding.
        #expect(maxChannelDifference(bitmap.pixel(x: 25, y: 25), rgba(128, 128, 255)) <= 1)
    }

    @Test func transformRotatesAroundTheAnchorPoint() throws {
        let root = canvas()
        // A 60x10 bar centred at (50, 50), turned 90°: it becomes a 10x60 vertical bar.
        let bar = CALayer()
        bar.bounds = CGRect(x: 0, y: 0, width: 60, height: 10)
        bar.position = CGPoint(x: 50, y: 50)
        bar.backgroundColor = red
        bar.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        root.addSublayer(bar)
        let renderer = try HeadlessRenderer(size: CGSize(width: 100, height: 100))
        defer { renderer.close() }
        let bitmap = try renderer.render(root, at: 0)
        #expect(bitmap.pixel(x: 50, y: 25) == rgba(255, 0, 0))
        #expect(bitmap.pixel(x: 50, y: 74) == rgba(255, 0, 0))
        #expect(bitmap.pixel(x: 25, y: 50) == rgba(255, 255, 255))
        #expect(bitmap.pixel(x: 74, y: 50) == rgba(255, 255, 255))
    }

    @Test func scaleDoublesPixelsAndShapesFollowTheirLayer() throws {
        let root = canvas(50, 50)
        let ring = CAShapeLayer()
        ring.frame = root.bounds
        ring.path = CGPath(ellipseIn: CGRect(x: 15, y: 15, width: 20, height: 20), transform: nil)
        ring.fillColor = red
        root.addSublayer(ring)
        let renderer = try HeadlessRenderer(size: CGSize(width: 50, height: 50), scale: 2)
        defer { renderer.close() }
        let bitmap = try renderer.render(root, at: 0)
        #expect(bitmap.width == 100 && bitmap.height == 100)
        #expect(bitmap.pixel(x: 50, y: 50) == rgba(255, 0, 0))          // the centre, in pixels
        #expect(bitmap.pixel(x: 50, y: 32) == rgba(255, 0, 0))          // 9 pt above the centre: inside r = 10
        #expect(bitmap.pixel(x: 50, y: 27) == rgba(255, 255, 255))      // 11.5 pt above: outside
        #expect(bitmap.pixel(x: 31, y: 31) == rgba(255, 255, 255))      // near the disc's bounding-box corner
    }

    @Test func maskShowsContentOnlyWhereTheMaskDraws() throws {
        let root = canvas()
        let content = CALayer()
        content.frame = root.bounds
        content.backgroundColor = blue
        let mask = CALayer()
        mask.frame = CGRect(x: 0, y: 0, width: 50, height: 100)  // left half
        mask.backgroundColor = .black
        content.mask = mask
        root.addSublayer(content)
        let renderer = try HeadlessRenderer(size: CGSize(width: 100, height: 100))
        defer { renderer.close() }
        let bitmap = try renderer.render(root, at: 0)
        #expect(bitmap.pixel(x: 25, y: 50) == rgba(0, 0, 255))
        #expect(bitmap.pixel(x: 75, y: 50) == rgba(255, 255, 255))  // masked out, and the mask is not drawn
    }

    @Test func masksToBoundsClipsSublayers() throws {
        let root = canvas()
        let clip = CALayer()
        clip.frame = CGRect(x: 10, y: 10, width: 30, height: 30)
        clip.masksToBounds = true
        let big = CALayer()
        big.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
        big.backgroundColor = red
        clip.addSublayer(big)
        root.addSublayer(clip)
        let renderer = try HeadlessRenderer(size: CGSize(width: 100, height: 100))
        defer { renderer.close() }
        let bitmap = try renderer.render(root, at: 0)
        #expect(bitmap.pixel(x: 20, y: 20) == rgba(255, 0, 0))
        #expect(bitmap.pixel(x: 60, y: 60) == rgba(255, 255, 255))
    }

    @Test func animationIsRenderedAtTheRequestedTime() throws {
        let root = canvas()
        let square = CALayer()
        square.frame = CGRect(x: 0, y: 40, width: 20, height: 20)
        square.backgroundColor = red
        root.addSublayer(square)
        MediaClock.freeze(at: 0)
        CATransaction.flush()
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 10
        move.toValue = 90
        move.duration = 1
        move.beginTime = 5
        square.add(move, forKey: "move")
        let renderer = try HeadlessRenderer(size: CGSize(width: 100, height: 100))
        defer { renderer.close() }
        // At t = 5.5 the square's centre is at x = 50.
        let bitmap = try renderer.render(root, at: 5.5)
        #expect(bitmap.pixel(x: 50, y: 50) == rgba(255, 0, 0))
        #expect(bitmap.pixel(x: 10, y: 50) == rgba(255, 255, 255))
        let again = try renderer.render(root, at: 5.5)
        #expect(again == bitmap)
    }

    @Test func badSizesAndBadGeometryAreRefusedOrSkipped() throws {
        #expect(throws: RenderError.self) { try HeadlessRenderer(size: CGSize(width: 0, height: 10)) }
        #expect(throws: RenderError.self) { try HeadlessRenderer(size: CGSize(width: CGFloat.nan, height: 10)) }
        #expect(throws: RenderError.self) { try HeadlessRenderer(size: CGSize(width: 100_000, height: 10)) }
        let root = canvas()
        let broken = CALayer()
        broken.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        broken.backgroundColor = red
        broken.transform = CATransform3DMakeScale(.nan, 1, 1)
        let fine = CALayer()
        fine.frame = CGRect(x: 50, y: 50, width: 50, height: 50)
        fine.backgroundColor = blue
        root.addSublayer(broken)
        root.addSublayer(fine)
        let renderer = try HeadlessRenderer(size: CGSize(width: 100, height: 100))
        defer { renderer.close() }
        let bitmap = try renderer.render(root, at: 0)
        #expect(bitmap.pixel(x: 25, y: 25) == rgba(255, 255, 255))  // the broken layer is skipped
        #expect(bitmap.pixel(x: 75, y: 75) == rgba(0, 0, 255))      // the rest of the frame still draws
    }

    /// A sample count the renderer does not take is refused, saying which it takes, rather than quietly
    /// becoming another; a time that is not a number is refused in words.
    @Test func badSampleCountsAndTimesAreRefusedWithReasons() throws {
        for samples in [0, 3, 1000, -4] {
            #expect(throws: RenderError.self) { _ = try HeadlessRenderer(size: CGSize(width: 8, height: 8), samples: samples) }
            do {
                _ = try HeadlessRenderer(size: CGSize(width: 8, height: 8), samples: samples)
            } catch {
                #expect("\(error)".contains("must be 1 (coverage antialiasing), 2 or 4"))
            }
        }
        let renderer = try HeadlessRenderer(size: CGSize(width: 8, height: 8))
        defer { renderer.close() }
        do {
            _ = try renderer.render(CALayer(), at: .nan)
            Issue.record("a NaN time rendered")
        } catch {
            #expect("\(error)" == "the time to render must be a finite number of seconds, not nan")
        }
    }
}
