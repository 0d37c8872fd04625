import Quartzite
@preconcurrency import CEpoxy

/// Groups blended onto what is below them (`GroupEnd.blend`, a layer's `compositingFilter`). Fixed-function
/// blending cannot compute the PDF / W3C blend modes, so the target's pixels under the group are first copied
/// into a surface of their own (a framebuffer blit, which also resolves a multisampled target), and the blend
/// shader reads both and writes the result with blending off.
extension GLBackend {
    /// Blends a finished group's surface, times `tint`, onto the top target with `mode`. Where the backdrop
    /// cannot be copied or the program does not link (reported once), the group is drawn over normally.
    func blend(_ surface: OffscreenSurface, area: GroupArea?, mode: CGBlendMode, tint: SIMD4<Float>,
               _ f: inout GLFrame) {
        guard let program = linkedBlendProgram() else {
            return composite(surface, area: area, tint: tint, &f)
        }
        guard let box = backdropBox(area: area, f) else { return }
        // A multisampled target resolves only into the same rectangle: the copy then keeps the window's
        // positions (a surface reaching from the window's origin to the box's far corner).
        let keepsPlace = f.top.surface.map { $0.samples > 1 } ?? (f.baseSamples > 1)
        let origin = keepsPlace ? (x: 0, y: 0) : (x: box.x, y: box.y)
        guard let backdrop = copyBackdrop(box, keepingPlace: keepsPlace, &f) else {
            Diagnostics.report("the pixels behind a blended layer could not be copied; it is drawn over them normally")
            return composite(surface, area: area, tint: tint, &f)
        }
        f.use(program)
        epoxy_glUniform4f(program.tint, tint.x, tint.y, tint.z, tint.w)
        epoxy_glUniform1i(program["uMode"], mode.rawValue)
        epoxy_glUniform2i(program["uBackdropOrigin"], GLint(clamping: origin.x), GLint(clamping: origin.y))
        epoxy_glActiveTexture(GLenum(GL_TEXTURE1))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), backdrop.texture)
        epoxy_glUniform1i(program["uBackdrop"], 1)
        GL.withoutBlending { drawTexture(surface.texture, with: program, area: area, &f) }
    }

    /// The blend program, linked the first time a group is blended; nil (reported once) if it does not link.
    private func linkedBlendProgram() -> ShaderProgram? {
        if let blendProgram { return blendProgram }
        guard !blendProgramFailed else { return nil }
        do {
            let p = try ShaderLibrary.blend()
            blendProgram = p
            return p
        } catch {
            blendProgramFailed = true
            Diagnostics.report("a layer's compositingFilter could not be drawn (its blend shader does not link): \(error)")
            return nil
        }
    }

    /// The top target's framebuffer pixels (window coordinates, y up) the group's composite can reach: its
    /// area, or the whole target for a group of the target's size; nil when none lie in the framebuffer.
    private func backdropBox(area: GroupArea?, _ f: GLFrame) -> PixelBox? {
        let t = f.top
        let origin = GLFrame.viewportOrigin(of: t)
        var box = PixelBox(x: origin.x, y: origin.y, width: t.width, height: t.height)
        if let a = area {
            box = PixelBox(x: a.x + origin.x, y: t.height - a.y - a.height + origin.y, width: a.width, height: a.height)
        }
        let framebuffer: (width: Int, height: Int) = t.surface.map { ($0.width, $0.height) } ?? (f.targets[0].width, f.targets[0].height)
        let shown = box.intersection(PixelBox(x: 0, y: 0, width: framebuffer.width, height: framebuffer.height))
        return shown.width > 0 && shown.height > 0 ? shown : nil
    }

    /// Copies the top target's pixels `box` (window coordinates) into a single-sampled surface from the pool:
    /// to its origin, or `keepingPlace` at the same coordinates. The top target is bound again after.
    private func copyBackdrop(_ box: PixelBox, keepingPlace: Bool, _ f: inout GLFrame) -> OffscreenSurface? {
        let size: (width: Int, height: Int) = keepingPlace ? (box.x + box.width, box.y + box.height) : (box.width, box.height)
        guard let backdrop = try? pool.acquire(width: size.width, height: size.height, samples: 1) else { return nil }
        let target = keepingPlace ? (x: box.x, y: box.y) : (x: 0, y: 0)
        // A blit obeys the scissor box; binding the target again puts it back.
        f.enableScissorTest(false)
        epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), f.top.surface?.drawFBO ?? GLuint(clamping: f.baseFBO))
        epoxy_glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), backdrop.drawFBO)
        // The box lies inside the framebuffer (`backdropBox`), so its corners fit a GLint.
        epoxy_glBlitFramebuffer(GLint(clamping: box.x), GLint(clamping: box.y), GLint(clamping: box.x + box.width),
                                GLint(clamping: box.y + box.height), GLint(clamping: target.x), GLint(clamping: target.y),
                                GLint(clamping: target.x + box.width), GLint(clamping: target.y + box.height),
                                GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        f.bindTop()
        return backdrop
    }
}
