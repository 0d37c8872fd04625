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
        guard Self.canvasTakesCopies(f), surface.samples <= 1,
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

    /// Keeps the canvas pixels `box` (top-left origin) as raster `key`, in a surface without depth and stencil:
    /// the picture just drawn there. Where the canvas does not hold all of the box as drawn (not the target,
    /// inside a stencil clip, a scissor box that cuts it, a multisampled canvas) or the surface cannot be
    /// made, nothing is kept and the key is reported in `failedRasterKeys` (the layer is then drawn directly).
    func captureRaster(key: Int, pixels box: PixelBox, _ f: inout GLFrame) {
        let scissor = f.top.scissors.last
        guard Self.canvasTakesCopies(f), scissor.map({ box.intersection($0) == box }) ?? true,
              let surface = captureSurface(key: key, box) else {
            rasters[key] = nil
            failedRasterKeys.insert(key)
            return
        }
        rasters[key] = (surface, frame)
        let canvasHeight = f.top.height
        f.enableScissorTest(false)
        // Both bindings explicitly: making a surface leaves its own framebuffer bound.
        epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), GLuint(clamping: f.baseFBO))
        epoxy_glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), surface.drawFBO)
        let y = canvasHeight - box.y - box.height
        epoxy_glBlitFramebuffer(GLint(box.x), GLint(y), GLint(box.x + box.width), GLint(y + box.height),
                                0, 0, GLint(box.width), GLint(box.height), GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        f.bindTop()
    }

    /// Whether a blit between the canvas and a raster shows what a draw would: the canvas is the target, no
    /// stencil clip is open (a blit ignores the stencil), and the canvas has one sample a pixel.
    private static func canvasTakesCopies(_ f: GLFrame) -> Bool {
        f.targets.count == 1 && f.level == 0 && f.baseSamples <= 1
    }

    /// The raster surface of `key` for a capture of `box`'s size: the one kept when it fits, else a new one.
    private func captureSurface(key: Int, _ box: PixelBox) -> OffscreenSurface? {
        if let kept = rasters[key]?.surface {
            if kept.width == box.width, kept.height == box.height, !kept.hasDepthStencil { return kept }
            kept.release()
            rasters[key] = nil
        }
        guard !failsRasters else { return nil }
        return try? OffscreenSurface(width: box.width, height: box.height, samples: 1, depthStencil: false)
    }
}
