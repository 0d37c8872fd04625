@preconcurrency import CEpoxy

/// A framebuffer a frame draws into: the caller's, a group's offscreen surface or a layer's raster.
struct RenderTarget {
    /// The surface drawn into; nil for the caller's framebuffer, or for a group whose surface could not be
    /// made (its content then goes to the target below).
    var surface: OffscreenSurface?
    /// The clip level to restore when the target above it ends. Each target has its own stencil, so clip
    /// levels restart at 0 inside a group.
    var level: Int
    /// The key of the canvas quad that covers this target (`DisplayList.canvasQuads`).
    var key: Int
    /// The canvas the target's matrices map to, in pixels.
    var width: Int
    var height: Int
    /// Where a bounded group's surface sits on the canvas; nil when the surface is the whole canvas.
    var area: GroupArea?
    /// The scissor boxes pushed in this target, each within the one before (in the target's canvas pixels);
    /// the last is in force.
    var scissors: [PixelBox] = []
}

/// Everything that changes while one display list is drawn: the target stack, the clip level and the GL
/// state already set (program, matrix, stencil test), so that each command sets only what differs. The
/// back end's command families read and write it; it lives for one `GLBackend.draw`.
@MainActor
struct GLFrame {
    let list: DisplayList
    /// The framebuffer bound by the caller, and its sample count (offscreen groups match it).
    let baseFBO: GLint
    let baseSamples: Int
    /// Added to the frame's depth values: the values used by earlier frames since the depth was cleared.
    let depthOffset: Int
    /// The caller's framebuffer, then one entry per open group or raster.
    var targets: [RenderTarget]
    /// Surfaces of ended groups kept for a later mask (`GroupEnd.hold`), by slot.
    var held: [Int: OffscreenSurface] = [:]
    /// The clip level of the top target: draws pass where its stencil holds this value.
    var level = 0
    /// Clip pushes less pops: 0 at the end of a frame whose stencil is back to 0 everywhere.
    var openClips = 0
    var program: GLuint = 0
    var boundMatrix = (program: GLuint(0), index: -1)
    /// The gradient program whose uLocal holds matrix `index` (-1 the identity).
    var boundLocal = (program: GLuint(0), index: -2)
    var stencilTesting = false
    var scissorTesting = false
    /// The bound target's viewport origin (window pixels) and canvas height in pixels, for capsule.frag.
    var window: SIMD3<Float>

    init(list: DisplayList, width: Int, height: Int, baseFBO: GLint, depthOffset: Int) {
        self.list = list
        self.baseFBO = baseFBO
        self.baseSamples = GL.integer(GL_SAMPLES)
        self.depthOffset = depthOffset
        targets = [RenderTarget(surface: nil, level: 0, key: 0, width: width, height: height, area: nil)]
        window = SIMD3(0, 0, Float(height))
    }

    /// The target drawn into now.
    var top: RenderTarget { targets[targets.count - 1] }

    mutating func use(_ p: ShaderProgram) {
        if program != p.id { epoxy_glUseProgram(p.id); program = p.id }
    }

    /// Sets a program's uMatrix to matrix `index` of the list, unless it holds it already.
    mutating func setMatrix(_ p: ShaderProgram, _ index: Int) {
        guard boundMatrix != (p.id, index) else { return }
        list.matrices[index].withUnsafeBufferPointer { epoxy_glUniformMatrix4fv(p.matrix, 1, GLboolean(0), $0.baseAddress) }
        boundMatrix = (p.id, index)
    }

    /// Sets a program's uMatrix to a matrix of no index (a shadow's moved canvas, a blur pass).
    mutating func setMatrix(_ p: ShaderProgram, _ matrix: [Float]) {
        matrix.withUnsafeBufferPointer { epoxy_glUniformMatrix4fv(p.matrix, 1, GLboolean(0), $0.baseAddress) }
        boundMatrix = (0, -1)
    }

    mutating func enableStencilTest(_ on: Bool) {
        guard on != stencilTesting else { return }
        if on { GL.enable(GL_STENCIL_TEST) } else { GL.disable(GL_STENCIL_TEST) }
        stencilTesting = on
    }

