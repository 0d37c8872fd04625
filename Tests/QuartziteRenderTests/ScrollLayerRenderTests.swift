import Foundation
import Testing
import Quartzite
import QuartziteRender

/// A scroll layer draws as a window onto its sublayers: scrolled content moves by the bounds' origin and is
/// cut to the window (it masks to its bounds by default).
@MainActor
@Suite(.serialized)
struct ScrollLayerRenderTests {
    @Test func scrolledContentShowsThroughTheWindowOnly() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = .white
        let window = CAScrollLayer()
        window.frame = CGRect(x: 20, y: 20, width: 40, height: 40)
        root.addSublayer(window)
        let colours: [(CGRect, CGColor)] = [
            (CGRect(x: 0, y: 0, width: 40, height: 40), CGColor(red: 1, green: 0, blue: 0, alpha: 1)),
            (CGRect(x: 40, y: 40, width: 40, height: 40), CGColor(red: 0, green: 0, blue: 1, alpha: 1)),
        ]
        for (frame, colour) in colours {
            let tile = CALayer()
            tile.frame = frame
            tile.backgroundColor = colour
            window.addSublayer(tile)
        }
        let renderer = try HeadlessRenderer(size: CGSize(width: 100, height: 100))
        defer { renderer.close() }
        let before = try renderer.render(root, at: 0)
        #expect(before.pixel(x: 30, y: 30) == rgba(255, 0, 0))
        #expect(before.pixel(x: 70, y: 70) == rgba(255, 255, 255), "the blue tile lies outside the window")
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        window.scroll(to: CGPoint(x: 40, y: 40))
        CATransaction.commit()
        let after = try renderer.render(root, at: 0)
        #expect(after.pixel(x: 30, y: 30) == rgba(0, 0, 255))
        #expect(after.pixel(x: 58, y: 58) == rgba(0, 0, 255))
        #expect(after.pixel(x: 15, y: 15) == rgba(255, 255, 255), "the red tile moved out and is cut away")
        #expect(after.pixel(x: 65, y: 65) == rgba(255, 255, 255))
    }
}
