import Foundation
import Testing
import CCairo
import Quartzite
import QuartziteRender

/// `CALayer.compositingFilter`: a layer and its sublayer, as one group, blended onto an opaque and a
/// half-transparent backdrop and onto nothing, drawn by the GL renderer and by `render(in:)`, each against
/// the same picture drawn by cairo directly (push a group, pop it, paint it with the operator of the mode):
/// an independent implementation (pixman) of the PDF / W3C blend modes.
///
/// Every edge lies on whole pixels, so only the blends' arithmetic differs. The tolerance is 2 levels of a
/// premultiplied channel: both sides hold the group and the backdrop in 8 bits before the blend (half a
/// level each, rounded independently), pixman then computes each mode in 8-bit integers, rounding every
/// product, where GL blends in floats and rounds once. Most modes differ by 1 level at most; the dividing
/// colour dodge and a blend inside a translucent superlayer's group (one more 8-bit step) reach 2.
@MainActor
@Suite(.serialized)
struct CompositingFilterTests {
    static let width = 40, height = 30
    /// The largest premultiplied channel difference allowed (see the suite's comment).
    static let tolerance = 2

    /// Each Core Image name with the cairo operator that computes it.
    nonisolated static let modes: [(name: String, op: cairo_operator_t)] = [
        ("multiplyBlendMode", CAIRO_OPERATOR_MULTIPLY), ("screenBlendMode", CAIRO_OPERATOR_SCREEN),
        ("overlayBlendMode", CAIRO_OPERATOR_OVERLAY), ("darkenBlendMode", CAIRO_OPERATOR_DARKEN),
        ("lightenBlendMode", CAIRO_OPERATOR_LIGHTEN), ("colorDodgeBlendMode", CAIRO_OPERATOR_COLOR_DODGE),
        ("colorBurnBlendMode", CAIRO_OPERATOR_COLOR_BURN), ("softLightBlendMode", CAIRO_OPERATOR_SOFT_LIGHT),
        ("hardLightBlendMode", CAIRO_OPERATOR_HARD_LIGHT), ("differenceBlendMode", CAIRO_OPERATOR_DIFFERENCE),
        ("exclusionBlendMode", CAIRO_OPERATOR_EXCLUSION), ("hueBlendMode", CAIRO_OPERATOR_HSL_HUE),
        ("saturationBlendMode", CAIRO_OPERATOR_HSL_SATURATION), ("colorBlendMode", CAIRO_OPERATOR_HSL_COLOR),
        ("luminosityBlendMode", CAIRO_OPERATOR_HSL_LUMINOSITY), ("additionCompositing", CAIRO_OPERATOR_ADD),
        ("sourceOverCompositing", CAIRO_OPERATOR_OVER),
    ]
    static let names = modes.map(\.name)

    /// A rectangle of the scene filled with one colour (straight RGBA).
    struct Patch {
        let rect: CGRect
        let rgba: [CGFloat]
        var color: CGColor { CGColor(red: rgba[0], green: rgba[1], blue: rgba[2], alpha: rgba[3]) }
    }

    // The root draws nothing: the canvas's lower right is transparent.
    static let opaqueBackdrop = Patch(rect: CGRect(x: 0, y: 0, width: 40, height: 15), rgba: [0.9, 0.6, 0.2, 1])
    static let halfBackdrop = Patch(rect: CGRect(x: 0, y: 15, width: 24, height: 15), rgba: [0.2, 0.5, 0.8, 0.5])
    /// The blended layer, and its sublayer (in the canvas's coordinates).
    static let blended = Patch(rect: CGRect(x: 8, y: 6, width: 28, height: 20), rgba: [0.3, 0.7, 0.45, 0.75])
    static let sublayer = Patch(rect: CGRect(x: 12, y: 10, width: 12, height: 8), rgba: [0.95, 0.2, 0.6, 1])

