import Foundation
import Testing
import Quartzite
import QuartziteRender

/// CAGradientLayer against closed-form values of Core Animation's gradient rules (Apple's meaning of
/// startPoint/endPoint per type; colours interpolated in straight sRGB components).
@MainActor
@Suite(.serialized)
struct GradientRenderTests {
    func render(_ layer: CALayer, size: CGFloat = 100) throws -> Bitmap {
        let renderer = try HeadlessRenderer(size: CGSize(width: size, height: size))
        defer { renderer.close() }
        renderer.dithersGradients = false
        return try renderer.render(layer, at: 0)
    }

    func gradientLayer(_ colors: [CGColor], type: CAGradientLayerType = .axial) -> CAGradientLayer {
        let g = CAGradientLayer()
        g.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        g.colors = colors
        g.type = type
        return g
    }

    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    @Test func axialFollowsTheLineFromStartToEnd() throws {
        let g = gradientLayer([red, blue])
        g.startPoint = CGPoint(x: 0, y: 0.5)
        g.endPoint = CGPoint(x: 1, y: 0.5)
        let bitmap = try render(g)
        for x in [0, 10, 37, 50, 81, 99] {
            let t = (Double(x) + 0.5) / 100
            let expected = SIMD4<UInt8>(UInt8((255 * (1 - t)).rounded()), 0, UInt8((255 * t).rounded()), 255)
            #expect(maxChannelDifference(bitmap.pixel(x: x, y: 50), expected) <= 1, "x = \(x)")
        }
        // The default direction is top to bottom: a second layer with default points varies along y only.
        let vertical = try render(gradientLayer([red, blue]))
        #expect(vertical.pixel(x: 10, y: 20) == vertical.pixel(x: 90, y: 20))
        #expect(maxChannelDifference(vertical.pixel(x: 10, y: 0), SIMD4(254, 0, 1, 255)) <= 1)
    }

    @Test func locationsOutsideTheUnitRangeAndClampingAtTheEnds() throws {
        // Seed 003's shimmer uses stops from -1 to 1: at t the colour is the piecewise-linear mix.
        let cyan = CGColor(red: 0, green: 1, blue: 1, alpha: 1), yellow = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
        let g = gradientLayer([cyan, yellow, cyan, yellow, cyan])
        g.startPoint = CGPoint(x: 0, y: 0)
        g.endPoint = CGPoint(x: 1, y: 0)
        g.locations = [-1, -0.5, 0, 0.5, 1]
        let bitmap = try render(g)
        for x in [5, 25, 49, 75, 95] {
            let t = (Double(x) + 0.5) / 100
            // Between 0 (cyan) and 0.5 (yellow), then back to cyan at 1.
            let f = t <= 0.5 ? t / 0.5 : 1 - (t - 0.5) / 0.5
            let expected = SIMD4<UInt8>(UInt8((255 * f).rounded()), 255, UInt8((255 * (1 - f)).rounded()), 255)
            #expect(maxChannelDifference(bitmap.pixel(x: x, y: 10), expected) <= 1, "x = \(x)")
        }
        // Stops all above the layer: everything before the first stop takes its colour.
        let late = gradientLayer([red, blue])
        late.locations = [2, 3]
        #expect(try render(late).pixel(x: 50, y: 50) == SIMD4(255, 0, 0, 255))
    }

