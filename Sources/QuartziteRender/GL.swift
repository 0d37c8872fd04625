@preconcurrency import CEpoxy

/// The few OpenGL calls Quartzite makes, spelled once. epoxy exposes GL entry points as function-pointer
/// variables (`epoxy_glClear`), not the C macros; every call must happen on the thread whose
/// context is current.
enum GL {
    static func clearColor(_ r: Float, _ g: Float, _ b: Float, _ a: Float) { epoxy_glClearColor(r, g, b, a) }
    static func clear(_ mask: Int32) { epoxy_glClear(GLbitfield(mask)) }
    static func viewport(_ x: Int, _ y: Int, _ w: Int, _ h: Int) { epoxy_glViewport(GLint(x), GLint(y), GLsizei(w), GLsizei(h)) }
    static func enable(_ cap: Int32) { epoxy_glEnable(GLenum(cap)) }
    static func disable(_ cap: Int32) { epoxy_glDisable(GLenum(cap)) }
    static func finish() { epoxy_glFinish() }
    static func error() -> UInt32 { epoxy_glGetError() }

    static func integer(_ name: Int32) -> Int {
        var v: GLint = 0
        epoxy_glGetIntegerv(GLenum(name), &v)
        return Int(v)
    }

    /// The GL_RENDERER string of the current context.
    static var rendererName: String { string(GL_RENDERER) }

    static func string(_ name: Int32) -> String {
        guard let p = epoxy_glGetString(GLenum(name)) else { return "?" }
        return String(cString: UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self))
    }

    // MARK: Objects

    static func genBuffer() -> GLuint { var id: GLuint = 0; epoxy_glGenBuffers(1, &id); return id }
    static func genVertexArray() -> GLuint { var id: GLuint = 0; epoxy_glGenVertexArrays(1, &id); return id }
    static func genTexture() -> GLuint { var id: GLuint = 0; epoxy_glGenTextures(1, &id); return id }
    static func genFramebuffer() -> GLuint { var id: GLuint = 0; epoxy_glGenFramebuffers(1, &id); return id }
    static func genRenderbuffer() -> GLuint { var id: GLuint = 0; epoxy_glGenRenderbuffers(1, &id); return id }
    static func deleteBuffer(_ id: GLuint) { var i = id; epoxy_glDeleteBuffers(1, &i) }
    static func deleteVertexArray(_ id: GLuint) { var i = id; epoxy_glDeleteVertexArrays(1, &i) }
    static func deleteTexture(_ id: GLuint) { var i = id; epoxy_glDeleteTextures(1, &i) }
    static func deleteFramebuffer(_ id: GLuint) { var i = id; epoxy_glDeleteFramebuffers(1, &i) }
    static func deleteRenderbuffer(_ id: GLuint) { var i = id; epoxy_glDeleteRenderbuffers(1, &i) }

    // MARK: Timer queries (core since 3.3)

    static func genQuery() -> GLuint { var id: GLuint = 0; epoxy_glGenQueries(1, &id); return id }
    static func deleteQuery(_ id: GLuint) { var i = id; epoxy_glDeleteQueries(1, &i) }
    static func beginTimeElapsed(_ id: GLuint) { epoxy_glBeginQuery(GLenum(GL_TIME_ELAPSED), id) }
    static func endTimeElapsed() { epoxy_glEndQuery(GLenum(GL_TIME_ELAPSED)) }
    /// The query's result in seconds, waiting for it; nil when the driver counts no bits of time.
    static func elapsedSeconds(_ id: GLuint) -> Double? {
        var bits: GLint = 0
        epoxy_glGetQueryiv(GLenum(GL_TIME_ELAPSED), GLenum(GL_QUERY_COUNTER_BITS), &bits)
        guard bits > 0 else { return nil }
        var nanoseconds: GLuint64 = 0
        epoxy_glGetQueryObjectui64v(id, GLenum(GL_QUERY_RESULT), &nanoseconds)
        return Double(nanoseconds) / 1e9
    }

    /// Starts and ends counting the samples that pass the depth and stencil tests (GL_SAMPLES_PASSED).
    static func beginSamplesPassed(_ id: GLuint) { epoxy_glBeginQuery(GLenum(GL_SAMPLES_PASSED), id) }
    static func endSamplesPassed() { epoxy_glEndQuery(GLenum(GL_SAMPLES_PASSED)) }
    /// A query's result, waiting for it.
    static func queryResult(_ id: GLuint) -> UInt64 {
        var value: GLuint64 = 0
        epoxy_glGetQueryObjectui64v(id, GLenum(GL_QUERY_RESULT), &value)
        return value
    }

    // MARK: Blending and stencil

    static func blendPremultiplied() {
        epoxy_glEnable(GLenum(GL_BLEND))
        epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
    }
    /// Runs `draw` with blending off: for draws that cover each pixel they touch with opaque colour, where
    /// source-over equals the source, so the result is the same and the rasteriser skips reading the target.
    static func withoutBlending(_ draw: () -> Void) {
        epoxy_glDisable(GLenum(GL_BLEND))
        draw()
        epoxy_glEnable(GLenum(GL_BLEND))
    }
    /// Runs `draw` as an in-place mask: each pixel of the target times the draw's alpha (destination-in), then
    /// back to premultiplied source-over.
    static func withMaskBlending(_ draw: () -> Void) {
        epoxy_glBlendFunc(GLenum(GL_ZERO), GLenum(GL_SRC_ALPHA))
        draw()
        blendPremultiplied()
    }
    static func colorMask(_ on: Bool) {
        let v = GLboolean(on ? 1 : 0)
        epoxy_glColorMask(v, v, v, v)
    }
    static func stencilFunc(_ fn: Int32, _ ref: Int, _ mask: UInt32 = 0xFF) {
        epoxy_glStencilFunc(GLenum(fn), GLint(ref), mask)
    }
    static func stencilOp(_ fail: Int32, _ zfail: Int32, _ zpass: Int32) {
        epoxy_glStencilOp(GLenum(fail), GLenum(zfail), GLenum(zpass))
    }
}
