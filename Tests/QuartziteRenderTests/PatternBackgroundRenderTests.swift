import Foundation
import Testing
import CCairo
import Quartzite
import QuartziteRender

/// A pattern colour as a layer's background (`UIColor(patternImage:)`, a `CGPattern`'s colour) is tiled by the
/// GL compositor as by `render(in:)`: tiles of the image's size in points, laid in the layer's space from the
/// bounds' top-left corner. Each picture is compared with `render(in:)`'s and with cairo filling the same shape
/// with a repeating surface pattern directly; the pictures are kept under the temporary folder's
/// `quartzite-pattern-backgrounds` to look at.
@MainActor
@Suite(.serialized)
struct PatternBackgroundRenderTests {
    static let width = 120, height = 90
    static let red: [UInt8] = [230, 40, 30, 255]
    static let blue: [UInt8] = [20, 60, 210, 255]

    /// A checker tile of two colours in squares of 2 x 2 points, 4 x 4 points, at `scale` pixels a point.
    static func checker(scale: Int) throws -> CGImage {
        let side = 4 * scale
        var pixels: [UInt8] = []
        for y in 0..<side {
            for x in 0..<side { pixels += (x / (2 * scale) + y / (2 * scale)) % 2 == 0 ? red : blue }
        }
        return try CGImage(width: side, height: side, premultipliedRGBA: pixels)
    }

    /// A white root with one layer at `frame` whose background is `color`.
    static func scene(_ color: CGColor, frame: CGRect, cornerRadius: CGFloat = 0, opacity: Float = 1,
                      transform: CGAffineTransform = .identity) -> (root: CALayer, layer: CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        layer.cornerRadius = cornerRadius
        layer.opacity = opacity
        layer.setAffineTransform(transform)
        root.addSublayer(layer)
        return (root, layer)
    }

