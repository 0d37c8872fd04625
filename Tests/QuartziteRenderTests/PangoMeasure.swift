import CCairo
import CPango
import Foundation

/// Pango laying out a string directly, as the tests' reference: the same face, size and font options
/// (unhinted metrics, greyscale) that CATextLayer documents, none of Quartzite's code.
enum PangoMeasure {
    /// The layout's ink and logical rectangles in points, and its line count.
    struct Extents {
        var ink: CGRect
        var logical: CGRect
        var lines: Int
    }

    /// Extents of `text` in DejaVu Sans at `size` points, wrapped (between words) at `width` points when given.
    static func extents(_ text: String, size: CGFloat, wrapWidth width: CGFloat? = nil,
                        family: String = "DejaVu Sans") -> Extents {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        let cr = cairo_create(surface)
        defer { cairo_destroy(cr); cairo_surface_destroy(surface) }
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
        let layout = pango_cairo_create_layout(cr)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        // Fractional glyph positions, as Core Text places glyphs.
        pango_context_set_round_glyph_positions(pango_layout_get_context(layout), 0)
        let description = pango_font_description_new()
        pango_font_description_set_family(description, family)
        pango_font_description_set_absolute_size(description, Double(size) * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        pango_layout_set_text(layout, text, -1)
        if let width {
            pango_layout_set_width(layout, Int32(width * CGFloat(PANGO_SCALE)))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        return Extents(ink: points(ink), logical: points(logical), lines: Int(pango_layout_get_line_count(layout)))
    }

    private static func points(_ r: PangoRectangle) -> CGRect {
        let s = CGFloat(PANGO_SCALE)
        return CGRect(x: CGFloat(r.x) / s, y: CGFloat(r.y) / s, width: CGFloat(r.width) / s, height: CGFloat(r.height) / s)
    }
}
