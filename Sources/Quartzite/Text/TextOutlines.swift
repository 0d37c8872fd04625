import CCairo
import CPango
import Foundation

/// The glyph outlines of laid-out text, as paths to fill. String drawing into a `CGContext` fills these, so its
/// text takes the context's transform, clip, alpha, shadow and blend mode as any other fill does, and stays
/// sharp under any scale.
///
/// Pango lays the request out as a text layer's is laid out (`TextLayoutSetup`); each run of glyphs Pango
/// shaped becomes outlines (`pango_cairo_glyph_string_path`) placed where the layout puts the run, with the
/// run's underline and strikethrough as bars from the font's metrics, and its background as its line box.
package enum TextOutlines {
    /// How a part is drawn: its colour, its outline stroked (width in points) and the shadow it casts.
    package struct Look: Equatable {
        /// An outline stroke: its width in points, its colour, and whether the glyphs are filled as well.
        package struct Stroke: Equatable {
            package var width: CGFloat
            package var color: CGColor
            package var fills: Bool
        }

        package var color: CGColor
        package var stroke: Stroke?
        package var shadow: TextShadow?
    }

    /// The glyphs of one look: points, y down, the layout's top-left corner at the origin.
    package struct Part {
        package var look: Look
        package var path: CGMutablePath
    }

    /// What string drawing draws: run backgrounds first (colour and line box), then the glyph parts.
    package struct Drawing {
        package var backgrounds: [(color: CGColor, box: CGRect)] = []
        package var parts: [Part] = []
        package var isEmpty: Bool { backgrounds.isEmpty && parts.isEmpty }
    }

    /// The request's outlines, one part for each look in the order the looks first appear; runs without a
    /// colour of their own are `baseColor`. Lines starting below `drawnDepth` points are left out
    /// (`TextFrame` rules 6 and 7).
    package static func drawing(of request: TextRequest, baseColor: CGColor, drawnDepth: CGFloat = .infinity) -> Drawing {
        TextRasterizer.withUnhintedFrame(request, drawnDepth: drawnDepth) { frame, cr in
            var drawing = Drawing()
            for block in frame.blocks { add(block, baseColor: baseColor, in: cr, to: &drawing) }
            return drawing
        } ?? Drawing()
    }

    /// A block's runs, each where the frame moves its line (none of a line the frame leaves out): its
    /// background box and its outline.
    private static func add(_ block: TextFrame.Block, baseColor: CGColor, in cr: OpaquePointer, to drawing: inout Drawing) {
        guard let iterator = pango_layout_get_iter(block.layout) else { return }
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator), let item = run.pointee.item,
                  let line = pango_layout_iter_get_line_readonly(iterator), let drop = block.drops[line] else { continue }
            let style = block.request.content.run(atByte: Int(item.pointee.offset))
            var (origin, box) = place(iterator)
            origin = CGPoint(x: origin.x + block.shift, y: origin.y + drop - (style?.baselineOffset ?? 0))
            box = box.offsetBy(dx: block.shift, dy: drop)
            if let background = style?.background { drawing.backgrounds.append((background, box)) }
            let transform = style?.glyphTransform(textSize: block.request.fontSize)
            let path = outline(of: run, at: origin, lines: (style?.underline, style?.strikethrough), transform: transform, in: cr)
            append(path, look: look(style, baseColor: baseColor, fontSize: style?.fontSize ?? block.request.fontSize),
                   to: &drawing.parts)
        } while pango_layout_iter_next_run(iterator) != 0
    }

    /// A run's look: its colour, its stroke's width in points (a percentage of its font size) and colour,
    /// its shadow.
    private static func look(_ style: TextContent.Run?, baseColor: CGColor, fontSize: CGFloat) -> Look {
        let color = style?.color ?? baseColor
        let stroke = style?.stroke.map { s in
            Look.Stroke(width: abs(s.percent) / 100 * fontSize, color: s.color ?? color, fills: s.fills)
        }
        return Look(color: color, stroke: stroke, shadow: style?.shadow)
    }

    /// Where the iterator's run starts on its baseline, and its line box (logical extent), in points.
    private static func place(_ iterator: OpaquePointer) -> (origin: CGPoint, box: CGRect) {
        var logical = PangoRectangle()
        pango_layout_iter_get_run_extents(iterator, nil, &logical)
        let baseline = pango_layout_iter_get_baseline(iterator)
        return (CGPoint(x: points(logical.x), y: points(baseline)),
                CGRect(x: points(logical.x), y: points(logical.y), width: points(logical.width), height: points(logical.height)))
    }

    /// One run's glyphs, through `transform` about their baseline origin when the run skews or stretches
    /// them (`glyphTransform`), and its underline and strikethrough when it has them (upright, as thick as
    /// the run's height), as a path.
    private static func outline(of run: UnsafeMutablePointer<PangoGlyphItem>, at origin: CGPoint,
                                lines: (underline: Int?, strikethrough: Int?), transform: CGAffineTransform?,
                                in cr: OpaquePointer) -> CGMutablePath {
        let path = CGMutablePath()
        guard let item = run.pointee.item, let font = item.pointee.analysis.font else { return path }
        cairo_new_path(cr)
        cairo_save(cr)
        cairo_translate(cr, Double(origin.x), Double(origin.y))
        if let t = transform {
            var matrix = cairo_matrix_t(xx: Double(t.a), yx: Double(t.b), xy: Double(t.c), yy: Double(t.d), x0: 0, y0: 0)
            cairo_transform(cr, &matrix)
        }
        cairo_move_to(cr, 0, 0)
        pango_cairo_glyph_string_path(cr, font, run.pointee.glyphs)
        cairo_restore(cr)
        append(cairoPathOf: cr, to: path)
        let squeeze = transform?.d ?? 1
        guard lines.underline != nil || lines.strikethrough != nil, let width = runWidth(run),
              let metrics = pango_font_get_metrics(font, nil) else { return path }
        defer { pango_font_metrics_unref(metrics) }
        let baseline = CGRect(x: origin.x, y: origin.y, width: width, height: 0)
        if let underline = lines.underline {
            addBars(underline, along: baseline, above: squeeze * points(pango_font_metrics_get_underline_position(metrics)),
                    thickness: squeeze * points(pango_font_metrics_get_underline_thickness(metrics)), to: path)
        }
        if let strikethrough = lines.strikethrough {
            addBars(strikethrough, along: baseline, above: squeeze * points(pango_font_metrics_get_strikethrough_position(metrics)),
                    thickness: squeeze * points(pango_font_metrics_get_strikethrough_thickness(metrics)), to: path)
        }
        return path
    }

    /// The run's advance in points.
    private static func runWidth(_ run: UnsafeMutablePointer<PangoGlyphItem>) -> CGFloat? {
        guard let glyphs = run.pointee.glyphs else { return nil }
        return points(pango_glyph_string_get_width(glyphs))
    }

    /// A line's bars along `baseline` (a rect of no height at the baseline), `above` it (the font's position,
    /// negative below) and as thick as the font says (twice for a thick style); a double style is two bars.
    private static func addBars(_ style: Int, along baseline: CGRect, above: CGFloat, thickness metric: CGFloat,
                                to path: CGMutablePath) {
        let thin = max(metric, 0.5)
        let thickness = style & 0xFF == NSUnderlineStyle.thick.rawValue ? 2 * thin : thin
        let top = baseline.minY - above
        path.addRect(CGRect(x: baseline.minX, y: top, width: baseline.width, height: thickness))
        if style & 0xFF == NSUnderlineStyle.double.rawValue {
            path.addRect(CGRect(x: baseline.minX, y: top + 2 * thickness, width: baseline.width, height: thickness))
        }
    }

    /// Adds `path` to the part of `look`, or a new part at the end.
    private static func append(_ path: CGMutablePath, look: Look, to parts: inout [Part]) {
        guard !path.isEmpty else { return }
        if let index = parts.firstIndex(where: { $0.look == look }) {
            parts[index].path.addPath(path)
        } else {
            parts.append(Part(look: look, path: path))
        }
    }

    /// Cairo's current path appended to `path`: its moves, lines, cubic curves and closes.
    static func append(cairoPathOf cr: OpaquePointer, to path: CGMutablePath) {
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
