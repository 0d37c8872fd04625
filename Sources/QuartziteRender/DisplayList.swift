import Foundation
import Quartzite

/// A run of indices in the frame's index buffer.
package struct IndexRange: Equatable, Sendable {
    /// First index.
    package var first: Int
    /// Number of indices (a multiple of 3).
    package var count: Int

    /// `count` indices from `first`.
    package init(first: Int, count: Int) {
        self.first = first
        self.count = count
    }
}

/// Geometry that defines a clip or mask region: a run of triangles and the matrix that places it.
package struct ClipPiece: Equatable, Sendable {
    /// The triangles.
    package var range: IndexRange
    /// Index into `DisplayList.matrices`.
    package var matrix: Int
}

/// How a draw's triangles are antialiased and blended. The display list says it per draw, so that a fill, a gradient
/// or an image is one command whatever the target's antialiasing.
package enum Antialiasing: Equatable, Sendable {
    /// The target's own samples (multisampling, or none on a single-sample target): each triangle blends
    /// where it lands.
    case samples
    /// The same for triangles that may overlap one another (a translucent stroke): each pixel blends once,
    /// through the stencil.
    case samplesOnce
    /// Coverage antialiasing (a single-sample target): a mesh's fringe, then its triangles, their colour
    /// scaled by each vertex's coverage, every pixel blended once: the draw gets depth value `depth` of the
    /// frame and the depth test is LESS, so the fringe, drawn first, keeps the pixels it covers (see
    /// `DisplayList.appendWithFringe`).
    case coverage(depth: Int)
}

