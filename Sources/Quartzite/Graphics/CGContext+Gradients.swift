import CCairo
import Foundation

/// Gradients, painted over the clip as cairo gradient patterns in user space. Cairo extends a gradient on both
/// sides or neither (EXTEND_PAD or NONE); a one-sided option pads both and keeps only the wanted side: a half
/// plane for an axial gradient, the inside or outside of a circle for a radial one whose circles nest.
extension CGContext {
    /// Paints `gradient` along the line from `start` to `end` (user space) over the clip: colour at location t
    /// on the line perpendicular to it at start + t (end - start). Nothing is drawn when the points coincide or
    /// are not finite.
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint,
                                   options: CGGradientDrawingOptions) {
        guard [start.x, start.y, end.x, end.y].allSatisfy(\.isFinite), start != end else {
            return Diagnostics.report("CGContext.drawLinearGradient: start \(start) and end \(end) draw nothing")
        }
        guard let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y) else { return }
        defer { cairo_pattern_destroy(pattern) }
        gradient.addStops(to: pattern)
        let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
        cairo_pattern_set_extend(pattern, before || after ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        guard before != after else { return draw(.clipArea, with: .pattern(pattern)) }
        let keep = after ? halfPlane(from: start, towards: end) : halfPlane(from: end, towards: start)
        draw(.fill(keep, .winding), with: .pattern(pattern))
    }

    /// Paints `gradient` between the circle (startCenter, startRadius) and the circle (endCenter, endRadius)
    /// over the clip, as Core Graphics' radial gradient. Nothing is drawn for a negative or non-finite radius
    /// or centre.
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
                                   endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions) {
        let numbers = [startCenter.x, startCenter.y, startRadius, endCenter.x, endCenter.y, endRadius]
        guard numbers.allSatisfy(\.isFinite), startRadius >= 0, endRadius >= 0 else {
            return Diagnostics.report("CGContext.drawRadialGradient: needs finite centres and radii >= 0")
        }
        guard let pattern = cairo_pattern_create_radial(startCenter.x, startCenter.y, startRadius,
                                                        endCenter.x, endCenter.y, endRadius) else { return }
        defer { cairo_pattern_destroy(pattern) }
        gradient.addStops(to: pattern)
        let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
        cairo_pattern_set_extend(pattern, before || after ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        guard before != after else { return draw(.clipArea, with: .pattern(pattern)) }
        let start = (center: startCenter, radius: startRadius), end = (center: endCenter, radius: endRadius)
        guard let keep = radialSide(start: start, end: end, before: before) else {
            Diagnostics.report("CGContext.drawRadialGradient: a one-sided option on circles that do not nest "
                + "extends both sides")
            return draw(.clipArea, with: .pattern(pattern))
        }
        draw(keep, with: .pattern(pattern))
    }

    /// The device path of the half plane on `to`'s side of the line through `from` perpendicular to
    /// from -> to, large enough to cover the context.
    private func halfPlane(from: CGPoint, towards to: CGPoint) -> CGPath {
        let length = hypot(to.x - from.x, to.y - from.y)
        let u = CGPoint(x: (to.x - from.x) / length, y: (to.y - from.y) / length)
        let n = CGPoint(x: -u.y, y: u.x)
        let inverse = state.ctm.inverted()
        let corners = [CGPoint(x: 0, y: 0), CGPoint(x: width, y: 0), CGPoint(x: 0, y: height),
                       CGPoint(x: width, y: height)].map { $0.applying(inverse) }
        let reach = corners.map { hypot($0.x - from.x, $0.y - from.y) }.max() ?? 0
        let l = reach + 1
        let path = CGMutablePath()
        path.addLines(between: [
            CGPoint(x: from.x + n.x * l, y: from.y + n.y * l),
            CGPoint(x: from.x + (n.x + u.x) * l, y: from.y + (n.y + u.y) * l),
            CGPoint(x: from.x + (u.x - n.x) * l, y: from.y + (u.y - n.y) * l),
            CGPoint(x: from.x - n.x * l, y: from.y - n.y * l),
        ], transform: state.ctm)
        path.closeSubpath()
        return path
    }

    /// What a one-sided radial gradient covers when its circles nest: the padded side is everything but the
    /// other side, which is the inside or the outside of a circle. Nil when the circles do not nest.
    private func radialSide(start: (center: CGPoint, radius: CGFloat), end: (center: CGPoint, radius: CGFloat),
                            before: Bool) -> Coverage? {
        let d = hypot(end.center.x - start.center.x, end.center.y - start.center.y)
        let endHoldsStart = end.radius >= start.radius + d
        guard endHoldsStart || start.radius >= end.radius + d else { return nil }
        // Beyond the end lies outside the end circle when it holds the start one, else inside it; before the start
        // lies inside the start circle when the end holds it, else outside.
        let cut = before ? end : start
        let keepInside = before == endHoldsStart
        let circle = CGMutablePath()
        circle.addEllipse(in: CGRect(x: cut.center.x - cut.radius, y: cut.center.y - cut.radius,
                                     width: 2 * cut.radius, height: 2 * cut.radius), transform: state.ctm)
        guard !keepInside else { return .fill(circle, .winding) }
        circle.addRect(CGRect(x: -1, y: -1, width: width + 2, height: height + 2))
        return .fill(circle, .evenOdd)
    }
}
