@preconcurrency import CEpoxy

/// An offscreen target: a multisampled colour + depth-stencil framebuffer (4x where the driver offers it)
/// resolved into a single-sample one for readback. Every framebuffer has 8 stencil bits: masks need them
/// (LESSONS.md 2).
final class Framebuffer {
    let width: Int
    let height: Int
    let samples: Int
    private(set) var drawFBO: GLuint = 0
    private var resolveFBO: GLuint = 0
    private var renderbuffers: [GLuint] = []

    init(width: Int, height: Int, samples requested: Int) throws {
        self.width = width
        self.height = height
        samples = max(0, min(requested, GL.integer(GL_MAX_SAMPLES)))
        resolveFBO = GL.genFramebuffer()
        let resolveColor = GL.genRenderbuffer()
        renderbuffers.append(resolveColor)
        epoxy_glBindRenderbuffer(GLenum(GL_RENDERBUFFER), resolveColor)
        epoxy_glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), resolveFBO)
        epoxy_glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), resolveColor)

        if samples > 1 {
            drawFBO = GL.genFramebuffer()
            let color = GL.genRenderbuffer(), depthStencil = GL.genRenderbuffer()
            renderbuffers += [color, depthStencil]
            epoxy_glBindRenderbuffer(GLenum(GL_RENDERBUFFER), color)
            epoxy_glRenderbufferStorageMultisample(GLenum(GL_RENDERBUFFER), GLsizei(samples), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
            epoxy_glBindRenderbuffer(GLenum(GL_RENDERBUFFER), depthStencil)
            epoxy_glRenderbufferStorageMultisample(GLenum(GL_RENDERBUFFER), GLsizei(samples), GLenum(GL_DEPTH24_STENCIL8), GLsizei(width), GLsizei(height))
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), drawFBO)
            epoxy_glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), color)
            epoxy_glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_STENCIL_ATTACHMENT), GLenum(GL_RENDERBUFFER), depthStencil)
        } else {
            drawFBO = resolveFBO
            let depthStencil = GL.genRenderbuffer()
            renderbuffers.append(depthStencil)
            epoxy_glBindRenderbuffer(GLenum(GL_RENDERBUFFER), depthStencil)
            epoxy_glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_DEPTH24_STENCIL8), GLsizei(width), GLsizei(height))
            epoxy_glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_STENCIL_ATTACHMENT), GLenum(GL_RENDERBUFFER), depthStencil)
        }
        for fbo in Set([drawFBO, resolveFBO]) {
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
            let status = epoxy_glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
            guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
                release()
                throw RenderError.framebuffer("incomplete (status 0x\(String(status, radix: 16))) at \(width)x\(height), \(samples) samples")
            }
        }
    }

    /// Binds the framebuffer to draw into.
    func bindForDrawing() { epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), drawFBO) }

    /// Resolves the samples and reads the pixels back, bottom row first (GL's order), RGBA8 premultiplied.
    func readPixels() -> [UInt8] {
        if drawFBO != resolveFBO {
            epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), drawFBO)
            epoxy_glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), resolveFBO)
            epoxy_glBlitFramebuffer(0, 0, GLint(width), GLint(height), 0, 0, GLint(width), GLint(height),
                                    GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        }
        epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), resolveFBO)
        epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        epoxy_glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &pixels)
        return pixels
    }

    func release() {
        if drawFBO != resolveFBO && drawFBO != 0 { GL.deleteFramebuffer(drawFBO) }
        if resolveFBO != 0 { GL.deleteFramebuffer(resolveFBO) }
        for rb in renderbuffers { GL.deleteRenderbuffer(rb) }
        renderbuffers = []
        drawFBO = 0
        resolveFBO = 0
    }
}
