import Quartzite
@preconcurrency import CEpoxy

/// Shadows: a silhouette's alpha blurred by a separable Gaussian and drawn tinted. A group's silhouette is
/// blurred each frame; a raster's is blurred once and kept across frames by its key.
extension GLBackend {
    /// Draws a group silhouette's shadow over the top target: blurred, tinted and moved `offset` device
    /// pixels (x right, y down).
    func drawShadow(of surface: OffscreenSurface, color: SIMD4<Float>, offset: SIMD2<Float>, sigma: Float,
                    _ f: inout GLFrame) {
        let below = f.top
        guard let shadow = blurred(surface, sigma: sigma, &f), let quad = f.list.canvasQuads[below.key] else { return }
        f.bindTop()
        f.testStencil(at: f.level)
        // The canvas matrix moved by the offset, in clip units (y up in clip space).
        var m = f.list.matrices[quad.matrix]
        m[12] += 2 * offset.x / Float(below.width)
        m[13] -= 2 * offset.y / Float(below.height)
        f.use(tint)
        epoxy_glUniform4f(tint.color, color.x, color.y, color.z, color.w)
        drawTexture(shadow.texture, with: tint, matrix: m, &f)
    }

    /// Blurs the silhouette in raster `key` into that key's kept shadow texture, then frees the silhouette.
    /// A shadow that cannot be blurred is reported in `failedShadowKeys`.
    func blurRaster(key: Int, sigma: Float, _ f: inout GLFrame) {
        guard let silhouette = rasters[key]?.surface, let quad = f.list.canvasQuads[key] else {
            failedShadowKeys.insert(key)
            shadowTextures[key]?.surface.release()
            shadowTextures[key] = nil
            return
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
            return
        }
        blurPasses(silhouette, through: between, into: target, sigma: sigma, quad: quad.range,
                   matrix: f.list.matrices[quad.matrix], &f)
        shadowTextures[key] = (target, frame)
        // Only the blurred texture is kept; the silhouette's surface goes.
        silhouette.release()
        rasters[key] = nil
        f.bindTop()
        f.testStencil(at: f.level)
    }

    /// Draws the kept shadow texture of `key`, tinted with the premultiplied `color`.
    func shadowImage(key: Int, range: IndexRange, matrix: Int, color: SIMD4<Float>, _ f: inout GLFrame) {
        guard let entry = shadowTextures[key] else { return }
        shadowTextures[key] = (entry.surface, frame)
        f.use(tint)
        f.setMatrix(tint, matrix)
        epoxy_glUniform4f(tint.color, color.x, color.y, color.z, color.w)
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), entry.surface.texture)
        epoxy_glUniform1i(tint.texture, 0)
        f.drawRange(range)
    }

    /// Blurs a canvas-sized surface's alpha into a new single-sample surface of the pool and returns it.
    private func blurred(_ source: OffscreenSurface, sigma: Float, _ f: inout GLFrame) -> OffscreenSurface? {
        let w = source.width, h = source.height
        guard let quad = f.list.canvasQuads[f.top.key],
              let a = try? pool.acquire(width: w, height: h, samples: 0),
              let b = try? pool.acquire(width: w, height: h, samples: 0) else { return nil }
        blurPasses(source, through: a, into: b, sigma: sigma, quad: quad.range, matrix: f.list.matrices[quad.matrix], &f)
        return b
    }

    /// The separable Gaussian of `source`'s alpha: across into `between`, then down into `target` (all of
    /// one size), drawing `quad` (covering the surface; `matrix` places it) each time.
    private func blurPasses(_ source: OffscreenSurface, through between: OffscreenSurface, into target: OffscreenSurface,
                            sigma: Float, quad: IndexRange, matrix: [Float], _ f: inout GLFrame) {
        blurCount += 1
        let w = source.width, h = source.height
        for (from, to, step) in [(source, between, SIMD2<Float>(1 / Float(w), 0)), (between, target, SIMD2<Float>(0, 1 / Float(h)))] {
            f.bindSurface(to)
            GL.clearColor(0, 0, 0, 0)
            GL.clear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT)
            f.testStencil(at: 0)
            f.use(blur)
            epoxy_glUniform2f(blur["uDirection"], step.x, step.y)
            epoxy_glUniform1f(blur["uSigma"], sigma)
            f.setMatrix(blur, matrix)
            epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
            epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), from.texture)
            epoxy_glUniform1i(blur.texture, 0)
            f.drawRange(quad)
        }
    }
}
