import Foundation
import Quartzite

/// Everything one layer needs while it is drawn.
struct CompositorFrame {
    let node: PresentationNode
    let world: CATransform3D
    let matrix: Int
    let tolerance: CGFloat
    /// What the layer draws itself, decided once (see `LayerParts`).
    let parts: LayerParts
    var p: LayerProperties { node.properties }

    init(node: PresentationNode, world: CATransform3D, matrix: Int, tolerance: CGFloat) {
        self.node = node
        self.world = world
        self.matrix = matrix
        self.tolerance = tolerance
        parts = LayerParts(node.properties, kind: node.kind)
    }
}

/// Turns a presentation tree into a display list: each layer's matrix, its shadow, background, contents,
/// gradient, shape, sublayers and border, with binary masks and `masksToBounds` as stencil clips and group
/// opacity, alpha masks and shadows as offscreen groups (used only where needed). Meshes come from the cache.
@MainActor
package final class Compositor {
    /// The capsule list entries a frame may pass to the backend (`CapsuleStroke.entriesPerFrame`): OpenGL
    /// 3.3's guarantee until the renderer reads its driver's size.
    package var capsuleEntryCapacity = CapsuleStroke.segmentsPerFrame
    /// Device pixels per point.
    package var contentScale: CGFloat
    /// The canvas in points.
    package var canvasSize: CGSize
    let meshCache = MeshCache()
    var nextSlot = 0
    /// The target being drawn into: 0 for the frame's own, a raster's key inside `beginRaster`.
    var currentTarget = 0
    /// What each rasterized layer's cached bitmap shows, to know when it must be drawn again.
    var rasters: [ObjectIdentifier: (content: PresentationNode, key: Int, width: Int, height: Int, lastUsed: Int)] = [:]
    /// Rasterized layers whose bitmap could not be made, with its size: drawn directly while it stays that
    /// size.
    var unrasterizable: [ObjectIdentifier: (width: Int, height: Int)] = [:]
    /// Whether the back end dithers gradients (a gradient's bitmap shows the dither it was drawn with).
    package var dithersGradients = true
    /// Gradient layers' gradients kept as bitmaps while they stay the same (`Compositor+GradientRasters`).
    var gradientRasters = StableRasters<GradientLook>()
    /// Opaque pictures kept at their size on the canvas while they stay put (`Compositor+PictureRasters`).
    var pictureRasters = StableRasters<PictureLook>()
    /// The shadows' blurs, shared by layers whose shadows are alike, and which layer drew which.
    var shadows = ShadowCache()
    /// Text layers' images, by what determines their pixels.
    var texts = TextImageCache()
    /// Greater than 0 while the halves of a CATransition draw.
    var drawingTransition = 0
    private var frameNumber = 0
    private var nextRasterKey = 1
    /// Whether consecutive solid fills of 2D-placed layers are joined into one draw call (default true; off
    /// only to measure what batching saves).
    package var batchesFills = true
    /// Whether a background an opaque sublayer covers in part is drawn round the covered pixels
    /// (`coveredHole`); off only to compare against the whole quad.
    package var cutsCoveredBackgrounds = true
    /// Whether a layer under a mask that strokes one arc is composited through the arc from one group
    /// (`ArcMask`); off only to compare against the general alpha mask's two groups.
    package var drawsThroughArcMasks = true
    /// Whether edges are antialiased by coverage (fringes along outlines, `DisplayList.appendWithFringe`, and
    /// rounded-rectangle quads for backgrounds) rather than by the target's samples: set for single-sample
    /// targets by `FrameRenderer`. Masks and curved or slanted clips then become alpha masks.
    package var coverageAntialiasing = false
    /// The canvas matrix of this frame (points to clip space), made once per frame for batched fills.
    var canvasMatrix: [Float] = []
    /// What is left to draw, last first: the compositor walks the tree with this explicit stack (kept
    /// between frames for its capacity), so a tree of any depth draws. See `CompositorStep`.
    ///
    /// `steps` and `runs` are read and changed a few times a layer, each access a single statement that
    /// calls nothing which touches them again; their dynamic exclusivity checks (some 90 instructions each in
    /// callgrind, more than the access itself) are left out.
    @exclusivity(unchecked) var steps: [CompositorStep] = []
    /// The runs of layers being drawn, innermost last: one for each `.nextLayer` step on `steps`.
    @exclusivity(unchecked) var runs: [LayerRun] = []
    /// How many bodies are being drawn into rasters or shadow silhouettes, one inside the other (each is a
    /// nested walk of the steps, a level of the call stack).
    var nestedBodies = 0
    /// Stencil clips and offscreen groups open along the walk: each nested clip takes a stencil level (the
    /// stencil holds 255) and each nested group a surface, so both are budgeted (see `maximumOpenClips`).
    var openClips = 0
    var openGroups = 0
    /// How many clips (binary masks, masksToBounds) may be open one inside the other; a layer that needs
    /// one more is not drawn (its sublayers for masksToBounds), with a diagnostic.
    static let maximumOpenClips = 200
    /// How many offscreen groups (group opacity, alpha masks, shadows from content) may be open one inside
    /// the other; deeper, a layer draws without the group where it can (no group opacity, no shadow) and is
    /// not drawn where it cannot (an alpha mask), with a diagnostic.
    static let maximumOpenGroups = 32
    /// The previous display list's array sizes, reserved for the next one.
    private var lastSizes = (vertices: 0, indices: 0, commands: 0, matrices: 0, quads: 0, capsules: 0, segments: 0)

    /// A compositor for a canvas of `canvasSize` points at `contentScale` pixels per point.
    package init(canvasSize: CGSize, contentScale: CGFloat) {
        self.canvasSize = canvasSize
        self.contentScale = contentScale
    }

    /// Seconds spent tessellating during the last `build`.
    package var lastTessellationSeconds: Double { meshCache.tessellationSeconds }

    /// The display list of a frame.
    package func build(_ root: PresentationNode) -> DisplayList {
        meshCache.beginFrame()
        nextSlot = 0
        openClips = 0
        openGroups = 0
        frameNumber += 1
        currentTarget = 0
        canvasMatrix = clipMatrix(CATransform3DIdentity)
        var list = DisplayList()
        // Frames look like the frame before: one allocation of last frame's sizes instead of regrowing.
        list.vertices.reserveCapacity(lastSizes.vertices)
        list.indices.reserveCapacity(lastSizes.indices)
        list.commands.reserveCapacity(lastSizes.commands)
        list.matrices.reserveCapacity(lastSizes.matrices)
        list.roundedRectVertices.reserveCapacity(lastSizes.quads)
        list.capsuleVertices.reserveCapacity(lastSizes.capsules)
        list.capsuleSegments.reserveCapacity(lastSizes.segments)
        list.capsuleEntryCapacity = capsuleEntryCapacity
        draw(root, parentWorld: CATransform3DIdentity, tint: .one, into: &list)
        // The backend keeps rasters longer (240 frames) than this forgets them, so a remembered raster exists.
        rasters = rasters.filter { frameNumber - $0.value.lastUsed < 120 }
        // Failures are rare; a long record may hold layers long gone (whose identifiers new layers reuse).
        if unrasterizable.count > 256 { unrasterizable = [:] }
        shadows.evict(atFrame: frameNumber)
        gradientRasters.evict(atFrame: frameNumber)
        pictureRasters.evict(atFrame: frameNumber)
        texts.evict(atFrame: frameNumber)
        lastSizes = (list.vertices.count, list.indices.count, list.commands.count, list.matrices.count,
                     list.roundedRectVertices.count, list.capsuleVertices.count, list.capsuleSegments.count)
        return list
    }

    // MARK: Shared by the walk and the parts

    /// One device pixel in the layer's points: how wide the renderer draws a thinner stroke.
    func hairlineWidth(_ frame: CompositorFrame) -> CGFloat {
        let s = LayerGeometry.scale(frame.world) * contentScale
        return s > 1e-9 ? 1 / s : 0
    }

    /// A new key for a cached raster (shouldRasterize layers and shadow silhouettes share the numbering).
    func makeRasterKey() -> Int {
        nextRasterKey += 1
        return nextRasterKey
    }

    /// The frame count that cache entries remember as their last use.
    var frameNumberForCaches: Int { frameNumber }

    /// Runs `body` with the raster `key` of `width` x `height` pixels as the target (one pixel a point,
    /// cleared first unless `covered`: see `DisplayCommand.beginRaster`), then returns to the target before.
    func drawInRaster(key: Int, width: Int, height: Int, covered: Bool = false, into list: inout DisplayList,
                      _ body: (inout DisplayList) -> Void) {
        list.commands.append(.beginRaster(key: key, width: width, height: height, covered: covered))
        let saved = (canvasSize, contentScale, currentTarget, canvasMatrix)
        canvasSize = CGSize(width: width, height: height)
        contentScale = 1
        currentTarget = key
        canvasMatrix = clipMatrix(CATransform3DIdentity)
        body(&list)
        (canvasSize, contentScale, currentTarget, canvasMatrix) = saved
        list.commands.append(.endRaster)
    }

    /// How many bodies may be drawn into rasters or shadow silhouettes one inside the other; deeper, a
    /// `shouldRasterize` layer draws directly and a shadow takes the canvas-sized silhouette, so the call
    /// stack stays bounded whatever the tree.
    static let maximumNestedBodies = 16

    static let allCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]

    /// Whether `mesh` is drawn with a coverage fringe: in that mode, when it knows its outline.
    func covers(_ mesh: TriangleMesh) -> Bool {
        coverageAntialiasing && !mesh.boundary.isEmpty
    }

    /// A stroke's mesh: its union with outline under coverage antialiasing, else the overlapping pieces.
    func strokeMesh(_ path: CGPath, _ style: StrokeStyle, tolerance: CGFloat) -> TriangleMesh {
        meshCache.mesh(coverageAntialiasing ? .strokeCoverage(path, style, tolerance: tolerance)
                                            : .stroke(path, style, tolerance: tolerance))
    }

    /// Appends a mesh with its fringe in layer points, for a draw with the layer's matrix.
    func appendFringed(_ mesh: TriangleMesh, _ world: CATransform3D, into list: inout DisplayList) -> IndexRange {
        list.appendWithFringe(mesh, placement: nil, halfPixel: 0.5, flipped: false,
                              width: FringeWidth(world: world, pixelsPerPoint: contentScale), u: 0, v: 0)
    }

    /// Whether a layer's rectangles stay upright rectangles on the canvas (no rotation, shear or perspective).
    static func isUpright(_ m: CATransform3D) -> Bool {
        m.m12 == 0 && m.m21 == 0 && m.m14 == 0 && m.m24 == 0 && m.m34 == 0 && m.m44 == 1
    }

    /// A layer's transform to the current target's clip space (see `LayerGeometry.clipMatrix`).
    func clipMatrix(_ world: CATransform3D) -> [Float] {
        LayerGeometry.clipMatrix(world, canvas: canvasSize)
    }

    /// The bounds as triangles: a quad, or a rounded rectangle when cornerRadius > 0 (only the corners in
    /// maskedCorners are rounded).
    func boundsRange(_ p: LayerProperties, tolerance: CGFloat, into list: inout DisplayList) -> IndexRange {
        guard isRounded(p) else { return list.appendQuad(p.bounds) }
        return list.append(boundsMesh(p, tolerance: tolerance))
    }

    /// The bounds as a mesh (cached when rounded; a two-triangle quad otherwise).
    func boundsMesh(_ p: LayerProperties, tolerance: CGFloat) -> TriangleMesh {
        guard isRounded(p) else { return TriangleMesh.quad(p.bounds) }
        let radius = min(max(p.cornerRadius, 0), min(p.bounds.width, p.bounds.height) / 2)
        return meshCache.mesh(.roundedRect(p.bounds, radius: radius, corners: p.maskedCorners.rawValue, tolerance: tolerance))
    }

    /// Whether the bounds are drawn with rounded corners: a radius left after clamping, and a corner to round.
    func isRounded(_ p: LayerProperties) -> Bool {
        min(max(p.cornerRadius, 0), min(p.bounds.width, p.bounds.height) / 2) > 0 && !p.maskedCorners.isEmpty
    }
}

extension Compositor {
    /// Draws the layers whose raster (one of `keys`) could not be made directly from the next frame on: a
    /// gradient or a picture until its look changes, a rasterized layer while its bitmap's size stays.
    func forgetRasters(withKeys keys: Set<Int>) {
        guard !keys.isEmpty else { return }
        gradientRasters.markFailed(keys)
        pictureRasters.markFailed(keys)
        for (id, raster) in rasters where keys.contains(raster.key) {
            unrasterizable[id] = (raster.width, raster.height)
            rasters[id] = nil
        }
    }
}
