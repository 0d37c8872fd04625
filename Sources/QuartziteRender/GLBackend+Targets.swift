import Quartzite
@preconcurrency import CEpoxy

/// Groups and surfaces: offscreen groups (group opacity, alpha masks, shadow silhouettes) from the pool for
/// one frame, and layers' rasters kept across frames. Each pushes a target on the frame's stack.
extension GLBackend {
    /// Starts drawing into a transparent surface of the area's size (the canvas moved under it), or of the
    /// top target's canvas for nil.
    func beginGroup(_ area: GroupArea?, _ f: inout GLFrame) {
        let current = f.top
        var w = current.width, h = current.height
        if let area {
            w = area.width
            h = area.height
        }
        // The parent's clip level, restored at the group's end (also when the group falls back).
        f.targets[f.targets.count - 1].level = f.level
        guard let surface = try? pool.acquire(width: w, height: h, samples: f.baseSamples) else {
            Diagnostics.report("an offscreen surface could not be made; group drawn without it")
            // Drawn into the target below, inside that target's scissor boxes.
            var fallback = RenderTarget(surface: nil, level: f.level, key: current.key, width: current.width,
                                        height: current.height, area: nil)
            fallback.scissors = current.scissors
            f.targets.append(fallback)
            return
        }
        f.targets.append(RenderTarget(surface: surface, level: 0, key: current.key, width: current.width,
                                      height: current.height, area: area))
        startTarget(&f)
    }

    /// Ends the innermost group: binds the target below and composites, keeps or blurs the group's surface.
    func endGroup(_ end: GroupEnd, _ f: inout GLFrame) {
        guard f.targets.count > 1 else { return }
        let finished = popTarget(&f)
        guard let surface = finished.surface else { return }
        switch end {
        case .composite(let tint):
            composite(surface, area: finished.area, tint: tint, &f)
        case .add(let tint):
            epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE))
            composite(surface, area: finished.area, tint: tint, &f)
            GL.blendPremultiplied()
        case .blend(let mode, let tint):
            blend(surface, area: finished.area, mode: mode, tint: tint, &f)
        case .hold(let slot):
            f.held[slot] = surface
        case .maskContent(let slot, let opacity):
            guard let content = f.held[slot] else { return }
            f.use(masked)
            epoxy_glUniform1f(masked.opacity, opacity)
            epoxy_glActiveTexture(GLenum(GL_TEXTURE1))
            epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), surface.texture)
            epoxy_glUniform1i(masked["uMask"], 1)
            drawTexture(content.texture, with: masked, area: finished.area, &f)
        case .throughArc(let range, let matrix, let toMask, let arc, let tint):
            drawThroughArc(surface.texture, range, matrix: matrix, toMask: toMask, arc: arc, tint: tint, &f)
        case .shadow(let color, let offset, let sigma, let thenTint):
            drawShadow(of: surface, color: color, offset: offset, sigma: sigma, &f)
            if let thenTint { composite(surface, area: finished.area, tint: thenTint, &f) }
        }
    }

    /// Starts drawing into the cached raster of `key`, made again when its size changes.
    func beginRaster(key: Int, width w: Int, height h: Int, covered: Bool, _ f: inout GLFrame) {
        var surface = rasters[key]?.surface
        if surface?.width != w || surface?.height != h || surface?.hasDepthStencil == covered {
            surface?.release()
            surface = failsRasters ? nil : try? OffscreenSurface(width: w, height: h, samples: f.baseSamples, depthStencil: !covered)
        }
        f.targets[f.targets.count - 1].level = f.level
        guard let surface else {
            Diagnostics.report("a raster of \(w)x\(h) pixels could not be made; that layer is not drawn in this frame")
            rasters[key] = nil
            failedRasterKeys.insert(key)
            // What is drawn for the raster goes nowhere: an empty scissor box (a copy is cut to it too).
            var nowhere = RenderTarget(surface: nil, level: f.level, key: key, width: w, height: h, area: nil)
            nowhere.scissors = [PixelBox(x: 0, y: 0, width: 0, height: 0)]
            f.targets.append(nowhere)
            f.bindTop()
            return
        }
        rasters[key] = (surface, frame)
        f.targets.append(RenderTarget(surface: surface, level: 0, key: key, width: w, height: h, area: nil))
        startTarget(clearing: !covered, &f)
    }

    func endRaster(_ f: inout GLFrame) {
        guard f.targets.count > 1 else { return }
        _ = popTarget(&f)
    }

    /// Binds the target just pushed and clears it (unless what comes covers it): transparent, stencil at
    /// clip level 0.
    private func startTarget(clearing: Bool = true, _ f: inout GLFrame) {
        f.bindTop()
        if clearing {
            GL.clearColor(0, 0, 0, 0)
            GL.clear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT | GL_DEPTH_BUFFER_BIT)
        }
        f.level = 0
        f.testStencil(at: 0)
    }

    /// Pops the top target, resolving its samples, and binds the one below at its clip level.
    private func popTarget(_ f: inout GLFrame) -> RenderTarget {
        let finished = f.targets.removeLast()
        // A resolving blit obeys the scissor; the finished target's boxes are all popped, but the blit must
        // not depend on it.
        f.enableScissorTest(false)
        finished.surface?.resolve()
        f.bindTop()
        f.level = f.top.level
        f.testStencil(at: f.level)
        return finished
    }

    /// Draws a group's surface over the top target, its premultiplied pixels times a tint.
    func composite(_ surface: OffscreenSurface, area: GroupArea?, tint: SIMD4<Float>, _ f: inout GLFrame) {
        f.use(image)
        setTint(tint)
        drawTexture(surface.texture, with: image, area: area, &f)
    }

    /// Draws a texture over the top target's canvas quad, or over `area`'s quad (a bounded group's surface),
    /// placed by the quad's matrix or by `matrix`.
    func drawTexture(_ texture: GLuint, with p: ShaderProgram, matrix: [Float]? = nil, area: GroupArea? = nil,
                     _ f: inout GLFrame) {
        // No `??` here: the optimiser's region check rejects an autoclosure over `targets`.
        var found = f.list.canvasQuads[f.top.key]
        if let area { found = (range: area.quad, matrix: area.matrix) }
        guard let quad = found else { return }
        f.use(p)
        if let matrix {
            f.setMatrix(p, matrix)
        } else {
            f.setMatrix(p, quad.matrix)
        }
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        epoxy_glUniform1i(p.texture, 0)
        f.drawRange(quad.range)
    }
}
