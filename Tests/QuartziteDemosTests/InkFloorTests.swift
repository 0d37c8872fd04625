import Foundation
import Testing
import Quartzite
import QuartziteRender
@testable import QuartziteBench

/// The ink floor's tree draws exactly the pixels it stands for, as the renderer counts them.
@MainActor
@Suite(.serialized)
struct InkFloorTests {
    /// 2.5 canvases of 160 x 90: two whole layers and one of half the height, 36,000 pixels, and the
    /// one-pixel fringe of coverage antialiasing under the half layer's bottom edge (the other edges lie
    /// off the canvas).
    @Test func theFloorTreeDrawsTheInkAskedFor() throws {
        let size = CGSize(width: 160, height: 90)
        let renderer = try HeadlessRenderer(size: size)
        defer { renderer.close() }
        let target = Benchmark.Target(name: "test", samples: 1, pixelWidth: 160, pixelHeight: 90,
                                      setSkipping: { _ in }, setCountingInk: { _ in },
                                      render: { try renderer.renderTimed($0, at: $1) })
        let tree = try InkFloor.tree(pixels: 2.5 * 160 * 90, target: target, size: size)
        #expect(tree.sublayers?.count == 3)
        renderer.countsInk = true
        let counted = try renderer.renderTimed(tree, at: 0).inkPixels
        #expect(counted == 36_000 + 160, "\(String(describing: counted))")
    }
}
