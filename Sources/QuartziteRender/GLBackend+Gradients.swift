import Foundation
import Quartzite
@preconcurrency import CEpoxy

/// Gradients: one program per type, arc mode and class of stop count, linked on first use.
extension GLBackend {
    /// A gradient over triangles in layer points, or in another space that `toLayer` maps into the layer's.
    func gradient(_ range: IndexRange, matrix: Int, toLayer: Int?, paint: GradientPaint, _ antialiasing: Antialiasing,
                  _ f: inout GLFrame) {
        guard let p = useGradient(paint, matrix: matrix, toLayer: toLayer, &f) else { return }
        f.draw(range, with: p, antialiasing)
    }

    /// A stroked circular arc in one quad: the shader measures each pixel's distance to the arc.
    func gradientArc(_ range: IndexRange, matrix: Int, toLayer: Int, paint: GradientPaint, arc: ArcStroke,
                     _ f: inout GLFrame) {
        guard let p = useGradient(paint, arcMode: arc.roundCaps ? 2 : 1, matrix: matrix, toLayer: toLayer, &f) else { return }
        Self.setArcUniforms(arc, p)
        f.drawRange(range)
    }

    /// The uniforms of arc.glsl for `arc`, on the current program `p`.
    static func setArcUniforms(_ arc: ArcStroke, _ p: ShaderProgram) {
        epoxy_glUniform4f(p["uArc"], arc.center.x, arc.center.y, arc.radius, arc.halfWidth)
        epoxy_glUniform2f(p["uArcAngles"], arc.start, arc.sweep)
        let end = arc.start + arc.sweep
        epoxy_glUniform4f(p["uArcEnds"], cos(arc.start), sin(arc.start), cos(end), sin(end))
        epoxy_glUniform1f(p["uArcScale"], arc.scale)
    }

    /// Makes the gradient program of `paint` (and an arc mode) current with its matrix, uLocal (the identity
    /// for a layer's own quad, or a mask's placement in the layer) and paint; returns it, or nil when it does
    /// not link.
    private func useGradient(_ paint: GradientPaint, arcMode: Int32 = 0, matrix: Int, toLayer index: Int?,
                             _ f: inout GLFrame) -> ShaderProgram? {
        guard let p = gradientProgram(paint, arcMode: arcMode) else { return nil }
        f.use(p)
        f.setMatrix(p, matrix)
        if f.boundLocal != (p.id, index ?? -1) {
            f.boundLocal = (p.id, index ?? -1)
            let m = index.map { f.list.matrices[$0] } ?? Self.identityMatrix
            m.withUnsafeBufferPointer { epoxy_glUniformMatrix4fv(p["uLocal"], 1, GLboolean(0), $0.baseAddress) }
        }
        setGradientUniforms(paint, p)
        return p
    }

    /// The 4x4 identity, column-major (a layer's own quad has no local placement).
    private static let identityMatrix: [Float] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]

    /// The gradient program for a paint and an arc mode, linked the first time it is needed; nil (reported
    /// once, that draw skipped) if it does not link.
    private func gradientProgram(_ paint: GradientPaint, arcMode: Int32) -> ShaderProgram? {
        gradientProgram(GradientVariant(type: paint.type, arcMode: arcMode, stops: paint.colors.count))
    }

    /// The program of a gradient variant, linked the first time it is needed; nil if it does not link.
    func gradientProgram(_ variant: GradientVariant) -> ShaderProgram? {
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
        epoxy_glUniform4f(gradient["uTint"], paint.tint.x, paint.tint.y, paint.tint.z, paint.tint.w)
        epoxy_glUniform1f(gradient["uDither"], dither ? 1 : 0)
        epoxy_glUniform2f(gradient["uNoiseOrigin"], paint.noiseOrigin.x, paint.noiseOrigin.y)
    }
}
