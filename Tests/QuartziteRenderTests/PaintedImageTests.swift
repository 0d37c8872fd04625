import Foundation
import Testing
import Quartzite
import QuartziteRender

/// A picture masked by a stroked ring is drawn in one pass (texel times the ring's coverage), with the
/// pixels the mask gives: the picture on the ring, the background elsewhere.
@MainActor
@Suite(.serialized)
struct PaintedImageTests {
    let green = rgba(0, 200, 0), black = rgba(0, 0, 0)

    /// An opaque green picture of 8 x 8 pixels.
    func picture(width: Int = 8, height: Int = 8) throws -> CGImage {
        try CGImage(width: width, height: height,
                    premultipliedRGBA: [UInt8](repeating: 0, count: width * height).flatMap { _ in [0, 200, 0, 255] })
    }

    /// A ring of radius 30 and line width 10 round (50, 50), in the mask's own space.
    func ring(_ frame: CGRect = CGRect(x: 0, y: 0, width: 100, height: 100), center: CGPoint = CGPoint(x: 50, y: 50)) -> CAShapeLayer {
        let ring = CAShapeLayer()
        ring.frame = frame
        ring.path = UIBezierPath(arcCenter: center, radius: 30, startAngle: 0, endAngle: 2 * .pi, clockwise: true).cgPath
        ring.fillColor = nil
        ring.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        ring.lineWidth = 10
        return ring
    }

    func render(_ root: CALayer, inkOnly: Bool = false) throws -> (Bitmap, Int?) {
        let renderer = try HeadlessRenderer(size: CGSize(width: 100, height: 100))
        defer { renderer.close() }
        renderer.clearColor = .black
        renderer.countsInk = true
        let ink = try renderer.renderTimed(root, at: 0).inkPixels
        return (try renderer.render(root, at: 1.0 / 60), ink)
    }

    /// On the ring (radius 25 to 35) the picture; in its hole and outside it the background. One pass, and
    /// only within the box the ring can reach: 35 from the centre and a pixel of antialiasing, pixels 14 to
    /// 86 each way (72 x 72), of the picture's 100 x 100 quad.
    @Test func aPictureSeenThroughARing() throws {
        let root = CALayer()
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.contents = try picture()
        // A sublayer that draws nothing does not stop the one-pass draw.
        layer.addSublayer(CALayer())
        layer.mask = ring()
        root.addSublayer(layer)
        let (b, ink) = try render(root)
        for (x, y) in [(80, 50), (20, 50), (50, 80), (50, 21), (71, 71)] {
            #expect(b.pixel(x: x, y: y) == green, "(\(x), \(y)) on the ring")
        }
        for (x, y) in [(50, 50), (60, 55), (90, 50), (3, 3), (50, 90)] {
            #expect(b.pixel(x: x, y: y) == black, "(\(x), \(y)) off the ring")
        }
        #expect(ink == 72 * 72)
    }

    /// The commands a tree's frame draws (at t = 0, a `side` x `side` canvas at one pixel a point, coverage
    /// antialiasing as the renderers draw).
    func commands(_ root: CALayer, side: CGFloat = 100) -> [DisplayCommand] {
        let compositor = Compositor(canvasSize: CGSize(width: side, height: side), contentScale: 1)
        compositor.coverageAntialiasing = true
        return compositor.build(Evaluator.presentationTree(of: root, at: 0)).commands
    }

    /// A ring whose stroke reaches past the centre (radius 30, width 100: from -20 to 80) and past the
    /// picture's farthest corner (70.7 from the centre) covers all of it: the plain picture is drawn, no
    /// ring, and every pixel is the picture's.
    @Test func aRingCoveringThePictureDrawsItPlain() throws {
        let root = CALayer()
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.contents = try picture()
        let mask = ring()
        mask.lineWidth = 100
        layer.mask = mask
        root.addSublayer(layer)
        let drawn = commands(root)
        // One plain picture, and nothing drawn into a group for the mask.
        #expect(drawn.filter { if case .image = $0 { true } else { false } }.count == 1)
        #expect(!drawn.contains { if case .imageArc = $0 { true } else { false } })
        #expect(!drawn.contains { if case .beginGroup = $0 { true } else { false } })
        let (b, ink) = try render(root)
        for (x, y) in [(0, 0), (99, 0), (50, 50), (0, 99), (99, 99)] {
            #expect(b.pixel(x: x, y: y) == green, "(\(x), \(y))")
        }
        #expect(ink == 100 * 100)
        // Short of the corners (to 70, against 70.7 and half a pixel), or of the centre (from 0.5), and the
        // ring is drawn.
        for width: CGFloat in [80, 59] {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            mask.lineWidth = width
            CATransaction.commit()
            #expect(commands(root).contains { if case .imageArc = $0 { true } else { false } }, "line width \(width)")
        }
    }

