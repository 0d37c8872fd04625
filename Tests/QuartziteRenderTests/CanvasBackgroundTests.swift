import Foundation
import Testing
import Quartzite
import QuartziteRender

/// An opaque background that covers the canvas and is drawn first (a root layer's) becomes the frame's clear
/// colour instead of a canvas-sized draw; anything else about it (translucent, rounded, not covering, not
/// first) keeps the draw. The renderer's own clear colour is red here, so a frame shows which happened.
@MainActor
@Suite(.serialized)
struct CanvasBackgroundTests {
    static let size = CGSize(width: 64, height: 64)

    /// The frame, and the vertices it drew: 6 for the square's quad, 6 more when the background is drawn
    /// (layer backgrounds share one draw either way; drawn whole here, not round the square that covers part
    /// of it, which CoveredBackgroundTests checks).
    func render(_ configure: (CALayer) -> Void) throws -> (bitmap: Bitmap, vertices: Int) {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: Self.size)
        root.backgroundColor = .white
        let square = CALayer()
        square.frame = CGRect(x: 24, y: 24, width: 16, height: 16)
        square.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        root.addSublayer(square)
        configure(root)
        let renderer = try HeadlessRenderer(size: Self.size)
        defer { renderer.close() }
        renderer.clearColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        renderer.cutsCoveredBackgrounds = false
        let vertices = try renderer.renderTimed(root, at: 0).vertices
        renderer.skipsUnchangedFrames = false
        return (try renderer.render(root, at: 0), vertices)
    }

    @Test func anOpaqueRootBackgroundIsTheClear() throws {
        let (bitmap, vertices) = try render { _ in }
        #expect(vertices == 6)   // only the square
        for (x, y) in [(0, 0), (63, 0), (0, 63), (63, 63), (10, 40)] {
            #expect(bitmap.pixel(x: x, y: y) == rgba(255, 255, 255), "(\(x), \(y))")
        }
        #expect(bitmap.pixel(x: 32, y: 32) == rgba(0, 0, 255))
    }

    @Test func aRootLargerThanTheCanvasIsTheClearToo() throws {
        let (bitmap, vertices) = try render { $0.frame = CGRect(x: -10, y: -5, width: 100, height: 90) }
        #expect(vertices == 6)
        #expect(bitmap.pixel(x: 0, y: 0) == rgba(255, 255, 255))
    }

    @Test func aTranslucentBackgroundIsDrawnOverTheClear() throws {
        let (bitmap, vertices) = try render { $0.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.5) }
        #expect(vertices == 12)
        // White at alpha 0.5 over opaque red: (255, 127.5, 127.5).
        #expect(maxChannelDifference(bitmap.pixel(x: 5, y: 5), rgba(255, 128, 128)) <= 1)
    }

    @Test func aRoundedBackgroundShowsTheClearInItsCorners() throws {
        let (bitmap, vertices) = try render { $0.cornerRadius = 16 }
        #expect(vertices == 12)
        #expect(bitmap.pixel(x: 0, y: 0) == rgba(255, 0, 0))
        #expect(bitmap.pixel(x: 32, y: 2) == rgba(255, 255, 255))
    }

    @Test func aBackgroundShortOfTheCanvasShowsTheClearBeyondIt() throws {
        let (bitmap, vertices) = try render { $0.frame = CGRect(x: 0, y: 0, width: 64, height: 60) }
        #expect(vertices == 12)
        #expect(bitmap.pixel(x: 10, y: 62) == rgba(255, 0, 0))
        #expect(bitmap.pixel(x: 10, y: 58) == rgba(255, 255, 255))
    }

    /// The folded clear gives the pixels the drawn background gives, for a colour between 8-bit levels
    /// (the draw packs channels to 12 bits): the same colour on the root (folded) and on a canvas-sized
    /// sublayer drawn after a small layer off the canvas (drawn). With MSAA too.
    @Test(arguments: [1, 4])
    func aFoldedBackgroundMatchesADrawnOne(samples: Int) throws {
        let color = CGColor(red: 0.3, green: 0.0059, blue: 0.002, alpha: 1)
        let folded = CALayer()
        folded.frame = CGRect(origin: .zero, size: Self.size)
        folded.backgroundColor = color
        let drawn = CALayer()
        drawn.frame = CGRect(origin: .zero, size: Self.size)
        let off = CALayer()
        off.frame = CGRect(x: -50, y: -50, width: 2, height: 2)
        off.backgroundColor = .white
        let cover = CALayer()
        cover.frame = CGRect(origin: .zero, size: Self.size)
        cover.backgroundColor = color
        drawn.addSublayer(off)
        drawn.addSublayer(cover)
        let renderer = try HeadlessRenderer(size: Self.size, samples: samples)
        defer { renderer.close() }
        renderer.skipsUnchangedFrames = false
        let a = try renderer.render(folded, at: 0), b = try renderer.render(drawn, at: 0)
        #expect(a.pixel(x: 32, y: 32) == b.pixel(x: 32, y: 32))
        #expect(a == b)
    }

    @Test func aTurnedOrHalfOpaqueRootIsDrawn() throws {
        let turned = try render { $0.transform = CATransform3DMakeRotation(0.1, 0, 0, 1) }
        #expect(turned.vertices == 12)
        let faded = try render { $0.opacity = 0.5 }
        // The root's opacity makes it a translucent group; the background is not the clear.
        #expect(maxChannelDifference(faded.bitmap.pixel(x: 5, y: 5), rgba(255, 128, 128)) <= 1)
    }
}
