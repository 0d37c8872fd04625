@preconcurrency import CEpoxy

/// One float attribute of a vertex, as its vertex shader declares it (`layout(location = N) in vec2 aName;`).
struct VertexAttribute: Equatable, Sendable {
    /// The shader's name for it.
    let name: String
    /// Floats: 1 for a float, 2 for a vec2, 4 for a vec4.
    let size: Int
}

/// A vertex layout: float attributes at locations 0, 1, 2, ... in order, packed one after another. The code
/// writing vertices steps by `floats`; the vertex array's attribute setup reads `attributes`; a test checks
/// both against the `in` declarations of every vertex shader that reads the layout.
protocol VertexLayout {
    /// The attributes by location.
    static var attributes: [VertexAttribute] { get }
    /// Floats per vertex, the attributes' total: a literal, so that strides fold to constants in the loops
    /// that write vertices (the shader test checks the total).
    static var floats: Int { get }
}

extension VertexLayout {
    /// Sets up the bound vertex array to read this layout from the bound GL_ARRAY_BUFFER.
    static func describeAttributes() {
        let stride = GLsizei(floats * MemoryLayout<Float>.size)
        var offset = 0
        for (location, attribute) in attributes.enumerated() {
            epoxy_glEnableVertexAttribArray(GLuint(location))
            epoxy_glVertexAttribPointer(GLuint(location), GLint(attribute.size), GLenum(GL_FLOAT), GLboolean(0), stride,
                                        UnsafeRawPointer(bitPattern: offset * MemoryLayout<Float>.size))
            offset += attribute.size
        }
    }

    /// Where the attribute `name` starts in a vertex, in floats (nil when the layout has no such attribute).
    static func offset(of name: String) -> Int? {
        guard let location = attributes.firstIndex(where: { $0.name == name }) else { return nil }
        return attributes[..<location].reduce(0) { $0 + $1.size }
    }
}

/// The vertices of the frame's indexed triangles (`DisplayList.vertices`): position in layer points, texture
/// coordinates (or a packed colour, for the batched fills), and coverage (1 but on fringes).
enum PlainVertex: VertexLayout {
    static let attributes = [VertexAttribute(name: "aPosition", size: 2), VertexAttribute(name: "aTexCoord", size: 2),
                             VertexAttribute(name: "aCoverage", size: 1)]
    static let floats = 5
}

/// The vertices of rounded-rectangle backgrounds (`DisplayList.roundedRectVertices`; see RoundedRectQuad):
/// position, position from the centre, half size, radius and pixels per point, packed colour.
enum RoundedRectVertex: VertexLayout {
    static let attributes = [VertexAttribute(name: "aPosition", size: 2), VertexAttribute(name: "aLocal", size: 2),
                             VertexAttribute(name: "aHalfSize", size: 2), VertexAttribute(name: "aRadiusScale", size: 2),
                             VertexAttribute(name: "aColor", size: 2)]
    static let floats = 10
}

/// The vertices of emitter particles (`DisplayList.particleVertices`; see particle.vert): position in the
/// emitter layer's points, texture coordinates, premultiplied colour. Four a quad, drawn through the shared
/// quad index pattern.
enum ParticleVertex: VertexLayout {
    static let attributes = [VertexAttribute(name: "aPosition", size: 2), VertexAttribute(name: "aTexCoord", size: 2),
                             VertexAttribute(name: "aColor", size: 4)]
    static let floats = 8
}

/// The vertices of capsule strokes (`DisplayList.capsuleVertices`; see CapsuleStroke): canvas position,
/// packed colour, the stroke's numbers (where the quad's list continues in the segment buffer, its length, how
/// many of its entries win ties, half the line width in pixels), the list's first four entries and their
/// inverse squared lengths.
enum CapsuleVertex: VertexLayout {
    static let attributes = [VertexAttribute(name: "aPosition", size: 2), VertexAttribute(name: "aColor", size: 2),
                             VertexAttribute(name: "aStroke", size: 4), VertexAttribute(name: "aEntry0", size: 4),
                             VertexAttribute(name: "aEntry1", size: 4), VertexAttribute(name: "aEntry2", size: 4),
                             VertexAttribute(name: "aEntry3", size: 4), VertexAttribute(name: "aInverseSquaredLengths", size: 4)]
    static let floats = 28

    /// Where the parts the capsule writer fills in start, in floats from the vertex's start: the position comes
    /// first, then these; the entries are consecutive vec4s from `entries`.
    static let color = offset(of: "aColor") ?? 2
    static let stroke = offset(of: "aStroke") ?? 4
    static let entries = offset(of: "aEntry0") ?? 8
    static let inverseSquaredLengths = offset(of: "aInverseSquaredLengths") ?? 24
}
