import Foundation
import Testing
import Quartzite
import QuartziteRender

/// Cases the seeded fuzz (`quartzite-fuzz`, seed 20250615) found sending non-finite values to the GPU, each
/// named after its class and case and reduced to what triggers it. Each fails without its fix: the display
/// list carries an infinity or NaN.
@MainActor
@Suite(.serialized)
struct FuzzRegressionTests {
    /// The display list of `layer` on a 64 x 64 canvas, built as a frame at t = 0 would build it.
    func displayList(_ layer: CALayer) -> DisplayList {
        let root = whiteCanvas(64)
        withoutActions { root.addSublayer(layer) }
        let tree = MediaClock.performFrozen(at: 0) { () -> PresentationNode in
            CATransaction.flush()
            return Evaluator.presentationTree(of: root, at: 0)
        }
        let compositor = Compositor(canvasSize: CGSize(width: 64, height: 64), contentScale: 1)
        compositor.coverageAntialiasing = true
        return compositor.build(tree)
    }

    /// Whether every vertex, matrix and command value of `list` is finite.
    func isFinite(_ list: DisplayList) -> Bool {
        let numbers = list.vertices + list.roundedRectVertices + list.capsuleVertices + list.capsuleSegments + list.matrices.flatMap { $0 }
        let words = list.commands.flatMap { "\($0)".split(whereSeparator: { !$0.isLetter }) }
        return numbers.allSatisfy(\.isFinite) && !words.contains { $0 == "nan" || $0 == "inf" }
    }

    func gradient(start: CGPoint, end: CGPoint, type: CAGradientLayerType) -> CAGradientLayer {
        let g = CAGradientLayer()
        g.frame = CGRect(x: 8, y: 16, width: 18, height: 16)
        g.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        g.startPoint = start
        g.endPoint = end
        g.type = type
        return g
    }

    /// gradients 0: `endPoint = CGPoint(x: .infinity, y: 5e-324)` on a conic gradient; the paint's end point
    /// was infinite.
    @Test func fuzzingGradients0InfiniteEndPoint() {
        #expect(isFinite(displayList(gradient(start: CGPoint(x: 0.99, y: 0.88), end: CGPoint(x: CGFloat.infinity, y: CGFloat.leastNonzeroMagnitude), type: .conic))))
    }

    /// gradients 24: `startPoint = CGPoint(x: 43.9, y: .infinity)` on an axial gradient.
    @Test func fuzzingGradients24InfiniteStartPoint() {
        #expect(isFinite(displayList(gradient(start: CGPoint(x: 43.9, y: .infinity), end: CGPoint(x: 0.8, y: 0.75), type: .axial))))
    }

    /// gradients 96 (seed 20250615): a gradient with a background under a ring mask of line width 1e299 (the
    /// arc mask's path, `Compositor+ArcMasks`): the ring's triangles were infinite.
    @Test func fuzzingGradients96RingMaskOfHugeLineWidth() {
        let g = gradient(start: CGPoint(x: 0.46, y: 0.29), end: CGPoint(x: 0.2, y: 0.44), type: .radial)
        g.backgroundColor = CGColor(red: 0.2, green: 0.6, blue: 0.6, alpha: 0.9)
        let m = CAShapeLayer()
        m.path = UIBezierPath(arcCenter: CGPoint(x: 34.7, y: 11.9), radius: 0.28, startAngle: 3.04, endAngle: -0.3,
                              clockwise: true).cgPath
        m.fillColor = nil
        m.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        m.lineWidth = 1e299
        m.lineCap = .round
        m.frame = g.bounds
        g.mask = m
        #expect(isFinite(displayList(g)))
    }

    /// A finite start point that no 32-bit float holds (1e300 of the bounds): infinite on the GPU.
    @Test func gradientStartPointBeyondFloat() {
        #expect(isFinite(displayList(gradient(start: CGPoint(x: 1e300, y: 0), end: CGPoint(x: 0.5, y: 1), type: .radial))))
    }

    /// Locations that are finite as Doubles and infinite as Floats are ignored like non-finite ones.
    @Test func gradientLocationsBeyondFloat() {
        let g = gradient(start: CGPoint(x: 0.5, y: 0), end: CGPoint(x: 0.5, y: 1), type: .axial)
        g.locations = [0, 1e300]
        #expect(isFinite(displayList(g)))
    }