/// One step of drawing a frame. The GL backend executes these in order; it never sees a layer.
package enum DisplayCommand: Equatable, Sendable {
    /// Triangles filled with a premultiplied colour.
    case fill(IndexRange, matrix: Int, color: SIMD4<Float>, antialiasing: Antialiasing = .samples)
    /// Solid triangles of several fills in one draw: positions already in canvas points, each vertex's
    /// premultiplied colour packed in its texture coordinates (see batch.vert); `matrix` is the canvas's.
    case fillBatch(IndexRange, matrix: Int)
    /// Translucent strokes whose triangles overlap, several in one draw, each blended once per pixel by the
    /// depth test: positions in canvas points, colour and index in the run packed per vertex (see
    /// stroke_once.vert); the run's strokes are numbered from `firstStroke` in the frame.
    case fillOnceBatch(IndexRange, matrix: Int, firstStroke: Int, strokes: Int)
    /// Triangles filled with a gradient: positions in layer points, or in another space that the matrix
    /// `toLayer` maps into the gradient layer's, where the paint is defined (a binary mask's triangles painted
    /// with the masked layer's paint: one draw instead of stencil, gradient, unstencil).
    case gradient(IndexRange, matrix: Int, toLayer: Int? = nil, paint: GradientPaint, antialiasing: Antialiasing = .samples)
    /// Layer backgrounds drawn as quads whose shader measures the distance to each rounded rectangle (coverage
    /// antialiasing): `count` vertices of `roundedRectVertices` from vertex `first`, six per rectangle.
    case roundedRects(first: Int, count: Int, matrix: Int)
    /// An in-place mask: the target's pixels scaled by rounded rectangles' coverage times their colours' alpha
    /// (destination-in), drawn as `roundedRects` is. It needs no group of its own (see `Compositor+InPlaceMasks`).
    case maskRoundedRects(first: Int, count: Int, matrix: Int)
    /// Round strokes of straight segments, one quad per segment, whose shader measures the distance to each
    /// stroke's segments (coverage antialiasing; see CapsuleStroke.swift): `count` vertices of
    /// `capsuleVertices` from vertex `first`, four per segment (drawn through a shared index pattern).
    case capsules(first: Int, count: Int, matrix: Int)
    /// A stroked circular arc painted with a gradient in one quad (coverage antialiasing): the gradient
    /// shader measures the distance to the arc (see gradient.frag); `toLayer` as for `gradient`.
    case gradientArc(IndexRange, matrix: Int, toLayer: Int, paint: GradientPaint, arc: ArcStroke)
    /// Textured quads showing an image, its premultiplied texels times a tint.
    case image(IndexRange, matrix: Int, image: CGImage, tint: SIMD4<Float>, sampling: ImageSampling,
               antialiasing: Antialiasing = .samples)
    /// A layer's picture seen through a stroked circular arc (its mask): the image's quads, each pixel's
    /// texel times the arc's coverage, measured in the mask's space (`toMask` maps the quads' points there).
    case imageArc(IndexRange, matrix: Int, image: CGImage, tint: SIMD4<Float>, sampling: ImageSampling, toMask: Int,
                  arc: ArcStroke)
    /// An emitter cell's particles: `count` vertices of `particleVertices` from vertex `first`, four a quad
    /// (drawn through the shared quad index pattern), showing `image`; added together instead of blended
    /// over when `additive` (`CAEmitterLayerRenderMode.additive`).
    case particles(first: Int, count: Int, matrix: Int, image: CGImage, sampling: ImageSampling, additive: Bool)
    /// From here on, draw only inside these pieces (and inside every clip pushed before).
    case pushClip([ClipPiece])
    /// Ends the innermost clip (the same pieces it was pushed with).
    case popClip([ClipPiece])
    /// From here on, draw only inside this box of the current target (and inside every box pushed before).
    case pushScissor(PixelBox)
    /// Ends the innermost box.
    case popScissor
    /// From here on, draw into a new transparent offscreen surface: of the area's size (the same matrices
    /// still apply: the surface is placed under the area), or of the whole target's for nil.
    case beginGroup(GroupArea?)
    /// Ends the innermost group and says what becomes of it.
    case endGroup(GroupEnd)
    /// From here on, draw into the cached raster of a layer (`shouldRasterize`), `width` x `height` pixels,
    /// cleared first; the commands up to `endRaster` use matrices for that target. `covered`: they cover every
    /// pixel with opaque colour and use no clip (a picture's raster), so the raster is not cleared and has no
    /// depth or stencil.
    case beginRaster(key: Int, width: Int, height: Int, covered: Bool = false)
    /// Back to the target below the raster.
    case endRaster
    /// Keeps the canvas pixels `pixels` (top-left origin), just drawn, as raster `key`: what a picture drawn
    /// texel for pixel before it left there (see Compositor+PictureRasters).
    case captureRaster(key: Int, pixels: PixelBox)
    /// Draws a layer's cached raster as a textured quad (the raster may have been drawn in an earlier frame);
    /// `opaque` when every texel of the raster is opaque (an opaque gradient's bitmap); `pixels`, the canvas
    /// pixels the quad covers texel for pixel when it does (top-left origin), so that an opaque raster may be
    /// copied there instead of drawn.
    case rasterImage(key: Int, range: IndexRange, matrix: Int, tint: SIMD4<Float>, antialiasing: Antialiasing = .samples,
                     sampling: ImageSampling = .linear, opaque: Bool = false, pixels: PixelBox? = nil)
    /// Blurs the alpha of raster `key` (a shadow's silhouette, just drawn) with a Gaussian of `sigma` pixels
    /// into that key's shadow texture, kept across frames; the silhouette itself is then freed.
    case blurRaster(key: Int, sigma: Float)
    /// Draws the shadow texture of `key` as a quad tinted with the premultiplied `color`.
    case shadowImage(key: Int, range: IndexRange, matrix: Int, color: SIMD4<Float>)
}

/// Where a group's surface sits in its target: whole pixels, x right and y down from the target's top left,
/// and the quad (in the target's points, with its matrix) that composites the surface back.
package struct GroupArea: Equatable, Sendable {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int
    /// The quad the group is composited with: the part of the area its content covers (the surface's size is
    /// rounded up for reuse), texture coordinates flipped as for every offscreen surface.
    package var quad: IndexRange
    /// Index into `DisplayList.matrices` of the target's canvas matrix.
    package var matrix: Int
}

