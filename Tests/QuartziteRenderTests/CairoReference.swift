import Foundation
import CCairo
import Quartzite

/// Cairo, the reference rasteriser (test-only): draws a CGPath or a gradient into an RGBA image, so our GL
/// output can be compared pixel by pixel with an independent implementation of the same 2D semantics.
enum CairoReference {
    enum Paint {
        case fill(CGPathFillRule)
        case stroke(StrokeStyle)
        case linear(start: CGPoint, end: CGPoint, colors: [CGColor])
        case radial(center: CGPoint, radius: CGFloat, colors: [CGColor])
    }

    /// Draws `path` (for gradients: the whole canvas) over an opaque background; returns straight RGBA rows.
    static func render(_ path: CGPath, paint: Paint, color: CGColor, background: CGColor,
                       width: Int, height: Int) -> [UInt8] {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              let cr = cairo_create(surface) else { return [] }
        defer { cairo_destroy(cr); cairo_surface_destroy(surface) }
        let bg = background.rgba
        cairo_set_source_rgba(cr, bg[0], bg[1], bg[2], bg[3])
        cairo_paint(cr)
        let c = color.rgba
        cairo_set_source_rgba(cr, c[0], c[1], c[2], c[3])
        switch paint {
        case .fill(let rule):
            add(path, to: cr)
            cairo_set_fill_rule(cr, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            cairo_fill(cr)
        case .stroke(let style):
            add(path, to: cr)
            cairo_set_line_width(cr, style.lineWidth)
            cairo_set_line_cap(cr, [.butt: CAIRO_LINE_CAP_BUTT, .round: CAIRO_LINE_CAP_ROUND, .square: CAIRO_LINE_CAP_SQUARE][style.lineCap] ?? CAIRO_LINE_CAP_BUTT)
            cairo_set_line_join(cr, [.miter: CAIRO_LINE_JOIN_MITER, .round: CAIRO_LINE_JOIN_ROUND, .bevel: CAIRO_LINE_JOIN_BEVEL][style.lineJoin] ?? CAIRO_LINE_JOIN_MITER)
            cairo_set_miter_limit(cr, style.miterLimit)
            if !style.dashPattern.isEmpty {
                let dashes = style.dashPattern.map { Double($0) }
                cairo_set_dash(cr, dashes, Int32(dashes.count), style.dashPhase)
            }
            cairo_stroke(cr)
        case .linear(let start, let end, let colors):
            let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
            addStops(colors, to: pattern)
            cairo_set_source(cr, pattern)
            cairo_paint(cr)
            cairo_pattern_destroy(pattern)
        case .radial(let center, let radius, let colors):
            let pattern = cairo_pattern_create_radial(center.x, center.y, 0, center.x, center.y, radius)
            addStops(colors, to: pattern)
            cairo_set_source(cr, pattern)
            cairo_paint(cr)
            cairo_pattern_destroy(pattern)
        }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                // ARGB32 is a native-endian 32-bit word: B, G, R, A bytes on little-endian machines.
                let s = y * stride + x * 4, d = (y * width + x) * 4
                let a = data[s + 3]
                out[d + 3] = a
                for (i, src) in [2, 1, 0].enumerated() {
                    let v = Int(data[s + src])
                    out[d + i] = a == 0 ? 0 : UInt8(min(255, (v * 255 + Int(a) / 2) / Int(a)))
                }
            }
        }
        return out
    }

    private static func addStops(_ colors: [CGColor], to pattern: OpaquePointer?) {
        for (i, color) in colors.enumerated() {
            let c = color.rgba
            let offset = colors.count == 1 ? 0 : Double(i) / Double(colors.count - 1)
            cairo_pattern_add_color_stop_rgba(pattern, offset, c[0], c[1], c[2], c[3])
        }
    }

    private static func add(_ path: CGPath, to cr: OpaquePointer) {
        var current = CGPoint.zero
        path.applyWithBlock { element in
            let points = element.pointee.points
            switch element.pointee.type {
            case .moveToPoint: cairo_move_to(cr, points[0].x, points[0].y); current = points[0]
            case .addLineToPoint: cairo_line_to(cr, points[0].x, points[0].y); current = points[0]
            case .addQuadCurveToPoint:
                // A quadratic is the cubic with control points two thirds of the way to its control point.
                let (c, p) = (points[0], points[1])
                let c1 = CGPoint(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y))
                let c2 = CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            case .addCurveToPoint:
                let (c1, c2, p) = (points[0], points[1], points[2])
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            case .closeSubpath: cairo_close_path(cr)
            }
        }
    }
}
