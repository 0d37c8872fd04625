import Foundation
import Quartzite

/// An emitter layer's particles (`CAEmitterLayer`): the simulation asked for the live particles at the
/// layer's local time, each cell's particles written as quads into the particle stream and drawn in one
/// command with the cell's image.
extension Compositor {
    /// Appends the particles of `frame`'s layer when it is an emitter; nothing for any other layer.
    func drawParticles(_ frame: CompositorFrame, tint: Tint, into list: inout DisplayList) {
        guard frame.node.kind == .emitter, let state = frame.p.emitter else { return }
        let additive = state.current.renderMode == .additive
        for batch in ParticleSimulation.particles(of: state, at: state.time) {
            guard let image = batch.contents else { continue }
            let first = list.particleVertices.count / ParticleVertex.floats
            Self.appendQuads(of: batch, image: image, tint: tint, to: &list.particleVertices)
            let count = list.particleVertices.count / ParticleVertex.floats - first
            guard count > 0 else { continue }
            var sampling = ImageSampling()
            sampling.magnifyNearest = batch.magnificationFilter == .nearest
            sampling.minify = batch.minificationFilter == .nearest ? 0 : batch.minificationFilter == .trilinear ? 2 : 1
            list.commands.append(.particles(first: first, count: count, matrix: frame.matrix, image: image,
                                            sampling: sampling, additive: additive))
        }
    }

    /// One quad per visible particle: the cell's part of the image (contentsRect), its size in points
    /// (pixels / contentsScale) times the particle's scale, turned by its rotation about its position, with
    /// its premultiplied colour times the layer's tint (its opacity, and any replicator copy's colour). A
    /// contentsRect that is not finite draws nothing; a contentsScale that is not a positive finite number
    /// counts as 1.
    static func appendQuads(of batch: ParticleBatch, image: CGImage, tint: Tint, to vertices: inout [Float]) {
        let rect = batch.contentsRect.standardized
        guard rect.isFinite else { return }
        let pointsPerPixel = batch.contentsScale > 0 && batch.contentsScale.isFinite ? 1 / Double(batch.contentsScale) : 1
        let halfWidth = Double(image.width) * Double(rect.width) * pointsPerPixel / 2
        let halfHeight = Double(image.height) * Double(rect.height) * pointsPerPixel / 2
        let (u0, v0) = (Float(rect.minX), Float(rect.minY))
        let (u1, v1) = (Float(rect.maxX), Float(rect.maxY))
        let corners: [(x: Double, y: Double, u: Float, v: Float)] = [(-1, -1, u0, v0), (1, -1, u1, v0), (1, 1, u1, v1),
                                                                     (-1, 1, u0, v1)]
        // Room for every particle first, then written in place: 32 floats a particle appended one by one
        // would check the array's capacity 32 times (a sizeable part of 5,000 particles' encode).
        let first = vertices.count
        let stride = 4 * ParticleVertex.floats
        vertices.append(contentsOf: repeatElement(0, count: batch.particles.count * stride))
        var written = 0
        vertices.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for particle in batch.particles {
                let color = Tint.premultiplying(particle.color) * tint
                guard color.w > 0, particle.scale > 0 else { continue }
                let w = halfWidth * particle.scale, h = halfHeight * particle.scale
                // Past a million points a quad's corners lose their place in GL's 32-bit floats (and llvmpipe's
                // guard band): such a particle is not drawn, as a layer that far out is not.
                guard w < 1e6, h < 1e6 else { continue }
                let (c, s) = (cos(particle.rotation), sin(particle.rotation))
                var out = base + first + written * stride
                for corner in corners {
                    let x = corner.x * w, y = corner.y * h
                    out[0] = Float(particle.position.x + x * c - y * s)
                    out[1] = Float(particle.position.y + x * s + y * c)
                    out[2] = corner.u
                    out[3] = corner.v
                    out[4] = color.x
                    out[5] = color.y
                    out[6] = color.z
                    out[7] = color.w
                    out += ParticleVertex.floats
                }
                written += 1
            }
        }
        vertices.removeLast((batch.particles.count - written) * stride)
    }
}