    /// A hard stop (two stops at 0.5) follows the piecewise rule in both shader forms: up to 4 stops (blended
    /// without branches) and more (a search), the second made by repeating the last stop, which changes nothing.
    @Test(arguments: [4, 6])
    func hardStopInBothStopCountForms(stops: Int) throws {
        let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1), yellow = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
        let g = gradientLayer([red, blue, green] + Array(repeating: yellow, count: stops - 3))
        g.startPoint = CGPoint(x: 0, y: 0)
        g.endPoint = CGPoint(x: 1, y: 0)
        g.locations = ([0, 0.5, 0.5] + Array(repeating: 1, count: stops - 3)).map { NSNumber(value: $0) }
        let bitmap = try render(g)
        for x in [10, 30, 49, 50, 70, 90] {
            let t = (Double(x) + 0.5) / 100
            let expected: SIMD4<UInt8> = t < 0.5
                ? SIMD4(UInt8((255 * (1 - t / 0.5)).rounded()), 0, UInt8((255 * t / 0.5).rounded()), 255)
                : SIMD4(UInt8((255 * (t - 0.5) / 0.5).rounded()), 255, 0, 255)
            #expect(maxChannelDifference(bitmap.pixel(x: x, y: 10), expected) <= 1, "\(stops) stops, x = \(x)")
        }
    }

    /// Two stops take the shader's single-blend form: at one location they make a hard step, and apart the
    /// colour holds before the first and after the second (locations 0.25 and 0.75).
    @Test func twoStopsStepAndHoldOutsideTheirLocations() throws {
        let step = gradientLayer([red, blue])
        step.startPoint = CGPoint(x: 0, y: 0)
        step.endPoint = CGPoint(x: 1, y: 0)
        step.locations = [NSNumber(value: 0.5), NSNumber(value: 0.5)]
        let stepped = try render(step)
        for x in [10, 49] { #expect(maxChannelDifference(stepped.pixel(x: x, y: 10), rgba(255, 0, 0)) <= 1, "x = \(x)") }
        for x in [50, 90] { #expect(maxChannelDifference(stepped.pixel(x: x, y: 10), rgba(0, 0, 255)) <= 1, "x = \(x)") }

        let ramp = gradientLayer([red, blue])
        ramp.startPoint = CGPoint(x: 0, y: 0)
        ramp.endPoint = CGPoint(x: 1, y: 0)
        ramp.locations = [NSNumber(value: 0.25), NSNumber(value: 0.75)]
        let ramped = try render(ramp)
        for x in [5, 24, 30, 50, 70, 75, 95] {
            let t = min(max(((Double(x) + 0.5) / 100 - 0.25) / 0.5, 0), 1)
            let expected = SIMD4<UInt8>(UInt8((255 * (1 - t)).rounded()), 0, UInt8((255 * t).rounded()), 255)
            #expect(maxChannelDifference(ramped.pixel(x: x, y: 10), expected) <= 1, "x = \(x)")
        }
    }

    @Test func radialIsAnEllipseCentredOnStartPoint() throws {
        let g = gradientLayer([red, blue], type: .radial)
        g.startPoint = CGPoint(x: 0.5, y: 0.5)
        g.endPoint = CGPoint(x: 1, y: 1)   // radii 50 x 50
        let bitmap = try render(g)
        for (x, y) in [(50, 50), (70, 50), (50, 20), (80, 80), (0, 0)] {
            let d = hypot(Double(x) + 0.5 - 50, Double(y) + 0.5 - 50) / 50
            let t = min(d, 1)
            let expected = SIMD4<UInt8>(UInt8((255 * (1 - t)).rounded()), 0, UInt8((255 * t).rounded()), 255)
            #expect(maxChannelDifference(bitmap.pixel(x: x, y: y), expected) <= 1, "(\(x), \(y))")
        }
    }

    @Test func conicStartsTowardsEndPointAndTurnsClockwise() throws {
        let g = gradientLayer([red, blue], type: .conic)
        g.startPoint = CGPoint(x: 0.5, y: 0.5)
        g.endPoint = CGPoint(x: 0.5, y: 0)   // 0 at 12 o'clock
        let bitmap = try render(g)
        // 3 o'clock is a quarter turn clockwise on screen, 6 o'clock half, 9 o'clock three quarters.
        for (x, y, turn) in [(90, 50, 0.25), (50, 90, 0.5), (10, 50, 0.75)] {
            let px = Double(x) + 0.5 - 50, py = Double(y) + 0.5 - 50
            var t = (atan2(py, px) + Double.pi / 2) / (2 * Double.pi)
            if t < 0 { t += 1 }
            #expect(abs(t - turn) < 0.01)
            let expected = SIMD4<UInt8>(UInt8((255 * (1 - t)).rounded()), 0, UInt8((255 * t).rounded()), 255)
            #expect(maxChannelDifference(bitmap.pixel(x: x, y: y), expected) <= 1, "(\(x), \(y))")
        }
    }

    @Test func straightAlphaInterpolationAndOpacity() throws {
        // From clear black to opaque white at the midpoint: straight components (127.5, 127.5, 127.5, 0.5),
        // premultiplied over black canvas -> 64 grey; Core Animation's well-known grey halo.
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = .black
        let g = gradientLayer([CGColor(red: 0, green: 0, blue: 0, alpha: 0), .white])
        g.startPoint = CGPoint(x: 0, y: 0)
        g.endPoint = CGPoint(x: 1, y: 0)
        root.addSublayer(g)
        let bitmap = try render(root)
        let p = try #require(bitmap.pixel(x: 49, y: 50))
        let t = 49.5 / 100
        let expected = 255 * t * t  // colour t x 255 at alpha t, over black
        #expect(abs(Double(p[0]) - expected) <= 1.5)
    }
}
