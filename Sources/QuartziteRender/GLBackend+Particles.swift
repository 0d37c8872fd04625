import Quartzite
@preconcurrency import CEpoxy

/// Emitter particles: four vertices a quad in their own stream, drawn through the shared quad index
/// pattern, one draw per cell with the cell's image.
extension GLBackend {
    /// Uploads the frame's particle vertices, growing the quad index pattern when the frame has more quads
    /// than it covers. Leaves the main vertex array bound.
    func uploadParticles(_ list: DisplayList) {
        ensureQuadPattern(quads: list.particleVertices.count / ParticleVertex.floats / 4)
        Self.upload(list.particleVertices, to: particleVBO, as: GL_ARRAY_BUFFER)
    }

    /// `count` particle vertices from `first`, four a quad, textured with `cgImage`; blended over what is
    /// below, or added to it.
    func particles(first: Int, count: Int, matrix: Int, image cgImage: CGImage, sampling: ImageSampling,
                   additive: Bool, _ f: inout GLFrame) {
        f.use(particle)
        f.setMatrix(particle, matrix)
        bindTexture(of: cgImage, sampling: sampling)
        epoxy_glUniform1i(particle.texture, 0)
        if additive { epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE)) }
        epoxy_glBindVertexArray(particleVAO)
        epoxy_glDrawElements(GLenum(GL_TRIANGLES), GLsizei(count / 4 * 6), GLenum(GL_UNSIGNED_INT),
                             UnsafeRawPointer(bitPattern: first / 4 * 6 * MemoryLayout<UInt32>.size))
        epoxy_glBindVertexArray(vao)
        if additive { GL.blendPremultiplied() }
    }
}
