@preconcurrency import CEpoxy

/// Clips and the stencil: each nested clip is one stencil level of the current target. A push adds 1 where
/// its pieces cover, a pop takes it away with the same triangles, so at level 0 the stencil holds 0 everywhere.
extension GLBackend {
    func pushClip(_ pieces: [ClipPiece], _ f: inout GLFrame) {
        f.openClips += 1
        stencilPass(pieces, op: GL_INCR, &f)
        f.level += 1
        f.testStencil(at: f.level)
    }

    func popClip(_ pieces: [ClipPiece], _ f: inout GLFrame) {
        f.openClips -= 1
        stencilPass(pieces, op: GL_DECR, &f)
        f.level = max(0, f.level - 1)
        f.testStencil(at: f.level)
    }

    /// Moves the stencil of every sample the pieces cover off the current level by `op`, drawing no colour.
    private func stencilPass(_ pieces: [ClipPiece], op: Int32, _ f: inout GLFrame) {
        f.use(solid)
        GL.colorMask(false)
        f.enableStencilTest(true)
        GL.stencilFunc(GL_EQUAL, f.level)
        // A sample already moved off `level` fails the test, so overlapping triangles count once.
        GL.stencilOp(GL_KEEP, GL_KEEP, op)
        for piece in pieces { f.setMatrix(solid, piece.matrix); f.drawRange(piece.range) }
        GL.colorMask(true)
        GL.stencilOp(GL_KEEP, GL_KEEP, GL_KEEP)
    }
}

extension GLFrame {
    /// Draws triangles that may overlap one another so that each pixel blends once (a translucent stroke): a
    /// sample that was drawn moves to level + 1 and fails the test for later triangles; a second, colourless
    /// pass moves those samples back.
    mutating func drawOnceThroughStencil(_ range: IndexRange) {
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
    }
}