    /// Draws pass where the stencil holds `clipLevel`; the test is on only inside a clip.
    mutating func testStencil(at clipLevel: Int) {
        GL.stencilFunc(GL_EQUAL, clipLevel)
        enableStencilTest(clipLevel > 0)
    }

    /// Draws a run of the frame's indexed triangles with the bound program.
    func drawRange(_ r: IndexRange) {
        epoxy_glDrawElements(GLenum(GL_TRIANGLES), GLsizei(r.count), GLenum(GL_UNSIGNED_INT),
                             UnsafeRawPointer(bitPattern: r.first * MemoryLayout<UInt32>.size))
    }

    /// Draws a run of triangles with `p`, its uniforms set, as `antialiasing` says.
    mutating func draw(_ range: IndexRange, with p: ShaderProgram, _ antialiasing: Antialiasing) {
        switch antialiasing {
        case .samples: drawRange(range)
        case .samplesOnce: drawOnceThroughStencil(range)
        case .coverage(let depth): drawOnceByDepth(range, with: p, depth: depth)
        }
    }

    /// A coverage-antialiased draw: at its depth value with the depth test on, so each pixel blends once
    /// (the fringe first); the program's depth goes back to 0 for its other draws.
    private func drawOnceByDepth(_ range: IndexRange, with p: ShaderProgram, depth: Int) {
        epoxy_glUniform1f(p["uDepth"], GLBackend.depthValue(depth + depthOffset))
        GL.enable(GL_DEPTH_TEST)
        drawRange(range)
        GL.disable(GL_DEPTH_TEST)
        epoxy_glUniform1f(p["uDepth"], 0)
    }

    /// Binds the target at `index` of the stack. A bounded group's viewport is the whole canvas moved so
    /// that the area lands on the surface: every matrix of the frame still applies unchanged.
    mutating func bindTarget(at index: Int) {
        let t = targets[index]
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), t.surface?.drawFBO ?? GLuint(baseFBO))
        let origin = Self.viewportOrigin(of: t)
        GL.viewport(origin.x, origin.y, t.width, t.height)
        window = SIMD3(Float(origin.x), Float(origin.y), Float(t.height))
        applyScissor()
    }

    /// Where a target's canvas starts in its framebuffer's window pixels: a bounded group's surface holds only
    /// its area, so the canvas starts below and left of it.
    static func viewportOrigin(of t: RenderTarget) -> (x: Int, y: Int) {
        guard let a = t.area, t.surface != nil else { return (0, 0) }
        return (-a.x, -(t.height - a.y - a.height))
    }

    mutating func bindTop() { bindTarget(at: targets.count - 1) }

    /// Binds a surface of its own (blur passes): the viewport is the surface, with no scissor.
    mutating func bindSurface(_ surface: OffscreenSurface) {
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), surface.drawFBO)
        GL.viewport(0, 0, surface.width, surface.height)
        enableScissorTest(false)
    }

    /// Draws only inside `box` too, until the matching `popScissor`.
    mutating func pushScissor(_ box: PixelBox) {
        let index = targets.count - 1
        let inner = targets[index].scissors.last.map { $0.intersection(box) } ?? box
        targets[index].scissors.append(inner)
        applyScissor()
    }

    mutating func popScissor() {
        let index = targets.count - 1
        guard !targets[index].scissors.isEmpty else { return }
        targets[index].scissors.removeLast()
        applyScissor()
    }

    /// Sets GL's scissor to the top target's innermost box, moved as the target's viewport is (GL counts
    /// window pixels from the bottom), or turns it off.
    private mutating func applyScissor() {
        let t = top
        guard let box = t.scissors.last else { return enableScissorTest(false) }
        let origin = Self.viewportOrigin(of: t)
        epoxy_glScissor(GLint(clamping: box.x + origin.x), GLint(clamping: t.height - box.y - box.height + origin.y),
                        GLsizei(clamping: box.width), GLsizei(clamping: box.height))
        enableScissorTest(true)
    }

    mutating func enableScissorTest(_ on: Bool) {
        guard on != scissorTesting else { return }
        if on { GL.enable(GL_SCISSOR_TEST) } else { GL.disable(GL_SCISSOR_TEST) }
        scissorTesting = on
    }
}
