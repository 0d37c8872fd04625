import Foundation
import Testing
import Quartzite
import QuartziteRender

/// `CAReplicatorLayer` drawn: each copy where instanceTransform repeated about the replicator's centre puts
/// it, every colour it draws (backgrounds, fills, strokes, images, gradients) multiplied by its colour, its
/// alpha fading what it draws, a translucent replicator composited as one group, and `preservesDepth`
/// deciding whether the copies are flattened in their order or kept in depth. Expected pixels come from
/// those rules and Apple's documentation example (white squares tinted by negative blue and green offsets).
@MainActor
@Suite(.serialized)
struct ReplicatorRenderTests {
    func render(_ root: CALayer, samples: Int = 1) throws -> Bitmap {
        let renderer = try HeadlessRenderer(size: root.bounds.size, samples: samples)
        defer { renderer.close() }
        renderer.dithersGradients = false
        return try renderer.render(root, at: 0)
    }

    func replicator(frame: CGRect, count: Int) -> CAReplicatorLayer {
        let replicator = CAReplicatorLayer()
        replicator.frame = frame
        replicator.instanceCount = count
        return replicator
    }

    /// Apple's example: five white squares, each moved right of the one before, blue and green falling by a
    /// fifth per copy, so copy i is (1, 1 - i/5, 1 - i/5).
    @Test func documentationExampleTintsEachCopy() throws {
        let root = whiteCanvas(150, 30)
        root.backgroundColor = .black
        let replicator = replicator(frame: root.bounds, count: 5)
        replicator.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
        replicator.instanceBlueOffset = -0.2
        replicator.instanceGreenOffset = -0.2
        replicator.addSublayer(solidLayer(CGRect(x: 5, y: 5, width: 20, height: 20), .white))
        root.addSublayer(replicator)
        let bitmap = try render(root)
        for i in 0..<5 {
            let fall = 255 - 51 * i
            let pixel = bitmap.pixel(x: 15 + 30 * i, y: 15)
            #expect(maxChannelDifference(pixel, rgba(255, fall, fall)) <= 1, "copy \(i): \(String(describing: pixel))")
            // Between the squares: the black canvas.
            #expect(bitmap.pixel(x: 30 * i + 2, y: 15) == rgba(0, 0, 0))
        }
    }

