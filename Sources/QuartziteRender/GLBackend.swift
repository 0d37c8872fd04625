import Foundation
import Quartzite
@preconcurrency import CEpoxy

/// Executes display lists with OpenGL 3.3 core: one upload per vertex stream and one index upload per frame,
/// premultiplied blending, stencil levels for clips and masks, textures shared by every layer showing the same
/// image. `draw` sets the frame's state once and hands each command to the method of its family (the
/// extensions: fills, gradients, images, capsules, clips, groups and surfaces, shadows); what changes during
/// the frame lives in one `GLFrame`.
@MainActor
final class GLBackend {
    /// The vertex array, vertex and index buffers of the frame's indexed triangles (`PlainVertex`).
    let vao: GLuint
    let vbo: GLuint
    let ibo: GLuint
    /// The vertex array and buffer of `roundedRects` draws (`RoundedRectVertex`, no indices).
    let shapeVAO: GLuint
    let shapeVBO: GLuint
    /// The vertex array and buffer of `capsules` draws (`CapsuleVertex`), and the texture buffer of their
    /// segments.
    let capsuleVAO: GLuint
    let capsuleVBO: GLuint
    /// Two triangles for each quad of four capsule or particle vertices (0 1 2, 0 2 3, then on by four), for
    /// as many quads as `capsuleQuadCapacity`: made again only when a frame has more.
    let capsuleIBO: GLuint
    var capsuleQuadCapacity = 0
    /// The vertex array and buffer of `particles` draws (`ParticleVertex`), which read the capsules' quad
    /// index pattern.
    let particleVAO: GLuint
    let particleVBO: GLuint
    let segmentBuffer: GLuint
    let segmentTexture: GLuint
    let solid: ShaderProgram
    let batch: ShaderProgram
    let strokeOnce: ShaderProgram
    let roundedRect: ShaderProgram
    let capsule: ShaderProgram
    let particle: ShaderProgram
    let image: ShaderProgram
    let masked: ShaderProgram
    let blur: ShaderProgram
    let tint: ShaderProgram
    /// The image programs seen through an arc, by arc mode (1 butt caps, 2 round caps), linked on first use.
    var imageArcs: [Int32: ShaderProgram] = [:]
    var failedImageArcs: Set<Int32> = []
    /// The blend program of `compositingFilter` groups, linked on first use (most frames blend nothing).
    var blendProgram: ShaderProgram?
    /// Whether the blend program failed to link (reported once; blends are then drawn over normally).
    var blendProgramFailed = false
    /// Gradient programs by `GradientVariant.index`, linked on first use (27 variants, most never drawn).
    var gradients: [ShaderProgram?] = Array(repeating: nil, count: GradientVariant.count)
    var failedGradients: Set<Int> = []
    let pool = SurfacePool()
    /// Cached rasters of `shouldRasterize` layers, kept across frames while they are drawn.
    var rasters: [Int: (surface: OffscreenSurface, lastUsed: Int)] = [:]
    /// Blurred shadow silhouettes by raster key, kept across frames while they are drawn.
    var shadowTextures: [Int: (surface: OffscreenSurface, lastUsed: Int)] = [:]
    /// Image textures by image, kept while their images live and frames draw them.
    var textures = ImageTextures()
    /// Gaussian blurs run since this backend was made (a shadow should cost one only when it changes).
    var blurCount = 0
    /// Rasters copied onto the canvas instead of drawn since this backend was made (`copy(_:to:_:)`).
    var rasterCopies = 0
    /// Shadow keys of the last frame whose silhouette or blur could not be made (the compositor forgets them).
    var failedShadowKeys: Set<Int> = []
    /// Raster keys of the last frame whose raster could not be made (the compositor draws those layers
    /// directly instead).
    var failedRasterKeys: Set<Int> = []
    /// Fails every raster a frame begins, as running out of memory would (for tests).
    var failsRasters = false
    /// Whether gradients are dithered (±0.5/255) against banding; off for reference comparisons.
    var dither = true
    /// Frames drawn, the clock of the caches' last use.
    private(set) var frame = 0
    /// Whether the framebuffer bound for `draw` keeps its depth and stencil from one frame to the next (an
    /// offscreen surface its owner made; a window's are undefined after a swap). Then a frame clears them
    /// only when it must: llvmpipe fills a canvas-sized buffer for that clear, which costs S2 (64 small rings)
    /// more than its rings do.
    var keepsDepthStencil = false
    /// What the last frame left in the bound framebuffer's depth and stencil: which framebuffer at which
    /// size, the depth values used since they were cleared (the next frame's are nearer than all of them),
    /// and whether the stencil may hold anything but 0. A stencilled fill puts back what it adds in the same
    /// command, and a clip's pop undoes its push (the same triangles, rasterised the same way), so only a
    /// frame whose pushes and pops do not pair up leaves the stencil dirty.
    private var keptDepthStencil: (framebuffer: GLint, width: Int, height: Int, depthsUsed: Int, stencilDirty: Bool)?