    func imageLayer(contentsRect: CGRect, contentsScale: CGFloat, gravity: CALayerContentsGravity) throws -> CALayer {
        let l = CALayer()
        l.frame = CGRect(x: 12, y: 13, width: 20, height: 30)
        l.contents = try CGImage(width: 8, height: 8, premultipliedRGBA: [UInt8](repeating: 255, count: 256))
        l.contentsGravity = gravity
        l.contentsRect = contentsRect
        l.contentsScale = contentsScale
        return l
    }

    /// images 4: `contentsRect = CGRect(x: 1e-09, y: 11.03, width: 1e+300, height: 1e+19)` with `.topLeft`: the
    /// image's size in points, and so its quad, overflowed 32-bit floats.
    @Test func fuzzingImages4HugeContentsRect() throws {
        let layer = try imageLayer(contentsRect: CGRect(x: 1e-9, y: 11.03, width: 1e300, height: 1e19), contentsScale: 1, gravity: .topLeft)
        #expect(isFinite(displayList(layer)))
    }

    /// images 29: `contentsRect = CGRect(x: 14.9, y: 148.2, width: 1e-09, height: -1e+300)`, `contentsScale =
    /// -10000000`, `.top`: a NaN corner.
    @Test func fuzzingImages29NegativeHugeContentsRect() throws {
        let layer = try imageLayer(contentsRect: CGRect(x: 14.9, y: 148.2, width: 1e-9, height: -1e300), contentsScale: -1e7, gravity: .top)
        #expect(isFinite(displayList(layer)))
    }

    /// A contentsScale of 1e-300 makes an 8-pixel image 8e300 points wide.
    @Test func tinyContentsScale() throws {
        let layer = try imageLayer(contentsRect: CGRect(x: 0, y: 0, width: 1, height: 1), contentsScale: 1e-300, gravity: .center)
        #expect(isFinite(displayList(layer)))
    }

    /// layer-geometry 37: a translation of 1.797e308 is finite as a Double but far past a Float, so the
    /// layer's vertices were infinite. The layer is left out, with a diagnostic.
    @Test func fuzzingLayerGeometry37TranslationBeyondFloat() {
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), .black)
        layer.transform = CATransform3DMakeTranslation(1.797e308, 100, 90)
        #expect(isFinite(displayList(layer)))
        #expect(Diagnostics.messages.contains { $0.contains("has an entry of 1e15 or more") })
    }

    /// groups-transactions 26: a sublayer transform with m12 = 1e300 under a drawn sublayer.
    @Test func fuzzingGroupsTransactions26SublayerTransformBeyondFloat() {
        let parent = CALayer()
        parent.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        var skew = CATransform3DIdentity
        skew.m12 = 1e300
        parent.sublayerTransform = skew
        parent.addSublayer(solidLayer(CGRect(x: 1, y: 1, width: 5, height: 5), .black))
        #expect(isFinite(displayList(parent)))
    }

    /// layer-geometry 69: shadowRadius = NaN made the shadow's sigma NaN; an infinite radius under a zero
    /// scale did too. A NaN radius draws no shadow (with a diagnostic); an infinite one a bounded blur.
    @Test func fuzzingLayerGeometry69ShadowRadiusNotANumber() {
        for radius in [CGFloat.nan, .infinity] {
            let layer = solidLayer(CGRect(x: 10, y: 10, width: 10, height: 10), .black)
            layer.shadowOpacity = 1
            layer.shadowRadius = radius
            #expect(isFinite(displayList(layer)), "radius \(radius)")
        }
        #expect(Diagnostics.messages.contains { $0.contains("a shadow whose radius is not a number") })
    }

    /// tree-abuse 102 and 502, images 1462: a shadowOffset of 1.797e308, -inf or NaN moved the shadow's quad
    /// to infinity. Such a shadow is not drawn; the layer is.
    @Test func fuzzingTreeAbuse102ShadowOffsetBeyondFloat() {
        for offset in [CGSize(width: 1.797e308, height: 0), CGSize(width: -.infinity, height: 0), CGSize(width: 0, height: CGFloat.nan)] {
            let layer = solidLayer(CGRect(x: 10, y: 10, width: 10, height: 10), .black)
            layer.shadowOpacity = 1
            layer.shadowOffset = offset
            let list = displayList(layer)
            #expect(isFinite(list), "offset \(offset)")
            #expect(!list.commands.contains { "\($0)".contains("shadow") }, "offset \(offset)")
        }
    }
}
