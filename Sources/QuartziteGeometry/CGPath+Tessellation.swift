import Foundation

// The public tessellation entry points: paths to triangle meshes for fills and strokes.

extension CGPath {
    /// Non-overlapping triangles covering exactly the filled region under `rule`.
    /// Pathological input (millions of crossings) is retried with a 4x coarser tolerance, three times at
    /// most, then gives an empty mesh rather than stalling; a path of straight lines only, which a coarser
    /// tolerance cannot simplify, gives the empty mesh at once.
    /// The mesh's `boundary` runs loop by loop (`orderBoundaryIntoLoops`), and it carries its `fanOutline`
    /// when the region is star-shaped.
    package func fillMesh(rule: CGPathFillRule = .winding, tolerance: CGFloat = 0.25) -> TriangleMesh {
        var mesh = triangulatedFill(rule: rule, tolerance: tolerance)
        mesh.orderBoundaryIntoLoops()
        mesh.fanOutline = FanOutline(boundary: mesh.boundary)
        return mesh
    }

    private func triangulatedFill(rule: CGPathFillRule, tolerance: CGFloat) -> TriangleMesh {
        if let polys = FlatPolyline.lines(elements) {
            // Straight lines do not depend on the tolerance: a coarser retry could not do less work.
            if let mesh = FillTessellator.tessellate(polys, rule: rule) { return mesh }
            Diagnostics.report(Self.fillOverBudget + "; that fill is not drawn")
            return TriangleMesh()
        }
        let subpaths = Subpath.parse(elements)
        var tol = Tolerance.clamp(tolerance)
        for attempt in 0..<4 {
            if let mesh = FillTessellator.tessellate(subpaths.flatten(tolerance: tol), rule: rule) {
                if attempt > 0 {
                    Diagnostics.report(Self.fillOverBudget + "; that fill is drawn with its curves flattened \(1 << (2 * attempt))x coarser")
                }
                return mesh
            }
            tol *= 4
        }
        Diagnostics.report(Self.fillOverBudget + ", even with its curves flattened 64x coarser; that fill is not drawn")
        return TriangleMesh()
    }

    /// The start of the diagnostics of a fill that runs out of its work budget.
    private static let fillOverBudget = "a filled path crosses itself too often to tessellate within \(FillTessellator.workBudget) steps"

}

extension CGPath {
    /// Triangles covering the stroke of this path: trimmed to strokeStart...strokeEnd first, then dashed
    /// (see `Dashing`), then expanded. Triangles may overlap (`mayOverlap` is true).
    package func strokeMesh(_ style: StrokeStyle, tolerance: CGFloat = 0.25) -> TriangleMesh {
        var empty = TriangleMesh()
        empty.mayOverlap = true
        guard style.lineWidth.isFinite, style.lineWidth > 0, style.lineWidth < 1e15 else { return empty }
        let polys: [FlatPolyline]
        let untrimmed = style.strokeStart.isNaN || style.strokeStart <= 0
        if untrimmed, style.strokeEnd.isNaN || style.strokeEnd >= 1, Dashing.normalized(style.dashPattern) == nil,
           let lines = FlatPolyline.lines(elements) {
            polys = lines
        } else {
            var subpaths = Trimming.trim(Subpath.parse(elements), from: style.strokeStart, to: style.strokeEnd)
            guard !subpaths.isEmpty else { return empty }
            subpaths = Dashing.dash(subpaths, pattern: style.dashPattern, phase: style.dashPhase)
            polys = subpaths.flatten(tolerance: tolerance)
        }
        var tessellator = StrokeTessellator(style: style, tolerance: tolerance)
        // Rough upper bound (quad + small join per vertex) so the vertex arrays grow once, not repeatedly.
        let vertices = polys.reduce(0) { $0 + $1.points.count } * 12
        tessellator.builder.mesh.positions.reserveCapacity(vertices)
        tessellator.builder.mesh.indices.reserveCapacity(vertices * 2)
        for poly in polys { tessellator.stroke(poly) }
        return tessellator.builder.mesh
    }
}

extension CGPath {
    /// `strokeMesh` with the outline of the region it covers in `boundary` (the outline of its triangles'
    /// union), for the renderer's coverage antialiasing: a fringe along the outline never falls inside the
    /// stroke, as one along each piece's edges would at every inner join. The triangles still overlap.
    /// Without an outline when finding it runs out of its work budget.
    package func strokeCoverageMesh(_ style: StrokeStyle, tolerance: CGFloat = 0.25) -> TriangleMesh {
        var mesh = strokeMesh(style, tolerance: tolerance)
        guard !mesh.isEmpty else { return mesh }
        mesh.boundary = FillTessellator.outline(of: mesh) ?? []
        mesh.orderBoundaryIntoLoops()
        return mesh
    }
}
