import CCairo
import Foundation
import QuartziteGeometry

/// Cairo's antialiased coverage of a path (A8 surface, default antialiasing) on the same grid as a Raster.
enum CairoReference {
    enum Operation {
        case fill(CGPathFillRule)
        case stroke(StrokeStyle)
    }

    static func coverage(of path: CGPath, _ op: Operation, grid: Raster) -> [Double] {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(grid.width), Int32(grid.height)),
              let cr = cairo_create(surface) else { return [] }
        defer { cairo_destroy(cr); cairo_surface_destroy(surface) }
        cairo_scale(cr, 1 / grid.pixel, 1 / grid.pixel)
        cairo_translate(cr, -grid.originX, -grid.originY)
        cairo_set_tolerance(cr, 0.01)
        var current = CGPoint.zero
        for element in path.elements {
            switch element {
            case .moveTo(let p): cairo_move_to(cr, p.x, p.y); current = p
            case .lineTo(let p): cairo_line_to(cr, p.x, p.y); current = p
            case .quadCurveTo(let c, let e):
                let c1 = CGPoint(x: current.x + 2.0 / 3.0 * (c.x - current.x), y: current.y + 2.0 / 3.0 * (c.y - current.y))
                let c2 = CGPoint(x: e.x + 2.0 / 3.0 * (c.x - e.x), y: e.y + 2.0 / 3.0 * (c.y - e.y))
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, e.x, e.y); current = e
            case .curveTo(let c1, let c2, let e): cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, e.x, e.y); current = e
            case .closeSubpath: cairo_close_path(cr)
            }
        }
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        switch op {
        case .fill(let rule):
            cairo_set_fill_rule(cr, rule == .winding ? CAIRO_FILL_RULE_WINDING : CAIRO_FILL_RULE_EVEN_ODD)
            cairo_fill(cr)
        case .stroke(let style):
            cairo_set_line_width(cr, style.lineWidth)
            cairo_set_line_cap(cr, cairo_line_cap_t(UInt32(style.lineCap.rawValue)))
            cairo_set_line_join(cr, cairo_line_join_t(UInt32(style.lineJoin.rawValue)))
            cairo_set_miter_limit(cr, style.miterLimit)
            if !style.dashPattern.isEmpty {
                let dashes = style.dashPattern.map { Double($0) }
                cairo_set_dash(cr, dashes, Int32(dashes.count), style.dashPhase)
            }
            cairo_stroke(cr)
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        var out = Array(repeating: 0.0, count: grid.width * grid.height)
        for y in 0..<grid.height {
            for x in 0..<grid.width { out[y * grid.width + x] = Double(data[y * stride + x]) / 255 }
        }
        return out
    }
}
