import Foundation
import CCairo
import Quartzite
import QuartziteDemos

/// Why cairo could not be used.
public struct CairoBenchError: Error, CustomStringConvertible {
    public let description: String
}

/// Draws benchmark-scene primitives with cairo on the CPU into an ARGB32 image surface, antialiased (cairo's
/// default analytic coverage), cleared to transparent each frame: the CPU reference the GL renderer is
/// compared with in `quartzite bench`. Not thread-safe; one per thread.
public final class CairoSceneRenderer {
    /// Size of the surface in pixels.
    public let width: Int, height: Int
    private let surface: OpaquePointer
    private let cr: OpaquePointer

    /// A surface of `width` x `height` pixels; `scale` pixels per point maps the primitives' points.
    public init(width: Int, height: Int) throws {
        guard width >= 1, height >= 1, width <= 16384, height <= 16384,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw CairoBenchError(description: "cairo cannot make a \(width)x\(height) surface")
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface),
              cairo_status(cr) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw CairoBenchError(description: "cairo cannot draw into a \(width)x\(height) surface")
        }
        self.width = width
        self.height = height
        self.surface = surface
        self.cr = cr
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// Clears the surface and draws one frame.
    public func draw(_ primitives: [BenchPrimitive]) {
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_restore(cr)
        for primitive in primitives { draw(primitive) }
        cairo_surface_flush(surface)
    }

    /// Writes the last frame as PNG (to compare with the GL capture by eye), atomically: to a temporary file
    /// beside `path`, renamed over it once complete, so a failure leaves any earlier file whole.
    public func writePNG(to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).cairo.tmp").path
        let status = cairo_surface_write_to_png(surface, temporary)
        guard status == CAIRO_STATUS_SUCCESS else {
            unlink(temporary)
            throw CairoBenchError(description: "cannot write \(path): \(String(cString: cairo_status_to_string(status)))")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno)).lowercased()
            unlink(temporary)
            throw CairoBenchError(description: "cannot write \(path): \(reason)")
        }
    }

    private func draw(_ primitive: BenchPrimitive) {
        switch primitive {
        case .roundedRect(let rect, let radius, let color, let transform):
            cairo_save(cr)
            apply(transform)
            roundedRect(rect, radius: radius)
            cairo_restore(cr)
            setSource(color)
            cairo_fill(cr)
        case .polyline(let points, let lineWidth, let color):
            guard let first = points.first else { return }
            cairo_move_to(cr, first.x, first.y)
            for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
            cairo_set_line_width(cr, lineWidth)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            setSource(color)
            cairo_stroke(cr)
        case .polygon(let points, let color, let transform):
            guard let first = points.first else { return }
            cairo_save(cr)
            apply(transform)
            cairo_move_to(cr, first.x, first.y)
            for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
            cairo_close_path(cr)
            cairo_restore(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            setSource(color)
            cairo_fill(cr)
        case .gradientArc(let center, let radius, let lineWidth, let strokeEnd, let from, let to, let start, let end):
            guard strokeEnd > 0 else { return }
            // cairo's angles grow clockwise on a y-down surface, as Core Animation's ring does.
            cairo_arc(cr, center.x, center.y, radius, -.pi / 2, -.pi / 2 + 2 * .pi * min(strokeEnd, 1))
            cairo_set_line_width(cr, lineWidth)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            guard let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y) else { return }
            cairo_pattern_add_color_stop_rgba(pattern, 0, from.red, from.green, from.blue, from.alpha)
            cairo_pattern_add_color_stop_rgba(pattern, 1, to.red, to.green, to.blue, to.alpha)
            cairo_set_source(cr, pattern)
            cairo_stroke(cr)
            cairo_pattern_destroy(pattern)
        case .transformed(let transform, let children):
            cairo_save(cr)
            apply(transform)
            for child in children { draw(child) }
            cairo_restore(cr)
        }
    }

    private func apply(_ t: CGAffineTransform) {
        var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        cairo_transform(cr, &m)
    }

    private func setSource(_ c: BenchColor) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }

    /// A rounded rectangle as four quarter arcs (the same outline CGPath(roundedRect:) describes).
    private func roundedRect(_ r: CGRect, radius: CGFloat) {
        let k = min(radius, r.width / 2, r.height / 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, r.maxX - k, r.minY + k, k, -.pi / 2, 0)
        cairo_arc(cr, r.maxX - k, r.maxY - k, k, 0, .pi / 2)
        cairo_arc(cr, r.minX + k, r.maxY - k, k, .pi / 2, .pi)
        cairo_arc(cr, r.minX + k, r.minY + k, k, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }
}
