@preconcurrency import CEpoxy

/// An offscreen target whose result is a texture: the headless frame itself, and groups (opacity, alpha
/// masks, shadows) and rasters inside any frame. Drawn into
/// multisampled (like the main target) and resolved into the texture, or single-sampled for blur passes.
/// Every surface has 8 stencil bits, so clips work inside groups too, except one made without depth and
/// stencil for what needs neither (an opaque picture's raster).
final class OffscreenSurface {
    let width: Int
    let height: Int
    let samples: Int
    /// Whether the surface has depth and stencil.
    let hasDepthStencil: Bool
    private(set) var drawFBO: GLuint = 0
    private(set) var textureFBO: GLuint = 0
    private(set) var texture: GLuint = 0
    private var renderbuffers: [GLuint] = []

    /// A surface of `width` x `height` pixels, multisampled when `requested` > 1, with depth and stencil
    /// unless `depthStencil` is false (half the memory to allocate: llvmpipe touches every page of it).
    init(width: Int, height: Int, samples requested: Int, depthStencil: Bool = true) throws {
        self.width = width
        self.height = height
        hasDepthStencil = depthStencil
        samples = requested > 1 ? min(requested, GL.integer(GL_MAX_SAMPLES)) : 0
        texture = GL.genTexture()
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        epoxy_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0,
                           GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        textureFBO = GL.genFramebuffer()
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), textureFBO)
        epoxy_glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        let depthStencil = depthStencil ? GL.genRenderbuffer() : 0
        if depthStencil != 0 { renderbuffers.append(depthStencil) }
        if samples > 1 {
            drawFBO = GL.genFramebuffer()
            let color = GL.genRenderbuffer()
            renderbuffers.append(color)
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), drawFBO)
            if depthStencil != 0 {
                epoxy_glBindRenderbuffer(GLenum(GL_RENDERBUFFER), depthStencil)
                epoxy_glRenderbufferStorageMultisample(GLenum(GL_RENDERBUFFER), GLsizei(samples), GLenum(GL_DEPTH24_STENCIL8), GLsizei(width), GLsizei(height))
                epoxy_glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_STENCIL_ATTACHMENT), GLenum(GL_RENDERBUFFER), depthStencil)
            }
            epoxy_glBindRenderbuffer(GLenum(GL_RENDERBUFFER), color)
            epoxy_glRenderbufferStorageMultisample(GLenum(GL_RENDERBUFFER), GLsizei(samples), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
            epoxy_glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), color)
        } else {
            if depthStencil != 0 {
                epoxy_glBindRenderbuffer(GLenum(GL_RENDERBUFFER), depthStencil)
                epoxy_glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_DEPTH24_STENCIL8), GLsizei(width), GLsizei(height))
                epoxy_glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_STENCIL_ATTACHMENT), GLenum(GL_RENDERBUFFER), depthStencil)
            }
            drawFBO = textureFBO
        }
        for fbo in Set([drawFBO, textureFBO]) {
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
            let status = epoxy_glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
            guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
                release()
                throw RenderError.framebuffer("offscreen surface incomplete (0x\(String(status, radix: 16))) at \(width)x\(height)")
            }
        }
    }

    /// Makes the resolved texture hold what was drawn.
    func resolve() {
        guard drawFBO != textureFBO else { return }
        epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), drawFBO)
        epoxy_glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), textureFBO)
        epoxy_glBlitFramebuffer(0, 0, GLint(width), GLint(height), 0, 0, GLint(width), GLint(height),
                                GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
    }

    /// Resolves the samples and reads the pixels back, bottom row first (GL's order), RGBA8 premultiplied.
    func readPixels() -> [UInt8] {
        resolve()
        epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), textureFBO)
        epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        epoxy_glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &pixels)
        return pixels
    }

    /// Binds the surface to draw into.
    func bindForDrawing() { epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), drawFBO) }

    func release() {
        if drawFBO != textureFBO && drawFBO != 0 { GL.deleteFramebuffer(drawFBO) }
        if textureFBO != 0 { GL.deleteFramebuffer(textureFBO) }
        if texture != 0 { GL.deleteTexture(texture) }
        for rb in renderbuffers { GL.deleteRenderbuffer(rb) }
        renderbuffers = []
        drawFBO = 0
        textureFBO = 0
        texture = 0
    }
}

/// Surfaces reused from frame to frame: a frame takes what it needs and gives everything back at its end.
final class SurfacePool {
    private var free: [OffscreenSurface] = []
    private var inUse: [OffscreenSurface] = []

    func acquire(width: Int, height: Int, samples: Int) throws -> OffscreenSurface {
        let wantSamples = samples > 1 ? min(samples, GL.integer(GL_MAX_SAMPLES)) : 0
        if let i = free.firstIndex(where: { $0.width == width && $0.height == height && $0.samples == wantSamples }) {
            let s = free.remove(at: i)
            inUse.append(s)
            return s
        }
        let s = try OffscreenSurface(width: width, height: height, samples: samples)
        inUse.append(s)
        return s
    }

    /// Returns every surface of this frame to the pool; keeps at most a few idle ones.
    func endFrame() {
        free += inUse
        inUse = []
        while free.count > 8 { free.removeFirst().release() }
    }

    func releaseAll() {
        for s in free + inUse { s.release() }
        free = []
        inUse = []
    }
}
