@preconcurrency import CEpoxy

/// Shader warm-up. A driver makes a program's machine code on the program's first draw under each pipeline
/// state (llvmpipe compiles a fragment variant per blend, depth, stencil and sampler state): a live frame that
/// first shows a ring, a picture or a gradient stalls for it, 5-15 ms where Mesa's shader cache already holds
/// the code (every run after the first on a machine), 50-100 ms where it does not. A window warms the usual
/// states before its first frame by drawing one triangle of no area with each program, which makes the code
/// and touches no pixel, the commonest first, for at most `warmUpBudget` seconds: all of them fit when the
/// cache is filled; on a machine that never compiled them the rest are compiled on first use, as without a
/// warm-up, rather than keeping the window blank for seconds.
extension GLBackend {
    /// Seconds a window's warm-up may take (all 60-odd steps take 0.1-0.2 s with Mesa's cache filled, 5-6 s
    /// without it).
    static let warmUpBudget: Double = 0.3

    /// Compiles the programs under the states frames commonly use, into the framebuffer bound now (its format
    /// is part of the state), the commonest first, until `budget` seconds have passed. Links the programs that
    /// are otherwise linked on first use. Leaves the state a frame starts from. Returns the steps it ran.
    @discardableResult
    func warmUp(budget: Double = GLBackend.warmUpBudget) -> Int {
        let start = monotonicNow()
        let texture = warmUpTexture()
        defer { GL.deleteTexture(texture) }
        GL.disable(GL_DEPTH_TEST)
        GL.disable(GL_STENCIL_TEST)
        GL.disable(GL_SCISSOR_TEST)
        GL.blendPremultiplied()
        uploadWarmUpVertices()
        // A mask's group is sampled from unit 1, the content's from unit 0 (`endGroup`).
        epoxy_glUseProgram(masked.id)
        epoxy_glUniform1i(masked["uMask"], 1)
        bindWarmUpTexture(texture, filter: GL_LINEAR)
        var ran = 0
        for step in warmUpSteps(texture) where monotonicNow() - start < budget {
            step()
            ran += 1
        }
        GL.blendPremultiplied()
        GL.disable(GL_DEPTH_TEST)
        GL.disable(GL_STENCIL_TEST)
        GL.colorMask(true)
        GL.stencilOp(GL_KEEP, GL_KEEP, GL_KEEP)
        return ran
    }

    /// Every step, the commonest states first: solid fills and backgrounds, pictures, strokes, two-stop axial
    /// gradients (also on arcs), pictures through rings, groups and masks (in place too), coverage by depth,
    /// clips, nearest sampling, particles, then every other gradient, then rasters without depth and stencil.
    private func warmUpSteps(_ texture: GLuint) -> [() -> Void] {
        let gradient = { (type: Int32, arcMode: Int32, stops: Int) -> () -> Void in
            { [self] in if let p = gradientProgram(GradientVariant(type: type, arcMode: arcMode, stops: stops)) { warmTriangle(p) } }
        }
        let common: [() -> Void] = [
            { [self] in warmTriangle(solid) }, { [self] in warmTriangle(batch) }, { [self] in warmRoundedRect() },
            { [self] in warmTriangle(image) }, { [self] in GL.withoutBlending { warmTriangle(image) } },
            { [self] in warmCapsule() },
            gradient(0, 0, 2), gradient(0, 1, 2), gradient(0, 2, 2),
            { [self] in if let p = imageArcProgram(arcMode: 1) { warmTriangle(p) } },
            { [self] in if let p = imageArcProgram(arcMode: 2) { warmTriangle(p) } },
            { [self] in warmTriangle(masked) }, { [self] in warmTriangle(tint) }, { [self] in warmTriangle(blur) },
            { [self] in GL.withMaskBlending { warmRoundedRect() } },
            { [self] in withDepthTest { warmTriangle(solid) } }, { [self] in withDepthTest { warmTriangle(strokeOnce) } },
            { [self] in withDepthTest { warmTriangle(image) } },
            { [self] in insideClip { warmTriangle(solid) } }, { [self] in insideClip { warmTriangle(batch) } },
            { [self] in warmClipPass() },
            { [self] in bindWarmUpTexture(texture, filter: GL_NEAREST); warmTriangle(image)
                GL.withoutBlending { warmTriangle(image) }; bindWarmUpTexture(texture, filter: GL_LINEAR) },
            { [self] in warmParticles(additive: false) }, { [self] in warmParticles(additive: true) },
        ]
        var rest: [() -> Void] = []
        for type in Int32(0)...2 {
            for arcMode in Int32(0)...2 {
                for stops in [2, 4, GradientPaint.maxStops] where !(type == 0 && stops == 2) {
                    rest.append(gradient(type, arcMode, stops))
                }
            }
        }
        return common + rest + [{ [self] in warmCoveredRasters(texture) }]
    }

    /// Binds the warm-up picture to units 0 and 1 with `filter` both ways.
    private func bindWarmUpTexture(_ texture: GLuint, filter: Int32) {
        for unit in [GL_TEXTURE1, GL_TEXTURE0] {
            epoxy_glActiveTexture(GLenum(unit))
            epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
            epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), filter)
            epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), filter)
        }
    }

    private func withDepthTest(_ draw: () -> Void) {
        GL.enable(GL_DEPTH_TEST)
        draw()
        GL.disable(GL_DEPTH_TEST)
    }

    /// Draws inside a clip: the stencil test on at level 1.
    private func insideClip(_ draw: () -> Void) {
        GL.enable(GL_STENCIL_TEST)
        GL.stencilFunc(GL_EQUAL, 1)
        draw()
        GL.disable(GL_STENCIL_TEST)
    }

    /// A clip's own stencil pass: no colour, the stencil moved where it passes.
    private func warmClipPass() {
        GL.colorMask(false)
        GL.stencilOp(GL_KEEP, GL_KEEP, GL_INCR)
        insideClip { warmTriangle(solid) }
        GL.colorMask(true)
        GL.stencilOp(GL_KEEP, GL_KEEP, GL_KEEP)
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

    /// A rounded-rectangle quad of its own stream.
    private func warmRoundedRect() {
        epoxy_glUseProgram(roundedRect.id)
        epoxy_glBindVertexArray(shapeVAO)
        epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, 6)
        epoxy_glBindVertexArray(vao)
    }

    /// A capsule quad of its own stream.
    private func warmCapsule() {
        epoxy_glUseProgram(capsule.id)
        epoxy_glBindVertexArray(capsuleVAO)
        epoxy_glDrawElements(GLenum(GL_TRIANGLES), 6, GLenum(GL_UNSIGNED_INT), nil)
        epoxy_glBindVertexArray(vao)
    }

    /// A particle quad of its own stream, blended over what is below or added to it.
    private func warmParticles(additive: Bool) {
        epoxy_glUseProgram(particle.id)
        epoxy_glBindVertexArray(particleVAO)
        if additive { epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE)) }
        epoxy_glDrawElements(GLenum(GL_TRIANGLES), 6, GLenum(GL_UNSIGNED_INT), nil)
        if additive { GL.blendPremultiplied() }
        epoxy_glBindVertexArray(vao)
    }
}
