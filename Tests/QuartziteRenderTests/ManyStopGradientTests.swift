import Foundation
import Testing
import Quartzite
@testable import QuartziteRender

/// Gradients of more colours than the shader's 16 stops: drawn through the stops that follow them closest, so
/// a hue wheel (piecewise linear in RGB, corners every sixth of the way) keeps every hue, and the last colour
/// still ends the gradient.
@MainActor
@Suite(.serialized)
struct ManyStopGradientTests {
    /// Full saturation and brightness at `hue` (0...1): the hexcone's closed form, 0...255.
    func hueColor(_ hue: Double) -> [Double] {
        let h = hue * 6, x = 1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)
        let (r, g, b): (Double, Double, Double) = switch Int(h) % 6 {
        case 0: (1, x, 0)
        case 1: (x, 1, 0)
        case 2: (0, 1, x)
        case 3: (0, x, 1)
        case 4: (x, 0, 1)
        default: (1, 0, x)
        }
        return [r * 255, g * 255, b * 255]
    }

    func render(_ colors: [CGColor]) throws -> Bitmap {
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: 360, height: 10)
        gradient.colors = colors
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        let renderer = try HeadlessRenderer(size: CGSize(width: 360, height: 10))
        defer { renderer.close() }
        return try renderer.render(gradient, at: 0)
    }

    @Test func aHueWheelOf361ColoursKeepsEveryHue() throws {
        let colors = (0...360).map { degree -> CGColor in
            let c = hueColor(Double(degree) / 360)
            return CGColor(red: c[0] / 255, green: c[1] / 255, blue: c[2] / 255, alpha: 1)
        }
        let bitmap = try render(colors)
        for x in stride(from: 0, to: 360, by: 7) {
            let pixel = try #require(bitmap.pixel(x: x, y: 5))
            let expected = hueColor((Double(x) + 0.5) / 360)
            let worst = (0..<3).map { abs(Double(pixel[$0]) - expected[$0]) }.max() ?? 0
            #expect(worst <= 3, "x \(x): \(pixel) against \(expected)")
        }
    }

    @Test func theLastOfManyColoursStillEndsTheGradient() throws {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let colors = (0..<19).map { $0 % 2 == 0 ? red : blue } + [CGColor(red: 0, green: 1, blue: 0, alpha: 1)]
        let end = try #require(try render(colors).pixel(x: 359, y: 5))
        #expect(end[1] > 200 && end[0] < 60 && end[2] < 60, "\(end)")
    }
}