/// What happens to an offscreen group when it ends.
package enum GroupEnd: Equatable, Sendable {
    /// Drawn over what is below, its premultiplied pixels times a tint (group opacity).
    case composite(tint: SIMD4<Float>)
    /// Added to what is below (premultiplied, blend ONE + ONE), its pixels times a tint: the second state of a
    /// cross-dissolve, summed with the first drawn at the complementary weight.
    case add(tint: SIMD4<Float>)
    /// Blended onto what is below with `mode` (a layer's `compositingFilter`), its pixels times a tint: the
    /// pixels below the group are copied and the blend shader writes the W3C compositing result over them.
    case blend(CGBlendMode, tint: SIMD4<Float>)
    /// Kept for a later `maskContent` (the content of an alpha-masked layer).
    case hold(slot: Int)
    /// This group is an alpha mask: the held content is drawn scaled by this group's alpha.
    case maskContent(slot: Int, opacity: Float)
    /// Drawn through a stroked circular arc (an arc mask): the surface's texels at `range`'s texture
    /// coordinates (where each vertex lands on the surface), times the arc's coverage (measured in the
    /// positions' space, mapped there by `toMask`) and `tint`, on the ring's triangles placed by `matrix`.
    case throughArc(IndexRange, matrix: Int, toMask: Int, arc: ArcStroke, tint: SIMD4<Float>)
    /// This group is a silhouette: its alpha is blurred (Gaussian, `sigma` device pixels), tinted with the
    /// premultiplied `color` and drawn `offset` device pixels away (x right, y down). With `thenTint` the
    /// group itself is then drawn over its shadow, times that tint.
    case shadow(color: SIMD4<Float>, offset: SIMD2<Float>, sigma: Float, thenTint: SIMD4<Float>?)
}

/// A stroke of a circular arc, for the gradient shader: in the space of the draw's positions.
package struct ArcStroke: Equatable, Sendable {
    package var center: SIMD2<Float>
    package var radius: Float
    package var halfWidth: Float
    /// Radians, and the signed sweep.
    package var start: Float
    package var sweep: Float
    package var roundCaps: Bool
    /// Device pixels per unit.
    package var scale: Float
}

/// Texture filtering for one image draw (a layer's magnification and minification filters).
package struct ImageSampling: Equatable, Sendable {
    /// Nearest-pixel magnification instead of bilinear.
    package var magnifyNearest = false
    /// 0 nearest, 1 bilinear, 2 trilinear (mipmaps).
    package var minify: Int = 1
    /// The texture repeats beyond its edges (a pattern background's tile) instead of stretching its edge texels.
    package var repeats = false
    /// Bilinear both ways.
    package static let linear = ImageSampling()
    /// Nearest both ways: for a picture drawn texel for pixel, where it samples what bilinear filtering
    /// would (each pixel centre on a texel centre) and llvmpipe does less work for it.
    package static let nearest = ImageSampling(magnifyNearest: true, minify: 0)
    /// Bilinear, repeating: a pattern background's tiles.
    package static let tiled = ImageSampling(repeats: true)
}

/// A gradient, ready for the shader: points in layer coordinates, straight-alpha colours, sorted stops.
package struct GradientPaint: Equatable, Sendable {
    /// 0 axial, 1 radial, 2 conic (the shader's numbering).
    package var type: Int32
    package var start: SIMD2<Float>
    package var end: SIMD2<Float>
    /// Straight-alpha RGBA, at most `maxStops`.
    package var colors: [SIMD4<Float>]
    /// Non-decreasing, one per colour.
    package var locations: [Float]
    /// What the premultiplied colours are multiplied by (the layer's opacity, a replicator copy's colour).
    package var tint: SIMD4<Float>
    /// Added to the pixel's window position for the dither's noise: a gradient drawn into a bitmap that is
    /// shown elsewhere takes the noise of the pixels it ends up on.
    package var noiseOrigin: SIMD2<Float> = .zero
    /// The shader's limit on colour stops.
    package static let maxStops = 16
    /// Whether it paints every pixel of its layer's bounds opaque: opaque colours at full opacity.
    package var isOpaque: Bool { tint.w >= 1 && colors.allSatisfy { $0.w >= 1 } }
}

