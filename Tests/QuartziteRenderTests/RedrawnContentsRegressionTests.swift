import Foundation
import Testing
import Quartzite
import QuartziteRender

/// A layer whose contents are a new image every frame (a `draw(in:)` layer redrawn each frame, as the dial
/// demo's gauge is) keeps a bounded number of textures: once nothing holds an image, its texture leaves the
/// cache at the frame's end. It used to stay for the unused-texture timeout, with its image: the dial held
/// 2.8 GB after 300 frames.
@MainActor
@Suite(.serialized)
struct RedrawnContentsRegressionTests {
    /// A solid `side`-pixel square image of grey level `level`.
    func square(_ side: Int, level: UInt8) throws -> CGImage {
        try CGImage(width: side, height: side, premultipliedRGBA: [UInt8](repeating: 0, count: side * side * 4).enumerated()
            .map { $0.offset % 4 == 3 ? 255 : level })
    }

    /// Sets contents without the implicit cross-fade, as the display cycle does.
    func show(_ image: CGImage, in layer: CALayer) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.contents = image
        CATransaction.commit()
    }

    @Test func texturesOfReplacedContentsAreNotKept() throws {
        let renderer = try HeadlessRenderer(size: CGSize(width: 32, height: 32))
        defer { renderer.close() }
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 32, height: 32)
        for frame in 0..<40 {
            let level = UInt8(frame * 6)
            show(try square(32, level: level), in: layer)
            let bitmap = try renderer.render(layer, at: Double(frame) / 60)
            // Each frame shows its own image, including those uploaded into a recycled texture.
            #expect(bitmap.pixel(x: 16, y: 16) == SIMD4(level, level, level, 255), "frame \(frame)")
        }
        let counts = renderer.imageTextureCounts
        #expect(counts.live == 1, "only the image still shown has a texture: \(counts)")
        #expect(counts.spare <= 2, "a texture or two kept for the next image of the size: \(counts)")
    }

    /// An image still held elsewhere keeps its texture although no frame draws it for a while.
    @Test func anImageStillHeldKeepsItsTexture() throws {
        let renderer = try HeadlessRenderer(size: CGSize(width: 32, height: 32))
        defer { renderer.close() }
        let kept = try square(32, level: 200)
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 32, height: 32)
        layer.contents = kept
        _ = try renderer.render(layer, at: 0)
        show(try square(16, level: 10), in: layer)
        _ = try renderer.render(layer, at: 1.0 / 60)
        #expect(renderer.imageTextureCounts.live == 2)
        show(kept, in: layer)
        let again = try renderer.render(layer, at: 2.0 / 60)
        #expect(again.pixel(x: 16, y: 16) == SIMD4(200, 200, 200, 255))
    }
}
