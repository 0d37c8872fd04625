import Foundation
import Quartzite
@preconcurrency import CEpoxy

/// Executes display lists with OpenGL 3.3 core: one vertex and one index upload per frame, premultiplied
/// blending, stencil levels for clips and masks, textures shared by every layer showing the same image.
@MainActor
final class GLBackend {
    private let vao: GLuint
    private let vbo: GLuint
    private let ibo: GLuint
    private let solid: ShaderProgram
    private let image: ShaderProgram
    private var textures: [ObjectIdentifier: (id: GLuint, image: CGImage, lastUsed: Int)] = [:]
    private var frame = 0

    init() throws {
        solid = try ShaderLibrary.solid()
        image = try ShaderLibrary.image()
        vao = GL.genVertexArray()
        vbo = GL.genBuffer()
        ibo = GL.genBuffer()
        epoxy_glBindVertexArray(vao)
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), vbo)
        epoxy_glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), ibo)
        let stride = GLsizei(4 * MemoryLayout<Float>.size)
        epoxy_glEnableVertexAttribArray(0)
        epoxy_glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(0), stride, nil)
        epoxy_glEnableVertexAttribArray(1)
        epoxy_glVertexAttribPointer(1, 2, GLenum(GL_FLOAT), GLboolean(0), stride, UnsafeRawPointer(bitPattern: 8))
    }

    /// Draws a list into the bound framebuffer of `width` x `height` pixels, cleared to `clear` first.
    func draw(_ list: DisplayList, width: Int, height: Int, clear: SIMD4<Float>) {
        frame += 1
        GL.viewport(0, 0, width, height)
        epoxy_glStencilMask(0xFF)
        GL.clearColor(clear.x, clear.y, clear.z, clear.w)
        epoxy_glClearStencil(0)
        GL.clear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT)
        GL.disable(GL_DEPTH_TEST)
        GL.disable(GL_CULL_FACE)
        GL.blendPremultiplied()
        GL.enable(GL_STENCIL_TEST)
        GL.stencilFunc(GL_EQUAL, 0)
        GL.stencilOp(GL_KEEP, GL_KEEP, GL_KEEP)
        guard !list.commands.isEmpty else { return }

        epoxy_glBindVertexArray(vao)
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), vbo)
        list.vertices.withUnsafeBytes {
            epoxy_glBufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        epoxy_glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), ibo)
        list.indices.withUnsafeBytes {
            epoxy_glBufferData(GLenum(GL_ELEMENT_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STREAM_DRAW))
        }

        var level = 0
        var program: GLuint = 0
        var boundMatrix = (program: GLuint(0), index: -1)
        func use(_ p: ShaderProgram) {
            if program != p.id { epoxy_glUseProgram(p.id); program = p.id }
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
        func stencilPass(_ pieces: [ClipPiece], op: Int32) {
            use(solid)
            GL.colorMask(false)
            GL.stencilFunc(GL_EQUAL, level)
            // A sample already moved off `level` fails the test, so overlapping triangles count once.
            GL.stencilOp(GL_KEEP, GL_KEEP, op)
            for piece in pieces { setMatrix(solid, piece.matrix); drawRange(piece.range) }
            GL.colorMask(true)
            GL.stencilOp(GL_KEEP, GL_KEEP, GL_KEEP)
        }

        for command in list.commands {
            switch command {
            case .fill(let range, let matrix, let color):
                use(solid)
                setMatrix(solid, matrix)
                epoxy_glUniform4f(solid.color, color.x, color.y, color.z, color.w)
                drawRange(range)
            case .image(let range, let matrix, let cgImage, let opacity):
                use(image)
                setMatrix(image, matrix)
                epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
                epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture(for: cgImage))
                epoxy_glUniform1i(image.texture, 0)
                epoxy_glUniform1f(image.opacity, opacity)
                drawRange(range)
            case .pushClip(let pieces):
                stencilPass(pieces, op: GL_INCR)
                level += 1
                GL.stencilFunc(GL_EQUAL, level)
            case .popClip(let pieces):
                stencilPass(pieces, op: GL_DECR)
                level = max(0, level - 1)
                GL.stencilFunc(GL_EQUAL, level)
            }
        }
        if frame % 120 == 0 { evictTextures() }
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
        GL.deleteBuffer(vbo)
        GL.deleteBuffer(ibo)
        GL.deleteVertexArray(vao)
        epoxy_glDeleteProgram(solid.id)
        epoxy_glDeleteProgram(image.id)
    }
}
