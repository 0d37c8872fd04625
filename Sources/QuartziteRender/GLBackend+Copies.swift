@preconcurrency import CEpoxy

/// Opaque rasters copied onto the canvas. A raster that lands texel for pixel and covers what is below
/// (an opaque gradient's bitmap) shows the same pixels drawn or copied; a framebuffer blit of equal formats
/// and sizes is a copy of memory on llvmpipe, where the textured quad runs a fragment shader on every pixel.
extension GLBackend {
    /// Copies `surface` to the canvas pixels `box` (top-left origin), cut to the scissor box as a draw would
    /// be. False, copying nothing, where a copy would not show what the draw shows: in a group or raster (the
    /// canvas is not the target), inside a stencil clip (a blit ignores the stencil), on a multisampled
    /// canvas (a blit cannot write samples from pixels), or when the box is not the surface's size.
    func copy(_ surface: OffscreenSurface, to box: PixelBox, _ f: inout GLFrame) -> Bool {
        guard f.targets.count == 1, f.level == 0, f.baseSamples <= 1, surface.samples <= 1,
              box.width == surface.width, box.height == surface.height else { return false }
        let canvas = f.top
        let shown = canvas.scissors.last.map { box.intersection($0) } ?? box
        guard shown.width > 0, shown.height > 0 else { return true }
        // GL counts rows from the bottom, in the raster as on the canvas (the raster was drawn that way).
        let source = (x: shown.x - box.x, y: box.y + box.height - shown.y - shown.height)
        let target = (x: shown.x, y: canvas.height - shown.y - shown.height)
        if f.scissorTesting { GL.disable(GL_SCISSOR_TEST) }
        epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), surface.textureFBO)
        epoxy_glBlitFramebuffer(GLint(source.x), GLint(source.y), GLint(source.x + shown.width), GLint(source.y + shown.height),
                                GLint(target.x), GLint(target.y), GLint(target.x + shown.width), GLint(target.y + shown.height),
                                GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), GLuint(clamping: f.baseFBO))
        if f.scissorTesting { GL.enable(GL_SCISSOR_TEST) }
        rasterCopies += 1
        return true
    }
}
