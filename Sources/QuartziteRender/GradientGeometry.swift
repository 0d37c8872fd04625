import Foundation
import Quartzite

/// A CAGradientLayer's properties turned into what the gradient shader needs.
enum GradientGeometry {
    /// The paint of a gradient layer, or nil when it draws nothing (no colours). One colour fills solid.
    /// Locations: nil spaces the colours evenly; a locations array of another length than the colours is
    /// ignored (as Core Animation does); stops are sorted so a shuffled array still draws; more colours than
    /// the shader takes are drawn through the stops that follow them closest (`GradientStops`).
    static func paint(_ p: LayerProperties, tint: Tint) -> GradientPaint? {
        guard var colors = p.colors, !colors.isEmpty else { return nil }
        var locations: [CGFloat]
        if let given = p.locations, given.count == colors.count, given.allSatisfy({ Float($0).isFinite }) {
            locations = given
        } else {
            locations = colors.count == 1 ? [0] : (0..<colors.count).map { CGFloat($0) / CGFloat(colors.count - 1) }
        }
        if zip(locations, locations.dropFirst()).contains(where: { $0 > $1 }) {
            let order = locations.indices.sorted { locations[$0] < locations[$1] }
            locations = order.map { locations[$0] }
            colors = order.map { colors[$0] }
        }
        if colors.count > GradientPaint.maxStops {
            let kept = GradientStops.kept(colors: colors.map { c in SIMD4(c.rgba.map { Float($0) }) },
                                          locations: locations.map { Float($0) }, limit: GradientPaint.maxStops)
            Diagnostics.report("CAGradientLayer: \(colors.count) colours are drawn through the \(kept.count) stops that follow them closest")
            colors = kept.map { colors[$0] }
            locations = kept.map { locations[$0] }
        }
        let b = p.bounds
        func point(_ unit: CGPoint) -> SIMD2<Float> {
            SIMD2(Float(b.minX + unit.x * b.width), Float(b.minY + unit.y * b.height))
        }
        let start = point(p.startPoint), end = point(p.endPoint)
        guard start.x.isFinite, start.y.isFinite, end.x.isFinite, end.y.isFinite else {
            // The shader would divide by a non-finite axis: every pixel NaN.
            Diagnostics.report("CAGradientLayer: startPoint or endPoint lands beyond any finite point of the bounds; the gradient is not drawn")
            return nil
        }
        let type: Int32 = p.gradientType == .radial ? 1 : p.gradientType == .conic ? 2 : 0
        return GradientPaint(type: type, start: start, end: end,
                             colors: colors.map { c in SIMD4(c.rgba.map { Float($0) }) },
                             locations: locations.map { Float($0) }, tint: tint)
    }
}
