import Foundation
import Testing
import Quartzite
import QuartziteRender

/// `minificationFilter`: linear samples the full-size image, trilinear its mipmaps (Apple's
/// `CALayerContentsFilter.trilinear`), made when a draw first asks for them.
@MainActor
@Suite(.serialized)
struct MinificationFilterTests {
    /// 256x256 pixels of 8x8 blocks, each white but for a black 2x2 square at its centre (texels 3 and 4).
    func blocks() throws -> CGImage {
        var bytes: [UInt8] = []
        for y in 0..<256 {
            for x in 0..<256 {
                let dark = (3...4).contains(x % 8) && (3...4).contains(y % 8)
                bytes += dark ? [0, 0, 0, 255] : [255, 255, 255, 255]
            }
        }
        return try CGImage(width: 256, height: 256, premultipliedRGBA: bytes)
    }

    /// The image shown 8x smaller (a 32x32 layer): each pixel's centre falls on texel 8i + 4 of the image,
    /// between texels 3 and 4 of a block.
    func layer(showing image: CGImage, filter: CALayerContentsFilter) -> CALayer {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 32, height: 32)
        layer.contents = image
        layer.minificationFilter = filter
        return layer
    }

    /// Bilinear sampling at a block's centre weighs only its two dark texels each way: black.
    @Test func linearMinificationSamplesTheFullSizeImage() throws {
        let renderer = try HeadlessRenderer(size: CGSize(width: 32, height: 32))
        defer { renderer.close() }
        let b = try renderer.render(layer(showing: try blocks(), filter: .linear), at: 0)
        for (x, y) in [(0, 0), (13, 21), (31, 31)] {
            #expect(b.pixel(x: x, y: y) == rgba(0, 0, 0), "(\(x), \(y))")
        }
    }

    /// Mipmap level 3 averages each 8x8 block: 60 of 64 texels white, 255 · 60 / 64 = 239.
    @Test func trilinearMinificationAveragesEachBlock() throws {
        let renderer = try HeadlessRenderer(size: CGSize(width: 32, height: 32))
        defer { renderer.close() }
        let b = try renderer.render(layer(showing: try blocks(), filter: .trilinear), at: 0)
        for (x, y) in [(0, 0), (13, 21), (31, 31)] {
            let p = try #require(b.pixel(x: x, y: y))
            #expect(abs(Int(p.x) - 239) <= 4 && p.x == p.y && p.y == p.z, "(\(x), \(y)): \(p)")
        }
    }

    /// The same image drawn first without mipmaps, then trilinearly in a later frame: its texture, uploaded
    /// without them, gets them then.
    @Test func mipmapsAreMadeWhenATrilinearDrawFirstNeedsThem() throws {
        let renderer = try HeadlessRenderer(size: CGSize(width: 32, height: 32))
        defer { renderer.close() }
        let image = try blocks()
        let shown = layer(showing: image, filter: .linear)
        let first = try renderer.render(shown, at: 0)
        #expect(first.pixel(x: 13, y: 21) == rgba(0, 0, 0))
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        shown.minificationFilter = .trilinear
        CATransaction.commit()
        let second = try renderer.render(shown, at: 1.0 / 60)
        let p = try #require(second.pixel(x: 13, y: 21))
        #expect(abs(Int(p.x) - 239) <= 4, "\(p)")
    }
}
