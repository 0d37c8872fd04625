import Foundation
import Testing
import Quartzite
import QuartziteRender

/// A shadow costs a blur only when its inputs change, and the cached blur draws the same pixels as
/// a fresh one: moving, fading or recolouring a shadow reuses its blur; a new shadowRadius, path or content
/// blurs again.
@MainActor
@Suite(.serialized)
struct ShadowCacheTests {
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    func scene() -> (root: CALayer, card: CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 120, height: 120)
        root.backgroundColor = .white
        let card = CALayer()
        card.frame = CGRect(x: 20, y: 20, width: 40, height: 30)
        card.backgroundColor = blue
        card.cornerRadius = 5
        card.shadowOpacity = 0.8
        card.shadowRadius = 4
        card.shadowOffset = CGSize(width: 3, height: 8)
        root.addSublayer(card)
        return (root, card)
    }

    @Test func movingAShadowReusesItsBlurAndDrawsWhatAFreshBlurDraws() throws {
        let (root, card) = scene()
        let renderer = try HeadlessRenderer(size: CGSize(width: 120, height: 120))
        defer { renderer.close() }
        #expect(try renderer.renderTimed(root, at: 0).blurs == 1)
        withoutActions { card.position = CGPoint(x: 70, y: 65) }
        #expect(try renderer.renderTimed(root, at: 0).blurs == 0)
        withoutActions { card.shadowOpacity = 0.5; card.shadowOffset = CGSize(width: -2, height: 5); card.shadowColor = blue }
        #expect(try renderer.renderTimed(root, at: 0).blurs == 0)
        let cached = try renderer.render(root, at: 0)

        let fresh = try HeadlessRenderer(size: CGSize(width: 120, height: 120))
        defer { fresh.close() }
        let drawnNew = try fresh.render(root, at: 0)
        #expect(largestDifference(cached, drawnNew) <= 1)
    }

    @Test func newInputsBlurAgain() throws {
        let (root, card) = scene()
        let renderer = try HeadlessRenderer(size: CGSize(width: 120, height: 120))
        defer { renderer.close() }
        _ = try renderer.renderTimed(root, at: 0)
        withoutActions { card.shadowRadius = 6 }
        #expect(try renderer.renderTimed(root, at: 0).blurs == 1)
        withoutActions { card.cornerRadius = 12 }
        #expect(try renderer.renderTimed(root, at: 0).blurs == 1)
        withoutActions { card.shadowPath = CGPath(ellipseIn: card.bounds, transform: nil) }
        #expect(try renderer.renderTimed(root, at: 0).blurs == 1)
        withoutActions { card.position.x += 7 }
        #expect(try renderer.renderTimed(root, at: 0).blurs == 0)
    }

    @Test func anAnimatedPositionBlursOnce() throws {
        let (root, card) = scene()
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 30.0
        slide.toValue = 90.0
        slide.duration = 1
        slide.beginTime = 5
        card.add(slide, forKey: "slide")
        let renderer = try HeadlessRenderer(size: CGSize(width: 120, height: 120))
        defer { renderer.close() }
        var blurs = 0
        for frame in 0..<30 { blurs += try renderer.renderTimed(root, at: 5 + Double(frame) / 30).blurs }
        #expect(blurs == 1)
    }

    /// The cached blur is the Gaussian Core Animation draws: sigma = shadowRadius, placed at shadowOffset
    /// (the same closed form as CompositingTests, here with the layer moved after the blur was made).
    @Test func aMovedCachedShadowIsStillTheGaussianAtTheOffset() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 120)
        root.backgroundColor = .white
        let box = CALayer()
        box.frame = CGRect(x: 20, y: 10, width: 40, height: 40)
        box.backgroundColor = blue
        box.shadowColor = .black
        box.shadowOpacity = 1
        box.shadowRadius = 4
        box.shadowOffset = CGSize(width: 0, height: 30)
        root.addSublayer(box)
        let renderer = try HeadlessRenderer(size: CGSize(width: 100, height: 120))
        defer { renderer.close() }
        _ = try renderer.render(root, at: 0)
        withoutActions { box.position.y += 10 }   // now as in CompositingTests: the box spans y 20 ... 60
        let timings = try renderer.renderTimed(root, at: 0)
        #expect(timings.blurs == 0)
        let bitmap = try renderer.render(root, at: 0)
        // The shadow's bottom edge is at y = 90; a pixel centre d points outside it is covered Φ(-d / 4).
        func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.squareRoot()) }
        for (y, d) in [(86, -3.5), (90, 0.5), (93, 3.5)] {
            let grey = 255 * (1 - phi(-d / 4))
            let p = try #require(bitmap.pixel(x: 40, y: y))
            #expect(abs(Double(p[0]) - grey) <= 4, "y = \(y): \(p[0]) vs \(grey)")
        }
        #expect(bitmap.pixel(x: 40, y: 40) == rgba(0, 0, 255))
    }
}
