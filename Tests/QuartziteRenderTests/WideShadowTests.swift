import Foundation
import Testing
import Quartzite
@testable import QuartziteRender

/// Shadows whose radius passes 64 / 3 device pixels (the most taps the blur takes a side): the blur keeps its
/// Gaussian width, against the closed form. A black shadow of a w x w square blurred by sigma, at distance d
/// right of its edge on its middle row, has alpha [Phi((d + w) / sigma) - Phi(d / sigma)] [2 Phi(w / 2 sigma) - 1].
@MainActor
@Suite(.serialized)
struct WideShadowTests {
    /// The standard normal's cumulative distribution.
    func phi(_ x: Double) -> Double { 0.5 * (1 + erf(x / 2.squareRoot())) }

    func expectedGrey(sigma: Double, side: Double, distance: Double) -> Double {
        let alpha = (phi((distance + side) / sigma) - phi(distance / sigma)) * (2 * phi(side / (2 * sigma)) - 1)
        return 255 * (1 - alpha)
    }

    @Test(arguments: [12.0, 30.0, 64.0])
    func aWideShadowKeepsItsGaussian(radius: Double) throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        root.backgroundColor = .white
        let square = CALayer()
        square.frame = CGRect(x: 175, y: 125, width: 50, height: 50)
        square.backgroundColor = .white
        square.shadowOpacity = 1
        square.shadowRadius = CGFloat(radius)
        square.shadowOffset = .zero
        root.addSublayer(square)
        let renderer = try HeadlessRenderer(size: CGSize(width: 400, height: 300))
        defer { renderer.close() }
        let bitmap = try renderer.render(root, at: 0)
        for distance in [5.0, 20.0, 60.0] {
            let x = 225 + Int(distance)
            let grey = Double(try #require(bitmap.pixel(x: x, y: 150))[0])
            // Pixel centres sit half a pixel further out than the column's left edge.
            let expected = expectedGrey(sigma: radius, side: 50, distance: distance + 0.5)
            #expect(abs(grey - expected) <= 3, "radius \(radius) at \(distance): \(grey) against \(expected)")
        }
    }
}
