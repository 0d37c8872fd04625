import Foundation
import Testing
import Quartzite
import QuartziteRender

/// `render(in:)` (cairo, through Core Graphics calls) against the GL renderer on one scene of every part it
/// draws: they differ only along antialiased edges.
@MainActor
@Suite(.serialized)
struct RenderInContextComparisonTests {
    func scene() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 120, height: 90)
        root.backgroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.9, alpha: 1)
        let card = CALayer()
        card.frame = CGRect(x: 10, y: 10, width: 50, height: 40)
        card.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
        card.cornerRadius = 8
        card.borderWidth = 3
        card.borderColor = CGColor(red: 0.1, green: 0.1, blue: 0.2, alpha: 1)
        card.setAffineTransform(CGAffineTransform(rotationAngle: 0.3))
        root.addSublayer(card)
        let ramp = CAGradientLayer()
        ramp.frame = CGRect(x: 65, y: 10, width: 45, height: 30)
        ramp.colors = [CGColor(red: 1, green: 0.5, blue: 0, alpha: 1), CGColor(red: 0.5, green: 0, blue: 1, alpha: 1)]
        ramp.opacity = 0.7
        root.addSublayer(ramp)
        let star = CAShapeLayer()
        star.frame = CGRect(x: 60, y: 45, width: 40, height: 40)
        let path = CGMutablePath()
        for k in 0..<5 {
            let angle = -CGFloat.pi / 2 + CGFloat(k) * 4 * .pi / 5
            let point = CGPoint(x: 20 + 18 * cos(angle), y: 20 + 18 * sin(angle))
            if k == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        path.closeSubpath()
        star.path = path
        star.fillColor = CGColor(red: 0.9, green: 0.2, blue: 0.3, alpha: 1)
        star.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        star.lineWidth = 2
        root.addSublayer(star)
        return root
    }

    @Test func agreesWithTheGLRendererButForEdges() throws {
        // The scene's edges (card, border, star, ramp) cover about 600 pixels, each antialiased by its own
        // rasteriser; the insides must agree.
        let differing = try pixelsDiffering(scene(), saving: "")
        #expect(differing < 150, "\(differing) of 10,800 pixels differ by more than 24 levels")
    }

    /// How many of the 120 x 90 pixels of `root` drawn by the GL renderer and by `render(in:)` differ by more
    /// than 24 levels in a channel; both pictures are kept on disk (named with `prefix`) to look at.
    func pixelsDiffering(_ root: CALayer, saving prefix: String) throws -> Int {
        let renderer = try HeadlessRenderer(size: CGSize(width: 120, height: 90))
        defer { renderer.close() }
        let gl = try renderer.render(root, at: 0)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let cpu = try #require(UIGraphicsImageRenderer(size: CGSize(width: 120, height: 90), format: format)
            .image { root.render(in: $0.cgContext) }.cgImage)
        var differing = 0
        for y in 0..<90 {
            for x in 0..<120 {
                let a = gl.pixel(x: x, y: y) ?? .zero
                let i = (y * 120 + x) * 4
                let b = SIMD4<UInt8>(cpu.premultipliedRGBA[i], cpu.premultipliedRGBA[i + 1], cpu.premultipliedRGBA[i + 2],
                                     cpu.premultipliedRGBA[i + 3])
                if (0..<4).contains(where: { abs(Int(a[$0]) - Int(b[$0])) > 24 }) { differing += 1 }
            }
        }
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("quartzite-render-in-context")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? gl.writePNG(to: folder.appendingPathComponent("\(prefix)gl.png"))
        try? UIImage(cgImage: cpu).pngData()?.write(to: folder.appendingPathComponent("\(prefix)cpu.png"))
        return differing
    }

    /// Shadows, a replicator's tinted copies and a conic gradient: the parts `render(in:)` draws through the
    /// context's shadows, tinted transparency layers and mesh patterns.
    func effectsScene() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 120, height: 90)
        root.backgroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.9, alpha: 1)
        let card = CALayer()
        card.frame = CGRect(x: 10, y: 10, width: 40, height: 30)
        card.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
        card.shadowOpacity = 0.8
        card.shadowRadius = 3
        card.shadowOffset = CGSize(width: 4, height: 6)
        root.addSublayer(card)
        let dots = CAReplicatorLayer()
        dots.frame = CGRect(x: 10, y: 55, width: 60, height: 20)
        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: 5, width: 10, height: 10)
        dot.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        dots.addSublayer(dot)
        dots.instanceCount = 4
        dots.instanceTransform = CATransform3DMakeTranslation(15, 0, 0)
        dots.instanceColor = CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 1)
        dots.instanceBlueOffset = 0.25
        dots.instanceAlphaOffset = -0.2
        root.addSublayer(dots)
        let wheel = CAGradientLayer()
        wheel.frame = CGRect(x: 70, y: 10, width: 40, height: 40)
        wheel.type = .conic
        wheel.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0.8, blue: 0.2, alpha: 1),
                        CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        wheel.startPoint = CGPoint(x: 0.5, y: 0.5)
        wheel.endPoint = CGPoint(x: 0.5, y: 0)
        root.addSublayer(wheel)
        return root
    }

    /// The effects scene agrees with the GL renderer but for antialiased edges and the conic gradient's
    /// seam (where its last colour meets its first).
    @Test func effectsAgreeWithTheGLRenderer() throws {
        // Edges: the card (140 pixels), four dots (160), the wheel's seam (20).
        let differing = try pixelsDiffering(effectsScene(), saving: "effects-")
        #expect(differing < 150, "\(differing) of 10,800 pixels differ by more than 24 levels")
    }

    /// A border wider than half the layer's shorter side: Apple's border is "drawn inset from the receiver's
    /// bounds by" its width, so it covers the whole (rounded) layer, in both renderers. It once drew nothing.
    @Test func aBorderWiderThanTheLayerCoversIt() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 80, height: 60)
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 10, width: 50, height: 40)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.borderColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        layer.borderWidth = 51
        layer.cornerRadius = 10
        root.addSublayer(layer)
        let renderer = try HeadlessRenderer(size: CGSize(width: 80, height: 60))
        defer { renderer.close() }
        let gl = try renderer.render(root, at: 0)
        #expect(gl.pixel(x: 35, y: 30) == SIMD4(0, 0, 255, 255) && gl.pixel(x: 12, y: 30) == SIMD4(0, 0, 255, 255))
        // The rounded corner stays outside: no border, no background there.
        #expect(gl.pixel(x: 10, y: 10)?[3] ?? 255 < 128)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let cpu = try #require(UIGraphicsImageRenderer(size: CGSize(width: 80, height: 60), format: format)
            .image { root.render(in: $0.cgContext) }.cgImage)
        let i = (30 * 80 + 35) * 4
        #expect(Array(cpu.premultipliedRGBA[i ..< i + 4]) == [0, 0, 255, 255])
    }
}