    init() throws {
        solid = try ShaderLibrary.solid()
        batch = try ShaderLibrary.batch()
        strokeOnce = try ShaderLibrary.strokeOnce()
        image = try ShaderLibrary.image()
        // The commonest variant now, so a broken gradient shader fails here rather than mid-frame.
        gradients[GradientVariant(type: 0, arcMode: 0, stops: 2).index] = try ShaderLibrary.gradient(type: 0, arcMode: 0, stops: .two)
        masked = try ShaderLibrary.masked()
        blur = try ShaderLibrary.blur()
        tint = try ShaderLibrary.tint()
        roundedRect = try ShaderLibrary.roundedRect()
        capsule = try ShaderLibrary.capsule()
        particle = try ShaderLibrary.particle()
        capsuleVAO = GL.genVertexArray()
        capsuleVBO = GL.genBuffer()
        capsuleIBO = GL.genBuffer()
        epoxy_glBindVertexArray(capsuleVAO)
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), capsuleVBO)
        CapsuleVertex.describeAttributes()
        particleVAO = GL.genVertexArray()
        particleVBO = GL.genBuffer()
        epoxy_glBindVertexArray(particleVAO)
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), particleVBO)
        ParticleVertex.describeAttributes()
        // The capsules' quad index pattern serves the particles' quads too (`ensureQuadPattern`).
        epoxy_glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), capsuleIBO)
        segmentBuffer = GL.genBuffer()
        segmentTexture = GL.genTexture()
        shapeVAO = GL.genVertexArray()
        shapeVBO = GL.genBuffer()
        epoxy_glBindVertexArray(shapeVAO)
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), shapeVBO)
        RoundedRectVertex.describeAttributes()
        vao = GL.genVertexArray()
        vbo = GL.genBuffer()
        ibo = GL.genBuffer()
        epoxy_glBindVertexArray(vao)
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), vbo)
        epoxy_glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), ibo)
        PlainVertex.describeAttributes()
    }

    /// Draws a list into the bound framebuffer of `width` x `height` pixels, cleared to `clear` first.
    func draw(_ list: DisplayList, width: Int, height: Int, clear: SIMD4<Float>) {
        frame += 1
        failedShadowKeys = []
        failedRasterKeys = []
        var f = beginFrame(list, width: width, height: height, clear: list.clearColor ?? clear)
        defer {
            keptDepthStencil = keepsDepthStencil
                ? (f.baseFBO, width, height, f.depthOffset + list.onceStrokes, f.openClips != 0) : nil
        }
        guard !list.commands.isEmpty else { pool.endFrame(); return }
        upload(list)
        for command in list.commands { execute(command, &f) }
        // Boxes are popped as they were pushed; this only guards the next frame's clear and a readback blit.
        GL.disable(GL_SCISSOR_TEST)
        endFrame()
    }

    /// Hands one command to the method of its family.
    private func execute(_ command: DisplayCommand, _ f: inout GLFrame) {
        switch command {
        case .fill(let range, let matrix, let color, let antialiasing):
            fill(range, matrix: matrix, color: color, antialiasing, &f)
        case .fillBatch(let range, let matrix): fillBatch(range, matrix: matrix, &f)
        case .fillOnceBatch(let range, let matrix, let firstStroke, _):
            fillOnceBatch(range, matrix: matrix, firstStroke: firstStroke, &f)
        case .roundedRects(let first, let count, let matrix): roundedRects(first: first, count: count, matrix: matrix, &f)
        case .maskRoundedRects(let first, let count, let matrix): maskRoundedRects(first: first, count: count, matrix: matrix, &f)
        case .capsules(let first, let count, let matrix): capsules(first: first, count: count, matrix: matrix, &f)
        case .particles(let first, let count, let matrix, let cgImage, let sampling, let additive):
            particles(first: first, count: count, matrix: matrix, image: cgImage, sampling: sampling, additive: additive, &f)
        case .gradient(let range, let matrix, let toLayer, let paint, let antialiasing):
            gradient(range, matrix: matrix, toLayer: toLayer, paint: paint, antialiasing, &f)
        case .gradientArc(let range, let matrix, let toLayer, let paint, let arc):
            gradientArc(range, matrix: matrix, toLayer: toLayer, paint: paint, arc: arc, &f)
        case .imageArc(let range, let matrix, let cgImage, let tint, let sampling, let toMask, let arc):
            imageArc(range, matrix: matrix, image: cgImage, tint: tint, sampling: sampling, toMask: toMask, arc: arc, &f)
        case .image(let range, let matrix, let cgImage, let tint, let sampling, let antialiasing):
            image(range, matrix: matrix, image: cgImage, tint: tint, sampling: sampling, antialiasing, &f)
        case .rasterImage(let key, let range, let matrix, let tint, let antialiasing, let sampling, let opaque, let pixels):
            rasterImage(key: key, range: range, matrix: matrix, tint: tint, sampling: sampling, opaque: opaque,
                        pixels: pixels, antialiasing, &f)
        case .pushClip(let pieces): pushClip(pieces, &f)
        case .popClip(let pieces): popClip(pieces, &f)
        case .pushScissor(let box): f.pushScissor(box)
        case .popScissor: f.popScissor()
        case .beginGroup(let area): beginGroup(area, &f)
        case .endGroup(let end): endGroup(end, &f)
        case .beginRaster(let key, let width, let height, let covered):
            beginRaster(key: key, width: width, height: height, covered: covered, &f)
        case .endRaster: endRaster(&f)
        case .captureRaster(let key, let pixels): captureRaster(key: key, pixels: pixels, &f)
        case .blurRaster(let key, let sigma): blurRaster(key: key, sigma: sigma, &f)
        case .shadowImage(let key, let range, let matrix, let color):
            shadowImage(key: key, range: range, matrix: matrix, color: color, &f)
        }
    }

    /// Sets the state every frame starts from and clears the bound framebuffer; returns the frame's state.
    private func beginFrame(_ list: DisplayList, width: Int, height: Int, clear: SIMD4<Float>) -> GLFrame {
        GL.viewport(0, 0, width, height)
        GL.disable(GL_SCISSOR_TEST)
        epoxy_glStencilMask(0xFF)
        GL.clearColor(clear.x, clear.y, clear.z, clear.w)
        epoxy_glClearStencil(0)
        // Depth serves only shapes drawn once per pixel (each nearer than the last); cleared with the stencil,
        // which shares its buffer. A target that keeps them skips the clear when the last frame popped every
        // clip it pushed and this frame's depth values fit below the last frames' (they are offset nearer).
        epoxy_glClearDepth(1)
        epoxy_glDepthMask(GLboolean(1))
        epoxy_glDepthFunc(GLenum(GL_LESS))
        var baseFBO: GLint = 0
        epoxy_glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &baseFBO)
        var depthOffset = 0
        if keepsDepthStencil, let kept = keptDepthStencil, kept.framebuffer == baseFBO, kept.width == width,
           kept.height == height, !kept.stencilDirty, kept.depthsUsed + list.onceStrokes <= DisplayList.strokesPerFrame {
            depthOffset = kept.depthsUsed
            GL.clear(GL_COLOR_BUFFER_BIT)
        } else {
            GL.clear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT | GL_DEPTH_BUFFER_BIT)
        }
        GL.disable(GL_DEPTH_TEST)
        GL.disable(GL_CULL_FACE)
        GL.blendPremultiplied()
        // At clip level 0 every stencil value is 0 (clips and stencilled fills put back what they add), so
        // the test, which would pass everywhere, is off: llvmpipe then neither reads nor writes the buffer.
        GL.disable(GL_STENCIL_TEST)
        GL.stencilFunc(GL_EQUAL, 0)
        GL.stencilOp(GL_KEEP, GL_KEEP, GL_KEEP)
        return GLFrame(list: list, width: width, height: height, baseFBO: baseFBO, depthOffset: depthOffset)
    }

    /// Uploads the frame's index array and vertex streams, one upload each.
    private func upload(_ list: DisplayList) {
        epoxy_glBindVertexArray(vao)
        Self.upload(list.indices, to: ibo, as: GL_ELEMENT_ARRAY_BUFFER)
        if !list.capsuleVertices.isEmpty { uploadCapsules(list) }
        if !list.particleVertices.isEmpty { uploadParticles(list) }
        if !list.roundedRectVertices.isEmpty { Self.upload(list.roundedRectVertices, to: shapeVBO, as: GL_ARRAY_BUFFER) }
        // The main vertices last: their buffer stays bound to GL_ARRAY_BUFFER for the frame.
        Self.upload(list.vertices, to: vbo, as: GL_ARRAY_BUFFER)
    }

    /// One upload of a frame's array into a buffer, left bound to `target`.
    static func upload<T>(_ array: [T], to buffer: GLuint, as target: Int32) {
        epoxy_glBindBuffer(GLenum(target), buffer)
        array.withUnsafeBytes { epoxy_glBufferData(GLenum(target), $0.count, $0.baseAddress, GLenum(GL_STREAM_DRAW)) }
    }

    /// Returns the frame's pooled surfaces and frees what recent frames have not drawn.
    private func endFrame() {
        pool.endFrame()
        textures.endFrame(frame)
        for (key, entry) in rasters where frame - entry.lastUsed > 240 {
            entry.surface.release()
            rasters[key] = nil
        }
        for (key, entry) in shadowTextures where frame - entry.lastUsed > 240 {
            entry.surface.release()
            shadowTextures[key] = nil
        }
    }

    /// Normalised device depth of a frame's depth value `n`: window depth 1 - (n + 1) / 65536, as in
    /// stroke_once.vert, so later shapes are nearer.
    nonisolated static func depthValue(_ n: Int) -> Float { 1 - 2 * (Float(n) + 1) / 65536 }

    /// Frees the GL objects (the context must be current).
    func release() {
        textures.removeAll()
        pool.releaseAll()
        for entry in rasters.values { entry.surface.release() }
        rasters = [:]
        for entry in shadowTextures.values { entry.surface.release() }
        shadowTextures = [:]
        for buffer in [vbo, ibo, shapeVBO, capsuleVBO, capsuleIBO, particleVBO, segmentBuffer] { GL.deleteBuffer(buffer) }
        for array in [vao, capsuleVAO, shapeVAO, particleVAO] { GL.deleteVertexArray(array) }
        GL.deleteTexture(segmentTexture)
        for p in gradients.compactMap({ $0 }) + Array(imageArcs.values) + [blendProgram].compactMap({ $0 }) + [solid, image, capsule, particle, masked, blur, tint, batch, strokeOnce, roundedRect] {
            epoxy_glDeleteProgram(p.id)
        }
    }
}
