import Foundation

extension CGPath {
    /// The outline of the stroke as a path: the closed loops round the region the stroke covers (curves
    /// flattened), so filling it with either rule covers exactly the stroke. When finding the loops runs out
    /// of its work budget, the stroke's triangles instead, each wound the same way (filled with the winding
    /// rule, the same region).
    public func copy(strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin,
                     miterLimit: CGFloat, transform: CGAffineTransform = .identity) -> CGPath {
        let style = StrokeStyle(lineWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit)
        let mesh = strokeCoverageMesh(style)
        guard mesh.boundary.isEmpty else {
            return CGPath(elements: CGPath.closedLoops(of: mesh.boundary, transform: transform))
        }
        return CGPath(elements: CGPath.outline(of: mesh, transform: transform))
    }

    /// A sweep's outline pieces (`SweepOutline`) as closed subpaths, one a loop: welded so that every loop
    /// closes (`weldBoundary`; a loop left open would be closed by a stray chord, which fills a region of its
    /// own), then ordered loop by loop.
    static func closedLoops(of pieces: [SIMD4<Float>], transform: CGAffineTransform) -> [PathElement] {
        var outline = TriangleMesh()
        outline.boundary = pieces
        outline.weldBoundary()
        outline.orderBoundaryIntoLoops()
        return loops(of: outline.boundary, transform: transform)
    }

    /// Boundary pieces ordered into loops (`orderBoundaryIntoLoops`) as closed subpaths: a piece that starts
    /// where the one before it ended continues its subpath; any other starts a new one.
    private static func loops(of pieces: [SIMD4<Float>], transform: CGAffineTransform) -> [PathElement] {
        var out: [PathElement] = []
        var end: SIMD2<Float>?
        for piece in pieces {
            let start = SIMD2(piece.x, piece.y)
            if start != end {
                if end != nil { out.append(.closeSubpath) }
                out.append(.moveTo(CGPoint(x: CGFloat(piece.x), y: CGFloat(piece.y)).applying(transform)))
            }
            out.append(.lineTo(CGPoint(x: CGFloat(piece.z), y: CGFloat(piece.w)).applying(transform)))
            end = SIMD2(piece.z, piece.w)
        }
        if end != nil { out.append(.closeSubpath) }
        return out
    }

    /// Core Graphics' `CGPathCreateCopyByStrokingPath` as Swift imports it: the outline of `path`'s stroke
    /// (see `copy(strokingWithWidth:lineCap:lineJoin:miterLimit:transform:)`), transformed by `transform`
    /// when given. Nil when `lineWidth` is not a finite number greater than 0, which Apple requires.
    public convenience init?(__byStroking path: CGPath, transform: UnsafePointer<CGAffineTransform>?,
                             lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat) {
        guard lineWidth.isFinite, lineWidth > 0 else { return nil }
        let stroked = path.copy(strokingWithWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin,
                                miterLimit: miterLimit, transform: transform?.pointee ?? .identity)
        self.init(elements: stroked.elements)
    }

    /// The path cut into dashes (curves stay curves), transformed; see `Dashing` for the rules.
    public func copy(dashingWithPhase phase: CGFloat, lengths: [CGFloat],
                     transform: CGAffineTransform = .identity) -> CGPath {
        let dashed = Dashing.dash(Subpath.parse(elements), pattern: lengths, phase: phase).elements
        return CGPath(elements: transform.isIdentity ? dashed : dashed.map { $0.applying(transform) })
    }

    /// Each triangle as a closed subpath with positive orientation.
    static func outline(of mesh: TriangleMesh, transform: CGAffineTransform) -> [PathElement] {
        var out: [PathElement] = []
        out.reserveCapacity(mesh.indices.count / 3 * 4)
        var i = 0
        while i + 2 < mesh.indices.count {
            var p = [mesh.indices[i], mesh.indices[i + 1], mesh.indices[i + 2]].map {
                CGPoint(x: CGFloat(mesh.positions[Int($0)].x), y: CGFloat(mesh.positions[Int($0)].y)).applying(transform)
            }
            i += 3
            let cross = (p[1].x - p[0].x) * (p[2].y - p[0].y) - (p[1].y - p[0].y) * (p[2].x - p[0].x)
            if cross == 0 { continue }
            if cross < 0 { p.swapAt(1, 2) }
            out += [.moveTo(p[0]), .lineTo(p[1]), .lineTo(p[2]), .closeSubpath]
        }
        return out
    }
}
