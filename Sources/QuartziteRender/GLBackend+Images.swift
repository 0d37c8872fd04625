import Foundation
import Quartzite
@preconcurrency import CEpoxy

/// Images: a layer's contents, and a layer's cached raster; textures are shared by every layer showing the same
/// image and freed when no frame has drawn them for a while.
extension GLBackend {
    func image(_ range: IndexRange, matrix: Int, image cgImage: CGImage, tint: SIMD4<Float>, sampling: ImageSampling,
               _ antialiasing: Antialiasing, _ f: inout GLFrame) {
        f.use(image)
        f.setMatrix(image, matrix)
        bindImage(cgImage, sampling: sampling, tint: tint)
        guard sampling.repeats else { return draw(range, opaque: cgImage.isOpaque && tint.w >= 1, antialiasing, &f) }
        // The texture is shared with layers that show the image as contents: it repeats for this draw only.
        setWrap(GL_REPEAT)
        draw(range, opaque: cgImage.isOpaque && tint.w >= 1, antialiasing, &f)
        setWrap(GL_CLAMP_TO_EDGE)
    }

    /// Sets how the bound texture is sampled beyond its edges, both ways.
    private func setWrap(_ mode: Int32) {
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), mode)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), mode)
    }

    /// Draws the image program's triangles; without blending where each pixel they touch ends up opaque: an
    /// opaque picture at full opacity, drawn without a coverage fringe (which would fade its edge pixels).
    private func draw(_ range: IndexRange, opaque: Bool, _ antialiasing: Antialiasing, _ f: inout GLFrame) {
        guard opaque, antialiasing == .samples else { return f.draw(range, with: image, antialiasing) }
        GL.withoutBlending { f.drawRange(range) }
    }

    /// An image's quads seen through a stroked circular arc (see `DisplayCommand.imageArc`).
    func imageArc(_ range: IndexRange, matrix: Int, image cgImage: CGImage, tint: SIMD4<Float>, sampling: ImageSampling,
                  toMask: Int, arc: ArcStroke, _ f: inout GLFrame) {
        drawThroughArc(range, matrix: matrix, toMask: toMask, arc: arc, tint: tint, &f) {
            bindTexture(of: cgImage, sampling: sampling)
        }
    }

    /// A group's surface drawn through an arc (`GroupEnd.throughArc`): the ring's triangles, whose texture
    /// coordinates say where each lands on the surface.
    func drawThroughArc(_ texture: GLuint, _ range: IndexRange, matrix: Int, toMask: Int, arc: ArcStroke,
                        tint: SIMD4<Float>, _ f: inout GLFrame) {
        drawThroughArc(range, matrix: matrix, toMask: toMask, arc: arc, tint: tint, &f) {
            epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
            epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        }
    }

    /// `range` through the image-through-arc program: the texture `bind` puts on unit 0, times the arc's
    /// coverage (measured where `toMask` maps the positions) and `tint`.
    private func drawThroughArc(_ range: IndexRange, matrix: Int, toMask: Int, arc: ArcStroke, tint: SIMD4<Float>,
                                _ f: inout GLFrame, bind: () -> Void) {
        guard let p = imageArcProgram(arcMode: arc.roundCaps ? 2 : 1) else { return }
        f.use(p)
        f.setMatrix(p, matrix)
        f.list.matrices[toMask].withUnsafeBufferPointer { epoxy_glUniformMatrix4fv(p["uToMask"], 1, GLboolean(0), $0.baseAddress) }
        bind()
        epoxy_glUniform1i(p.texture, 0)
        epoxy_glUniform4f(p["uTint"], tint.x, tint.y, tint.z, tint.w)
        Self.setArcUniforms(arc, p)
        f.drawRange(range)
    }

    /// The image program seen through an arc of `arcMode`, linked the first time it is needed; nil (reported
    /// once, that draw skipped) if it does not link.
    func imageArcProgram(arcMode: Int32) -> ShaderProgram? {
        if let p = imageArcs[arcMode] { return p }
        guard !failedImageArcs.contains(arcMode) else { return nil }
        do {
            let p = try ShaderLibrary.imageArc(arcMode: arcMode)
            imageArcs[arcMode] = p
            return p
        } catch {
            failedImageArcs.insert(arcMode)
            Diagnostics.report("a picture seen through a ring could not be drawn: \(error)")
            return nil
        }
    }

    /// Draws the raster of `key`, made in this frame or an earlier one; nothing when it could not be made.
    func rasterImage(key: Int, range: IndexRange, matrix: Int, tint: SIMD4<Float>, sampling: ImageSampling,
                     opaque: Bool, pixels: PixelBox?, _ antialiasing: Antialiasing, _ f: inout GLFrame) {
        guard let entry = rasters[key] else { return }
        rasters[key] = (entry.surface, frame)
        if opaque, tint == .one, let pixels, copy(entry.surface, to: pixels, &f) { return }
        f.use(image)
        f.setMatrix(image, matrix)
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), entry.surface.texture)
        // A raster's texture has no mipmaps: trilinear asks for bilinear.
        let filter = sampling.magnifyNearest && sampling.minify == 0 ? GL_NEAREST : GL_LINEAR
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), filter)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), filter)
        epoxy_glUniform1i(image.texture, 0)
        setTint(tint)
        draw(range, opaque: opaque && tint.w >= 1, antialiasing, &f)
    }

    /// Binds an image's texture with a layer's filters, and its tint, for the image program.
    private func bindImage(_ cgImage: CGImage, sampling: ImageSampling, tint: SIMD4<Float>) {
        bindTexture(of: cgImage, sampling: sampling)
        epoxy_glUniform1i(image.texture, 0)
        setTint(tint)
    }

    /// Binds an image's texture to unit 0 with a layer's filters; trilinear minification makes the
    /// texture's mipmaps first, once.
    func bindTexture(of cgImage: CGImage, sampling: ImageSampling) {
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        let minify = min(max(sampling.minify, 0), 2)
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture(for: cgImage, mipmapped: minify == 2))
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER),
                              [GL_NEAREST, GL_LINEAR, GL_LINEAR_MIPMAP_LINEAR][minify])
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), sampling.magnifyNearest ? GL_NEAREST : GL_LINEAR)
    }

    /// Sets the image program's tint (premultiplied texels times it, channel by channel).
    func setTint(_ tint: SIMD4<Float>) {
        epoxy_glUniform4f(image.tint, tint.x, tint.y, tint.z, tint.w)
    }

    /// The texture of an image, uploaded once and shared by every layer that shows it. Its
    /// mipmaps are made only when a draw minifies it trilinearly: on llvmpipe they cost a pass per level
    /// and a wait for the rasteriser, which an image drawn once (a `draw(in:)` backing store redrawn each
    /// frame, a changed label) would pay every frame for nothing.
    func texture(for cgImage: CGImage, mipmapped: Bool = false) -> GLuint {
        if let id = textures.texture(of: cgImage, frame: frame, mipmapped: mipmapped) { return id }
        let (id, recycled) = textures.newTexture(width: cgImage.width, height: cgImage.height)
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), id)
        epoxy_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        cgImage.premultipliedRGBA.withUnsafeBytes {
            if recycled {
                epoxy_glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(cgImage.width), GLsizei(cgImage.height),
                                      GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
            } else {
                epoxy_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(cgImage.width), GLsizei(cgImage.height), 0,
                                   GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
            }
        }
        if mipmapped { epoxy_glGenerateMipmap(GLenum(GL_TEXTURE_2D)) }
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), mipmapped ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        textures.insert(id, for: cgImage, frame: frame, mipmapped: mipmapped)
        return id
    }
}
