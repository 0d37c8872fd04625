@preconcurrency import CEpoxy

/// Round strokes as capsule quads (see CapsuleStroke.swift): four vertices a quad in their own stream, drawn
/// through a shared index pattern, with the quads' longer segment lists in a texture buffer.
extension GLBackend {
    /// Uploads the frame's capsule vertices and segment lists, growing the index pattern when the frame has
    /// more quads than it covers. Leaves the main vertex array bound.
    func uploadCapsules(_ list: DisplayList) {
        ensureQuadPattern(quads: list.capsuleVertices.count / CapsuleVertex.floats / CapsuleStroke.corners.count)
        Self.upload(list.capsuleVertices, to: capsuleVBO, as: GL_ARRAY_BUFFER)
        Self.upload(list.capsuleSegments, to: segmentBuffer, as: GL_TEXTURE_BUFFER)
        epoxy_glActiveTexture(GLenum(GL_TEXTURE2))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_BUFFER), segmentTexture)
        epoxy_glTexBuffer(GLenum(GL_TEXTURE_BUFFER), GLenum(GL_RGBA32F), segmentBuffer)
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
    }

    /// Makes the shared quad index pattern (`capsuleIBO`, which the capsule and particle vertex arrays both
    /// read) cover at least `quads` quads. Leaves the main vertex array bound.
    func ensureQuadPattern(quads: Int) {
        if quads > capsuleQuadCapacity {
            capsuleQuadCapacity = max(quads, 2 * capsuleQuadCapacity, 1024)
            let pattern: [UInt32] = [0, 1, 2, 0, 2, 3]
            var indices: [UInt32] = []
            indices.reserveCapacity(6 * capsuleQuadCapacity)
            for q in 0..<UInt32(capsuleQuadCapacity) {
                for corner in pattern { indices.append(4 * q + corner) }
            }
            // The element buffer belongs to the bound vertex array: capsuleVAO's, not the main one's.
            epoxy_glBindVertexArray(capsuleVAO)
            epoxy_glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), capsuleIBO)
            indices.withUnsafeBytes {
                epoxy_glBufferData(GLenum(GL_ELEMENT_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STATIC_DRAW))
            }
            epoxy_glBindVertexArray(vao)
        }
    }

    /// `count` capsule vertices from `first`, four a quad (six indices of the shared pattern).
    func capsules(first: Int, count: Int, matrix: Int, _ f: inout GLFrame) {
        f.use(capsule)
        f.setMatrix(capsule, matrix)
        epoxy_glUniform1i(capsule["uSegments"], 2)
        epoxy_glUniform3f(capsule["uWindow"], f.window.x, f.window.y, f.window.z)
        epoxy_glBindVertexArray(capsuleVAO)
        let corners = CapsuleStroke.corners.count
        epoxy_glDrawElements(GLenum(GL_TRIANGLES), GLsizei(count / corners * 6), GLenum(GL_UNSIGNED_INT),
                             UnsafeRawPointer(bitPattern: first / corners * 6 * MemoryLayout<UInt32>.size))
        epoxy_glBindVertexArray(vao)
    }
}