    /// A ring that covers all of a large picture but its hole draws the ring's shader only near the hole:
    /// on a 300 x 300 canvas, radius 100 and width 140 round (150, 150) run from 30 to 170, short of the
    /// corners (212.1 away), so the solid part is the square inside the outer circle less half a pixel: half
    /// side 169.5 / sqrt 2 = 119.86, pixel centres within it are pixels 31 ..< 269. The hole reaches 30.5 and
    /// a pixel of antialiasing: pixels 118 ..< 182. The plain picture fills the solid box round the hole;
    /// the ring draws the rest. Pixels: the picture between radius 31 and 169, the background inside 29.5
    /// and outside 170.5.
    @Test func aWideRingDrawsThePlainPictureBetweenItsEdges() throws {
        let root = CALayer()
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        layer.contents = try picture()
        let mask = CAShapeLayer()
        mask.frame = layer.bounds
        mask.path = UIBezierPath(arcCenter: CGPoint(x: 150, y: 150), radius: 100, startAngle: 0, endAngle: 2 * .pi,
                                 clockwise: true).cgPath
        mask.fillColor = nil
        mask.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        mask.lineWidth = 140
        layer.mask = mask
        root.addSublayer(layer)
        let drawn = commands(root, side: 300)
        var boxes: [(PixelBox, String)] = [], open: [PixelBox] = []
        for command in drawn {
            switch command {
            case .pushScissor(let box): open.append(box)
            case .popScissor: _ = open.popLast()
            case .image: boxes.append((open.last ?? PixelBox(x: 0, y: 0, width: 0, height: 0), "plain"))
            case .imageArc: boxes.append((open.last ?? PixelBox(x: 0, y: 0, width: 0, height: 0), "ring"))
            default: break
            }
        }
        let solid = PixelBox(x: 31, y: 31, width: 238, height: 238), hole = PixelBox(x: 118, y: 118, width: 64, height: 64)
        let plainArea = boxes.filter { $0.1 == "plain" }.reduce(0) { $0 + $1.0.width * $1.0.height }
        #expect(plainArea == solid.width * solid.height - hole.width * hole.height)
        #expect(boxes.contains { $0.1 == "ring" && $0.0 == hole })
        for (box, kind) in boxes where kind == "plain" {
            #expect(box.x >= solid.x && box.y >= solid.y && box.x + box.width <= 269 && box.y + box.height <= 269)
            #expect(box.x >= hole.x + hole.width || box.x + box.width <= hole.x || box.y >= hole.y + hole.height
                    || box.y + box.height <= hole.y, "\(box) overlaps the hole")
        }
        let renderer = try HeadlessRenderer(size: CGSize(width: 300, height: 300))
        defer { renderer.close() }
        renderer.clearColor = .black
        let b = try renderer.render(root, at: 0)
        for y in stride(from: 1, to: 300, by: 7) {
            for x in stride(from: 2, to: 300, by: 5) {
                let dx = Double(x) + 0.5 - 150, dy = Double(y) + 0.5 - 150
                let r = (dx * dx + dy * dy).squareRoot()
                if r > 31 && r < 169 { #expect(b.pixel(x: x, y: y) == green, "(\(x), \(y)) at \(r)") }
                if r < 29.5 || r > 170.5 { #expect(b.pixel(x: x, y: y) == black, "(\(x), \(y)) at \(r)") }
            }
        }
    }

    /// masksToBounds still holds: a picture filling a 40 x 40 layer at (30, 30) by its aspect (twice as wide
    /// as tall, so it overflows left and right) shows only inside the layer, though the ring reaches past it.
    @Test func masksToBoundsStillClipsThePicture() throws {
        let root = CALayer()
        let layer = CALayer()
        layer.frame = CGRect(x: 30, y: 30, width: 40, height: 40)
        layer.contents = try picture(width: 16, height: 8)
        layer.contentsGravity = .resizeAspectFill
        layer.masksToBounds = true
        let mask = ring(CGRect(x: 0, y: 0, width: 40, height: 40), center: CGPoint(x: 20, y: 20))
        mask.lineWidth = 60
        layer.mask = mask
        root.addSublayer(layer)
        let (b, _) = try render(root)
        #expect(b.pixel(x: 35, y: 50) == green)
        #expect(b.pixel(x: 64, y: 50) == green)
        #expect(b.pixel(x: 25, y: 50) == black)
        #expect(b.pixel(x: 75, y: 50) == black)
    }
}