    /// Twelve dots turned by 30 degrees each about the replicator's centre land on the circle, each where the
    /// rotation puts the first (y down: a positive angle turns clockwise on screen).
    @Test func aDotRingLandsWhereTheRotationsPutIt() throws {
        let root = whiteCanvas(120)
        let replicator = replicator(frame: CGRect(x: 10, y: 10, width: 100, height: 100), count: 12)
        replicator.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        let dot = solidLayer(CGRect(x: 45, y: 5, width: 10, height: 10), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        dot.cornerRadius = 5
        replicator.addSublayer(dot)
        root.addSublayer(replicator)
        let bitmap = try render(root)
        for i in 0..<12 {
            let a = Double(i) * .pi / 6
            // The dot's centre (50, 10) is 40 above the centre (50, 50), in the replicator at (10, 10).
            let x = 60 + 40 * sin(a), y = 60 - 40 * cos(a)
            #expect(bitmap.pixel(x: Int(x), y: Int(y)) == rgba(255, 0, 0), "dot \(i) at (\(x), \(y))")
            // Half way to the next dot: white.
            let b = a + .pi / 12
            #expect(bitmap.pixel(x: Int(60 + 40 * sin(b)), y: Int(60 - 40 * cos(b))) == rgba(255, 255, 255), "after dot \(i)")
        }
    }

    /// The second copy multiplied by blue (instanceRedOffset and instanceGreenOffset -1) turns every white
    /// thing it draws blue: a background, an image, a gradient, a shape's fill and its stroke.
    @Test func theColourMultipliesEveryKindOfDrawing() throws {
        let root = whiteCanvas(120, 60)
        root.backgroundColor = .black
        let replicator = replicator(frame: root.bounds, count: 2)
        replicator.instanceTransform = CATransform3DMakeTranslation(0, 30, 0)
        replicator.instanceRedOffset = -1
        replicator.instanceGreenOffset = -1
        let background = solidLayer(CGRect(x: 2, y: 2, width: 20, height: 20), .white)
        let image = CALayer()
        image.frame = CGRect(x: 26, y: 2, width: 20, height: 20)
        image.contents = try CGImage(width: 4, height: 4, premultipliedRGBA: [UInt8](repeating: 255, count: 64))
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 50, y: 2, width: 20, height: 20)
        gradient.colors = [CGColor.white, CGColor.white]
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 74, y: 2, width: 44, height: 20)
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        shape.fillColor = .white
        let stroke = CAShapeLayer()
        stroke.frame = shape.frame
        stroke.path = { let p = CGMutablePath(); p.move(to: CGPoint(x: 26, y: 10)); p.addLine(to: CGPoint(x: 42, y: 10)); return p }()
        stroke.strokeColor = .white
        stroke.lineWidth = 8
        stroke.lineCap = .round
        stroke.lineJoin = .round
        for layer in [background, image, gradient, shape, stroke] { replicator.addSublayer(layer) }
        root.addSublayer(replicator)
        let bitmap = try render(root)
        let probes = [(12, "background"), (36, "image"), (60, "gradient"), (84, "fill"), (108, "stroke")]
        for (x, what) in probes {
            #expect(bitmap.pixel(x: x, y: 12) == rgba(255, 255, 255), "copy 0's \(what)")
            #expect(bitmap.pixel(x: x, y: 42) == rgba(0, 0, 255), "copy 1's \(what)")
        }
    }

    /// instanceAlphaOffset -0.5: the second copy of a black square over white is half transparent (128), the
    /// third not drawn at all.
    @Test func theAlphaOffsetFadesCopies() throws {
        let root = whiteCanvas(90, 30)
        let replicator = replicator(frame: root.bounds, count: 3)
        replicator.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
        replicator.instanceAlphaOffset = -0.5
        replicator.addSublayer(solidLayer(CGRect(x: 5, y: 5, width: 20, height: 20), .black))
        root.addSublayer(replicator)
        let bitmap = try render(root)
        #expect(bitmap.pixel(x: 15, y: 15) == rgba(0, 0, 0))
        #expect(maxChannelDifference(bitmap.pixel(x: 45, y: 15), rgba(128, 128, 128)) <= 1)
        #expect(bitmap.pixel(x: 75, y: 15) == rgba(255, 255, 255))
    }

    /// A half-transparent replicator whose copies overlap composites them as one picture (group opacity, as
    /// for any layer with overlapping parts): the overlap is as light as the rest, 128 over white.
    @Test func aTranslucentReplicatorIsOneGroup() throws {
        let root = whiteCanvas(60, 30)
        let replicator = replicator(frame: root.bounds, count: 2)
        replicator.opacity = 0.5
        replicator.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        replicator.addSublayer(solidLayer(CGRect(x: 5, y: 5, width: 30, height: 20), .black))
        root.addSublayer(replicator)
        let bitmap = try render(root)
        for x in [10, 30, 50] {
            #expect(maxChannelDifference(bitmap.pixel(x: x, y: 15), rgba(128, 128, 128)) <= 1, "x = \(x)")
        }
    }

    /// Three white squares, each copy 20 right and 60 deeper, tinted red, green, cyan, under the root's
    /// perspective (1 / 400 about the canvas centre). Flattened (the default) they keep their place in the
    /// replicator's plane and draw in order, the later on top; with `preservesDepth` the deeper copies shrink
    /// toward the centre (w = 1 + 60 i / 400) and the nearest is on top.
    @Test(arguments: [false, true])
    func preservesDepthKeepsCopiesInDepth(preserves: Bool) throws {
        let root = whiteCanvas(200)
        root.backgroundColor = .black
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 400
        root.sublayerTransform = perspective
        let replicator = replicator(frame: root.bounds, count: 3)
        replicator.preservesDepth = preserves
        replicator.instanceTransform = CATransform3DMakeTranslation(20, 0, -60)
        replicator.instanceColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        replicator.instanceRedOffset = -1
        replicator.instanceGreenOffset = 1
        replicator.instanceBlueOffset = 0.5
        replicator.addSublayer(solidLayer(CGRect(x: 60, y: 70, width: 60, height: 60), .white))
        root.addSublayer(replicator)
        let bitmap = try render(root)
        let red = rgba(255, 0, 0), green = rgba(0, 255, 128), cyan = rgba(0, 255, 255)
        // (95, 100): copies 0 and 1 both cover it, flattened or not.
        #expect(maxChannelDifference(bitmap.pixel(x: 95, y: 100), preserves ? red : green) <= 1)
        // (125, 75): in depth, copy 1 reaches up to y = 100 - 30 / 1.15 = 73.9 and copy 2 only to
        // 100 - 30 / 1.3 = 76.9; flattened, copy 2 reaches y = 70 and is drawn last.
        #expect(maxChannelDifference(bitmap.pixel(x: 125, y: 75), preserves ? green : cyan) <= 1)
    }

    /// Two nested replicators make a grid whose cells each carry both tints multiplied: rows fall in red,
    /// columns in blue.
    @Test func nestedReplicatorsMultiplyTints() throws {
        let root = whiteCanvas(90)
        root.backgroundColor = .black
        let rows = replicator(frame: root.bounds, count: 3)
        rows.instanceTransform = CATransform3DMakeTranslation(0, 30, 0)
        rows.instanceRedOffset = -0.5
        let columns = replicator(frame: root.bounds, count: 3)
        columns.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
        columns.instanceBlueOffset = -0.5
        columns.addSublayer(solidLayer(CGRect(x: 5, y: 5, width: 20, height: 20), .white))
        rows.addSublayer(columns)
        root.addSublayer(rows)
        let bitmap = try render(root)
        for row in 0..<3 {
            for column in 0..<3 {
                let expected = rgba(255 - min(255, 128 * row), 255, 255 - min(255, 128 * column))
                #expect(maxChannelDifference(bitmap.pixel(x: 15 + 30 * column, y: 15 + 30 * row), expected) <= 1,
                        "(\(row), \(column))")
            }
        }
    }
}
