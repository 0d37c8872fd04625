import CCairo
import CPango
import Foundation

/// Turns a `TextRequest` into a premultiplied RGBA image of the bounds, with Pango laying the text out
/// (HarfBuzz shaping, fontconfig lookup, wrapping, ellipsizing) and cairo drawing it.
///
/// Rules, with their reasons:
/// 1. Metrics are not hinted (`CAIRO_HINT_METRICS_OFF`) and glyph positions are not rounded: glyph advances
///    scale with the font size and the pixels per point, so a line is as long at scale 2 as twice its length
///    at scale 1, and an animated font size grows smoothly.
/// 2. Antialiasing is greyscale: the image is drawn again under any transform and tint, where subpixel
///    colour fringes would show.
/// 3. A plain string is drawn in white and tinted by `foregroundColor` when drawn (premultiplied white
///    coverage a times the colour is the colour at coverage a), so recolouring rasterises nothing.
package enum TextRasterizer {
    /// The face of a layer with no font: DejaVu Sans, installed by `make setup`, so the default looks the
    /// same on every machine (Apple's default is Helvetica, which Linux systems do not ship).
    package static let defaultFamily = "DejaVu Sans"
    /// The most pixels an image has a side (a larger layer is rasterised at fewer pixels per point).
    package static let maximumSide = 8192
    /// The most characters laid out; the rest of a longer string is left out, with a diagnostic.
    package static let maximumCharacters = 16_384
    /// The most Unicode scalars laid out: one character can hold any number of combining marks, and Pango's
    /// line breaking takes the square of a cluster's length (100,000 marks on one letter took minutes).
    package static let maximumScalars = 32_768
    /// The largest font size drawn, in points.
    package static let maximumFontSize: CGFloat = 4096

    /// The request's pixels, or nil (with a diagnostic) when cairo cannot make the surface.
    package static func image(_ request: TextRequest) -> CGImage? {
        let width = request.pixelWidth, height = request.pixelHeight
        guard width > 0, height > 0, width <= maximumSide, height <= maximumSide else { return nil }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            Diagnostics.report("a text layer's \(width)x\(height) image could not be made; its text is not drawn")
            return nil
        }
        defer { cairo_destroy(cr) }
        cairo_scale(cr, Double(request.scale), Double(request.scale))
        draw(request, in: cr)
        return pixels(of: surface, width: width, height: height)
    }

    /// Lays out and draws the request's text at the top of the bounds, in user space points: each line at
    /// the place the frame gives it.
    package static func draw(_ request: TextRequest, in cr: OpaquePointer) {
        if request.content.transformsGlyphs { return drawOutlines(request, in: cr) }
        guard let frame = TextFrame(request, on: cr, unhinted: false, drawnDepth: request.size.height) else { return }
        let rgba = request.color?.rgba ?? [1, 1, 1, 1]
        cairo_set_source_rgba(cr, Double(rgba[0]), Double(rgba[1]), Double(rgba[2]), Double(rgba[3]))
        for line in frame.lines {
            cairo_move_to(cr, Double(line.origin.x), Double(line.origin.y))
            pango_cairo_show_layout_line(cr, line.line)
        }
    }

    /// Fills the request's outlines (`TextOutlines`: run backgrounds, then glyphs, underlines and
    /// strikethroughs), for text whose runs skew or stretch their glyphs, which Pango's drawing cannot.
    /// Glyphs are filled, not stroked, and cast no shadow, as Pango's drawing of a text layer's runs.
    private static func drawOutlines(_ request: TextRequest, in cr: OpaquePointer) {
        let base = request.color ?? CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let drawing = TextOutlines.drawing(of: request, baseColor: base, drawnDepth: request.size.height)
        for background in drawing.backgrounds {
            setSource(background.color, on: cr)
            cairo_rectangle(cr, Double(background.box.minX), Double(background.box.minY),
                            Double(background.box.width), Double(background.box.height))
            cairo_fill(cr)
        }
        for part in drawing.parts {
            setSource(part.look.color, on: cr)
            CairoGeometry.setPath(part.path, on: cr, filled: true)
            cairo_fill(cr)
        }
    }

    /// `color` as cairo's source.
    private static func setSource(_ color: CGColor, on cr: OpaquePointer) {
        let rgba = color.rgba
        cairo_set_source_rgba(cr, Double(rgba[0]), Double(rgba[1]), Double(rgba[2]), Double(rgba[3]))
    }

    /// A Pango layout of the request for drawing with `cr`: font options (rules 1 and 2), text, runs, font,
    /// alignment, wrapping and ellipsizing. `unhinted` leaves the glyphs' outlines as the font draws them
    /// (for outlines filled at any scale, and for measuring ink); otherwise fontconfig's hinting fits them to
    /// the pixels they are rasterised at.
    package static func makeLayout(_ request: TextRequest, in cr: OpaquePointer, unhinted: Bool = false) -> OpaquePointer? {
        guard let options = cairo_font_options_create() else { return nil }
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        if unhinted { cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE) }
        cairo_set_font_options(cr, options)
        guard let layout = pango_cairo_create_layout(cr) else { return nil }
        // Glyphs at their fractional advances, as Core Text places them (Pango rounds to whole units of the
        // layout's space by default, which at one unit a point puts text up to a point a glyph off).
        if let context = pango_layout_get_context(layout) { pango_context_set_round_glyph_positions(context, 0) }
        TextLayoutSetup.apply(request, to: layout)
        return layout
    }

    /// The size in points of the request's laid-out text: its lines' logical extent (the widest line's
    /// advance, the lines' heights), wrapped at the request's width when it wraps, rounded up to whole points.
    package static func measure(_ request: TextRequest) -> CGSize {
        guard let logical = extents(request)?.logical else { return .zero }
        return CGSize(width: logical.width.rounded(.up), height: logical.height.rounded(.up))
    }

    /// The laid-out text's logical rectangle (its lines' advances and heights, from the frame's top-left),
    /// its ink rectangle (the glyphs' own extent, unhinted) and the first line's baseline below the top, in
    /// points, unrounded; nil when Pango cannot lay it out.
    package static func extents(_ request: TextRequest) -> (logical: CGRect, ink: CGRect, baseline: CGFloat)? {
        withUnhintedFrame(request) { frame, _ in (frame.logical, frame.ink, frame.firstBaseline) }
    }

    /// `body`'s answer for an unhinted frame of `request` on a scratch context (`withScratchContext`).
    package static func withUnhintedFrame<T>(_ request: TextRequest, drawnDepth: CGFloat = .infinity,
                                             _ body: (_ frame: TextFrame, _ cr: OpaquePointer) -> T?) -> T? {
        withScratchContext { cr in
            guard let frame = TextFrame(request, on: cr, unhinted: true, drawnDepth: drawnDepth) else { return nil }
            return body(frame, cr)
        }
    }

    /// `body`'s answer for one unhinted Pango layout of the whole request (every paragraph in the first
    /// one's style), on a scratch context: what Core Text's lines read, which carry no paragraph style of
    /// their own.
    package static func withUnhintedLayout<T>(_ request: TextRequest,
                                              _ body: (_ layout: OpaquePointer, _ cr: OpaquePointer) -> T?) -> T? {
        withScratchContext { cr in
            guard let layout = makeLayout(request, in: cr, unhinted: true) else { return nil }
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            return body(layout, cr)
        }
    }

    /// `body`'s answer on a scratch cairo context (points, one unit a point) whose surface has no edges: a
    /// glyph path is cut to a bounded target's extents (a 1 x 1 image surface cut a 369-point line's
    /// outlines at 175 points).
    private static func withScratchContext<T>(_ body: (_ cr: OpaquePointer) -> T?) -> T? {
        guard let surface = cairo_recording_surface_create(CAIRO_CONTENT_ALPHA, nil) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return nil }
        defer { cairo_destroy(cr) }
        return body(cr)
    }

    /// How far right a block's layout moves: past the paragraph's head indent, and for a layout without a
    /// width (which aligns its lines within its widest line) so that block sits in `width`, less the
    /// paragraph's margins, as its alignment asks (the paragraph's unless natural, else `alignmentMode`;
    /// natural and justified on the side the text starts from).
    package static func horizontalShift(of layout: OpaquePointer, _ request: TextRequest, alignedIn width: CGFloat) -> CGFloat {
        let (lead, trail) = TextLayoutSetup.margins(request)
        guard pango_layout_get_width(layout) < 0, width > 0 else { return lead }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let advance = CGFloat(logical.width) / CGFloat(PANGO_SCALE)
        let share: CGFloat
        switch TextLayoutSetup.alignment(request) {
        case .left: share = 0
        case .center: share = 0.5
        case .right: share = 1
        default: share = TextLayoutSetup.isRightToLeft(request) ? 1 : 0
        }
        return lead + (width - lead - trail - advance) * share
    }

    /// The surface's pixels as premultiplied RGBA, rows top first.
    private static func pixels(of surface: OpaquePointer, width: Int, height: Int) -> CGImage? {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        rgba.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            PixelCopy.copy(PixelRect(x0: 0, y0: 0, x1: width, y1: height), from: data, stride: stride, as: .cairo,
                           to: base, stride: width * 4,
                           as: PixelFormat(red: 0, green: 1, blue: 2, alpha: 3, hasAlpha: true))
        }
        return try? CGImage(width: width, height: height, premultipliedRGBA: rgba)
    }
}

extension CATextLayer {
    /// The size the model text takes when laid out (wrapped at the bounds' width when `isWrapped`, untruncated),
    /// in the layer's points; nil when there is no text to lay out.
    func textSize() -> CGSize? {
        guard var values = modelValues.text, !values.content.text.isEmpty else { return nil }
        values.truncationMode = .none
        values.foregroundColor = .white
        let width = values.isWrapped ? max(modelValues.bounds.width, 1) : 1
        guard let request = TextRequest(values, size: CGSize(width: width, height: 1), scale: 1) else { return nil }
        return TextRasterizer.measure(request)
    }

    /// The image of the layer's model text laid out in `size` points at `scale` pixels per point, as the
    /// renderer draws it (a plain string in white, to be tinted); nil when nothing would show. For a panel
    /// that draws its text into a bitmap of its own (the window's HUD).
    package func textImage(size: CGSize, scale: CGFloat) -> CGImage? {
        guard let values = modelValues.text, let request = TextRequest(values, size: size, scale: scale) else { return nil }
        return TextRasterizer.image(request)
    }
}
