import CCairo
import CPango
import Foundation

/// Pango drawing a string directly with pango_cairo_show_layout, as the reference for `TextRasterizer`: the
/// documented face, size and font options, white on transparent, none of Quartzite's code.
enum PangoReference {
    struct Drawn {
        /// Premultiplied RGBA, rows top first.
        var rgba: [UInt8]
        var lines: Int
        var ellipsized: Bool
        /// Characters no installed font has a glyph for (drawn as boxes).
        var unknownGlyphs = 0
    }

    /// `text` in DejaVu Sans (or `family` at `weight`) at `size` points, drawn at `scale` pixels a point into `width` x `height` pixels,
    /// with a Pango width of `layoutWidth` points (none when nil), word-char wrapping and `ellipsize`.
    static func draw(_ text: String, size: CGFloat, width: Int, height: Int, scale: CGFloat = 1,
                     layoutWidth: CGFloat?, ellipsize: PangoEllipsizeMode = PANGO_ELLIPSIZE_NONE,
                     family: String = "DejaVu Sans", weight: PangoWeight = PANGO_WEIGHT_NORMAL,
                     paragraph: (alignment: PangoAlignment, spacing: Int32, indent: Int32)? = nil,
                     origin: CGPoint = .zero, hyphens: Bool = false, hinted: Bool = true) -> Drawn {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        let cr = cairo_create(surface)
        defer { cairo_destroy(cr); cairo_surface_destroy(surface) }
        cairo_scale(cr, Double(scale), Double(scale))
        let layout = makeLayout(text, size: size, family: family, weight: weight, hinted: hinted, on: cr)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        if let layoutWidth {
            pango_layout_set_width(layout, Int32(layoutWidth * CGFloat(PANGO_SCALE)))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            pango_layout_set_ellipsize(layout, ellipsize)
        }
        // Core Text breaks a word too long for its line without a hyphen; Pango hyphenates unless told not to.
        let list = pango_attr_list_new()
        let hyphenation = pango_attr_insert_hyphens_new(hyphens ? 1 : 0)
        hyphenation?.pointee.end_index = UInt32.max
        pango_attr_list_insert(list, hyphenation)
        pango_layout_set_attributes(layout, list)
        pango_attr_list_unref(list)
        if let paragraph {
            pango_layout_set_alignment(layout, paragraph.alignment)
            pango_layout_set_spacing(layout, paragraph.spacing)
            pango_layout_set_indent(layout, paragraph.indent)
        }
        cairo_set_source_rgba(cr, 1, 1, 1, 1)
        cairo_move_to(cr, Double(origin.x), Double(origin.y))
        let unknownGlyphs = Int(pango_layout_get_unknown_glyphs_count(layout))
        pango_cairo_show_layout(cr, layout)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let s = y * stride + x * 4, d = (y * width + x) * 4
                (rgba[d], rgba[d + 1], rgba[d + 2], rgba[d + 3]) = (data[s + 2], data[s + 1], data[s], data[s + 3])
            }
        }
        return Drawn(rgba: rgba, lines: Int(pango_layout_get_line_count(layout)),
                     ellipsized: pango_layout_is_ellipsized(layout) != 0, unknownGlyphs: unknownGlyphs)
    }

    /// A layout of `text` on `cr` in `family` at `weight` and `size` points, with unhinted metrics and greyscale
    /// antialiasing (the documented font options), outlines hinted by fontconfig unless `hinted` is false;
    /// the caller unrefs it.
    static func makeLayout(_ text: String, size: CGFloat, family: String = "DejaVu Sans",
                           weight: PangoWeight = PANGO_WEIGHT_NORMAL, hinted: Bool = true,
                           on cr: OpaquePointer?) -> OpaquePointer? {
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        if !hinted { cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE) }
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
        let layout = pango_cairo_create_layout(cr)
        pango_context_set_round_glyph_positions(pango_layout_get_context(layout), 0)
        let description = pango_font_description_new()
        pango_font_description_set_family(description, family)
        pango_font_description_set_weight(description, weight)
        pango_font_description_set_absolute_size(description, Double(size) * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        pango_layout_set_text(layout, text, -1)
        return layout
    }

    /// The logical rectangle (points, from the layout's top-left) and first baseline of `text` in DejaVu Sans
    /// at `size` points, wrapped at `layoutWidth` points when given, with the same font options.
    static func extents(_ text: String, size: CGFloat, layoutWidth: CGFloat? = nil) -> (logical: CGRect, baseline: CGFloat) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)
        let cr = cairo_create(surface)
        defer { cairo_destroy(cr); cairo_surface_destroy(surface) }
        let layout = makeLayout(text, size: size, on: cr)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        if let layoutWidth {
            pango_layout_set_width(layout, Int32(layoutWidth * CGFloat(PANGO_SCALE)))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let unit = CGFloat(PANGO_SCALE)
        return (CGRect(x: CGFloat(logical.x) / unit, y: CGFloat(logical.y) / unit, width: CGFloat(logical.width) / unit,
                       height: CGFloat(logical.height) / unit),
                CGFloat(pango_layout_get_baseline(layout)) / unit)
    }
}
