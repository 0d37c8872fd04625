import Foundation
import Testing
@testable import Quartzite

/// `render(in:)`'s shadows, replicator copies and conic gradients in UIKit image contexts (y down in points,
/// as the layers see them, at scale 1), against closed forms: where an offset moves a shadow, the Gaussian
/// a shadowRadius blurs with, where instanceTransform puts each copy and what colour its offsets give it,
/// and the colour a conic gradient has at each angle.
@Suite(.serialized) struct RenderInContextEffectsTests {
    func snapshot(_ layer: CALayer, _ size: CGSize) -> [UInt8] {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: size, format: format).image { layer.render(in: $0.cgContext) }
        return image.cgImage?.premultipliedRGBA ?? []
    }

    func pixel(_ bytes: [UInt8], _ width: Int, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * width + x) * 4
        guard i >= 0, i + 4 <= bytes.count else { return [] }
        return bytes[i ..< i + 4].map { Int($0) }
    }

    func near(_ a: [Int], _ b: [Int], _ tolerance: Int) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    func layer(_ frame: CGRect, _ color: CGColor?) -> CALayer {
        let made = CALayer()
        made.frame = frame
        made.backgroundColor = color
        return made
    }

    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)

    // MARK: Shadows

    /// With no blur, the shadow is the layer's silhouette moved by shadowOffset (down and right in the
    /// layer's y-down space), in shadowColor at shadowOpacity, beneath the layer.
    @Test func anUnblurredShadowIsTheSilhouetteMovedByTheOffset() {
        let card = layer(CGRect(x: 5, y: 5, width: 20, height: 20), Self.blue)
        card.shadowColor = Self.red
        card.shadowOpacity = 1
        card.shadowOffset = CGSize(width: 10, height: 10)
        card.shadowRadius = 0
        let root = layer(CGRect(x: 0, y: 0, width: 40, height: 40), nil)
        root.addSublayer(card)
        let image = snapshot(root, CGSize(width: 40, height: 40))
        #expect(pixel(image, 40, 20, 20) == [0, 0, 255, 255], "the layer covers its shadow")
        #expect(pixel(image, 40, 30, 30) == [255, 0, 0, 255] && pixel(image, 40, 34, 15) == [255, 0, 0, 255])
        #expect(pixel(image, 40, 35, 35) == [0, 0, 0, 0] && pixel(image, 40, 10, 30) == [0, 0, 0, 0]
                && pixel(image, 40, 30, 10) == [0, 0, 0, 0])

        card.shadowOpacity = 0.5
        let half = snapshot(root, CGSize(width: 40, height: 40))
        #expect(near(pixel(half, 40, 30, 30), [128, 0, 0, 128], 1), "\(pixel(half, 40, 30, 30))")
    }

    /// shadowRadius is the Gaussian's standard deviation in the layer's points: across the shadow's edge
    /// the alpha follows the normal distribution Φ(d / radius) of the distance d inside the edge.
    @Test func theShadowRadiusIsTheGaussiansStandardDeviation() {
        let bar = layer(CGRect(x: 0, y: 0, width: 40, height: 100), Self.blue)
        bar.shadowColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        bar.shadowOpacity = 1
        bar.shadowOffset = CGSize(width: 40, height: 0)
        bar.shadowRadius = 4
        let image = snapshot(bar, CGSize(width: 100, height: 100))
        // The shadow's right edge lies at x = 80; a pixel's centre is at x + 0.5.
        func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.squareRoot()) }
        for x in [72, 76, 79, 80, 84, 88] {
            let expected = Int((255 * phi((80 - (Double(x) + 0.5)) / 4)).rounded())
            let alpha = pixel(image, 100, x, 50).last ?? -1
            #expect(abs(alpha - expected) <= 3, "x \(x): alpha \(alpha), Φ gives \(expected)")
        }
    }

    /// A shadowPath casts the shadow in place of the content; without one, the sublayers of a layer that
    /// draws nothing itself cast the shadow; masksToBounds cuts the shadow away.
    @Test func shadowPathSublayersAndMasksToBounds() {
        let holder = layer(CGRect(x: 0, y: 0, width: 40, height: 40), nil)
        holder.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        holder.shadowOpacity = 1
        holder.shadowRadius = 0
        holder.shadowOffset = CGSize(width: 25, height: 5)
        holder.addSublayer(layer(CGRect(x: 0, y: 20, width: 10, height: 10), Self.blue))
        let fromPath = snapshot(holder, CGSize(width: 40, height: 40))
        #expect(pixel(fromPath, 40, 30, 10) == [0, 0, 0, 255] && pixel(fromPath, 40, 24, 10) == [0, 0, 0, 0])
        #expect(pixel(fromPath, 40, 30, 30) == [0, 0, 0, 0], "the content casts nothing beside the path")
        #expect(pixel(fromPath, 40, 5, 25) == [0, 0, 255, 255])

        holder.shadowPath = nil
        let fromContent = snapshot(holder, CGSize(width: 40, height: 40))
        #expect(pixel(fromContent, 40, 30, 30) == [0, 0, 0, 255] && pixel(fromContent, 40, 30, 10) == [0, 0, 0, 0])
        #expect(pixel(fromContent, 40, 5, 25) == [0, 0, 255, 255])

        holder.masksToBounds = true
        let clipped = snapshot(holder, CGSize(width: 40, height: 40))
        #expect(pixel(clipped, 40, 30, 30) == [0, 0, 0, 0] && pixel(clipped, 40, 5, 25) == [0, 0, 255, 255])
    }

    // MARK: Replicator copies

    /// Copy i lies instanceTransform applied i times away and is multiplied by instanceColor plus i times
    /// the offsets: white tinted (1, 1 - 0.5i, 1, 1 - 0.25i), premultiplied.
    @Test func copiesTranslateAndTakeTheirOffsetColours() {
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 0, y: 0, width: 60, height: 10)
        replicator.addSublayer(layer(CGRect(x: 0, y: 0, width: 10, height: 10), Self.white))
        replicator.instanceCount = 3
        replicator.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        replicator.instanceColor = Self.white
        replicator.instanceGreenOffset = -0.5
        replicator.instanceAlphaOffset = -0.25
        replicator.instanceDelay = 0.5
        let image = snapshot(replicator, CGSize(width: 60, height: 10))
        #expect(pixel(image, 60, 5, 5) == [255, 255, 255, 255])
        #expect(near(pixel(image, 60, 25, 5), [191, 96, 191, 191], 1), "\(pixel(image, 60, 25, 5))")
        #expect(near(pixel(image, 60, 45, 5), [128, 0, 128, 128], 1), "\(pixel(image, 60, 45, 5))")
        #expect(pixel(image, 60, 15, 5) == [0, 0, 0, 0] && pixel(image, 60, 55, 5) == [0, 0, 0, 0])
    }

    /// instanceTransform turns each copy about the centre of the replicator's bounds: a quarter turn four
    /// times puts a square from the top to the right, bottom and left (a quarter turn in the layer's y-down
    /// space takes up to right).
    @Test func copiesTurnAboutTheReplicatorsCentre() {
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        replicator.addSublayer(layer(CGRect(x: 25, y: 0, width: 10, height: 10), Self.blue))
        replicator.instanceCount = 4
        replicator.instanceTransform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let image = snapshot(replicator, CGSize(width: 60, height: 60))
        for (x, y) in [(30, 5), (55, 30), (30, 55), (5, 30)] {
            #expect(pixel(image, 60, x, y) == [0, 0, 255, 255], "a copy at (\(x), \(y))")
        }
        #expect(pixel(image, 60, 30, 30) == [0, 0, 0, 0] && pixel(image, 60, 5, 5) == [0, 0, 0, 0])
    }

    /// A count of 0 draws no copy; a hostile count is cut to the Evaluator's limit with a message and
    /// nested replicators stop within the replicated-layer budget, without hanging.
    @Test func hostileCountsAreBounded() {
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        replicator.addSublayer(layer(CGRect(x: 0, y: 0, width: 10, height: 10), Self.blue))
        replicator.instanceCount = 0
        #expect(pixel(snapshot(replicator, CGSize(width: 10, height: 10)), 10, 5, 5) == [0, 0, 0, 0])

        replicator.instanceCount = Int.max
        let inner = CAReplicatorLayer()
        inner.frame = replicator.bounds
        inner.instanceCount = 1_000_000
        inner.addSublayer(layer(CGRect(x: 0, y: 0, width: 1, height: 1), Self.red))
        replicator.addSublayer(inner)
        let started = Date()
        let image = snapshot(replicator, CGSize(width: 10, height: 10))
        #expect(pixel(image, 10, 5, 5) == [0, 0, 255, 255])
        #expect(Date().timeIntervalSince(started) < 60)
        #expect(Diagnostics.messages.contains { $0.contains("render(in:): only") || $0.contains("replicated layers") })
    }

    // MARK: Conic gradients

    /// Around the start point, location t lies at angle 2πt from the end point's direction, clockwise as
    /// the layer stands (from its x axis towards its y axis); the colour there is the stops' linear
    /// interpolation.
    @Test func aConicGradientsColourAtEachAngle() {
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        gradient.type = .conic
        gradient.colors = [Self.red, CGColor(red: 0, green: 1, blue: 0, alpha: 1), Self.blue]
        gradient.locations = [0, 0.25, 1]
        gradient.startPoint = CGPoint(x: 0.5, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        let image = snapshot(gradient, CGSize(width: 60, height: 60))
        func expected(_ t: Double) -> [Int] {
            let rgb = t < 0.25 ? [1 - t / 0.25, t / 0.25, 0] : [0, 1 - (t - 0.25) / 0.75, (t - 0.25) / 0.75]
            return rgb.map { Int(($0 * 255).rounded()) } + [255]
        }
        var checked = 0
        for y in stride(from: 1, to: 60, by: 4) {
            for x in stride(from: 1, to: 60, by: 4) {
                let dx = Double(x) + 0.5 - 30, dy = Double(y) + 0.5 - 30
                let angle = atan2(dy, dx), t = (angle < 0 ? angle + 2 * .pi : angle) / (2 * .pi)
                // Away from the centre and the seam where 1 meets 0.
                guard hypot(dx, dy) > 4, t > 0.02, t < 0.98 else { continue }
                checked += 1
                #expect(near(pixel(image, 60, x, y), expected(t), 1), "(\(x), \(y)) at t \(t): \(pixel(image, 60, x, y))")
            }
        }
        #expect(checked > 150)
    }
}
