import Foundation
import Testing
import Quartzite
import QuartziteRender

/// A gradient layer under a binary shape mask is drawn by painting the mask's triangles with the gradient
/// (one draw). Expected colours are the axial gradient's closed form at the pixel centre; the cases the
/// shortcut must refuse (translucent overlaps, a mask reaching outside the bounds) still draw as Core
/// Animation does.
@MainActor
@Suite(.serialized)
struct PaintedMaskTests {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    func renderer() throws -> HeadlessRenderer {
        let r = try HeadlessRenderer(size: CGSize(width: 100, height: 100))
        r.dithersGradients = false
        return r
    }

    func scene(colors: [CGColor], mask: CAShapeLayer) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = .white
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 10, y: 10, width: 80, height: 80)
        gradient.colors = colors
        gradient.startPoint = CGPoint(x: 0, y: 0)
        gradient.endPoint = CGPoint(x: 1, y: 1)
        gradient.mask = mask
        root.addSublayer(gradient)
        return root
    }

    /// The red-to-blue axial gradient from an 80 x 80 layer's (0, 0) to (80, 80), the layer's origin at
    /// canvas `gradientOrigin`: t = (x + y) / 160 at the pixel centre in layer points, within 2 levels.
    func expectRedToBlue(_ bitmap: Bitmap, at pixels: [(Int, Int)], gradientOrigin: (Double, Double),
                         sourceLocation: SourceLocation = #_sourceLocation) {
        for (px, py) in pixels {
            let t = (Double(px) + 0.5 - gradientOrigin.0 + Double(py) + 0.5 - gradientOrigin.1) / 160
            let expected = rgba(Int((255 * (1 - t)).rounded()), 0, Int((255 * t).rounded()))
            #expect(maxChannelDifference(bitmap.pixel(x: px, y: py), expected) <= 2, "(\(px), \(py))",
                    sourceLocation: sourceLocation)
        }
    }

    func ring(radius: CGFloat = 30, lineWidth: CGFloat = 8) -> CAShapeLayer {
        let ring = CAShapeLayer()
        ring.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
        ring.path = CGPath(ellipseIn: CGRect(x: 40 - radius, y: 40 - radius, width: 2 * radius, height: 2 * radius), transform: nil)
        ring.fillColor = nil
        ring.strokeColor = .black
        ring.lineWidth = lineWidth
        return ring
    }

    @Test func aRingMaskOverAnAxialGradientIsOneDrawWithTheGradientsColours() throws {
        let root = scene(colors: [red, blue], mask: ring())
        let r = try renderer()
        defer { r.close() }
        let timings = try r.renderTimed(root, at: 0)
        #expect(timings.drawCalls == 1)   // the ring painted with the gradient (the white background is the clear)
        let bitmap = try r.render(root, at: 0)
        expectRedToBlue(bitmap, at: [(50, 20), (20, 50), (80, 50), (50, 80)], gradientOrigin: (10, 10))
        #expect(bitmap.pixel(x: 50, y: 50) == rgba(255, 255, 255))   // the hole
        #expect(bitmap.pixel(x: 13, y: 13) == rgba(255, 255, 255))   // inside the bounds, off the ring
    }

    /// Seed 003's conic ring: the mask on a container that draws nothing, its one sublayer the gradient
    /// (moved 5 points right and 10 down inside it, where the ring still lies inside the gradient). One draw,
    /// no group, and the gradient's closed form on the ring in the gradient's own space: t = (x + y) / 160
    /// from the gradient's origin at canvas (15, 20).
    @Test func aContainerOfOneGradientUnderARingIsPaintedInOneDraw() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = .white
        let container = CALayer()
        container.frame = CGRect(x: 10, y: 10, width: 80, height: 80)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 5, y: 10, width: 80, height: 80)
        gradient.colors = [red, blue]
        gradient.startPoint = CGPoint(x: 0, y: 0)
        gradient.endPoint = CGPoint(x: 1, y: 1)
        container.addSublayer(gradient)
        container.addSublayer(CALayer())   // draws nothing
        let mask = ring(radius: 25)
        mask.frame = CGRect(x: 10, y: 15, width: 80, height: 80)   // centre (50, 55) in the container
        container.mask = mask
        root.addSublayer(container)
        let compositor = Compositor(canvasSize: CGSize(width: 100, height: 100), contentScale: 1)
        compositor.coverageAntialiasing = true
        let drawn = compositor.build(Evaluator.presentationTree(of: root, at: 0)).commands
        #expect(drawn.contains { if case .gradientArc = $0 { true } else { false } })
        #expect(!drawn.contains { if case .beginGroup = $0 { true } else { false } })
        let r = try renderer()
        defer { r.close() }
        let bitmap = try r.render(root, at: 0)
        // The ring's centre on the canvas: (60, 65); radius 25, on the ring at 25 from it.
        expectRedToBlue(bitmap, at: [(60, 40), (35, 65), (85, 65), (60, 89)], gradientOrigin: (15, 20))
        #expect(bitmap.pixel(x: 60, y: 65) == rgba(255, 255, 255))   // the hole
        #expect(bitmap.pixel(x: 20, y: 25) == rgba(255, 255, 255))   // in the gradient, off the ring
    }

    @Test func aTranslucentGradientThroughASelfOverlappingStrokeBlendsOnce() throws {
        let cross = CAShapeLayer()
        cross.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 10, y: 10))
        path.addLine(to: CGPoint(x: 70, y: 70))
        path.move(to: CGPoint(x: 70, y: 10))
        path.addLine(to: CGPoint(x: 10, y: 70))
        cross.path = path
        cross.fillColor = nil
        cross.strokeColor = .black
        cross.lineWidth = 10
        let halfBlue = CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        let root = scene(colors: [halfBlue, halfBlue], mask: cross)
        let r = try renderer()
        defer { r.close() }
        let bitmap = try r.render(root, at: 0)
        // Where the two strokes cross (canvas (50, 50)): the mask covers it once, so blue at 50 % over white.
        #expect(maxChannelDifference(bitmap.pixel(x: 50, y: 50), rgba(128, 128, 255)) <= 2)
        #expect(maxChannelDifference(bitmap.pixel(x: 30, y: 30), rgba(128, 128, 255)) <= 2)
    }

    @Test func aMaskReachingOutsideTheBoundsShowsNoGradientThere() throws {
        // Radius 40 + half of 8: the ring reaches 4 points past every side of the 80-point gradient.
        let root = scene(colors: [red, red], mask: ring(radius: 40))
        let r = try renderer()
        defer { r.close() }
        let bitmap = try r.render(root, at: 0)
        #expect(bitmap.pixel(x: 7, y: 50) == rgba(255, 255, 255))                         // outside the bounds
        #expect(maxChannelDifference(bitmap.pixel(x: 12, y: 50), rgba(255, 0, 0)) <= 1)   // the ring, inside
    }

    /// A progress bar's mask (seed 003): a plain layer with an opaque background, 30.5 points wide, over an
    /// axial gradient. One draw of the gradient over the mask's rectangle, no group: inside, the gradient's
    /// closed form; the pixel the mask's right edge halves, half the gradient over white; beyond, white.
    @Test func aPlainRectangleMaskPaintsTheGradientOverItsRectangle() throws {
        let bar = CALayer()
        bar.frame = CGRect(x: 0, y: 0, width: 30.5, height: 80)
        bar.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = .white
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 10, y: 10, width: 80, height: 80)
        gradient.colors = [red, blue]
        gradient.startPoint = CGPoint(x: 0, y: 0)
        gradient.endPoint = CGPoint(x: 1, y: 0)
        gradient.mask = bar
        root.addSublayer(gradient)
        let r = try renderer()
        defer { r.close() }
        let timings = try r.renderTimed(root, at: 0)
        #expect(timings.drawCalls == 1)
        let bitmap = try r.render(root, at: 0)
        // Axial from the layer's x 0 to 80: t = (x + 0.5 - 10) / 80 at the pixel centre.
        for px in [10, 25, 39] {
            let t = (Double(px) + 0.5 - 10) / 80
            let expected = rgba(Int((255 * (1 - t)).rounded()), 0, Int((255 * t).rounded()))
            #expect(maxChannelDifference(bitmap.pixel(x: px, y: 50), expected) <= 2, "x \(px)")
        }
        let t = (40.5 - 10) / 80
        let half = rgba(Int((255 - 127.5 * t).rounded()), 128, Int((127.5 + 127.5 * t).rounded()))
        #expect(maxChannelDifference(bitmap.pixel(x: 40, y: 50), half) <= 3, "the half-covered column")
        #expect(bitmap.pixel(x: 41, y: 50) == rgba(255, 255, 255))
        #expect(bitmap.pixel(x: 80, y: 50) == rgba(255, 255, 255))
    }
}
