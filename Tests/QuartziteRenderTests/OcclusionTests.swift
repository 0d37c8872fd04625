import Foundation
import Testing
import Quartzite
import QuartziteRender

/// An opaque background covering the canvas hides what came before it: the frame clears to it and draws
/// only what follows, with the same pixels.
@MainActor
@Suite(.serialized)
struct OcclusionTests {
    let canvas = CGSize(width: 200, height: 100)

    func layer(_ frame: CGRect, _ color: CGColor?) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        return layer
    }

    /// A picture under a masksToBounds parent, a white cover over the whole canvas, then a red square: the
    /// frame inks only the square (40 x 30 and its one-pixel fringe), and shows white and red.
    @Test func aCoverHidesWhatCameBefore() throws {
        let root = layer(CGRect(origin: .zero, size: canvas), .black)
        let picture = layer(root.bounds, nil)
        picture.masksToBounds = true
        var pixels: [UInt8] = []
        for i in 0..<(16 * 16) { pixels += [UInt8(i % 256), 80, 200, 255] }
        picture.contents = try CGImage(width: 16, height: 16, premultipliedRGBA: pixels)
        picture.addSublayer(layer(root.bounds, .white))
        root.addSublayer(picture)
        root.addSublayer(layer(CGRect(x: 10, y: 10, width: 40, height: 30), CGColor(red: 1, green: 0, blue: 0, alpha: 1)))
        let renderer = try HeadlessRenderer(size: canvas)
        defer { renderer.close() }
        renderer.countsInk = true
        #expect(try renderer.renderTimed(root, at: 0).inkPixels == 42 * 32)
        let b = try renderer.render(root, at: 0)
        #expect(b.pixel(x: 100, y: 60) == rgba(255, 255, 255))
        #expect(b.pixel(x: 20, y: 20) == rgba(255, 0, 0))
    }

    /// A cover inside a translucent layer does not hide what is below it: half white over the red below.
    @Test func aTranslucentCoverHidesNothing() throws {
        let root = layer(CGRect(origin: .zero, size: canvas), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        let cover = layer(root.bounds, .white)
        cover.opacity = 0.5
        root.addSublayer(cover)
        let renderer = try HeadlessRenderer(size: canvas)
        defer { renderer.close() }
        let p = try #require(try renderer.render(root, at: 0).pixel(x: 100, y: 50))
        #expect(p.x == 255 && abs(Int(p.y) - 128) <= 1 && abs(Int(p.z) - 128) <= 1, "\(p)")
    }

    /// What may go under a cover: balanced groups and clips, and scissor boxes still open over the whole
    /// canvas (kept); never a raster or a blur, which later frames reuse, nor an open group or a smaller box.
    @Test func onlyWhatTheCoverHidesGoes() {
        let full = PixelBox(x: 0, y: 0, width: 200, height: 100)
        let small = PixelBox(x: 10, y: 10, width: 50, height: 50)
        let range = IndexRange(first: 0, count: 6)
        let fill = DisplayCommand.fill(range, matrix: 0, color: SIMD4(1, 0, 0, 1))
        #expect(Compositor.commandsKept(under: full, from: [fill, .beginGroup(nil), fill, .endGroup(.composite(tint: .one)),
                                                            .pushScissor(small), fill, .popScissor]) == [])
        #expect(Compositor.commandsKept(under: full, from: [fill, .pushScissor(full), fill]) == [.pushScissor(full)])
        #expect(Compositor.commandsKept(under: full, from: [.pushScissor(small), fill]) == nil)
        #expect(Compositor.commandsKept(under: full, from: [.beginGroup(nil), fill]) == nil)
        #expect(Compositor.commandsKept(under: full, from: [.beginRaster(key: 1, width: 4, height: 4), fill, .endRaster]) == nil)
        #expect(Compositor.commandsKept(under: full, from: [.blurRaster(key: 1, sigma: 2)]) == nil)
    }
}
