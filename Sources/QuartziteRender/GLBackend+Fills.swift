@preconcurrency import CEpoxy

/// Solid fills: a mesh in one colour, the batched runs of many fills and strokes, and layer backgrounds as
/// rounded-rectangle quads.
extension GLBackend {
    func fill(_ range: IndexRange, matrix: Int, color: SIMD4<Float>, _ antialiasing: Antialiasing, _ f: inout GLFrame) {
        f.use(solid)
        f.setMatrix(solid, matrix)
        epoxy_glUniform4f(solid.color, color.x, color.y, color.z, color.w)
        f.draw(range, with: solid, antialiasing)
    }

    /// Solid triangles of several fills, each vertex carrying its colour (see batch.vert).
    func fillBatch(_ range: IndexRange, matrix: Int, _ f: inout GLFrame) {
        f.use(batch)
        f.setMatrix(batch, matrix)
        f.drawRange(range)
    }

    /// Translucent strokes blended once each by the depth test, numbered from `firstStroke` in the frame.
    func fillOnceBatch(_ range: IndexRange, matrix: Int, firstStroke: Int, _ f: inout GLFrame) {
        f.use(strokeOnce)
        f.setMatrix(strokeOnce, matrix)
        epoxy_glUniform1f(strokeOnce["uBase"], Float(firstStroke + f.depthOffset))
        GL.enable(GL_DEPTH_TEST)
        f.drawRange(range)
        GL.disable(GL_DEPTH_TEST)
    }

    /// `count` vertices of the rounded-rectangle stream from `first`, six a rectangle, drawn without indices.
    func roundedRects(first: Int, count: Int, matrix: Int, _ f: inout GLFrame) {
        f.use(roundedRect)
        f.setMatrix(roundedRect, matrix)
        epoxy_glBindVertexArray(shapeVAO)
        epoxy_glDrawArrays(GLenum(GL_TRIANGLES), GLint(first), GLsizei(count))
        epoxy_glBindVertexArray(vao)
    }

    /// Rounded rectangles as an in-place mask: each pixel of the target times the shader's output alpha
    /// (coverage times the colour's alpha), the colour itself unused.
    func maskRoundedRects(first: Int, count: Int, matrix: Int, _ f: inout GLFrame) {
        GL.withMaskBlending { roundedRects(first: first, count: count, matrix: matrix, &f) }
    }
}
