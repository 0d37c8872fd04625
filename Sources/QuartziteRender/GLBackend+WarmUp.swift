@preconcurrency import CEpoxy

/// Shader warm-up. A driver makes a program's machine code on the program's first draw under each pipeline
/// state (llvmpipe compiles a fragment variant per blend, depth, stencil and sampler state, 5 to 15 ms each
/// here): a live frame that first shows a ring, a picture or a gradient stalls that long. A window warms the
/// usual states before its first frame by drawing one triangle of no area with each program, which makes the
/// code and touches no pixel.
extension GLBackend {
    /// Compiles every program under the states frames commonly use, into the framebuffer bound now (its format
    /// is part of the state). Links the programs that are otherwise linked on first use. Leaves the state a
    /// frame starts from (`draw` sets it again anyway).
    func warmUp() {
        let texture = warmUpTexture()
        defer { GL.deleteTexture(texture) }
        GL.disable(GL_DEPTH_TEST)
        GL.disable(GL_STENCIL_TEST)
        GL.disable(GL_SCISSOR_TEST)
        GL.blendPremultiplied()
        uploadWarmUpVertices()
        warmPlainPrograms()
        warmTexturedPrograms(texture)
        warmGradients()
        warmOwnStreams()
        warmCoveredRasters(texture)
        GL.blendPremultiplied()
        GL.disable(GL_DEPTH_TEST)
        GL.disable(GL_STENCIL_TEST)
    }

    /// A 3 x 3 picture: not a power of two on either side, like most pictures (the size class is part of a
    /// sampler's state).
    private func warmUpTexture() -> GLuint {
        let id = GL.genTexture()
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), id)
        let texels = [UInt8](repeating: 0, count: 3 * 3 * 4)
        epoxy_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        texels.withUnsafeBytes {
            epoxy_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, 3, 3, 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        return id
    }

    /// Zeroed vertices in every stream (every corner at one point: triangles of no area), with indices.
    private func uploadWarmUpVertices() {
        ensureQuadPattern(quads: 1)
        Self.upload([Float](repeating: 0, count: 4 * CapsuleVertex.floats), to: capsuleVBO, as: GL_ARRAY_BUFFER)
        Self.upload([Float](repeating: 0, count: 4 * ParticleVertex.floats), to: particleVBO, as: GL_ARRAY_BUFFER)
        Self.upload([Float](repeating: 0, count: 6 * RoundedRectVertex.floats), to: shapeVBO, as: GL_ARRAY_BUFFER)
        epoxy_glBindVertexArray(vao)
        Self.upload([UInt32](repeating: 0, count: 3), to: ibo, as: GL_ELEMENT_ARRAY_BUFFER)
        Self.upload([Float](repeating: 0, count: 3 * PlainVertex.floats), to: vbo, as: GL_ARRAY_BUFFER)
    }

    /// One indexed triangle of the main stream with `p`.
    private func warmTriangle(_ p: ShaderProgram) {
        epoxy_glUseProgram(p.id)
        epoxy_glDrawElements(GLenum(GL_TRIANGLES), 3, GLenum(GL_UNSIGNED_INT), nil)
    }

    /// Solid fills blended, through the depth test (coverage antialiasing, strokes blended once), inside a
    /// clip, and the clip's own stencil pass (no colour).
    private func warmPlainPrograms() {
        for p in [solid, batch] { warmTriangle(p) }
        GL.enable(GL_DEPTH_TEST)
        for p in [solid, strokeOnce] { warmTriangle(p) }
        GL.disable(GL_DEPTH_TEST)
        GL.enable(GL_STENCIL_TEST)
        GL.stencilFunc(GL_EQUAL, 1)
        for p in [solid, batch] { warmTriangle(p) }
        GL.colorMask(false)
        GL.stencilOp(GL_KEEP, GL_KEEP, GL_INCR)
        warmTriangle(solid)
        GL.colorMask(true)
        GL.stencilOp(GL_KEEP, GL_KEEP, GL_KEEP)
        GL.disable(GL_STENCIL_TEST)
    }

    /// The picture programs with bilinear and nearest filters, blended, and opaque pictures unblended.
    private func warmTexturedPrograms(_ texture: GLuint) {
        let arcs = [Int32(1), 2].compactMap { imageArcProgram(arcMode: $0) }
        // A mask's group is sampled from unit 1, the content's from unit 0 (`endGroup`).
        epoxy_glUseProgram(masked.id)
        epoxy_glUniform1i(masked["uMask"], 1)
        epoxy_glActiveTexture(GLenum(GL_TEXTURE1))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        for filter in [GL_LINEAR, GL_NEAREST] {
            epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), filter)
            epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), filter)
            for p in [image, masked, tint, blur] + arcs { warmTriangle(p) }
            GL.withoutBlending { warmTriangle(image) }
        }
    }

    /// Every gradient program (each type, arc mode and stop class), blended.
    private func warmGradients() {
        for type in Int32(0)...2 {
            for arcMode in Int32(0)...2 {
                for stops in [2, 4, GradientPaint.maxStops] {
                    if let p = gradientProgram(GradientVariant(type: type, arcMode: arcMode, stops: stops)) { warmTriangle(p) }
                }
            }
        }
    }

    /// What draws into a raster without depth and stencil (a picture's or an opaque gradient's; the target's
    /// formats are part of the state): pictures unblended, gradients blended. Binds the framebuffer that was
    /// bound before again.
    private func warmCoveredRasters(_ texture: GLuint) {
        var bound: GLint = 0
        epoxy_glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &bound)
        guard let surface = try? OffscreenSurface(width: 3, height: 3, samples: 1, depthStencil: false) else { return }
        defer {
            surface.release()
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(clamping: bound))
        }
        surface.bindForDrawing()
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        for filter in [GL_LINEAR, GL_NEAREST] {
            epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), filter)
            epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), filter)
            GL.withoutBlending { warmTriangle(image) }
        }
        for type in Int32(0)...2 {
            for stops in [2, 4, GradientPaint.maxStops] {
                if let p = gradientProgram(GradientVariant(type: type, arcMode: 0, stops: stops)) { warmTriangle(p) }
            }
        }
    }

    /// The programs with streams of their own: rounded rectangles, capsules and particles (blended, and
    /// added).
    private func warmOwnStreams() {
        epoxy_glUseProgram(roundedRect.id)
        epoxy_glBindVertexArray(shapeVAO)
        epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, 6)
        epoxy_glUseProgram(capsule.id)
        epoxy_glBindVertexArray(capsuleVAO)
        epoxy_glDrawElements(GLenum(GL_TRIANGLES), 6, GLenum(GL_UNSIGNED_INT), nil)
        epoxy_glUseProgram(particle.id)
        epoxy_glBindVertexArray(particleVAO)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        epoxy_glDrawElements(GLenum(GL_TRIANGLES), 6, GLenum(GL_UNSIGNED_INT), nil)
        epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE))
        epoxy_glDrawElements(GLenum(GL_TRIANGLES), 6, GLenum(GL_UNSIGNED_INT), nil)
        epoxy_glBindVertexArray(vao)
    }
}
