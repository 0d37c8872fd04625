import Foundation
import Testing
import Quartzite
import QuartziteRender

/// shouldRasterize: the cached bitmap looks like the layer drawn directly, is drawn once and reused while
/// only the layer's own position, transform or opacity change, and is drawn again when its content changes.
@MainActor
@Suite(.serialized)
struct RasterizeTests {
    func tile(rasterized: Bool) -> (root: CALayer, tile: CALayer, dot: CAShapeLayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = .white
        let tile = CALayer()
        tile.frame = CGRect(x: 20, y: 20, width: 60, height: 60)
        tile.backgroundColor = CGColor(red: 0.1, green: 0.3, blue: 0.4, alpha: 1)
        tile.cornerRadius = 8
        tile.shouldRasterize = rasterized
        let dot = CAShapeLayer()
        dot.frame = tile.bounds
        dot.path = CGPath(ellipseIn: CGRect(x: 20, y: 20, width: 20, height: 20), transform: nil)
        dot.fillColor = CGColor(red: 0.3, green: 0.7, blue: 0.85, alpha: 1)
        tile.addSublayer(dot)
        root.addSublayer(tile)
        return (root, tile, dot)
    }

    @Test func rasterizedLooksLikeDirect() throws {
        let renderer = try HeadlessRenderer(size: CGSize(width: 100, height: 100))
        defer { renderer.close() }
        let direct = try renderer.render(tile(rasterized: false).root, at: 0)
        let cached = try renderer.render(tile(rasterized: true).root, at: 0)
        // Same pixels away from the edges; edges differ only by antialiasing (resampled once).
        for (x, y) in [(50, 50), (25, 50), (75, 75), (45, 45), (10, 10), (90, 50)] {
            #expect(maxChannelDifference(cached.pixel(x: x, y: y), direct.pixel(x: x, y: y) ?? .zero) <= 2, "(\(x), \(y))")
        }
        let differing = stride(from: 0, to: direct.rgba.count, by: 4).filter { i in
            (0..<3).contains { abs(Int(direct.rgba[i + $0]) - Int(cached.rgba[i + $0])) > 24 }
        }.count
        #expect(differing < 60, "\(differing) pixels differ by more than 24/255")
    }

    @Test func theBitmapIsReusedWhileOnlyItsPlaceChanges() {
        let scene = tile(rasterized: true)
        let compositor = Compositor(canvasSize: CGSize(width: 100, height: 100), contentScale: 1)
        func rasters(_ list: DisplayList) -> Int {
            list.commands.filter { if case .beginRaster = $0 { return true } else { return false } }.count
        }
        func draws(_ list: DisplayList) -> Int {
            list.commands.filter { if case .rasterImage = $0 { return true } else { return false } }.count
        }
        CATransaction.setDisableActions(true)
        var list = compositor.build(Evaluator.presentationTree(of: scene.root, at: 0))
        #expect(rasters(list) == 1 && draws(list) == 1)
        scene.tile.position = CGPoint(x: 40, y: 60)
        scene.tile.opacity = 0.5
        scene.tile.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        list = compositor.build(Evaluator.presentationTree(of: scene.root, at: 0))
        #expect(rasters(list) == 0 && draws(list) == 1)
        scene.dot.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        list = compositor.build(Evaluator.presentationTree(of: scene.root, at: 0))
        #expect(rasters(list) == 1)
        CATransaction.flush()
    }
}