    /// The scene as layers: the blended layer with `filter`, `opacity` and, when given, a mask of one
    /// rectangle (in the blended layer's coordinates) whose colour has alpha `maskAlpha`.
    func scene(filter: Any?, opacity: Float = 1, mask: CGRect? = nil, maskAlpha: CGFloat = 1) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: Self.width, height: Self.height)
        root.addSublayer(solidLayer(Self.opaqueBackdrop.rect, Self.opaqueBackdrop.color))
        root.addSublayer(solidLayer(Self.halfBackdrop.rect, Self.halfBackdrop.color))
        let layer = solidLayer(Self.blended.rect, Self.blended.color)
        layer.compositingFilter = filter
        layer.opacity = opacity
        let child = solidLayer(Self.sublayer.rect.offsetBy(dx: -Self.blended.rect.minX, dy: -Self.blended.rect.minY),
                               Self.sublayer.color)
        layer.addSublayer(child)
        if let mask { layer.mask = solidLayer(mask, CGColor(red: 0, green: 0, blue: 0, alpha: maskAlpha)) }
        root.addSublayer(layer)
        return root
    }

    // MARK: References

    /// The scene drawn by cairo: the backdrop, then the blended layer's group times `alpha` painted with `op`,
    /// inside `clip` (canvas coordinates) when given; with a `holder`, inside that translucent superlayer's
    /// group, painted over at `holderAlpha`. Premultiplied RGBA rows.
    static func cairoReference(_ op: cairo_operator_t, alpha: Double = 1, clip: CGRect? = nil,
                               withSublayer: Bool = true, holder: Patch? = nil, holderAlpha: Double = 1) -> [UInt8] {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              let cr = cairo_create(surface) else { return [] }
        defer { cairo_destroy(cr); cairo_surface_destroy(surface) }
        fill(cr, opaqueBackdrop)
        fill(cr, halfBackdrop)
        if let holder {
            // A translucent superlayer: its background and the blend go into its group first.
            cairo_push_group(cr)
            fill(cr, holder)
        }
        cairo_push_group(cr)
        fill(cr, blended)
        if withSublayer { fill(cr, sublayer) }
        cairo_pop_group_to_source(cr)
        if let clip {
            cairo_rectangle(cr, clip.minX, clip.minY, clip.width, clip.height)
            cairo_clip(cr)
        }
        // The alpha scales the group before the blend (the W3C source times its opacity): painted into a
        // group of its own first, as pixman's HSL operators do not scale the source by a paint's alpha.
        cairo_push_group(cr)
        cairo_paint_with_alpha(cr, alpha)
        cairo_pop_group_to_source(cr)
        cairo_set_operator(cr, op)
        cairo_paint(cr)
        if holder != nil {
            cairo_reset_clip(cr)
            cairo_pop_group_to_source(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            cairo_paint_with_alpha(cr, holderAlpha)
        }
        return premultipliedRows(surface)
    }

    static func fill(_ cr: OpaquePointer, _ patch: Patch) {
        cairo_set_source_rgba(cr, patch.rgba[0], patch.rgba[1], patch.rgba[2], patch.rgba[3])
        cairo_rectangle(cr, patch.rect.minX, patch.rect.minY, patch.rect.width, patch.rect.height)
        cairo_fill(cr)
    }

    /// A cairo image's pixels as premultiplied RGBA rows (cairo keeps native-endian ARGB words).
    static func premultipliedRows(_ surface: OpaquePointer) -> [UInt8] {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let word = UnsafeRawPointer(data + y * stride + x * 4).loadUnaligned(as: UInt32.self)
                let d = (y * width + x) * 4
                out[d] = UInt8(truncatingIfNeeded: word >> 16)
                out[d + 1] = UInt8(truncatingIfNeeded: word >> 8)
                out[d + 2] = UInt8(truncatingIfNeeded: word)
                out[d + 3] = UInt8(truncatingIfNeeded: word >> 24)
            }
        }
        return out
    }

    // MARK: The renderers under test

    /// The GL renderer's picture as premultiplied RGBA rows, multisampled when `samples` > 1; kept on disk
    /// as `name` to look at.
    func glPixels(_ root: CALayer, name: String, samples: Int = 1) throws -> [UInt8] {
        let renderer = try HeadlessRenderer(size: CGSize(width: Self.width, height: Self.height), samples: samples)
        defer { renderer.close() }
        let bitmap = try renderer.render(root, at: 0)
        keepForInspection(bitmap, "compositing-filter-gl-\(name)")
        var out = bitmap.rgba
        for i in stride(from: 0, to: out.count, by: 4) {
            let a = Int(out[i + 3])
            for c in 0..<3 { out[i + c] = UInt8((Int(out[i + c]) * a + 127) / 255) }
        }
        return out
    }

    /// `render(in:)`'s picture as premultiplied RGBA rows.
    func contextPixels(_ root: CALayer) throws -> [UInt8] {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = try #require(UIGraphicsImageRenderer(size: CGSize(width: Self.width, height: Self.height), format: format)
            .image { root.render(in: $0.cgContext) }.cgImage)
        return image.premultipliedRGBA
    }

    /// The largest channel difference, with where it is, for the message.
    static func largestDifference(_ a: [UInt8], _ b: [UInt8]) -> (levels: Int, where: String) {
        guard a.count == b.count, !a.isEmpty else { return (255, "sizes differ") }
        var worst = (levels: 0, where: "")
        for i in a.indices where abs(Int(a[i]) - Int(b[i])) > worst.levels {
            let pixel = i / 4
            worst = (abs(Int(a[i]) - Int(b[i])), "x \(pixel % width), y \(pixel / width), channel \(i % 4): \(a[i]) vs \(b[i])")
        }
        return worst
    }

    // MARK: Tests

    @Test(arguments: modes.indices)
    func glRendererBlendsAsCairo(_ index: Int) throws {
        let (name, op) = Self.modes[index]
        let difference = Self.largestDifference(try glPixels(scene(filter: name), name: name), Self.cairoReference(op))
        #expect(difference.levels <= Self.tolerance, "\(name): \(difference.where)")
    }

    @Test(arguments: modes.indices)
    func renderInContextBlendsAsCairo(_ index: Int) throws {
        let (name, op) = Self.modes[index]
        let difference = Self.largestDifference(try contextPixels(scene(filter: name)), Self.cairoReference(op))
        #expect(difference.levels <= Self.tolerance, "\(name): \(difference.where)")
    }

    /// The opacity scales the group before the blend (cairo's paint with an alpha).
    @Test(arguments: [0, 5, 11, 14])
    func translucentBlendedLayer(_ index: Int) throws {
        let (name, op) = Self.modes[index]
        let reference = Self.cairoReference(op, alpha: 0.6)
        let gl = Self.largestDifference(try glPixels(scene(filter: name, opacity: 0.6), name: "\(name)-0.6"), reference)
        #expect(gl.levels <= Self.tolerance, "GL, \(name): \(gl.where)")
        let context = Self.largestDifference(try contextPixels(scene(filter: name, opacity: 0.6)), reference)
        #expect(context.levels <= Self.tolerance, "render(in:), \(name): \(context.where)")
    }

    /// A mask of one half-transparent rectangle cuts the group and halves it before the blend.
    @Test(arguments: [0, 2, 12])
    func maskedBlendedLayer(_ index: Int) throws {
        let (name, op) = Self.modes[index]
        let mask = CGRect(x: 0, y: 0, width: 14, height: 20)
        let root = scene(filter: name, mask: mask, maskAlpha: 0.5)
        let clip = mask.offsetBy(dx: Self.blended.rect.minX, dy: Self.blended.rect.minY)
        let difference = Self.largestDifference(try glPixels(root, name: "\(name)-masked"),
                                                Self.cairoReference(op, alpha: 0.5, clip: clip))
        #expect(difference.levels <= Self.tolerance, "\(name): \(difference.where)")
    }

    /// A multisampled canvas is resolved into the backdrop's copy (a blit that keeps the pixels' places).
    @Test(arguments: [0, 12])
    func multisampledCanvas(_ index: Int) throws {
        let (name, op) = Self.modes[index]
        let difference = Self.largestDifference(try glPixels(scene(filter: name), name: "\(name)-msaa", samples: 4),
                                                Self.cairoReference(op))
        #expect(difference.levels <= Self.tolerance, "\(name): \(difference.where)")
    }

    /// Inside a translucent superlayer's group (a surface of its own area, offset on the canvas) the blend
    /// reads the group's pixels at the right place: the superlayer's own background.
    @Test(arguments: [0, 11])
    func blendInsideAnOffsetGroup(_ index: Int) throws {
        let (name, op) = Self.modes[index]
        let root = scene(filter: name)
        let blendedLayer = try #require(root.sublayers?.last)
        blendedLayer.removeFromSuperlayer()
        let holderRect = CGRect(x: 4, y: 2, width: 34, height: 26)
        let holder = solidLayer(holderRect, Self.opaqueBackdrop.color.copy(alpha: 0.8) ?? .black)
        holder.opacity = 0.5
        blendedLayer.position.x -= holderRect.minX
        blendedLayer.position.y -= holderRect.minY
        holder.addSublayer(blendedLayer)
        root.addSublayer(holder)
        let reference = Self.cairoReference(op, holder: Patch(rect: holderRect, rgba: [0.9, 0.6, 0.2, 0.8]), holderAlpha: 0.5)
        let difference = Self.largestDifference(try glPixels(root, name: "\(name)-in-group"), reference)
        #expect(difference.levels <= Self.tolerance, "\(name): \(difference.where)")
    }

    /// A layer whose sublayer has a perspective entry cannot be bounded in 2D: its group and the backdrop's
    /// copy are the whole canvas. (A perspective entry alone, with nothing turned, leaves every point of the
    /// layer's plane where it was.)
    @Test(arguments: [1, 13])
    func unboundedGroup(_ index: Int) throws {
        let (name, op) = Self.modes[index]
        let root = scene(filter: name)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        try #require(root.sublayers?.last?.sublayers?.first).transform = perspective
        #expect(commands(root).contains(.beginGroup(nil)))
        let difference = Self.largestDifference(try glPixels(root, name: "\(name)-perspective"), Self.cairoReference(op))
        #expect(difference.levels <= Self.tolerance, "\(name): \(difference.where)")
    }

    /// The compositor's commands for `root` under coverage antialiasing (the headless default).
    func commands(_ root: CALayer) -> [DisplayCommand] {
        let compositor = Compositor(canvasSize: root.bounds.size, contentScale: 1)
        compositor.coverageAntialiasing = true
        return compositor.build(Evaluator.presentationTree(of: root, at: 0)).commands
    }

    /// A blend is one group ended by `.blend` with the layer's opacity as its tint; no filter, junk and
    /// source-over add no command at all.
    @Test func onlyABlendAddsAGroup() {
        let plain = commands(scene(filter: nil, opacity: 0.6))
        for value: Any in ["nonsense", 3, "sourceOverCompositing"] {
            #expect(commands(scene(filter: value, opacity: 0.6)) == plain, "\(value)")
        }
        let blended = commands(scene(filter: "colorBurnBlendMode", opacity: 0.6))
        #expect(blended.filter { if case .beginGroup = $0 { true } else { false } }.count == 1)
        #expect(blended.contains(.endGroup(.blend(.colorBurn, tint: SIMD4(repeating: 0.6)))))
    }

    /// A filter set, changed or removed between frames shows in the next frame (the renderer skips frames
    /// whose presentation did not change).
    @Test func changingTheFilterRedraws() throws {
        let root = scene(filter: nil)
        let blendedLayer = try #require(root.sublayers?.last)
        let renderer = try HeadlessRenderer(size: CGSize(width: Self.width, height: Self.height))
        defer { renderer.close() }
        func frame(_ time: CFTimeInterval) throws -> [UInt8] {
            let bitmap = try renderer.render(root, at: time)
            return bitmap.rgba.indices.map { i in
                i % 4 == 3 ? bitmap.rgba[i] : UInt8((Int(bitmap.rgba[i]) * Int(bitmap.rgba[i - i % 4 + 3]) + 127) / 255)
            }
        }
        let plain = try frame(0)
        withoutActions { blendedLayer.compositingFilter = "exclusionBlendMode" }
        let excluded = Self.largestDifference(try frame(1), Self.cairoReference(CAIRO_OPERATOR_EXCLUSION))
        #expect(excluded.levels <= Self.tolerance, "\(excluded.where)")
        blendedLayer.compositingFilter = nil
        #expect(try frame(2) == plain)
    }

    /// Names that are not blend filters, and values that are not strings, draw as no filter at all.
    @Test func unknownFiltersDrawAsNone() throws {
        let plain = try glPixels(scene(filter: nil), name: "none")
        let plainContext = try contextPixels(scene(filter: nil))
        let junk: [Any] = ["notABlendMode", "", "MultiplyBlendMode", "multiplyBlendMode ", 42, CGColor.black, [1, 2]]
        for value in junk {
            #expect(try glPixels(scene(filter: value), name: "junk") == plain, "GL: \(value)")
            #expect(try contextPixels(scene(filter: value)) == plainContext, "render(in:): \(value)")
        }
        // No filter is source-over of the group: the cairo picture with OVER.
        #expect(Self.largestDifference(plain, Self.cairoReference(CAIRO_OPERATOR_OVER)).levels <= Self.tolerance)
    }

    /// Without a filter the scene differs from the blended one: the comparisons above see the blend.
    @Test func blendChangesThePicture() throws {
        let plain = try glPixels(scene(filter: nil), name: "none")
        let multiplied = try glPixels(scene(filter: "multiplyBlendMode"), name: "multiply")
        #expect(Self.largestDifference(plain, multiplied).levels > 40)
    }

    /// The getter returns what was set, junk included; key-value coding reaches the same property.
    @Test func filterIsKeptAndSettableByKey() throws {
        let layer = CALayer()
        #expect(layer.compositingFilter == nil)
        layer.compositingFilter = "screenBlendMode"
        #expect(layer.compositingFilter as? String == "screenBlendMode")
        layer.compositingFilter = 7
        #expect(layer.compositingFilter as? Int == 7)
        let byKey = scene(filter: nil)
        let blendedLayer = try #require(byKey.sublayers?.last)
        blendedLayer.setValue("differenceBlendMode", forKey: "compositingFilter")
        #expect(blendedLayer.value(forKey: "compositingFilter") as? String == "differenceBlendMode")
        #expect(blendedLayer.compositingFilter as? String == "differenceBlendMode")
        #expect(try glPixels(byKey, name: "by-key") == glPixels(scene(filter: "differenceBlendMode"), name: "difference"))
        blendedLayer.setValue(nil, forKey: "compositingFilter")
        #expect(blendedLayer.compositingFilter == nil)
    }

    /// `filters` and `backgroundFilters` are kept and returned, by property and by key, and change nothing
    /// drawn: "in iOS, layers ignore any filters you assign to them" (Core Animation Programming Guide).
    @Test func filtersAreKeptAndIgnoredAsOnIOS() throws {
        let root = scene(filter: nil)
        let plain = try glPixels(scene(filter: nil), name: "none")
        let layer = try #require(root.sublayers?.last)
        #expect(layer.filters == nil && layer.backgroundFilters == nil)
        layer.filters = ["CIGaussianBlur"]
        layer.setValue(["CIPixellate"], forKey: "backgroundFilters")
        #expect(layer.filters?.first as? String == "CIGaussianBlur")
        #expect(layer.backgroundFilters?.first as? String == "CIPixellate")
        #expect((layer.value(forKey: "filters") as? [Any])?.count == 1)
        #expect(try glPixels(root, name: "filters") == plain)
        layer.filters = nil
        #expect(layer.filters == nil)
    }

    /// A blended layer inside a translucent superlayer blends with what the superlayer's group holds (here
    /// nothing: it shows as drawn normally), and the group then fades over the backdrop. The blended layer
    /// is the superlayer's only part, which without a blend would be drawn at the opacity with no group.
    @Test func translucentSuperlayerIsolatesTheBlend() throws {
        let root = scene(filter: nil)
        let blendedLayer = try #require(root.sublayers?.last)
        blendedLayer.removeFromSuperlayer()
        blendedLayer.compositingFilter = "differenceBlendMode"
        blendedLayer.sublayers = nil
        let holder = CALayer()
        holder.frame = root.bounds
        holder.opacity = 0.5
        holder.addSublayer(blendedLayer)
        root.addSublayer(holder)
        let difference = Self.largestDifference(try glPixels(root, name: "isolated"), Self.cairoReference(CAIRO_OPERATOR_OVER, alpha: 0.5, withSublayer: false))
        #expect(difference.levels <= Self.tolerance, "\(difference.where)")
    }
}
