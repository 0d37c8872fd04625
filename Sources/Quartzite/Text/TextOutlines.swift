import CCairo
import CPango
import Foundation

/// The glyph outlines of laid-out text, as paths to fill. String drawing into a `CGContext` fills these, so its
/// text takes the context's transform, clip, alpha, shadow and blend mode as any other fill does, and stays
/// sharp under any scale.
///
/// Pango lays the request out as a text layer's is laid out (`TextLayoutSetup`); each run of glyphs Pango
/// shaped becomes outlines (`pango_cairo_glyph_string_path`) placed where the layout puts the run, with the
/// run's underline as a bar from the font's metrics.
package enum TextOutlines {
    /// The glyphs of one colour: points, y down, the layout's top-left corner at the origin.
    package struct Part {
        package var color: CGColor
        package var path: CGMutablePath
    }

    /// The request's outlines, one part for each colour in the order the colours first appear; runs without a
    /// colour of their own are `baseColor`.
    package static func parts(of request: TextRequest, baseColor: CGColor) -> [Part] {
        TextRasterizer.withUnhintedLayout(request) { layout, cr in
            guard let iterator = pango_layout_get_iter(layout) else { return [] }
            defer { pango_layout_iter_free(iterator) }
            let shift = TextRasterizer.horizontalShift(of: layout, request)
            var parts: [Part] = []
            repeat {
                guard let run = pango_layout_iter_get_run_readonly(iterator), let item = run.pointee.item else { continue }
                let style = request.content.runs.first { $0.bytes.contains(Int(item.pointee.offset)) }
                var origin = origin(of: iterator)
                origin.x += shift
                append(outline(of: run, at: origin, underline: style?.underline, in: cr), color: style?.color ?? baseColor,
                       to: &parts)
            } while pango_layout_iter_next_run(iterator) != 0
            return parts
        } ?? []
    }

    /// Where the iterator's run starts on its baseline, in points.
    private static func origin(of iterator: OpaquePointer) -> CGPoint {
        var logical = PangoRectangle()
        pango_layout_iter_get_run_extents(iterator, nil, &logical)
        let baseline = pango_layout_iter_get_baseline(iterator)
        return CGPoint(x: points(logical.x), y: points(baseline))
    }

    /// One run's glyphs, and its underline when it has one, as a path.
    private static func outline(of run: UnsafeMutablePointer<PangoGlyphItem>, at origin: CGPoint, underline: Int?,
                                in cr: OpaquePointer) -> CGMutablePath {
        let path = CGMutablePath()
        guard let item = run.pointee.item, let font = item.pointee.analysis.font else { return path }
        cairo_new_path(cr)
        cairo_move_to(cr, Double(origin.x), Double(origin.y))
        pango_cairo_glyph_string_path(cr, font, run.pointee.glyphs)
        append(cairoPathOf: cr, to: path)
        if let underline, let width = runWidth(run) {
            addUnderline(underline, under: CGRect(x: origin.x, y: origin.y, width: width, height: 0), font: font, to: path)
        }
        return path
    }

    /// The run's advance in points.
    private static func runWidth(_ run: UnsafeMutablePointer<PangoGlyphItem>) -> CGFloat? {
        guard let glyphs = run.pointee.glyphs else { return nil }
        return points(pango_glyph_string_get_width(glyphs))
    }

    /// An underline's bars along `baseline` (a rect of no height at the baseline), placed and as thick as the
    /// font's metrics say; a double underline is two bars.
    private static func addUnderline(_ style: Int, under baseline: CGRect, font: OpaquePointer, to path: CGMutablePath) {
        guard let metrics = pango_font_get_metrics(font, nil) else { return }
        defer { pango_font_metrics_unref(metrics) }
        let thin = max(points(pango_font_metrics_get_underline_thickness(metrics)), 0.5)
        let thickness = style & 0xFF == NSUnderlineStyle.thick.rawValue ? 2 * thin : thin
        let below = -points(pango_font_metrics_get_underline_position(metrics))
        path.addRect(CGRect(x: baseline.minX, y: baseline.minY + below, width: baseline.width, height: thickness))
        if style & 0xFF == NSUnderlineStyle.double.rawValue {
            path.addRect(CGRect(x: baseline.minX, y: baseline.minY + below + 2 * thickness, width: baseline.width,
                                height: thickness))
        }
    }

    /// Adds `path` to the part of `color`, or a new part at the end.
    private static func append(_ path: CGMutablePath, color: CGColor, to parts: inout [Part]) {
        guard !path.isEmpty else { return }
        if let index = parts.firstIndex(where: { $0.color == color }) {
            parts[index].path.addPath(path)
        } else {
            parts.append(Part(color: color, path: path))
        }
    }

    /// Cairo's current path appended to `path`: its moves, lines, cubic curves and closes.
    private static func append(cairoPathOf cr: OpaquePointer, to path: CGMutablePath) {
        guard let copied = cairo_copy_path(cr) else { return }
        defer { cairo_path_destroy(copied) }
        guard copied.pointee.status == CAIRO_STATUS_SUCCESS, let data = copied.pointee.data else { return }
        let count = Int(copied.pointee.num_data)
        var i = 0
        while i < count {
            let header = data[i].header
            let length = Int(header.length)
            guard length >= 1, i + length <= count else { return }
            let p = { (k: Int) in CGPoint(x: data[i + k].point.x, y: data[i + k].point.y) }
            switch header.type {
            case CAIRO_PATH_MOVE_TO where length >= 2: path.move(to: p(1))
            case CAIRO_PATH_LINE_TO where length >= 2: path.addLine(to: p(1))
            case CAIRO_PATH_CURVE_TO where length >= 4: path.addCurve(to: p(3), control1: p(1), control2: p(2))
            case CAIRO_PATH_CLOSE_PATH: path.closeSubpath()
            default: break
            }
            i += length
        }
    }

    /// Pango units as points.
    private static func points(_ units: Int32) -> CGFloat { CGFloat(units) / CGFloat(PANGO_SCALE) }
}
