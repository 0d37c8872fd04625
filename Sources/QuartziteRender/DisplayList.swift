import Foundation
import Quartzite

/// A run of indices in the frame's index buffer.
public struct IndexRange: Equatable, Sendable {
    /// First index.
    public var first: Int
    /// Number of indices (a multiple of 3).
    public var count: Int
}

/// Geometry that defines a clip or mask region: a run of triangles and the matrix that places it.
public struct ClipPiece: Equatable, Sendable {
    /// The triangles.
    public var range: IndexRange
    /// Index into `DisplayList.matrices`.
    public var matrix: Int
}

/// One step of drawing a frame. The GL backend executes these in order; it never sees a layer.
public enum DisplayCommand: Equatable, Sendable {
    /// Triangles filled with a premultiplied colour.
    case fill(IndexRange, matrix: Int, color: SIMD4<Float>)
    /// A textured quad showing an image, at an opacity.
    case image(IndexRange, matrix: Int, image: CGImage, opacity: Float)
    /// From here on, draw only inside these pieces (and inside every clip pushed before).
    case pushClip([ClipPiece])
    /// Ends the innermost clip (the same pieces it was pushed with).
    case popClip([ClipPiece])
}

/// A frame as plain data: one vertex array (x, y, u, v per vertex, in layer points), one index array, the
/// matrices (layer points to clip space, GL column-major) and the commands.
public struct DisplayList: Sendable {
    /// Interleaved x, y, u, v.
    public var vertices: [Float] = []
    /// Triangle indices into `vertices` (each vertex is 4 floats).
    public var indices: [UInt32] = []
    /// 4x4 matrices, 16 floats each, column-major for glUniformMatrix4fv.
    public var matrices: [[Float]] = []
    /// What to draw, in order.
    public var commands: [DisplayCommand] = []

    /// An empty list.
    public init() {}

    /// Number of vertices.
    public var vertexCount: Int { vertices.count / 4 }
    /// Number of commands that draw or clip (each is at least one GL draw call).
    public var drawCount: Int {
        commands.reduce(0) { n, c in
            switch c {
            case .fill, .image: return n + 1
            case .pushClip(let p), .popClip(let p): return n + p.count
            }
        }
    }

    /// Appends a mesh's triangles; returns their index range.
    mutating func append(_ mesh: TriangleMesh) -> IndexRange {
        let base = UInt32(vertices.count / 4)
        vertices.reserveCapacity(vertices.count + mesh.positions.count * 4)
        for p in mesh.positions { vertices += [p.x, p.y, 0, 0] }
        let first = indices.count
        indices.reserveCapacity(indices.count + mesh.indices.count)
        for i in mesh.indices { indices.append(base + i) }
        return IndexRange(first: first, count: mesh.indices.count)
    }

    /// Appends a quad with texture coordinates (top-left of the image at the rect's min corner).
    mutating func appendQuad(_ rect: CGRect, uv: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)) -> IndexRange {
        let base = UInt32(vertices.count / 4)
        let (x0, y0, x1, y1) = (Float(rect.minX), Float(rect.minY), Float(rect.maxX), Float(rect.maxY))
        let (u0, v0, u1, v1) = (Float(uv.minX), Float(uv.minY), Float(uv.maxX), Float(uv.maxY))
        vertices += [x0, y0, u0, v0, x1, y0, u1, v0, x1, y1, u1, v1, x0, y1, u0, v1]
        let first = indices.count
        indices += [base, base + 1, base + 2, base, base + 2, base + 3]
        return IndexRange(first: first, count: 6)
    }

    /// Adds a matrix; returns its index.
    mutating func addMatrix(_ m: [Float]) -> Int {
        if let last = matrices.last, last == m { return matrices.count - 1 }
        matrices.append(m)
        return matrices.count - 1
    }
}