/// A frame as plain data: one vertex array (x, y, u, v, coverage per vertex, in layer points), one index
/// array, the matrices (layer points to clip space, GL column-major) and the commands.
package struct DisplayList: Sendable {
    /// Interleaved x, y, u, v, coverage.
    package var vertices: [Float] = []
    /// The vertices of `roundedRects` commands (`RoundedRectVertex`; see rounded_rect.vert), drawn without
    /// indices.
    package var roundedRectVertices: [Float] = []
    /// The vertices of `capsules` commands (`CapsuleVertex`; see capsule.vert), four a quad, drawn through a
    /// shared index pattern.
    package var capsuleVertices: [Float] = []
    /// The entries past the fourth of `capsules` quads' segment lists, two texels of four floats each
    /// (`CapsuleStroke.entry`, in the target's pixels, then its inverse squared length and three zeros): the
    /// texture buffer capsule.frag reads (the first four ride in the vertices).
    package var capsuleSegments: [Float] = []
    /// The capsule list entries `capsuleSegments` may hold (the backend's texture buffer's size).
    package var capsuleEntryCapacity = CapsuleStroke.segmentsPerFrame
    /// The vertices of `particles` commands (`ParticleVertex`), four a quad.
    package var particleVertices: [Float] = []
    /// Triangle indices into `vertices` (each vertex is `PlainVertex.floats` floats).
    package var indices: [UInt32] = []
    /// 4x4 matrices, 16 floats each, column-major for glUniformMatrix4fv.
    package var matrices: [[Float]] = []
    /// What to draw, in order.
    package var commands: [DisplayCommand] = []
    /// The colour the frame is cleared to instead of the renderer's (premultiplied): an opaque background
    /// covering the canvas, drawn before anything else, folded into the clear.
    package var clearColor: SIMD4<Float>?
    /// Depth values taken so far this frame: each batched translucent stroke and each coverage-antialiased
    /// shape takes one (see stroke_once.vert).
    var onceStrokes = 0

    /// Each target's full-size quad (texture coordinates flipped, as GL textures are bottom-up) and its
    /// matrix, for drawing offscreen groups back: key 0 is the frame's own target, a raster's key its own.
    package var canvasQuads: [Int: (range: IndexRange, matrix: Int)] = [:]

    /// An empty list.
    package init() {}

    /// Number of vertices.
    package var vertexCount: Int { vertices.count / PlainVertex.floats }
    /// Vertices of both kinds, as the frame uploads them.
    package var uploadedVertexCount: Int {
        vertexCount + roundedRectVertices.count / RoundedRectVertex.floats
            + capsuleVertices.count / CapsuleVertex.floats + particleVertices.count / ParticleVertex.floats
    }
    /// Number of commands that draw or clip (each is at least one GL draw call).
    package var drawCount: Int {
        commands.reduce(0) { n, c in
            switch c {
            case .fill(_, _, _, .samplesOnce): return n + 2
            case .fill, .fillBatch, .fillOnceBatch, .image, .gradient, .roundedRects, .maskRoundedRects, .gradientArc,
                 .capsules, .particles, .imageArc:
                return n + 1
            case .pushClip(let p), .popClip(let p): return n + p.count
            case .beginGroup, .beginRaster, .endRaster, .captureRaster, .pushScissor, .popScissor: return n
            case .rasterImage, .shadowImage: return n + 1
            case .blurRaster: return n + 2
            case .endGroup(let end):
                if case .shadow(_, _, _, let then) = end { return n + 3 + (then == nil ? 0 : 1) }
                if case .hold = end { return n }
                return n + 1
            }
        }
    }

    /// Appends a mesh's triangles; returns their index range.
    mutating func append(_ mesh: TriangleMesh) -> IndexRange {
        let base = UInt32(vertexCount)
        // No exact reserveCapacity here: reserving exactly per mesh defeats the arrays' geometric growth, so
        // every append copied the whole frame so far (quadratic; 37 % of S5's frame). The compositor reserves
        // last frame's sizes up front instead, and no temporary array is made per vertex.
        for p in mesh.positions {
            vertices.append(p.x); vertices.append(p.y); vertices.append(0); vertices.append(0); vertices.append(1)
        }
        let first = indices.count
        for i in mesh.indices { indices.append(base + i) }
        return IndexRange(first: first, count: mesh.indices.count)
    }

    /// Appends a target's full-size quad once.
    mutating func ensureCanvasQuad(target: Int, canvas: CGSize, matrix: [Float]) {
        guard canvasQuads[target] == nil else { return }
        let m = addMatrix(matrix)
        let r = appendQuad(CGRect(origin: .zero, size: canvas), uv: CGRect(x: 0, y: 1, width: 1, height: -1))
        canvasQuads[target] = (r, m)
    }

    /// Appends a quad with texture coordinates (top-left of the image at the rect's min corner).
    mutating func appendQuad(_ rect: CGRect, uv: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)) -> IndexRange {
        let base = UInt32(vertexCount)
        let (x0, y0, x1, y1) = (Float(rect.minX), Float(rect.minY), Float(rect.maxX), Float(rect.maxY))
        // origin and origin + size, not min and max: a negative height flips the texture vertically.
        let (u0, v0) = (Float(uv.origin.x), Float(uv.origin.y))
        let (u1, v1) = (Float(uv.origin.x + uv.size.width), Float(uv.origin.y + uv.size.height))
        vertices += [x0, y0, u0, v0, 1, x1, y0, u1, v0, 1, x1, y1, u1, v1, 1, x0, y1, u0, v1, 1]
        let first = indices.count
        indices += [base, base + 1, base + 2, base, base + 2, base + 3]
        return IndexRange(first: first, count: 6)
    }

    /// Appends a ring of triangles covering every point between the circles of radius `inner` (at most; 0 or
    /// less: a disc) and `outer` (at least) around `center`, over the angles from `from` to `to` (radians,
    /// increasing, at most a turn apart; the segments reaching into that range): the fragments a stroked
    /// arc's shader needs, without the empty middle or the untouched part of the circle. 24 segments a turn,
    /// the outer polygon drawn round its circle.
    mutating func appendAnnulus(center: CGPoint, inner: CGFloat, outer: CGFloat, from: CGFloat, to: CGFloat) -> IndexRange {
        let segments = 24
        let step = 2 * CGFloat.pi / CGFloat(segments)
        let out = Float(outer / cos(step / 2)), inn = Float(max(inner, 0))
        let cx = Float(center.x), cy = Float(center.y)
        // Segment k spans [k, k + 1] steps; the range starts in segment `first` and runs `count` segments on.
        let start = (from / step).rounded(.down)
        let first = indices.count
        guard start.isFinite, to.isFinite else { return IndexRange(first: first, count: 0) }
        let count = min(segments, Int(clampingPixel: (to / step).rounded(.up) - start))
        guard count > 0 else { return IndexRange(first: first, count: 0) }
        let base = UInt32(vertexCount)
        for k in 0...count {
            let a = Float((start + CGFloat(k)) * step)
            let (c, s) = (cos(a), sin(a))
            vertices.append(cx + out * c); vertices.append(cy + out * s); vertices.append(0); vertices.append(0)
            vertices.append(1)
            vertices.append(cx + inn * c); vertices.append(cy + inn * s); vertices.append(0); vertices.append(0)
            vertices.append(1)
        }
        for k in 0..<UInt32(count) {
            let o0 = base + 2 * k, i0 = o0 + 1, o1 = o0 + 2, i1 = o0 + 3
            indices.append(o0); indices.append(o1); indices.append(i1)
            indices.append(o0); indices.append(i1); indices.append(i0)
        }
        return IndexRange(first: first, count: indices.count - first)
    }

    /// Adds a matrix; returns its index.
    mutating func addMatrix(_ m: [Float]) -> Int {
        if let last = matrices.last, last == m { return matrices.count - 1 }
        matrices.append(m)
        return matrices.count - 1
    }
}
