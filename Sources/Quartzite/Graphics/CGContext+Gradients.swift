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
        let line = fittedLine(gradient, start: start, end: end)
        guard let pattern = cairo_pattern_create_linear(line.start.x, line.start.y, line.end.x, line.end.y) else { return }
        defer { cairo_pattern_destroy(pattern) }
        CGGradient.add(line.stops, to: pattern)
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

    /// Device coordinates beyond which a gradient's end points are moved before cairo sees them: its
    /// fixed-point gradients overflow millions of pixels out, which leaves the context drawing nothing more.
    static let farGradientCoordinate: CGFloat = 100_000

    /// The gradient's line and stops as given; or, when an end point lies far out in device space, the same
    /// colours over the part of the line the context shows, moved beside it: each pixel's colour depends only
    /// on its projection onto the line, so the part [a, b] of the line that the context's corners project
    /// onto, clamped to the gradient's [0, 1], drawn from a line through the context's centre with its
    /// colours resampled there, paints the same pixels.
    private func fittedLine(_ gradient: CGGradient, start: CGPoint, end: CGPoint)
        -> (start: CGPoint, end: CGPoint, stops: [CGGradient.Stop]) {
        let ends = [start.applying(state.ctm), end.applying(state.ctm)]
        guard ends.contains(where: { abs($0.x) > Self.farGradientCoordinate || abs($0.y) > Self.farGradientCoordinate }) else {
            return (start, end, gradient.stops)
        }
        let d = CGPoint(x: end.x - start.x, y: end.y - start.y), length2 = d.x * d.x + d.y * d.y
        let inverse = state.ctm.inverted()
        let projection = { (p: CGPoint) -> CGFloat in ((p.x - start.x) * d.x + (p.y - start.y) * d.y) / length2 }
        let corners = [CGPoint(x: 0, y: 0), CGPoint(x: width, y: 0), CGPoint(x: 0, y: height), CGPoint(x: width, y: height)]
        let ts = corners.map { projection($0.applying(inverse)) }
        let a = min(max(ts.min() ?? 0, 0), 1), b = min(max(ts.max() ?? 1, 0), 1)
        let centre = CGPoint(x: CGFloat(width) / 2, y: CGFloat(height) / 2).applying(inverse)
        let tc = projection(centre)
        let point = { (t: CGFloat) in CGPoint(x: centre.x + d.x * (t - tc), y: centre.y + d.y * (t - tc)) }
        guard [a, b, tc, centre.x, centre.y].allSatisfy(\.isFinite), (b - a) * length2.squareRoot() > 1e-6 else {
            // The context shows one colour of the line: a solid fill along any short line.
            let colour = gradient.color(at: a.isFinite ? a : 0)
            let unit = length2 > 0 && length2.isFinite ? CGPoint(x: d.x / length2.squareRoot(), y: d.y / length2.squareRoot()) : CGPoint(x: 1, y: 0)
            let from = centre.x.isFinite && centre.y.isFinite ? centre : .zero
            return (from, CGPoint(x: from.x + unit.x, y: from.y + unit.y),
                    [CGGradient.Stop(location: 0, rgba: colour), CGGradient.Stop(location: 1, rgba: colour)])
        }
        var stops = [CGGradient.Stop(location: 0, rgba: gradient.color(at: a))]
        stops += gradient.stops.filter { $0.location > a && $0.location < b }
            .map { CGGradient.Stop(location: ($0.location - a) / (b - a), rgba: $0.rgba) }
        stops.append(CGGradient.Stop(location: 1, rgba: gradient.color(at: b)))
        return (point(a), point(b), stops)
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
