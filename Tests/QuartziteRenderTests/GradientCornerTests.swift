import Foundation
import Testing
import Quartzite
@testable import QuartziteRender

/// A gradient layer "draws a color gradient over its background color, filling the shape of the layer
/// (i.e. including rounded corners)" (CAGradientLayer.h): with a corner radius and no mask, the corners stay
/// clear, still and animated alike.
@MainActor
@Suite(.serialized)
struct GradientCornerTests {
    @Test(arguments: [false, true])
    func aRoundedGradientLayerLeavesItsCornersClear(moving: Bool) throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        gradient.cornerRadius = 30
        root.addSublayer(gradient)
        MediaClock.performFrozen(at: 10) {
            if moving {
                let slide = CABasicAnimation(keyPath: "position.x")
                slide.fromValue = 50
                slide.toValue = 50.25
                slide.duration = 100
                gradient.add(slide, forKey: "slide")
            }
            CATransaction.flush()
        }
        let renderer = try HeadlessRenderer(size: CGSize(width: 100, height: 100))
        defer { renderer.close() }
        let bitmap = try renderer.render(root, at: 10)
        // Outside the corner's quarter circle (distance from (30, 30) above 30): the grey canvas.
        for (x, y) in [(2, 2), (97, 2), (2, 97), (97, 97)] {
            #expect(bitmap.pixel(x: x, y: y) == SIMD4(128, 128, 128, 255), "corner (\(x), \(y))")
        }
        let left = try #require(bitmap.pixel(x: 5, y: 50)), right = try #require(bitmap.pixel(x: 95, y: 50))
        #expect(left[0] > 200 && left[2] < 40 && right[2] > 200 && right[0] < 40)
    }
}
