import Foundation

/// Triangle mesh in path coordinates.
package struct TriangleMesh: Equatable, Sendable {
    /// Vertex positions.
    package var positions: [SIMD2<Float>]
    /// Triangles, 3 indices each, always in range.
    package var indices: [UInt32]
    /// True when triangles can overlap (strokes): the renderer must then avoid blending a pixel twice.
    /// Fills never overlap.
    package var mayOverlap: Bool
    /// The covered region's outline as straight pieces (x0, y0, x1, y1), each running clockwise on screen
    /// (y down) round the region, so (dy, -dx) is its outward normal: what an antialiasing fringe is drawn
    /// along (the renderer's coverage mode). Fills have it; `strokeMesh` does not (its overlapping triangles'
    /// edges are not the region's outline) but `CGPath.strokeCoverageMesh` does.
    package var boundary: [SIMD4<Float>] {
        // The fan is made from the outline: a changed outline leaves none until it is made again.
        didSet { fanOutline = nil }
    }
    /// The outline as one loop seen whole from one point (`FanOutline`), when the mesh is a fill of such a
    /// region (`CGPath.fillMesh` sets it); nil otherwise, for any mesh built from others, and once
    /// `boundary` changes.
    package var fanOutline: FanOutline?

    /// An empty mesh.
    package init() {
        positions = []
        indices = []
        mayOverlap = false
        boundary = []
        fanOutline = nil
    }

    /// Whether there is nothing to draw.
    package var isEmpty: Bool { indices.isEmpty }

    /// Total length of `boundary`.
    package var boundaryLength: Double {
        boundary.reduce(0) { sum, s in
            let dx = Double(s.z - s.x), dy = Double(s.w - s.y)
            return sum + (dx * dx + dy * dy).squareRoot()
        }
    }

    /// The area the outline encloses (the shoelace sum over its pieces, which form closed loops): for a
    /// mesh whose triangles overlap, the area it covers, which `area` overcounts.
    package var boundaryArea: Double {
        boundary.reduce(0) { sum, s in sum + (Double(s.x) * Double(s.w) - Double(s.z) * Double(s.y)) / 2 }
    }

    /// Number of triangles.
    package var triangleCount: Int { indices.count / 3 }

    /// Sum of |triangle areas| (equals the covered area only when `mayOverlap` is false).
    package var area: Double {
        var sum = 0.0
        var i = 0
        while i + 2 < indices.count {
            let a = positions[Int(indices[i])], b = positions[Int(indices[i + 1])], c = positions[Int(indices[i + 2])]
            let cross = Double(b.x - a.x) * Double(c.y - a.y) - Double(b.y - a.y) * Double(c.x - a.x)
            sum += abs(cross) / 2
            i += 3
        }
        return sum
    }

    /// Appends `other`'s triangles (indices rebased); the result may overlap if either may.
    package mutating func append(_ other: TriangleMesh) {
        let base = UInt32(positions.count)
        positions += other.positions
        indices += other.indices.map { $0 + base }
        boundary += other.boundary
        mayOverlap = mayOverlap || other.mayOverlap
    }
}

/// Accumulates triangles from Double coordinates, storing Float positions. It checks nothing itself (it is
/// the innermost loop): callers pass only points that survive conversion to Float (parsing drops unusable
/// coordinates, widths are bounded, the stroker checks each polyline), so a mesh never holds NaN.
struct MeshBuilder {
    var mesh = TriangleMesh()

    init(mayOverlap: Bool) { mesh.mayOverlap = mayOverlap }

    @inline(__always)
    mutating func vertex(_ p: CGPoint) -> UInt32 {
        mesh.positions.append(SIMD2<Float>(Float(p.x), Float(p.y)))
        return UInt32(mesh.positions.count - 1)
    }

    /// A vertex from Double coordinates (callers check finiteness once per polyline).
    @inline(__always)
    mutating func vertex(_ x: CGFloat, _ y: CGFloat) -> UInt32 {
        mesh.positions.append(SIMD2<Float>(Float(x), Float(y)))
        return UInt32(mesh.positions.count - 1)
    }

    /// A boundary piece from (x0, y0) to (x1, y1), which must run clockwise on screen round the region;
    /// zero-length pieces are dropped.
    @inline(__always)
    mutating func boundary(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        let piece = SIMD4<Float>(Float(x0), Float(y0), Float(x1), Float(y1))
        if piece.x != piece.z || piece.y != piece.w { mesh.boundary.append(piece) }
    }

    @inline(__always)
    mutating func triangle(_ a: UInt32, _ b: UInt32, _ c: UInt32) {
        mesh.indices.append(a); mesh.indices.append(b); mesh.indices.append(c)
    }
}

extension CGPoint {
    /// Whether the point survives conversion to Float.
    var isFiniteFloat: Bool { Float(x).isFinite && Float(y).isFinite }
}
