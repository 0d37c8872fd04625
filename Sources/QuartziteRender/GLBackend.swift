import Foundation
import Quartzite
@preconcurrency import CEpoxy

/// Executes display lists with OpenGL 3.3 core: one vertex and one index upload per frame, premultiplied
/// blending, stencil levels for clips and masks, textures shared by every layer showing the same image.
@MainActor
final class GLBackend {
    private let vao: GLuint
    private let vbo: GLuint
    /// The vertex array and buffer of `roundedRects` draws (their own layout, no indices).
    private let shapeVAO: GLuint
    private let shapeVBO: GLuint
    private let roundedRect: ShaderProgram
    /// The vertex array and buffer of `capsules` draws, and the texture buffer of their segments.
    private let capsuleVAO: GLuint
    private let capsuleVBO: GLuint
    /// Two triangles for each quad of four capsule vertices (0 1 2, 0 2 3, then on by four), for as many quads
    /// as `capsuleQuadCapacity`: made again only when a frame has more.
    private let capsuleIBO: GLuint
    private var capsuleQuadCapacity = 0
    private let segmentBuffer: GLuint
    private let segmentTexture: GLuint
    private let capsule: ShaderProgram
    private let ibo: GLuint
    private let solid: ShaderProgram
    private let batch: ShaderProgram
    private let strokeOnce: ShaderProgram
    private let image: ShaderProgram
    /// Gradient programs by `GradientVariant.index`, linked on first use (18 variants, most never drawn).
    private var gradients: [ShaderProgram?] = Array(repeating: nil, count: GradientVariant.count)
    private let masked: ShaderProgram
    private let blur: ShaderProgram
    private let tint: ShaderProgram
    private let pool = SurfacePool()
    /// Cached rasters of `shouldRasterize` layers, kept across frames while they are drawn.
    private var rasters: [Int: (surface: OffscreenSurface, lastUsed: Int)] = [:]
    /// Blurred shadow silhouettes by raster key, kept across frames while they are drawn.
    private var shadowTextures: [Int: (surface: OffscreenSurface, lastUsed: Int)] = [:]
    /// Gaussian blurs run since this backend was made (a shadow should cost one only when it changes).
    private(set) var blurCount = 0
    /// Shadow keys of the last frame whose silhouette or blur could not be made (the compositor forgets them).
    private(set) var failedShadowKeys: Set<Int> = []
    /// Whether gradients are dithered (±0.5/255) against banding; off for reference comparisons.
    var dither = true
    private var failedGradients: Set<Int> = []
    private var textures: [ObjectIdentifier: (id: GLuint, image: CGImage, lastUsed: Int)] = [:]
    private var frame = 0
    /// Whether the framebuffer bound for `draw` keeps its depth and stencil from one frame to the next (an
    /// offscreen surface its owner made; a window's are undefined after a swap). Then a frame clears them
    /// only when it must: llvmpipe fills a canvas-sized buffer for that clear, which cost S2 (64 small rings)
    /// more than its rings did.
    var keepsDepthStencil = false
    /// What the last frame left in the bound framebuffer's depth and stencil: which framebuffer at which
    /// size, the depth values used since they were cleared (the next frame's are nearer than all of them),
    /// and whether the stencil may hold anything but 0. A stencilled fill puts back what it adds in the same
    /// command, and a clip's pop undoes its push (the same triangles, rasterised the same way), so only a
    /// frame whose pushes and pops do not pair up leaves the stencil dirty.
    private var keptDepthStencil: (framebuffer: GLint, width: Int, height: Int, depthsUsed: Int, stencilDirty: Bool)?
    /// Added to the frame's depth values: the values used by earlier frames since the last clear.
    private var depthOffset = 0

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
        capsuleVAO = GL.genVertexArray()
        capsuleVBO = GL.genBuffer()
        capsuleIBO = GL.genBuffer()
        epoxy_glBindVertexArray(capsuleVAO)
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), capsuleVBO)
        Self.describeVertices([(2, 0), (2, 2), (4, 4), (4, 8), (4, 12), (4, 16), (4, 20), (4, 24)],
                              floatsPerVertex: CapsuleStroke.floatsPerVertex)
        segmentBuffer = GL.genBuffer()
        segmentTexture = GL.genTexture()
        shapeVAO = GL.genVertexArray()
        shapeVBO = GL.genBuffer()
        epoxy_glBindVertexArray(shapeVAO)
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), shapeVBO)
        Self.describeVertices([(2, 0), (2, 2), (2, 4), (2, 6), (2, 8)], floatsPerVertex: RoundedRectQuad.floatsPerVertex)
        vao = GL.genVertexArray()
        vbo = GL.genBuffer()
        ibo = GL.genBuffer()
        epoxy_glBindVertexArray(vao)
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), vbo)
        epoxy_glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), ibo)
        Self.describeVertices([(2, 0), (2, 2), (1, 4)], floatsPerVertex: DisplayList.floatsPerVertex)
    }

    /// Describes the bound vertex array's float attributes 0, 1, ... in the bound GL_ARRAY_BUFFER: each one's
    /// size and offset in floats, in vertices of `floatsPerVertex` floats.
    private static func describeVertices(_ attributes: [(size: Int, offset: Int)], floatsPerVertex: Int) {
        let stride = GLsizei(floatsPerVertex * MemoryLayout<Float>.size)
        for (index, attribute) in attributes.enumerated() {
            epoxy_glEnableVertexAttribArray(GLuint(index))
            epoxy_glVertexAttribPointer(GLuint(index), GLint(attribute.size), GLenum(GL_FLOAT), GLboolean(0), stride,
                                        UnsafeRawPointer(bitPattern: attribute.offset * MemoryLayout<Float>.size))
        }
    }

    /// Draws a list into the bound framebuffer of `width` x `height` pixels, cleared to `clear` first.
    func draw(_ list: DisplayList, width: Int, height: Int, clear: SIMD4<Float>) {
        frame += 1
        failedShadowKeys = []
        GL.viewport(0, 0, width, height)
        epoxy_glStencilMask(0xFF)
        let clear = list.clearColor ?? clear
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
        if keepsDepthStencil, let kept = keptDepthStencil, kept.framebuffer == baseFBO, kept.width == width,
           kept.height == height, !kept.stencilDirty, kept.depthsUsed + list.onceStrokes <= DisplayList.strokesPerFrame {
            depthOffset = kept.depthsUsed
            GL.clear(GL_COLOR_BUFFER_BIT)
        } else {
            depthOffset = 0
            GL.clear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT | GL_DEPTH_BUFFER_BIT)
        }
        // Clip pushes less pops: 0 at the end of a frame whose stencil is back to 0 everywhere.
        var openClips = 0
        defer {
            keptDepthStencil = keepsDepthStencil
                ? (baseFBO, width, height, depthOffset + list.onceStrokes, openClips != 0) : nil
        }
        GL.disable(GL_DEPTH_TEST)
        GL.disable(GL_CULL_FACE)
        GL.blendPremultiplied()
        // At clip level 0 every stencil value is 0 (clips and stencilled fills put back what they add), so
        // the test, which would pass everywhere, is off: llvmpipe then neither reads nor writes the buffer.
        GL.disable(GL_STENCIL_TEST)
        GL.stencilFunc(GL_EQUAL, 0)
        GL.stencilOp(GL_KEEP, GL_KEEP, GL_KEEP)
        guard !list.commands.isEmpty else { pool.endFrame(); return }

        /// One upload of a frame's array into a buffer, left bound to `target`.
        func upload<T>(_ array: [T], to buffer: GLuint, as target: Int32) {
            epoxy_glBindBuffer(GLenum(target), buffer)
            array.withUnsafeBytes { epoxy_glBufferData(GLenum(target), $0.count, $0.baseAddress, GLenum(GL_STREAM_DRAW)) }
        }
        epoxy_glBindVertexArray(vao)
        upload(list.indices, to: ibo, as: GL_ELEMENT_ARRAY_BUFFER)
        if !list.capsuleVertices.isEmpty {
            let quads = list.capsuleVertices.count / CapsuleStroke.floatsPerVertex / CapsuleStroke.corners.count
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
            upload(list.capsuleVertices, to: capsuleVBO, as: GL_ARRAY_BUFFER)
            upload(list.capsuleSegments, to: segmentBuffer, as: GL_TEXTURE_BUFFER)
            epoxy_glActiveTexture(GLenum(GL_TEXTURE2))
            epoxy_glBindTexture(GLenum(GL_TEXTURE_BUFFER), segmentTexture)
            epoxy_glTexBuffer(GLenum(GL_TEXTURE_BUFFER), GLenum(GL_RGBA32F), segmentBuffer)
            epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        }
        if !list.roundedRectVertices.isEmpty { upload(list.roundedRectVertices, to: shapeVBO, as: GL_ARRAY_BUFFER) }
        // The main vertices last: their buffer stays bound to GL_ARRAY_BUFFER for the frame.
        upload(list.vertices, to: vbo, as: GL_ARRAY_BUFFER)

        // The target stack: the framebuffer bound by the caller, then one offscreen surface per open group.
        // Each target has its own stencil, so clip levels restart at 0 inside a group.
        let baseSamples = GL.integer(GL_SAMPLES)
        // width x height: the canvas the target's matrices map to; a bounded group's surface covers `area` of it.
        var targets: [(surface: OffscreenSurface?, level: Int, key: Int, width: Int, height: Int, area: GroupArea?)] =
            [(nil, 0, 0, width, height, nil)]
        var held: [Int: OffscreenSurface] = [:]
        var level = 0
        var program: GLuint = 0
        var boundMatrix = (program: GLuint(0), index: -1)
        func use(_ p: ShaderProgram) {
            if program != p.id { epoxy_glUseProgram(p.id); program = p.id }
        }
        var stencilTesting = false
        func enableStencilTest(_ on: Bool) {
            guard on != stencilTesting else { return }
            if on { GL.enable(GL_STENCIL_TEST) } else { GL.disable(GL_STENCIL_TEST) }
            stencilTesting = on
        }
        /// Draws pass where the stencil holds `clipLevel`; the test is on only inside a clip.
        func testStencil(at clipLevel: Int) {
            GL.stencilFunc(GL_EQUAL, clipLevel)
            enableStencilTest(clipLevel > 0)
        }
        func setMatrix(_ p: ShaderProgram, _ index: Int) {
            guard boundMatrix != (p.id, index) else { return }
            list.matrices[index].withUnsafeBufferPointer { epoxy_glUniformMatrix4fv(p.matrix, 1, GLboolean(0), $0.baseAddress) }
            boundMatrix = (p.id, index)
        }
        func drawRange(_ r: IndexRange) {
            epoxy_glDrawElements(GLenum(GL_TRIANGLES), GLsizei(r.count), GLenum(GL_UNSIGNED_INT),
                                 UnsafeRawPointer(bitPattern: r.first * MemoryLayout<UInt32>.size))
        }
        /// Makes the gradient program of `paint` (and an arc mode) current with its matrix, uLocal (the
        /// identity for a layer's own quad, or a mask's placement in the layer) and paint; returns it.
        var boundLocal = (program: GLuint(0), index: -2)
        func useGradient(_ paint: GradientPaint, arcMode: Int32 = 0, matrix: Int, toLayer index: Int?) -> ShaderProgram? {
            guard let p = gradientProgram(paint, arcMode: arcMode) else { return nil }
            use(p)
            setMatrix(p, matrix)
            if boundLocal != (p.id, index ?? -1) {
                boundLocal = (p.id, index ?? -1)
                let m = index.map { list.matrices[$0] } ?? Self.identityMatrix
                m.withUnsafeBufferPointer { epoxy_glUniformMatrix4fv(p["uLocal"], 1, GLboolean(0), $0.baseAddress) }
            }
            setGradientUniforms(paint, p)
            return p
        }
        /// A coverage-antialiased draw: at its depth value with the depth test on, so each pixel blends once
        /// (the fringe first); the program's depth goes back to 0 for its other draws.
        func drawOnce(_ range: IndexRange, with p: ShaderProgram, depth: Int) {
            epoxy_glUniform1f(p["uDepth"], Self.depthValue(depth + depthOffset))
            GL.enable(GL_DEPTH_TEST)
            drawRange(range)
            GL.disable(GL_DEPTH_TEST)
            epoxy_glUniform1f(p["uDepth"], 0)
        }
        func stencilPass(_ pieces: [ClipPiece], op: Int32) {
            use(solid)
            GL.colorMask(false)
            enableStencilTest(true)
            GL.stencilFunc(GL_EQUAL, level)
            // A sample already moved off `level` fails the test, so overlapping triangles count once.
            GL.stencilOp(GL_KEEP, GL_KEEP, op)
            for piece in pieces { setMatrix(solid, piece.matrix); drawRange(piece.range) }
            GL.colorMask(true)
            GL.stencilOp(GL_KEEP, GL_KEEP, GL_KEEP)
        }

        /// Binds a surface of its own (blur passes): the viewport is the surface.
        func bindSurface(_ surface: OffscreenSurface) {
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), surface.drawFBO)
            GL.viewport(0, 0, surface.width, surface.height)
        }
        /// Binds the target at `index` of the stack. A bounded group's viewport is the whole canvas moved so
        /// that the area lands on the surface: every matrix of the frame still applies unchanged.
        /// The bound target's viewport origin (window pixels) and canvas height in pixels, for capsule.frag.
        var window = SIMD3<Float>(0, 0, Float(height))
        func bindTarget(at index: Int) {
            let t = targets[index]
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), t.surface?.drawFBO ?? GLuint(baseFBO))
            if let a = t.area, t.surface != nil {
                GL.viewport(-a.x, -(t.height - a.y - a.height), t.width, t.height)
                window = SIMD3(Float(-a.x), Float(-(t.height - a.y - a.height)), Float(t.height))
            } else {
                GL.viewport(0, 0, t.width, t.height)
                window = SIMD3(0, 0, Float(t.height))
            }
        }
        func bindTop() { bindTarget(at: targets.count - 1) }
        /// Draws a texture over the top target's canvas quad, or over `area`'s quad (a bounded group's surface).
        func drawTexture(_ texture: GLuint, with p: ShaderProgram, matrix: [Float]? = nil, area: GroupArea? = nil) {
            // No `??` here: the optimiser's region check rejects an autoclosure over `targets`.
            var found = list.canvasQuads[targets[targets.count - 1].key]
            if let area { found = (range: area.quad, matrix: area.matrix) }
            guard let quad = found else { return }
            use(p)
            if let matrix {
                matrix.withUnsafeBufferPointer { epoxy_glUniformMatrix4fv(p.matrix, 1, GLboolean(0), $0.baseAddress) }
                boundMatrix = (0, -1)
            } else {
                setMatrix(p, quad.matrix)
            }
            epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
            epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
            epoxy_glUniform1i(p.texture, 0)
            drawRange(quad.range)
        }
        /// The separable Gaussian of `source`'s alpha: across into `between`, then down into `target` (all of
        /// one size), drawing `quad` (covering the surface; `matrix` places it) each time.
        func blurPasses(_ source: OffscreenSurface, through between: OffscreenSurface, into target: OffscreenSurface,
                        sigma: Float, quad: IndexRange, matrix: [Float]) {
            blurCount += 1
            let w = source.width, h = source.height
            for (from, to, step) in [(source, between, SIMD2<Float>(1 / Float(w), 0)), (between, target, SIMD2<Float>(0, 1 / Float(h)))] {
                bindSurface(to)
                GL.clearColor(0, 0, 0, 0)
                GL.clear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT)
                testStencil(at: 0)
                use(blur)
                epoxy_glUniform2f(blur["uDirection"], step.x, step.y)
                epoxy_glUniform1f(blur["uSigma"], sigma)
                matrix.withUnsafeBufferPointer { epoxy_glUniformMatrix4fv(blur.matrix, 1, GLboolean(0), $0.baseAddress) }
                boundMatrix = (0, -1)
                epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
                epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), from.texture)
                epoxy_glUniform1i(blur.texture, 0)
                drawRange(quad)
            }
        }
        /// Blurs a canvas-sized surface's alpha into a new single-sample surface and returns it.
        func blurred(_ source: OffscreenSurface, sigma: Float) -> OffscreenSurface? {
            let w = source.width, h = source.height
            guard let quad = list.canvasQuads[targets[targets.count - 1].key],
                  let a = try? pool.acquire(width: w, height: h, samples: 0),
                  let b = try? pool.acquire(width: w, height: h, samples: 0) else { return nil }
            blurPasses(source, through: a, into: b, sigma: sigma, quad: quad.range, matrix: list.matrices[quad.matrix])
            return b
        }

        for command in list.commands {
            switch command {
            case .fill(let range, let matrix, let color):
                use(solid)
                setMatrix(solid, matrix)
                epoxy_glUniform4f(solid.color, color.x, color.y, color.z, color.w)
                drawRange(range)
            case .coverageFill(let range, let matrix, let color, let depth):
                use(solid)
                setMatrix(solid, matrix)
                epoxy_glUniform4f(solid.color, color.x, color.y, color.z, color.w)
                drawOnce(range, with: solid, depth: depth)
            case .coverageGradient(let range, let matrix, let toLayer, let paint, let depth):
                guard let p = useGradient(paint, matrix: matrix, toLayer: toLayer) else { continue }
                drawOnce(range, with: p, depth: depth)
            case .roundedRects(let first, let count, let matrix):
                use(roundedRect)
                setMatrix(roundedRect, matrix)
                epoxy_glBindVertexArray(shapeVAO)
                epoxy_glDrawArrays(GLenum(GL_TRIANGLES), GLint(first), GLsizei(count))
                epoxy_glBindVertexArray(vao)
            case .capsules(let first, let count, let matrix):
                use(capsule)
                setMatrix(capsule, matrix)
                epoxy_glUniform1i(capsule["uSegments"], 2)
                epoxy_glUniform3f(capsule["uWindow"], window.x, window.y, window.z)
                epoxy_glBindVertexArray(capsuleVAO)
                // Four vertices a quad, six indices.
                let corners = CapsuleStroke.corners.count
                epoxy_glDrawElements(GLenum(GL_TRIANGLES), GLsizei(count / corners * 6), GLenum(GL_UNSIGNED_INT),
                                     UnsafeRawPointer(bitPattern: first / corners * 6 * MemoryLayout<UInt32>.size))
                epoxy_glBindVertexArray(vao)
            case .fillBatch(let range, let matrix):
                use(batch)
                setMatrix(batch, matrix)
                drawRange(range)
            case .fillOnceBatch(let range, let matrix, let firstStroke, _):
                use(strokeOnce)
                setMatrix(strokeOnce, matrix)
                epoxy_glUniform1f(strokeOnce["uBase"], Float(firstStroke + depthOffset))
                GL.enable(GL_DEPTH_TEST)
                drawRange(range)
                GL.disable(GL_DEPTH_TEST)
            case .fillOnce(let range, let matrix, let color):
                // Overlapping triangles blend once: a sample that was drawn moves to level + 1 and fails the
                // test for later triangles; a second, colourless pass moves those samples back.
                use(solid)
                setMatrix(solid, matrix)
                epoxy_glUniform4f(solid.color, color.x, color.y, color.z, color.w)
                enableStencilTest(true)
                GL.stencilFunc(GL_EQUAL, level)
                GL.stencilOp(GL_KEEP, GL_KEEP, GL_INCR)
                drawRange(range)
                GL.colorMask(false)
                GL.stencilFunc(GL_EQUAL, level + 1)
                GL.stencilOp(GL_KEEP, GL_KEEP, GL_DECR)
                drawRange(range)
                GL.colorMask(true)
                GL.stencilOp(GL_KEEP, GL_KEEP, GL_KEEP)
                testStencil(at: level)
            case .beginGroup(let area):
                let current = targets[targets.count - 1]
                var w = current.width, h = current.height
                if let area {
                    w = area.width
                    h = area.height
                }
                // The parent's clip level, restored at the group's end (also when the group falls back).
                targets[targets.count - 1].level = level
                guard let surface = try? pool.acquire(width: w, height: h, samples: baseSamples) else {
                    Diagnostics.report("an offscreen surface could not be made; group drawn without it")
                    targets.append((nil, level, current.key, current.width, current.height, nil))
                    continue
                }
                targets.append((surface, 0, current.key, current.width, current.height, area))
                bindTop()
                GL.clearColor(0, 0, 0, 0)
                GL.clear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT | GL_DEPTH_BUFFER_BIT)
                level = 0
                testStencil(at: 0)
            case .beginRaster(let key, let w, let h):
                var surface = rasters[key]?.surface
                if surface?.width != w || surface?.height != h {
                    surface?.release()
                    surface = try? OffscreenSurface(width: w, height: h, samples: baseSamples)
                }
                targets[targets.count - 1].level = level
                guard let surface else {
                    Diagnostics.report("a raster of \(w)x\(h) pixels could not be made; that layer is not drawn")
                    rasters[key] = nil
                    targets.append((nil, level, key, w, h, nil))
                    continue
                }
                rasters[key] = (surface, frame)
                targets.append((surface, 0, key, w, h, nil))
                bindTop()
                GL.clearColor(0, 0, 0, 0)
                GL.clear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT | GL_DEPTH_BUFFER_BIT)
                level = 0
                testStencil(at: 0)
            case .endRaster:
                guard targets.count > 1 else { continue }
                let finished = targets.removeLast()
                finished.surface?.resolve()
                bindTop()
                level = targets[targets.count - 1].level
                testStencil(at: level)
            case .rasterImage(let key, let range, let matrix, let opacity, let depth):
                guard let entry = rasters[key] else { continue }
                rasters[key] = (entry.surface, frame)
                use(image)
                setMatrix(image, matrix)
                epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
                epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), entry.surface.texture)
                epoxy_glUniform1i(image.texture, 0)
                epoxy_glUniform1f(image.opacity, opacity)
                if let depth { drawOnce(range, with: image, depth: depth) } else { drawRange(range) }
            case .endGroup(let end):
                guard targets.count > 1 else { continue }
                let finished = targets.removeLast()
                let below = targets[targets.count - 1]
                finished.surface?.resolve()
                bindTop()
                level = below.level
                testStencil(at: level)
                guard let surface = finished.surface else { continue }
                switch end {
                case .composite(let opacity):
                    use(image)
                    epoxy_glUniform1f(image.opacity, opacity)
                    drawTexture(surface.texture, with: image, area: finished.area)
                case .hold(let slot):
                    held[slot] = surface
                case .maskContent(let slot, let opacity):
                    guard let content = held[slot] else { continue }
                    use(masked)
                    epoxy_glUniform1f(masked.opacity, opacity)
                    epoxy_glActiveTexture(GLenum(GL_TEXTURE1))
                    epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), surface.texture)
                    epoxy_glUniform1i(masked["uMask"], 1)
                    drawTexture(content.texture, with: masked, area: finished.area)
                case .shadow(let color, let offset, let sigma, let thenOpacity):
                    if let shadow = blurred(surface, sigma: sigma), let quad = list.canvasQuads[below.key] {
                        bindTop()
                        testStencil(at: level)
                        // The canvas matrix moved by the offset, in clip units (y up in clip space).
                        var m = list.matrices[quad.matrix]
                        m[12] += 2 * offset.x / Float(below.width)
                        m[13] -= 2 * offset.y / Float(below.height)
                        use(tint)
                        epoxy_glUniform4f(tint.color, color.x, color.y, color.z, color.w)
                        drawTexture(shadow.texture, with: tint, matrix: m)
                    }
                    if let thenOpacity {
                        use(image)
                        epoxy_glUniform1f(image.opacity, thenOpacity)
                        drawTexture(surface.texture, with: image, area: finished.area)
                    }
                }
            case .blurRaster(let key, let sigma):
                guard let silhouette = rasters[key]?.surface, let quad = list.canvasQuads[key] else {
                    failedShadowKeys.insert(key)
                    shadowTextures[key]?.surface.release()
                    shadowTextures[key] = nil
                    continue
                }
                let w = silhouette.width, h = silhouette.height
                var target = shadowTextures[key]?.surface
                if target?.width != w || target?.height != h {
                    target?.release()
                    shadowTextures[key] = nil
                    target = try? OffscreenSurface(width: w, height: h, samples: 0)
                }
                guard let target, let between = try? pool.acquire(width: w, height: h, samples: 0) else {
                    Diagnostics.report("a shadow of \(w)x\(h) pixels could not be blurred; it is not drawn")
                    failedShadowKeys.insert(key)
                    if let made = target, shadowTextures[key] == nil { made.release() }
                    continue
                }
                blurPasses(silhouette, through: between, into: target, sigma: sigma, quad: quad.range,
                           matrix: list.matrices[quad.matrix])
                shadowTextures[key] = (target, frame)
                // Only the blurred texture is kept; the silhouette's surface goes.
                silhouette.release()
                rasters[key] = nil
                bindTop()
                testStencil(at: level)
            case .shadowImage(let key, let range, let matrix, let color):
                guard let entry = shadowTextures[key] else { continue }
                shadowTextures[key] = (entry.surface, frame)
                use(tint)
                setMatrix(tint, matrix)
                epoxy_glUniform4f(tint.color, color.x, color.y, color.z, color.w)
                epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
                epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), entry.surface.texture)
                epoxy_glUniform1i(tint.texture, 0)
                drawRange(range)
            case .gradient(let range, let matrix, let paint):
                guard useGradient(paint, matrix: matrix, toLayer: nil) != nil else { continue }
                drawRange(range)
            case .gradientThrough(let range, let matrix, let toLayer, let paint):
                guard useGradient(paint, matrix: matrix, toLayer: toLayer) != nil else { continue }
                drawRange(range)
            case .image(let range, let matrix, let cgImage, let opacity, let sampling):
                use(image)
                setMatrix(image, matrix)
                bindImage(cgImage, sampling: sampling, opacity: opacity)
                drawRange(range)
            case .gradientArc(let range, let matrix, let toLayer, let paint, let arc):
                guard let p = useGradient(paint, arcMode: arc.roundCaps ? 2 : 1, matrix: matrix, toLayer: toLayer) else { continue }
                epoxy_glUniform4f(p["uArc"], arc.center.x, arc.center.y, arc.radius, arc.halfWidth)
                epoxy_glUniform2f(p["uArcAngles"], arc.start, arc.sweep)
                let end = arc.start + arc.sweep
                epoxy_glUniform4f(p["uArcEnds"], cos(arc.start), sin(arc.start), cos(end), sin(end))
                epoxy_glUniform1f(p["uArcScale"], arc.scale)
                drawRange(range)
            case .coverageImage(let range, let matrix, let cgImage, let opacity, let sampling, let depth):
                use(image)
                setMatrix(image, matrix)
                bindImage(cgImage, sampling: sampling, opacity: opacity)
                drawOnce(range, with: image, depth: depth)
            case .pushClip(let pieces):
                openClips += 1
                stencilPass(pieces, op: GL_INCR)
                level += 1
                testStencil(at: level)
            case .popClip(let pieces):
                openClips -= 1
                stencilPass(pieces, op: GL_DECR)
                level = max(0, level - 1)
                testStencil(at: level)
            }
        }
        pool.endFrame()
        if frame % 120 == 0 { evictTextures() }
        for (key, entry) in rasters where frame - entry.lastUsed > 240 {
            entry.surface.release()
            rasters[key] = nil
        }
        for (key, entry) in shadowTextures where frame - entry.lastUsed > 240 {
            entry.surface.release()
            shadowTextures[key] = nil
        }
    }

    /// Binds an image's texture with a layer's filters, and its opacity, for the image program.
    private func bindImage(_ cgImage: CGImage, sampling: ImageSampling, opacity: Float) {
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture(for: cgImage))
        let minify = [GL_NEAREST, GL_LINEAR, GL_LINEAR_MIPMAP_LINEAR][min(max(sampling.minify, 0), 2)]
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), minify)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), sampling.magnifyNearest ? GL_NEAREST : GL_LINEAR)
        epoxy_glUniform1i(image.texture, 0)
        epoxy_glUniform1f(image.opacity, opacity)
    }

    /// The 4x4 identity, column-major (a layer's own quad has no local placement).
    private static let identityMatrix: [Float] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]

    /// Normalised device depth of a frame's depth value `n`: window depth 1 - (n + 1) / 65536, as in
    /// stroke_once.vert, so later shapes are nearer.
    static func depthValue(_ n: Int) -> Float { 1 - 2 * (Float(n) + 1) / 65536 }

    /// The gradient program for a paint and an arc mode, linked the first time it is needed; nil (reported
    /// once, that draw skipped) if it does not link.
    private func gradientProgram(_ paint: GradientPaint, arcMode: Int32) -> ShaderProgram? {
        let variant = GradientVariant(type: paint.type, arcMode: arcMode, stops: paint.colors.count)
        if let p = gradients[variant.index] { return p }
        guard !failedGradients.contains(variant.index) else { return nil }
        do {
            let p = try ShaderLibrary.gradient(type: variant.type, arcMode: variant.arcMode, stops: variant.stops)
            gradients[variant.index] = p
            return p
        } catch {
            failedGradients.insert(variant.index)
            Diagnostics.report("a gradient could not be drawn: \(error)")
            return nil
        }
    }

    private func setGradientUniforms(_ paint: GradientPaint, _ gradient: ShaderProgram) {
        epoxy_glUniform2f(gradient["uStart"], paint.start.x, paint.start.y)
        epoxy_glUniform2f(gradient["uEnd"], paint.end.x, paint.end.y)
        epoxy_glUniform1i(gradient["uCount"], GLint(paint.colors.count))
        paint.colors.withUnsafeBytes {
            epoxy_glUniform4fv(gradient["uColors"], GLsizei(paint.colors.count), $0.baseAddress?.assumingMemoryBound(to: GLfloat.self))
        }
        paint.locations.withUnsafeBufferPointer {
            epoxy_glUniform1fv(gradient["uLocations"], GLsizei(paint.locations.count), $0.baseAddress)
        }
        epoxy_glUniform1f(gradient["uOpacity"], paint.opacity)
        epoxy_glUniform1f(gradient["uDither"], dither ? 1 : 0)
    }

    /// The texture of an image, uploaded once and shared by every layer that shows it.
    private func texture(for cgImage: CGImage) -> GLuint {
        let key = ObjectIdentifier(cgImage)
        if let hit = textures[key] {
            textures[key] = (hit.id, hit.image, frame)
            return hit.id
        }
        let id = GL.genTexture()
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), id)
        epoxy_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        cgImage.premultipliedRGBA.withUnsafeBytes {
            epoxy_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(cgImage.width), GLsizei(cgImage.height), 0,
                               GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        epoxy_glGenerateMipmap(GLenum(GL_TEXTURE_2D))
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR_MIPMAP_LINEAR)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        textures[key] = (id, cgImage, frame)
        return id
    }

    private func evictTextures() {
        for (key, entry) in textures where frame - entry.lastUsed > 120 {
            GL.deleteTexture(entry.id)
            textures[key] = nil
        }
    }

    /// Frees the GL objects (the context must be current).
    func release() {
        for entry in textures.values { GL.deleteTexture(entry.id) }
        textures = [:]
        pool.releaseAll()
        for entry in rasters.values { entry.surface.release() }
        rasters = [:]
        for entry in shadowTextures.values { entry.surface.release() }
        shadowTextures = [:]
        GL.deleteBuffer(vbo)
        GL.deleteBuffer(ibo)
        GL.deleteVertexArray(vao)
        GL.deleteBuffer(shapeVBO)
        GL.deleteBuffer(capsuleVBO)
        GL.deleteBuffer(capsuleIBO)
        GL.deleteVertexArray(capsuleVAO)
        GL.deleteBuffer(segmentBuffer)
        GL.deleteTexture(segmentTexture)
        GL.deleteVertexArray(shapeVAO)
        epoxy_glDeleteProgram(solid.id)
        epoxy_glDeleteProgram(image.id)
        for p in gradients.compactMap({ $0 }) + [capsule, masked, blur, tint, batch, strokeOnce, roundedRect] { epoxy_glDeleteProgram(p.id) }
    }
}
