import Foundation
import Testing
import Quartzite
import QuartziteRender

/// `CATextLayer` drawn by the GL renderer: the text's ink where Pango, laying out the same string directly,
/// puts it (top of the bounds, aligned across them), wrapped into Pango's lines, one rasterisation per change
/// of what the pixels depend on, and an animated font size drawn the same at the same time.
@MainActor
@Suite(.serialized)
struct TextLayerRenderTests {
    /// The rows and columns of pixels lighter than the black canvas, in device pixels.
    struct Ink {
        var top = Int.max, bottom = Int.min, left = Int.max, right = Int.min
        var rows: [Bool] = []
    }

    func ink(_ bitmap: Bitmap) -> Ink {
        var ink = Ink(rows: Array(repeating: false, count: bitmap.height))
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where (bitmap.pixel(x: x, y: y)?.x ?? 0) > 0 {
                ink.top = min(ink.top, y); ink.bottom = max(ink.bottom, y)
                ink.left = min(ink.left, x); ink.right = max(ink.right, x)
                ink.rows[y] = true
            }
        }
        return ink
    }

    func textLayer(_ string: String, frame: CGRect, size: CGFloat = 24) -> CATextLayer {
        let layer = CATextLayer()
        layer.frame = frame
        layer.string = string
        layer.fontSize = size
        return layer
    }

    func blackCanvas(_ width: CGFloat, _ height: CGFloat) -> CALayer {
        let root = whiteCanvas(width, height)
        root.backgroundColor = .black
        return root
    }

    func render(_ root: CALayer, scale: CGFloat = 1, at time: CFTimeInterval = 0) throws -> Bitmap {
        let renderer = try HeadlessRenderer(size: root.bounds.size, scale: scale)
        defer { renderer.close() }
        return try renderer.render(root, at: time)
    }

    /// Left, centre and right alignment: the ink's first row is the layout's ink top below the bounds' top,
    /// and its first and last columns are Pango's ink rectangle moved by the alignment's share of the room
    /// left, within a pixel.
    @Test(arguments: [(CATextLayerAlignmentMode.left, 0.0), (.center, 0.5), (.right, 1.0)])
    func alignedInkLandsWherePangoPutsIt(_ mode: CATextLayerAlignmentMode, share: CGFloat) throws {
        let root = blackCanvas(300, 60)
        let frame = CGRect(x: 10, y: 10, width: 280, height: 40)
        let layer = textLayer("Hello, Quartzite", frame: frame)
        layer.alignmentMode = mode
        root.addSublayer(layer)
        let bitmap = try render(root)
        if mode == .center { keepForInspection(bitmap, "text-center") }
        let found = ink(bitmap)
        let pango = PangoMeasure.extents("Hello, Quartzite", size: 24)
        let shift = (frame.width - pango.logical.width) * share
        #expect(abs(found.top - Int((frame.minY + pango.ink.minY).rounded(.down))) <= 1)
        #expect(abs(found.left - Int((frame.minX + shift + pango.ink.minX).rounded(.down))) <= 1)
        #expect(abs(found.right - Int((frame.minX + shift + pango.ink.maxX).rounded(.up)) + 1) <= 1)
    }

    /// Arabic, shaped by HarfBuzz: natural alignment puts it at the right of the bounds (its paragraph reads
    /// right to left), left alignment at the left; Pango's extents of the same string, moved by the share.
    @Test(arguments: [(CATextLayerAlignmentMode.natural, 1.0), (.left, 0.0), (.right, 1.0)])
    func rightToLeftTextStartsOnTheRight(_ mode: CATextLayerAlignmentMode, share: CGFloat) throws {
        let text = "مرحبا بالعالم"
        let root = blackCanvas(300, 60)
        let frame = CGRect(x: 10, y: 10, width: 280, height: 40)
        let layer = textLayer(text, frame: frame)
        layer.alignmentMode = mode
        root.addSublayer(layer)
        let bitmap = try render(root)
        if mode == .natural { keepForInspection(bitmap, "text-arabic") }
        let found = ink(bitmap)
        let pango = PangoMeasure.extents(text, size: 24)
        let shift = (frame.width - pango.logical.width) * share
        #expect(abs(found.left - Int((frame.minX + shift + pango.ink.minX).rounded(.down))) <= 1)
        #expect(abs(found.right - Int((frame.minX + shift + pango.ink.maxX).rounded(.up)) + 1) <= 1)
    }

    /// A text layer left at contentsScale 1 on a display of 2 pixels a point is rasterised at 2 (the choice
    /// DESIGN.md explains): the same pixels as contentsScale 2.
    @Test func contentsScaleOneIsRasterisedAtTheDisplayScale() throws {
        func draw(_ contentsScale: CGFloat) throws -> Bitmap {
            let root = blackCanvas(120, 40)
            let layer = textLayer("Sharp", frame: CGRect(x: 5, y: 5, width: 110, height: 30))
            layer.contentsScale = contentsScale
            root.addSublayer(layer)
            return try render(root, scale: 2)
        }
        #expect(try draw(1) == draw(2))
    }

    /// The text is tinted as any contents are: by the layer's opacity and by a replicator copy's colour,
    /// over its own foreground colour.
    @Test func textIsTintedByOpacityAndReplicatorColour() throws {
        let root = blackCanvas(200, 60)
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.instanceColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let layer = textLayer("MMMM", frame: CGRect(x: 10, y: 10, width: 180, height: 40), size: 36)
        layer.foregroundColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
        layer.opacity = 0.5
        replicator.addSublayer(layer)
        root.addSublayer(replicator)
        let bitmap = try render(root)
        var brightest = SIMD4<UInt8>(0, 0, 0, 0)
        for y in 0..<bitmap.height { for x in 0..<bitmap.width { brightest = pointwiseMax(brightest, bitmap.pixel(x: x, y: y) ?? brightest) } }
        #expect(abs(Int(brightest.x) - 128) <= 2)
        #expect(brightest.y == 0 && brightest.z == 0)
    }

    /// A text layer's shadow is the shadow of its glyphs (its image is part of the silhouette): red text with
    /// an opaque, unblurred black shadow 4 points down and right leaves black ink beside the red, none
    /// where no glyph is.
    @Test func textCastsTheShadowOfItsGlyphs() throws {
        let root = whiteCanvas(200, 60)
        let layer = textLayer("HH", frame: CGRect(x: 10, y: 5, width: 180, height: 50), size: 36)
        layer.foregroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.shadowOpacity = 1
        layer.shadowRadius = 0
        layer.shadowOffset = CGSize(width: 4, height: 4)
        root.addSublayer(layer)
        let bitmap = try render(root)
        keepForInspection(bitmap, "text-shadow")
        var red = 0, black = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                guard let p = bitmap.pixel(x: x, y: y) else { continue }
                if p.x > 200 && p.y < 50 { red += 1 }
                if p.x < 50 && p.y < 50 { black += 1 }
            }
        }
        #expect(red > 50 && black > 50)
        // The right half of the bounds holds no glyph, so no shadow either.
        #expect((130..<190).allSatisfy { bitmap.pixel(x: $0, y: 30) == rgba(255, 255, 255) })
    }

    /// Wrapped text breaks into Pango's lines: the ink comes in as many bands of rows as Pango's layout
    /// has lines.
    @Test func wrappingGivesPangosLineCount() throws {
        let text = "The quick brown fox jumps over the lazy dog"
        let root = blackCanvas(200, 200)
        let layer = textLayer(text, frame: CGRect(x: 10, y: 10, width: 120, height: 180), size: 18)
        layer.isWrapped = true
        root.addSublayer(layer)
        let bitmap = try render(root)
        keepForInspection(bitmap, "text-wrapped")
        let rows = ink(bitmap).rows
        let bands = zip(rows, [false] + rows).filter { $0.0 && !$0.1 }.count
        let expected = PangoMeasure.extents(text, size: 18, wrapWidth: 120).lines
        #expect(expected > 1)
        #expect(bands == expected)
    }

    /// Drawn at 2 pixels a point, the ink is where Pango puts it at twice the size.
    @Test func twoPixelsAPointDoublesThePlacement() throws {
        let root = blackCanvas(200, 50)
        let layer = textLayer("Crisp", frame: CGRect(x: 10, y: 5, width: 180, height: 40))
        layer.contentsScale = 2
        root.addSublayer(layer)
        let bitmap = try render(root, scale: 2)
        keepForInspection(bitmap, "text-scale2")
        let found = ink(bitmap)
        let pango = PangoMeasure.extents("Crisp", size: 24)
        #expect(abs(found.left - Int(((10 + pango.ink.minX) * 2).rounded(.down))) <= 1)
        #expect(abs(found.top - Int(((5 + pango.ink.minY) * 2).rounded(.down))) <= 1)
    }

    /// Text magnified 2x by a scale transform is rasterised at 2 pixels a point, so it draws as the same label
    /// on a display of 2 pixels a point does (the layout is in points either way): within 8 levels at every
    /// pixel, where an image of 1 pixel a point stretched 2x is off by far more at the glyphs' edges.
    @Test func textUnderAScaleTransformIsRasterisedAtItsMagnification() throws {
        let scaled = blackCanvas(240, 80)
        let small = textLayer("Crisp", frame: CGRect(x: 0, y: 0, width: 100, height: 30), size: 24)
        small.anchorPoint = .zero
        small.position = CGPoint(x: 10, y: 10)
        small.transform = CATransform3DMakeScale(2, 2, 1)
        scaled.addSublayer(small)
        let dense = blackCanvas(120, 40)
        dense.addSublayer(textLayer("Crisp", frame: CGRect(x: 5, y: 5, width: 100, height: 30), size: 24))
        let a = try render(scaled), b = try render(dense, scale: 2)
        keepForInspection(a, "text-under-scale-2")
        var largest = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                largest = max(largest, abs(Int(a.pixel(x: x, y: y)?.x ?? 0) - Int(b.pixel(x: x, y: y)?.x ?? 0)))
            }
        }
        #expect(ink(b).right > ink(b).left)
        #expect(largest <= 8, "largest difference \(largest)")
    }

    /// A zoom from 1x to 2x drawn every frame rasterises once per quarter octave it reaches (1, 2^0.25,
    /// 2^0.5, 2^0.75, 2: five images), not once a frame, and nothing more once it settles.
    @Test func aZoomRasterisesAtQuarterOctavesOnly() throws {
        let root = blackCanvas(200, 100)
        let layer = textLayer("Zoom", frame: CGRect(x: 20, y: 20, width: 80, height: 30), size: 20)
        root.addSublayer(layer)
        let renderer = try HeadlessRenderer(size: root.bounds.size)
        defer { renderer.close() }
        renderer.skipsUnchangedFrames = false
        var count = 0
        for frame in 0...60 {
            let s = 1 + CGFloat(frame) / 60
            withoutActions { layer.transform = CATransform3DMakeScale(s, s, 1) }
            count += try renderer.renderTimed(root, at: Double(frame) / 60).textRasterizations
        }
        #expect(count == 5)
        for frame in 61..<70 { count += try renderer.renderTimed(root, at: Double(frame) / 60).textRasterizations }
        #expect(count == 5)
    }

    /// An unchanged label is rasterised once in ten frames, even when every frame is drawn and the label
    /// moves and changes colour; a new string rasterises once more.
    @Test func anUnchangedLabelIsRasterisedOnce() throws {
        let root = blackCanvas(200, 60)
        let layer = textLayer("42%", frame: CGRect(x: 10, y: 10, width: 100, height: 40))
        root.addSublayer(layer)
        let renderer = try HeadlessRenderer(size: root.bounds.size)
        defer { renderer.close() }
        renderer.skipsUnchangedFrames = false
        var count = 0
        for frame in 0..<10 {
            withoutActions {
                layer.position.x = 60 + CGFloat(frame)
                layer.foregroundColor = CGColor(red: 1, green: CGFloat(frame) / 10, blue: 0, alpha: 1)
            }
            count += try renderer.renderTimed(root, at: Double(frame) / 60).textRasterizations
        }
        #expect(count == 1)
        withoutActions { layer.string = "43%" }
        count += try renderer.renderTimed(root, at: 1).textRasterizations
        #expect(count == 2)
    }

    /// A list of 200 labels scrolling for 30 frames rasterises each distinct label once, in the first frame:
    /// scrolling moves the images, and labels that say the same thing share one (10 distinct strings, all on screen at first).
    @Test func aScrollingListOfLabelsRasterisesOnlyInItsFirstFrame() throws {
        let root = blackCanvas(200, 300)
        let list = CALayer()
        list.frame = CGRect(x: 0, y: 0, width: 200, height: 200 * 24)
        for row in 0..<200 {
            list.addSublayer(textLayer("Row \(row % 10)", frame: CGRect(x: 8, y: CGFloat(row) * 24, width: 180, height: 22), size: 16))
        }
        root.addSublayer(list)
        let renderer = try HeadlessRenderer(size: root.bounds.size)
        defer { renderer.close() }
        var perFrame: [Int] = []
        for frame in 0..<30 {
            withoutActions { list.position.y = 2400 - CGFloat(frame) * 40 }
            perFrame.append(try renderer.renderTimed(root, at: Double(frame) / 60).textRasterizations)
        }
        #expect(perFrame.first == 10)
        #expect(perFrame.dropFirst().allSatisfy { $0 == 0 })
    }

    /// An animated fontSize captured at the same time twice gives the same pixels, and its ink is as tall as
    /// Pango's at the interpolated size (linear timing, halfway from 12 to 36: 24).
    @Test func animatedFontSizeIsDeterministic() throws {
        let root = blackCanvas(200, 60)
        let layer = textLayer("Hg", frame: CGRect(x: 10, y: 5, width: 180, height: 50), size: 12)
        root.addSublayer(layer)
        let animation = CABasicAnimation(keyPath: "fontSize")
        animation.fromValue = 12
        animation.toValue = 36
        animation.duration = 2
        animation.beginTime = 1
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.add(animation, forKey: "size")
        let first = try render(root, at: 2)
        let second = try render(root, at: 2)
        #expect(first == second)
        let found = ink(first)
        let pango = PangoMeasure.extents("Hg", size: 24)
        #expect(abs((found.bottom - found.top + 1) - Int(pango.ink.height.rounded())) <= 1)
    }
}