    /// Straight RGBA rows of the GL renderer's picture of `root`.
    static func gl(_ root: CALayer, name: String) throws -> [UInt8] {
        let renderer = try HeadlessRenderer(size: CGSize(width: width, height: height))
        defer { renderer.close() }
        let frame = try renderer.render(root, at: 0)
        try? frame.writePNG(to: folder.appendingPathComponent("\(name)-gl.png"))
        var out: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { out += Array(frame.pixel(x: x, y: y).map { [$0.x, $0.y, $0.z, $0.w] } ?? [0, 0, 0, 0]) }
        }
        return out
    }

    /// RGBA rows (opaque, so premultiplied and straight agree) of `render(in:)`'s picture of `root`.
    static func cpu(_ root: CALayer, name: String) throws -> [UInt8] {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = try #require(UIGraphicsImageRenderer(size: CGSize(width: width, height: height), format: format)
            .image { root.render(in: $0.cgContext) }.cgImage)
        try? UIImage(cgImage: image).pngData()?.write(to: folder.appendingPathComponent("\(name)-cpu.png"))
        return image.premultipliedRGBA
    }

    /// Cairo's own picture: white, then `layer`'s rounded bounds (placed by its frame and transform) filled with
    /// `tile` repeated in tiles of `tileSize` points from the bounds' corner, at the layer's opacity.
    static func cairo(_ layer: CALayer, tile: CGImage, tileSize: CGSize, name: String) -> [UInt8] {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              let cr = cairo_create(surface) else { return [] }
        defer { cairo_destroy(cr); cairo_surface_destroy(surface) }
        cairo_set_source_rgba(cr, 1, 1, 1, 1)
        cairo_paint(cr)
        // The layer's points to the canvas: about its anchor (the centre), then to its position.
        let b = layer.bounds, t = layer.affineTransform()
        let toCanvas = CGAffineTransform(translationX: -b.width / 2, y: -b.height / 2).concatenating(t)
            .concatenating(CGAffineTransform(translationX: layer.position.x, y: layer.position.y))
        var m = cairo_matrix_t(xx: toCanvas.a, yx: toCanvas.b, xy: toCanvas.c, yy: toCanvas.d, x0: toCanvas.tx, y0: toCanvas.ty)
        cairo_transform(cr, &m)
        let r = min(layer.cornerRadius, b.width / 2, b.height / 2)
        if r > 0 {
            cairo_new_sub_path(cr)
            cairo_arc(cr, b.width - r, r, r, -.pi / 2, 0)
            cairo_arc(cr, b.width - r, b.height - r, r, 0, .pi / 2)
            cairo_arc(cr, r, b.height - r, r, .pi / 2, .pi)
            cairo_arc(cr, r, r, r, .pi, 3 * .pi / 2)
            cairo_close_path(cr)
        } else {
            cairo_rectangle(cr, 0, 0, b.width, b.height)
        }
        cairo_clip(cr)
        guard let tileSurface = cairoSurface(tile) else { return [] }
        defer { cairo_surface_destroy(tileSurface) }
        let pattern = cairo_pattern_create_for_surface(tileSurface)
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
        // User space (layer points) to the tile's pixels.
        var toPixels = cairo_matrix_t()
        cairo_matrix_init_scale(&toPixels, CGFloat(tile.width) / tileSize.width, CGFloat(tile.height) / tileSize.height)
        cairo_pattern_set_matrix(pattern, &toPixels)
        cairo_set_source(cr, pattern)
        cairo_paint_with_alpha(cr, Double(layer.opacity))
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var out: [UInt8] = []
        for y in 0..<height {
            // Opaque: B, G, R, A words on little-endian machines, no alpha to divide.
            for x in 0..<width { let s = y * stride + x * 4; out += [data[s + 2], data[s + 1], data[s], 255] }
        }
        if let image = try? CGImage(width: width, height: height, premultipliedRGBA: out) {
            try? UIImage(cgImage: image).pngData()?.write(to: folder.appendingPathComponent("\(name)-cairo.png"))
        }
        return out
    }

    /// `image` as a cairo surface (premultiplied B, G, R, A words).
    static func cairoSurface(_ image: CGImage) -> OpaquePointer? {
        guard let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height)),
              let data = cairo_image_surface_get_data(s) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(s)), rgba = image.premultipliedRGBA
        for y in 0..<image.height {
            for x in 0..<image.width {
                let i = (y * image.width + x) * 4, d = y * stride + x * 4
                (data[d], data[d + 1], data[d + 2], data[d + 3]) = (rgba[i + 2], rgba[i + 1], rgba[i], rgba[i + 3])
            }
        }
        cairo_surface_mark_dirty(s)
        return s
    }

    static var folder: URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("quartzite-pattern-backgrounds")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Pixels (of `inside`, all by default) where `a` and `b` differ by more than `levels` in a channel.
    static func differing(_ a: [UInt8], _ b: [UInt8], levels: Int = 24,
                          inside: (Int, Int) -> Bool = { _, _ in true }) -> Int {
        var n = 0
        for y in 0..<height {
            for x in 0..<width where inside(x, y) {
                let i = (y * width + x) * 4
                if (0..<4).contains(where: { abs(Int(a[i + $0]) - Int(b[i + $0])) > levels }) { n += 1 }
            }
        }
        return n
    }

    /// The GL, `render(in:)` and cairo pictures of `layer`'s pattern background, and how many pixels (of
    /// `inside`) each pair differs in.
    func compare(_ root: CALayer, _ layer: CALayer, tile: CGImage, tileSize: CGSize, name: String,
                 inside: (Int, Int) -> Bool = { _, _ in true }) throws -> (glCPU: Int, glCairo: Int, cpuCairo: Int) {
        let gl = try Self.gl(root, name: name), cpu = try Self.cpu(root, name: name)
        let reference = Self.cairo(layer, tile: tile, tileSize: tileSize, name: name)
        return (Self.differing(gl, cpu, inside: inside), Self.differing(gl, reference, inside: inside),
                Self.differing(cpu, reference, inside: inside))
    }

    @Test func checkerTilesAtTheLayersCorner() throws {
        let tile = try Self.checker(scale: 1)
        let color = UIColor(patternImage: UIImage(cgImage: tile)).cgColor
        let (root, layer) = Self.scene(color, frame: CGRect(x: 13, y: 7, width: 61, height: 45))
        let d = try compare(root, layer, tile: tile, tileSize: CGSize(width: 4, height: 4), name: "offset")
        // Square, on whole pixels: the pictures agree everywhere.
        #expect(d.glCPU == 0)
        #expect(d.glCairo == 0)
        #expect(d.cpuCairo == 0)
    }

    @Test func roundedCornersClipTheTiles() throws {
        let tile = try Self.checker(scale: 1)
        let color = UIColor(patternImage: UIImage(cgImage: tile)).cgColor
        let (root, layer) = Self.scene(color, frame: CGRect(x: 10, y: 10, width: 80, height: 60), cornerRadius: 15)
        let d = try compare(root, layer, tile: tile, tileSize: CGSize(width: 4, height: 4), name: "rounded")
        // Each rasteriser antialiases the arcs its own way: fewer pixels than the arcs cross (some 95) differ.
        #expect(d.glCPU < 95, "\(d.glCPU)")
        #expect(d.glCairo < 95, "\(d.glCairo)")
        // Away from the corners' 15-point squares, none.
        let outsideCorners: (Int, Int) -> Bool = { x, y in !((x < 25 || x >= 75) && (y < 25 || y >= 55)) }
        let square = try compare(root, layer, tile: tile, tileSize: CGSize(width: 4, height: 4), name: "rounded",
                                 inside: outsideCorners)
        #expect(square.glCPU == 0 && square.glCairo == 0, "\(square)")
        // The corners are cut: the pixel nearest each corner shows the white root.
        let gl = try Self.gl(root, name: "rounded")
        for (x, y) in [(10, 10), (89, 10), (10, 69), (89, 69)] {
            #expect(gl[(y * Self.width + x) * 4..<(y * Self.width + x) * 4 + 3].allSatisfy { $0 == 255 })
        }
    }

    @Test func rotatedAndScaledTilesTurnWithTheLayer() throws {
        let tile = try Self.checker(scale: 1)
        let color = UIColor(patternImage: UIImage(cgImage: tile)).cgColor
        let transform = CGAffineTransform(rotationAngle: 0.35).scaledBy(x: 1.5, y: 1.5)
        let (root, layer) = Self.scene(color, frame: CGRect(x: 35, y: 25, width: 48, height: 36), transform: transform)
        // Pixels well inside the turned bounds (3 points from every edge).
        let toLayer = CGAffineTransform(translationX: -24, y: -18).concatenating(transform)
            .concatenating(CGAffineTransform(translationX: layer.position.x, y: layer.position.y)).inverted()
        let inside: (Int, Int) -> Bool = { x, y in
            let p = CGPoint(x: CGFloat(x) + 0.5, y: CGFloat(y) + 0.5).applying(toLayer)
            return p.x > 3 && p.y > 3 && p.x < 45 && p.y < 33
        }
        let d = try compare(root, layer, tile: tile, tileSize: CGSize(width: 4, height: 4), name: "rotated", inside: inside)
        // Bilinear filtering on both sides: only a few pixels across the squares' slanted edges may differ.
        #expect(d.glCPU < 30, "\(d.glCPU)")
        #expect(d.glCairo < 30, "\(d.glCairo)")
    }

    @Test func halfOpacityBlendsTheTiles() throws {
        let tile = try Self.checker(scale: 1)
        let color = UIColor(patternImage: UIImage(cgImage: tile)).cgColor
        let (root, layer) = Self.scene(color, frame: CGRect(x: 20, y: 12, width: 64, height: 48), opacity: 0.5)
        let d = try compare(root, layer, tile: tile, tileSize: CGSize(width: 4, height: 4), name: "opacity",
                            inside: { _, _ in true })
        #expect(d.glCPU == 0, "\(d.glCPU)")
        #expect(d.glCairo == 0, "\(d.glCairo)")
    }

    @Test func aDoubleScaleImageTilesAtItsSizeInPoints() throws {
        let tile = try Self.checker(scale: 2)
        let color = UIColor(patternImage: UIImage(cgImage: tile, scale: 2, orientation: .up)).cgColor
        let (root, layer) = Self.scene(color, frame: CGRect(x: 8, y: 8, width: 64, height: 40))
        let d = try compare(root, layer, tile: tile, tileSize: CGSize(width: 4, height: 4), name: "scale2")
        #expect(d.glCPU == 0, "\(d.glCPU)")
        #expect(d.glCairo == 0, "\(d.glCairo)")
    }

    @Test func aCGPatternColourTilesItsCell() throws {
        // A coloured pattern: a 6 x 6 step with a red 3 x 3 square in one corner of its cell, on a blue one.
        var callbacks = CGPatternCallbacks(version: 0, drawPattern: { _, context in
            context.setFillColor(red: 20 / 255, green: 60 / 255, blue: 210 / 255, alpha: 1)
            context.fill(CGRect(x: 0, y: 0, width: 6, height: 6))
            context.setFillColor(red: 230 / 255, green: 40 / 255, blue: 30 / 255, alpha: 1)
            context.fill(CGRect(x: 0, y: 0, width: 3, height: 3))
        }, releaseInfo: nil)
        let made = withUnsafePointer(to: &callbacks) {
            CGPattern(info: nil, bounds: CGRect(x: 0, y: 0, width: 6, height: 6), matrix: .identity, xStep: 6, yStep: 6,
                      tiling: .constantSpacing, isColored: true, callbacks: $0)
        }
        let pattern = try #require(made)
        let space = try #require(CGColorSpace(patternBaseSpace: nil))
        var alpha: CGFloat = 1
        let color = try #require(CGColor(patternSpace: space, pattern: pattern, components: &alpha))
        let (root, _) = Self.scene(color, frame: CGRect(x: 11, y: 9, width: 60, height: 42))
        let gl = try Self.gl(root, name: "cgpattern"), cpu = try Self.cpu(root, name: "cgpattern")
        #expect(Self.differing(gl, cpu) == 0, "\(Self.differing(gl, cpu))")
        // Both colours show inside the layer (a flat colour, or clear, would show one or none).
        let inside = (9..<51).flatMap { y in (11..<71).map { x in Array(gl[(y * Self.width + x) * 4..<(y * Self.width + x) * 4 + 3]) } }
        let showsRed = inside.contains(Array(Self.red.prefix(3))), showsBlue = inside.contains(Array(Self.blue.prefix(3)))
        #expect(showsRed && showsBlue)
    }

    /// A tile with holes casts its shadow through its alpha: the shadow shows through the holes, as `render(in:)`
    /// draws it.
    @Test func aPatternBackgroundsShadowFollowsItsAlpha() throws {
        var pixels: [UInt8] = []
        for y in 0..<4 {
            for x in 0..<4 { pixels += (x / 2 + y / 2) % 2 == 0 ? Self.red : [0, 0, 0, 0] }
        }
        let tile = try CGImage(width: 4, height: 4, premultipliedRGBA: pixels)
        let color = UIColor(patternImage: UIImage(cgImage: tile)).cgColor
        let (root, layer) = Self.scene(color, frame: CGRect(x: 20, y: 20, width: 40, height: 40))
        layer.shadowOpacity = 1
        layer.shadowColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        layer.shadowOffset = CGSize(width: 2, height: 0)
        layer.shadowRadius = 0
        let gl = try Self.gl(root, name: "shadow"), cpu = try Self.cpu(root, name: "shadow")
        #expect(Self.differing(gl, cpu) < 40, "\(Self.differing(gl, cpu))")
        // A hole 2 points right of a red square shows the shadow (black), not the white root nor a flat colour.
        let i = (21 * Self.width + 23) * 4
        #expect(Array(gl[i..<i + 3]) == [0, 0, 0], "\(Array(gl[i..<i + 4]))")
    }

    /// A tile too large to be a texture, and an image scale that is not a number, fall back without a crash:
    /// the average colour, and tiles of the image's pixels.
    @Test func badTilesFallBack() throws {
        let huge = try CGImage(width: Compositor.maximumTileSide + 1, height: 1,
                               premultipliedRGBA: Array([[UInt8]](repeating: [128, 128, 128, 255],
                                                                           count: Compositor.maximumTileSide + 1).joined()))
        let (root, _) = Self.scene(UIColor(patternImage: UIImage(cgImage: huge)).cgColor,
                                   frame: CGRect(x: 10, y: 10, width: 30, height: 30))
        let gl = try Self.gl(root, name: "huge")
        let i = (20 * Self.width + 20) * 4
        #expect(Array(gl[i..<i + 4]) == [128, 128, 128, 255])
        let tile = try Self.checker(scale: 1)
        let nan = UIColor(patternImage: UIImage(cgImage: tile, scale: .nan, orientation: .up)).cgColor
        let (scene, layer) = Self.scene(nan, frame: CGRect(x: 12, y: 8, width: 40, height: 40))
        let d = try compare(scene, layer, tile: tile, tileSize: CGSize(width: 4, height: 4), name: "nan")
        #expect(d.glCPU == 0 && d.glCairo == 0, "\(d)")
    }

    /// The UIKit idiom: a view's `backgroundColor` of `UIColor(patternImage:)` tiles from the view's corner.
    @Test func aViewsPatternBackgroundTiles() throws {
        let tile = try Self.checker(scale: 1)
        let (root, reference) = Self.scene(UIColor(patternImage: UIImage(cgImage: tile)).cgColor,
                                           frame: CGRect(x: 17, y: 11, width: 50, height: 30))
        reference.removeFromSuperlayer()
        let view = UIView(frame: CGRect(x: 17, y: 11, width: 50, height: 30))
        view.backgroundColor = UIColor(patternImage: UIImage(cgImage: tile))
        root.addSublayer(view.layer)
        let d = try compare(root, view.layer, tile: tile, tileSize: CGSize(width: 4, height: 4), name: "view")
        #expect(d.glCPU == 0 && d.glCairo == 0, "\(d)")
    }

    /// A stencil (uncoloured) pattern paints its cell in the colour's colour, tiled as a coloured one; its
    /// painted cell is made once, so its texture is uploaded once however many frames show it.
    @Test func aStencilPatternTilesInItsColour() throws {
        var callbacks = CGPatternCallbacks(version: 0, drawPattern: { _, context in
            context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }, releaseInfo: nil)
        let made = withUnsafePointer(to: &callbacks) {
            CGPattern(info: nil, bounds: CGRect(x: 0, y: 0, width: 4, height: 4), matrix: .identity, xStep: 4, yStep: 4,
                      tiling: .constantSpacing, isColored: false, callbacks: $0)
        }
        let pattern = try #require(made)
        let space = try #require(CGColorSpace(patternBaseSpace: CGColorSpace(name: CGColorSpace.sRGB)))
        var components: [CGFloat] = [230 / 255, 40 / 255, 30 / 255, 1]
        let color = try #require(CGColor(patternSpace: space, pattern: pattern, components: &components))
        let (root, _) = Self.scene(color, frame: CGRect(x: 9, y: 13, width: 44, height: 32))
        let gl = try Self.gl(root, name: "stencil"), cpu = try Self.cpu(root, name: "stencil")
        #expect(Self.differing(gl, cpu) == 0, "\(Self.differing(gl, cpu))")
        let first = color.backgroundTiling(origin: .zero, pixelsPerPoint: 1)
        let second = color.backgroundTiling(origin: .zero, pixelsPerPoint: 1)
        #expect(first?.image != nil && first?.image === second?.image)
        // Red squares on the white root inside the layer.
        let red = (13..<45).contains { y in (9..<53).contains { x in
            Array(gl[(y * Self.width + x) * 4..<(y * Self.width + x) * 4 + 3]) == Array(Self.red.prefix(3)) } }
        #expect(red)
    }
}
