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
public final class Compositor {
    /// Device pixels per point.
    public var contentScale: CGFloat
    /// The canvas in points.
    public var canvasSize: CGSize
    let meshCache = MeshCache()
    private var nextSlot = 0
    /// The target being drawn into: 0 for the frame's own, a raster's key inside `beginRaster`.
    private var currentTarget = 0
    /// What each rasterized layer's cached bitmap shows, to know when it must be drawn again.
    private var rasters: [ObjectIdentifier: (content: PresentationNode, key: Int, width: Int, height: Int, lastUsed: Int)] = [:]
    /// The shadows' blurs, shared by layers whose shadows are alike, and which layer drew which.
    var shadows = ShadowCache()
    /// Greater than 0 while the halves of a CATransition draw.
    var drawingTransition = 0
    private var frameNumber = 0
    private var nextRasterKey = 1
    /// Whether consecutive solid fills of 2D-placed layers are joined into one draw call (default true; off
    /// only to measure what batching saves).
    public var batchesFills = true
    /// Whether edges are antialiased by coverage (fringes along outlines, `DisplayList.appendWithFringe`, and
    /// rounded-rectangle quads for backgrounds) rather than by the target's samples: set for single-sample
    /// targets by `FrameRenderer`. Masks and curved or slanted clips then become alpha masks.
    public var coverageAntialiasing = false
    /// The canvas matrix of this frame (points to clip space), made once per frame for batched fills.
    private var canvasMatrix: [Float] = []
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
    private var openClips = 0
    private var openGroups = 0
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
    public init(canvasSize: CGSize, contentScale: CGFloat) {
        self.canvasSize = canvasSize
        self.contentScale = contentScale
    }

    /// Seconds spent tessellating during the last `build`.
    public var lastTessellationSeconds: Double { meshCache.tessellationSeconds }

    /// The display list of a frame.
    public func build(_ root: PresentationNode) -> DisplayList {
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
        draw(root, parentWorld: CATransform3DIdentity, opacity: 1, into: &list)
        // The backend keeps rasters longer (240 frames) than this forgets them, so a remembered raster exists.
        rasters = rasters.filter { frameNumber - $0.value.lastUsed < 120 }
        shadows.evict(atFrame: frameNumber)
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
    /// cleared first), then returns to the target before.
    func drawInRaster(key: Int, width: Int, height: Int, into list: inout DisplayList,
                      _ body: (inout DisplayList) -> Void) {
        list.commands.append(.beginRaster(key: key, width: width, height: height))
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
    private func clipMatrix(_ world: CATransform3D) -> [Float] {
        LayerGeometry.clipMatrix(world, canvas: canvasSize)
    }

    /// The bounds as triangles: a quad, or a rounded rectangle when cornerRadius > 0 (only the corners in
    /// maskedCorners are rounded).
    private func boundsRange(_ p: LayerProperties, tolerance: CGFloat, into list: inout DisplayList) -> IndexRange {
        guard isRounded(p) else { return list.appendQuad(p.bounds) }
        return list.append(boundsMesh(p, tolerance: tolerance))
    }

    /// The bounds as a mesh (cached when rounded; a two-triangle quad otherwise).
    private func boundsMesh(_ p: LayerProperties, tolerance: CGFloat) -> TriangleMesh {
        guard isRounded(p) else { return TriangleMesh.quad(p.bounds) }
        let radius = min(max(p.cornerRadius, 0), min(p.bounds.width, p.bounds.height) / 2)
        return meshCache.mesh(.roundedRect(p.bounds, radius: radius, corners: p.maskedCorners.rawValue, tolerance: tolerance))
    }

    /// Whether the bounds are drawn with rounded corners: a radius left after clamping, and a corner to round.
    private func isRounded(_ p: LayerProperties) -> Bool {
        min(max(p.cornerRadius, 0), min(p.bounds.width, p.bounds.height) / 2) > 0 && !p.maskedCorners.isEmpty
    }
}

/// The walk of the presentation tree: each layer is begun (mask, shadow, group, body up to its sublayers),
/// its sublayers are drawn, then it is finished (border, clips, groups, mask), all by the explicit stack of
/// `CompositorStep`s, so no call nests per tree level.
extension Compositor {
    /// Draws `node` and its subtree: the steps it pushes all run before this returns.
    private func draw(_ node: PresentationNode, parentWorld: CATransform3D, opacity: Float, into list: inout DisplayList) {
        let base = steps.count
        pushRun([node], parentWorld: parentWorld, opacity: opacity)
        runSteps(downTo: base, into: &list)
    }

    /// Pushes `layers` to be drawn one after another, the first first, each under `parentWorld`.
    private func pushRun(_ layers: [PresentationNode], parentWorld: CATransform3D, opacity: Float) {
        guard !layers.isEmpty else { return }
        runs.append(LayerRun(layers: layers, parentWorld: parentWorld, opacity: opacity))
        steps.append(.nextLayer)
    }

    /// Runs the steps above `base`, the ones each step pushes included.
    func runSteps(downTo base: Int, into list: inout DisplayList) {
        while steps.count > base, let step = steps.popLast() {
            switch step {
            case .nextLayer:
                beginNextLayer(into: &list)
            case .finishLayer(let end):
                finishLayer(end, into: &list)
            case .finishMask(let slot):
                list.ensureCanvasQuad(target: currentTarget, canvas: canvasSize, matrix: clipMatrix(CATransform3DIdentity))
                list.commands.append(.endGroup(.maskContent(slot: slot, opacity: 1)))
                openGroups -= 1
            case .finishBody(let end):
                finishBody(end, into: &list)
            case .endTransition:
                drawingTransition -= 1
            }
        }
    }

    /// Begins the innermost run's next layer. The run stays on the stack, below what that layer pushes,
    /// until its last layer is begun.
    private func beginNextLayer(into list: inout DisplayList) {
        let last = runs.count - 1
        let index = runs[last].next
        let node = runs[last].layers[index]
        let parentWorld = runs[last].parentWorld, opacity = runs[last].opacity
        if index + 1 < runs[last].layers.count {
            runs[last].next = index + 1
            steps.append(.nextLayer)
        } else {
            runs.removeLast()
        }
        beginLayer(node, parentWorld: parentWorld, opacity: opacity, into: &list)
    }

    // MARK: Layers

    /// A layer's drawing up to its body: its mask's clip or group, its shadow, its group; then the body, whose
    /// sublayers are pushed as a run, with the step that closes what was opened here beneath them.
    private func beginLayer(_ node: PresentationNode, parentWorld: CATransform3D, opacity parentOpacity: Float,
                            into list: inout DisplayList) {
        if let transition = node.transition, let previous = transition.previous {
            beginTransition(transition, old: previous, new: node, parentWorld: parentWorld, opacity: parentOpacity)
            return
        }
        let layerOpacity = node.properties.opacity.isFinite ? min(max(node.properties.opacity, 0), 1) : 1
        let opacity = parentOpacity * layerOpacity
        guard !node.properties.isHidden, opacity > 0, let world = placedWorld(node, parentWorld: parentWorld) else { return }
        let frame = CompositorFrame(node: node, world: world, matrix: list.addMatrix(clipMatrix(world)),
                                    tolerance: LayerGeometry.tolerance(world, contentScale: contentScale))

        // The mask wraps everything the layer draws, its shadow included (as on iOS).
        var maskEnd: MaskEnd?
        if let mask = node.mask {
            let binary = MaskAnalysis.isBinary(mask)
            if binary, drawGradientThroughMask(frame, mask: mask, opacity: opacity, into: &list) { return }
            guard let opened = openMask(mask, binary: binary, frame, into: &list) else { return }
            maskEnd = opened
        }
        let shadowFromContent = drawSeparateShadow(frame, opacity: opacity, into: &list)
        let groupEnd = openGroup(frame, layerOpacity: layerOpacity, opacity: opacity,
                                 shadowFromContent: shadowFromContent, into: &list)
        if groupEnd != nil || maskEnd != nil {
            steps.append(.finishLayer(LayerEnd(frame: frame, groupEnd: groupEnd, mask: maskEnd)))
        }
        drawBodyOrRaster(frame, opacity: groupEnd == nil ? opacity : 1, into: &list)
    }

    /// Where the layer is placed on the canvas; nil (with a diagnostic where the values are at fault) when
    /// it cannot be drawn: not finite, beyond the GPU's floats, or facing away.
    private func placedWorld(_ node: PresentationNode, parentWorld: CATransform3D) -> CATransform3D? {
        let world = LayerGeometry.toParent(node.properties).concatenating(parentWorld)
        guard LayerGeometry.isDrawable(world: world), LayerGeometry.isDrawable(node.properties) else {
            Diagnostics.report(!world.isFinite ? "a layer's transform or geometry is not finite; that layer is not drawn"
                : LayerGeometry.isDrawable(world: world)
                ? "a layer's bounds, position or anchor point is 1e7 points or more from the origin; that layer is not drawn"
                : "a layer's transform (with its superlayers') has an entry of 1e15 or more, past the GPU's floats; that layer is not drawn")
            return nil
        }
        guard node.properties.isDoubleSided || !LayerGeometry.facesAway(world) else { return nil }
        return world
    }

    /// Opens a layer's mask: a stencil clip of a binary mask's pieces, or the group an alpha mask applies to.
    /// Under coverage antialiasing every mask is an alpha mask: a stencil has one sample a pixel there, so a
    /// mask's edges would be hard. Nil, with a diagnostic, when the clip or group is over its budget and the
    /// layer is not drawn.
    private func openMask(_ mask: PresentationNode, binary: Bool, _ frame: CompositorFrame,
                          into list: inout DisplayList) -> MaskEnd? {
        if binary && !coverageAntialiasing {
            guard openClips < Self.maximumOpenClips else {
                Diagnostics.report("a masked layer inside \(Self.maximumOpenClips) clipping layers is not drawn (the stencil has no more levels)")
                return nil
            }
            let pieces = clipPieces(of: mask, parentWorld: frame.world, into: &list)
            list.commands.append(.pushClip(pieces))
            openClips += 1
            return .clip(pieces)
        }
        guard openGroups < Self.maximumOpenGroups else {
            Diagnostics.report("a layer with an alpha mask inside \(Self.maximumOpenGroups) offscreen groups is not drawn")
            return nil
        }
        openGroups += 1
        let slot = nextSlot
        nextSlot += 1
        // Content and mask of an alpha mask share one area, so the shader reads both at the same place.
        let area = groupArea(frame, into: &list)
        list.commands.append(.beginGroup(area))
        return .alpha(mask, slot: slot, area: area)
    }

    /// Draws a layer's shadow where it comes apart from the layer's content: a cached blur (most shadows;
    /// `ShadowCache`) or shadowPath's blurred silhouette. True when the shadow must instead come from the
    /// content, drawn into a canvas-sized group (see `openGroup`).
    private func drawSeparateShadow(_ frame: CompositorFrame, opacity: Float, into list: inout DisplayList) -> Bool {
        let p = frame.p
        guard p.shadowOpacity > 0 && (p.shadowColor?.alpha ?? 0) > 0 && !p.masksToBounds else { return false }
        guard LayerGeometry.isDrawableShadow(p) else {
            Diagnostics.report("a shadow whose radius is not a number, or whose offset is not finite or is 1e15 points or more, is not drawn")
            return false
        }
        guard !drawCachedShadow(frame, opacity: opacity, into: &list) else { return false }
        guard openGroups < Self.maximumOpenGroups else {
            Diagnostics.report("a layer's shadow inside \(Self.maximumOpenGroups) offscreen groups is not drawn")
            return false
        }
        guard let shadowPath = p.shadowPath else { return true }
        // A shadow from shadowPath: blur the path's silhouette; the layer then draws as usual.
        let mesh = meshCache.mesh(.fill(shadowPath, .winding, tolerance: frame.tolerance))
        if !mesh.isEmpty {
            list.commands.append(.beginGroup(nil))
            list.commands.append(.fill(list.append(mesh), matrix: frame.matrix, color: SIMD4(1, 1, 1, 1)))
            list.commands.append(.endGroup(shadowEnd(frame, opacity: opacity, then: nil)))
            list.ensureCanvasQuad(target: currentTarget, canvas: canvasSize, matrix: clipMatrix(CATransform3DIdentity))
        }
        return false
    }

    /// Opens the offscreen group a layer's body draws into, if it needs one: for a shadow from its content, or
    /// for group opacity (a translucent layer whose parts overlap composites as one picture, as on iOS).
    /// Returns how the group ends; nil when there is none.
    private func openGroup(_ frame: CompositorFrame, layerOpacity: Float, opacity: Float, shadowFromContent: Bool,
                           into list: inout DisplayList) -> GroupEnd? {
        var grouped = layerOpacity < 1 && frame.p.allowsGroupOpacity && MaskAnalysis.partCount(frame.node, parts: frame.parts) >= 2
        if grouped, openGroups >= Self.maximumOpenGroups {
            Diagnostics.report("a translucent layer inside \(Self.maximumOpenGroups) offscreen groups is drawn without group opacity")
            grouped = false
        }
        let groupEnd: GroupEnd? = shadowFromContent ? shadowEnd(frame, opacity: opacity, then: opacity)
            : grouped ? .composite(opacity: opacity) : nil
        if groupEnd != nil {
            // A shadow's silhouette is blurred at the target's size; group opacity needs only the layer's area.
            list.commands.append(.beginGroup(shadowFromContent ? nil : groupArea(frame, into: &list)))
            openGroups += 1
        }
        return groupEnd
    }

    /// Closes what `beginLayer` opened once the body is drawn: the layer's group, then its mask (an alpha
    /// mask's layers are pushed as a run, drawn into a group of their own).
    private func finishLayer(_ end: LayerEnd, into list: inout DisplayList) {
        if let groupEnd = end.groupEnd {
            list.ensureCanvasQuad(target: currentTarget, canvas: canvasSize, matrix: clipMatrix(CATransform3DIdentity))
            list.commands.append(.endGroup(groupEnd))
            openGroups -= 1
        }
        switch end.mask {
        case .clip(let pieces):
            list.commands.append(.popClip(pieces))
            openClips -= 1
        case .alpha(let mask, let slot, let area):
            list.commands.append(.endGroup(.hold(slot: slot)))
            list.commands.append(.beginGroup(area))
            steps.append(.finishMask(slot: slot))
            pushRun([mask], parentWorld: end.frame.world, opacity: 1)
        case nil:
            break
        }
    }

    /// A running CATransition (see its doc comment): the old and new states drawn together, cross-faded or
    /// slid by progress x the layer's size from the subtype's side. Pushes both halves as a run.
    private func beginTransition(_ t: TransitionState, old: PresentationNode, new: PresentationNode,
                                 parentWorld: CATransform3D, opacity: Float) {
        var before = old, after = new
        before.transition = nil
        after.transition = nil
        let progress = Float(min(max(t.progress.isFinite ? t.progress : 1, 0), 1))
        let size = new.properties.bounds.size
        // The direction the new state travels in: from the left it moves right (+x); y points down.
        var direction = CGPoint(x: 1, y: 0)
        switch t.subtype {
        case .fromRight: direction = CGPoint(x: -1, y: 0)
        case .fromTop: direction = CGPoint(x: 0, y: 1)
        case .fromBottom: direction = CGPoint(x: 0, y: -1)
        default: break
        }
        func shifted(_ node: PresentationNode, by amount: Float) -> PresentationNode {
            var moved = node
            moved.properties.position.x += direction.x * size.width * CGFloat(amount)
            moved.properties.position.y += direction.y * size.height * CGFloat(amount)
            return moved
        }
        // Both halves share the layer's identity: they must not fight over one cached shadow.
        drawingTransition += 1
        steps.append(.endTransition)
        // Each half is a run of its own (a cross-fade gives them different opacities); the first drawn is
        // pushed last.
        let halves: [(PresentationNode, Float)]
        switch t.type {
        case .moveIn: halves = [(before, opacity), (shifted(after, by: progress - 1), opacity)]
        case .push: halves = [(shifted(before, by: progress), opacity), (shifted(after, by: progress - 1), opacity)]
        case .reveal: halves = [(after, opacity), (shifted(before, by: progress), opacity)]
        default: halves = [(before, opacity * (1 - progress)), (after, opacity * progress)]
        }
        for (half, halfOpacity) in halves.reversed() {
            pushRun([half], parentWorld: parentWorld, opacity: halfOpacity)
        }
    }

    // MARK: Bodies

    /// The body, or for a `shouldRasterize` layer its cached bitmap (drawn again only when what it shows
    /// changed: the layer's own place, transform and opacity are applied outside the bitmap).
    private func drawBodyOrRaster(_ frame: CompositorFrame, opacity: Float, into list: inout DisplayList) {
        let p = frame.p
        let scale = p.rasterizationScale.isFinite && p.rasterizationScale > 0 ? p.rasterizationScale : 1
        let width = Int(clampingPixel: (p.bounds.width * scale).rounded(.up))
        let height = Int(clampingPixel: (p.bounds.height * scale).rounded(.up))
        guard p.shouldRasterize, width >= 1, height >= 1, width <= 8192, height <= 8192,
              nestedBodies < Self.maximumNestedBodies else {
            beginBody(frame, opacity: opacity, into: &list)
            return
        }
        let key = drawRaster(of: frame, scale: scale, width: width, height: height, into: &list)
        // The bitmap's own edges get a coverage fringe (its texels clamp at the edge), so a turned raster is
        // antialiased like other content.
        let flippedUV = CGRect(x: 0, y: 1, width: 1, height: -1)
        let depth = coverageAntialiasing ? list.takeDepth() : nil
        let quad = depth == nil ? list.appendQuad(p.bounds, uv: flippedUV)
            : list.appendQuadWithFringe(p.bounds, uv: flippedUV, width: FringeWidth(world: frame.world, pixelsPerPoint: contentScale))
        list.commands.append(.rasterImage(key: key, range: quad, matrix: frame.matrix, opacity: opacity,
                                          antialiasing: depth.map { .coverage(depth: $0) } ?? .samples))
    }

    /// The raster key of a `shouldRasterize` layer's bitmap, its body drawn into it first unless the bitmap
    /// kept from an earlier frame shows the same.
    private func drawRaster(of frame: CompositorFrame, scale: CGFloat, width: Int, height: Int,
                            into list: inout DisplayList) -> Int {
        var content = frame.node
        content.properties.position = .zero
        content.properties.transform = CATransform3DIdentity
        content.properties.opacity = 1
        content.properties.zPosition = 0
        content.maskNodes = []
        let id = frame.node.layerID
        let cached = rasters[id]
        let key = cached?.key ?? makeRasterKey()
        if cached == nil || cached?.content != content || cached?.width != width || cached?.height != height {
            // Layer points to raster pixels: the bounds fill the bitmap.
            let bounds = frame.p.bounds
            let toRaster = CATransform3DMakeTranslation(-bounds.minX, -bounds.minY, 0)
                .concatenating(CATransform3DMakeScale(scale, scale, 1))
            drawInRaster(key: key, width: width, height: height, into: &list) { list in
                let rasterFrame = CompositorFrame(node: frame.node, world: toRaster, matrix: list.addMatrix(clipMatrix(toRaster)),
                                                  tolerance: LayerGeometry.tolerance(toRaster, contentScale: 1))
                drawBody(rasterFrame, opacity: 1, into: &list)
            }
        }
        rasters[id] = (content, key, width, height, frameNumberForCaches)
        return key
    }

    /// The body, drawn whole before this returns (into a raster or a shadow's silhouette).
    func drawBody(_ frame: CompositorFrame, opacity: Float, into list: inout DisplayList) {
        nestedBodies += 1
        defer { nestedBodies -= 1 }
        let base = steps.count
        beginBody(frame, opacity: opacity, into: &list)
        runSteps(downTo: base, into: &list)
    }

    /// Background, then (clipped by masksToBounds) contents, gradient, shape and sublayers, then the border:
    /// draws up to the sublayers, and pushes them as a run above the step that finishes the body.
    func beginBody(_ frame: CompositorFrame, opacity: Float, into list: inout DisplayList) {
        if let background = frame.parts.background {
            drawBackground(frame, color: background.premultipliedRGBA * opacity, into: &list)
        }
        var clip: BoundsClip?
        if frame.p.masksToBounds {
            guard let opened = openBoundsClip(frame, into: &list) else {
                // Nothing inside the bounds can be clipped to them: only the background and border draw.
                if frame.parts.border != nil {
                    steps.append(.finishBody(BodyEnd(frame: frame, opacity: opacity, clip: nil)))
                }
                return
            }
            clip = opened
        }
        // Under a clip drawn as an alpha mask the clip's own fringe antialiases the bounds: content filling them
        // gets no second fringe, or the two coverages would multiply and lighten the edge.
        var fringesContent = coverageAntialiasing
        if case .alphaMask = clip { fringesContent = false }
        drawContentAndShape(frame, opacity: opacity, fringesContent: fringesContent, into: &list)
        if clip != nil || frame.parts.border != nil {
            steps.append(.finishBody(BodyEnd(frame: frame, opacity: opacity, clip: clip)))
        }
        let sublayers = frame.node.sublayers
        guard !sublayers.isEmpty else { return }
        // (geometryFlipped is part of sublayerTransform(_:).)
        pushRun(LayerGeometry.drawingOrder(sublayers),
                parentWorld: LayerGeometry.sublayerTransform(frame.p).concatenating(frame.world), opacity: opacity)
    }

    /// Opens masksToBounds' clip: under coverage antialiasing a clip whose edges are curved or slanted is an
    /// alpha mask (the stencil has one sample a pixel there); an upright rectangle stays a stencil clip. Nil,
    /// with a diagnostic, when no clip can be opened (the stencil has no more levels).
    private func openBoundsClip(_ frame: CompositorFrame, into list: inout DisplayList) -> BoundsClip? {
        let p = frame.p
        if coverageAntialiasing && (isRounded(p) || !Self.isUpright(frame.world)) && openGroups < Self.maximumOpenGroups {
            let slot = nextSlot
            let area = groupArea(frame, into: &list)
            nextSlot += 1
            list.commands.append(.beginGroup(area))
            openGroups += 1
            return .alphaMask(slot: slot, area: area)
        }
        guard openClips < Self.maximumOpenClips else {
            Diagnostics.report("the contents and sublayers of a layer masking to its bounds inside \(Self.maximumOpenClips) clipping layers are not drawn (the stencil has no more levels)")
            return nil
        }
        let pieces = [ClipPiece(range: boundsRange(p, tolerance: frame.tolerance, into: &list), matrix: frame.matrix)]
        list.commands.append(.pushClip(pieces))
        openClips += 1
        return .stencil(pieces)
    }

    /// What the body draws inside its bounds' clip before the sublayers: contents, gradient, fill, stroke.
    private func drawContentAndShape(_ frame: CompositorFrame, opacity: Float, fringesContent: Bool,
                                     into list: inout DisplayList) {
        let p = frame.p
        if let image = frame.parts.contents {
            if fringesContent, let depth = list.takeDepth() {
                let range = ContentsLayout.appendQuads(for: image, p, fringe: FringeWidth(world: frame.world, pixelsPerPoint: contentScale),
                                                       into: &list)
                list.commands.append(.image(range, matrix: frame.matrix, image: image, opacity: opacity,
                                            sampling: ContentsLayout.sampling(p), antialiasing: .coverage(depth: depth)))
            } else {
                let range = ContentsLayout.appendQuads(for: image, p, into: &list)
                list.commands.append(.image(range, matrix: frame.matrix, image: image, opacity: opacity,
                                            sampling: ContentsLayout.sampling(p)))
            }
        }
        if frame.parts.gradient, let paint = GradientGeometry.paint(p, opacity: opacity) {
            if fringesContent, let depth = list.takeDepth() {
                let range = appendFringed(TriangleMesh.quad(p.bounds), frame.world, into: &list)
                list.commands.append(.gradient(range, matrix: frame.matrix, paint: paint, antialiasing: .coverage(depth: depth)))
            } else {
                list.commands.append(.gradient(list.appendQuad(p.bounds), matrix: frame.matrix, paint: paint))
            }
        }
        if let fill = frame.parts.fill {
            let mesh = meshCache.mesh(.fill(fill.path, p.fillRule.cgFillRule, tolerance: frame.tolerance))
            self.fill(mesh, frame, color: fill.color.premultipliedRGBA * opacity, into: &list)
        }
        if let stroke = frame.parts.stroke {
            drawStroke(stroke.path, stroke.style, frame, color: stroke.color, opacity: opacity, into: &list)
        }
    }

    /// After the sublayers: the bounds' clip closed, then the border.
    private func finishBody(_ end: BodyEnd, into list: inout DisplayList) {
        let frame = end.frame
        switch end.clip {
        case .stencil(let pieces):
            list.commands.append(.popClip(pieces))
            openClips -= 1
        case .alphaMask(let slot, let area):
            list.commands.append(.endGroup(.hold(slot: slot)))
            list.commands.append(.beginGroup(area))
            fill(boundsMesh(frame.p, tolerance: frame.tolerance), frame, color: SIMD4(1, 1, 1, 1), into: &list)
            list.ensureCanvasQuad(target: currentTarget, canvas: canvasSize, matrix: clipMatrix(CATransform3DIdentity))
            list.commands.append(.endGroup(.maskContent(slot: slot, opacity: 1)))
            openGroups -= 1
        case nil:
            break
        }
        if let border = frame.parts.border {
            drawBorder(frame, color: border.color.premultipliedRGBA * end.opacity, into: &list)
        }
    }
}

/// What a layer draws itself, part by part: background, fill, stroke and border, each the cheapest way the
/// layer's placement allows (the frame's clear colour, a rounded-rectangle quad, capsules, a fan or a batched
/// fill before a mesh of its own).
extension Compositor {
    /// The background: folded into the frame's clear colour, a rounded-rectangle quad, or the bounds' mesh.
    private func drawBackground(_ frame: CompositorFrame, color: SIMD4<Float>, into list: inout DisplayList) {
        if !foldIntoClear(frame, color: color, into: &list), !drawBackgroundQuad(frame, color: color, into: &list) {
            fill(boundsMesh(frame.p, tolerance: frame.tolerance), frame, color: color, into: &list)
        }
    }

    /// A solid fill: joined to the batched run when the layer sits flat in 2D (one draw for many layers),
    /// else its own draw with the layer's matrix (perspective needs the GPU's divide).
    private func fill(_ mesh: TriangleMesh, _ frame: CompositorFrame, color: SIMD4<Float>, into list: inout DisplayList) {
        guard !mesh.isEmpty else { return }
        if covers(mesh) {
            // Placed in 2D, a star-shaped region is a fan that antialiases its own edges and joins the
            // plain fills' run. Else the fringe first, each pixel once: batched with the translucent strokes'
            // depth values when placed in 2D, else a draw of its own with the next depth value.
            let placement = batchesFills ? AffinePlacement(frame.world) : nil
            let halfPixel = Float(0.5 / contentScale)
            if let placement, let fan = mesh.fanOutline,
               list.appendBatchedFan(fan, placement: placement, color: color, canvasMatrix: canvasMatrix, halfPixel: halfPixel) {
                return
            }
            if let placement, list.appendBatchedStroke(mesh, placement: placement, color: color, canvasMatrix: canvasMatrix,
                                                       fringe: halfPixel) {
                return
            }
            if let depth = list.takeDepth() {
                let range = appendFringed(mesh, frame.world, into: &list)
                list.commands.append(.fill(range, matrix: frame.matrix, color: color, antialiasing: .coverage(depth: depth)))
                return
            }
        }
        if batchesFills, let placement = AffinePlacement(frame.world) {
            list.appendBatchedFill(mesh, placement: placement, color: color, canvasMatrix: canvasMatrix)
        } else {
            list.commands.append(.fill(list.append(mesh), matrix: frame.matrix, color: color))
        }
    }

    /// A shape layer's stroke: as capsules where it can, else its mesh (a hairline thinner than a device pixel
    /// widened to one pixel and faded by its width).
    private func drawStroke(_ path: CGPath, _ strokeStyle: StrokeStyle, _ frame: CompositorFrame, color stroke: CGColor,
                            opacity: Float, into list: inout DisplayList) {
        guard !drawCapsules(path, strokeStyle, frame, color: stroke.premultipliedRGBA * opacity, into: &list) else { return }
        var style = strokeStyle
        // A hairline thinner than a device pixel is drawn one pixel wide with its alpha scaled by its
        // width, so it keeps its ink and fades instead of breaking up.
        let pixelWidth = style.lineWidth * LayerGeometry.scale(frame.world) * contentScale
        var fade: Float = 1
        if pixelWidth > 0, pixelWidth < 1 {
            fade = Float(pixelWidth)
            style.lineWidth /= pixelWidth
        }
        let mesh = strokeMesh(path, style, tolerance: frame.tolerance)
        if !mesh.isEmpty {
            let color = stroke.premultipliedRGBA * (opacity * fade)
            // Only a translucent stroke whose triangles overlap needs the stencil to blend once (a
            // coverage fringe's draw blends once by itself).
            if mesh.mayOverlap && color.w < 1 && !covers(mesh) {
                if !batchesFills || !batchedStroke(mesh, frame, color: color, into: &list) {
                    list.commands.append(.fill(list.append(mesh), matrix: frame.matrix, color: color,
                                               antialiasing: .samplesOnce))
                }
            } else {
                fill(mesh, frame, color: color, into: &list)
            }
        }
    }

    /// A translucent self-overlapping stroke joined to the batched run of such strokes (blended once each
    /// by depth); false when it must be drawn on its own (perspective, or the frame's depth values used up).
    private func batchedStroke(_ mesh: TriangleMesh, _ frame: CompositorFrame, color: SIMD4<Float>,
                               into list: inout DisplayList) -> Bool {
        guard let placement = AffinePlacement(frame.world) else { return false }
        return list.appendBatchedStroke(mesh, placement: placement, color: color, canvasMatrix: canvasMatrix)
    }

    /// Under coverage antialiasing, a round-capped, round-joined stroke of straight segments (curves flattened,
    /// at most `CapsuleStroke.maxSegments`) on a layer placed in 2D without uneven scale, as one quad per
    /// segment (CapsuleStroke.swift), in one draw with its neighbours when fills are batched; false, drawing
    /// nothing, otherwise.
    private func drawCapsules(_ path: CGPath, _ style: StrokeStyle, _ frame: CompositorFrame, color: SIMD4<Float>,
                              into list: inout DisplayList) -> Bool {
        guard coverageAntialiasing, let placement = AffinePlacement(frame.world),
              let scale = RoundedRectQuad.uniformScale(placement, pixelsPerPoint: contentScale),
              let segments = CapsuleStroke.segments(of: path, style: style, tolerance: frame.tolerance) else { return false }
        return list.appendCapsules(segments, placement: placement, scale: scale, pixelsPerPoint: Float(contentScale),
                                   lineWidth: Float(style.lineWidth), color: color, canvasMatrix: canvasMatrix,
                                   joinsRun: batchesFills)
    }

    /// Under coverage antialiasing, a background whose corners are all rounded alike (or none) on a layer
    /// placed in 2D without uneven scale, as one quad for the rounded-rectangle shader; false, drawing
    /// nothing, otherwise.
    private func drawBackgroundQuad(_ frame: CompositorFrame, color: SIMD4<Float>, into list: inout DisplayList) -> Bool {
        let p = frame.p
        guard coverageAntialiasing, batchesFills, !isRounded(p) || p.maskedCorners == Self.allCorners,
              let placement = AffinePlacement(frame.world),
              let scale = RoundedRectQuad.uniformScale(placement, pixelsPerPoint: contentScale) else { return false }
        let b = p.bounds.standardized
        let radius = isRounded(p) ? min(max(p.cornerRadius, 0), min(b.width, b.height) / 2) : 0
        list.appendRoundedRect(b, radius: radius, placement: placement, scale: scale, color: color, canvasMatrix: canvasMatrix)
        return true
    }

    /// An opaque background that covers the whole canvas and comes before anything else is drawn (a root
    /// layer's, usually) becomes the frame's clear colour: the same pixels (an opaque colour over whatever
    /// the clear left), without shading every pixel of the canvas once more. False when it does not apply.
    private func foldIntoClear(_ frame: CompositorFrame, color: SIMD4<Float>, into list: inout DisplayList) -> Bool {
        let p = frame.p, w = frame.world
        guard list.commands.isEmpty, list.clearColor == nil, color.w >= 1, !isRounded(p), Self.isUpright(w)
        else { return false }
        let b = p.bounds.standardized
        let xs = (b.minX * w.m11 + w.m41, b.maxX * w.m11 + w.m41), ys = (b.minY * w.m22 + w.m42, b.maxY * w.m22 + w.m42)
        guard min(xs.0, xs.1) <= 0, min(ys.0, ys.1) <= 0, max(xs.0, xs.1) >= canvasSize.width,
              max(ys.0, ys.1) >= canvasSize.height else { return false }
        // Quantised as a drawn background's packed colour is, so both give the same 8-bit pixels.
        list.clearColor = DisplayList.quantized(color)
        return true
    }

    /// The border: a butt-ended, mitred stroke along the bounds inset by half its width (only the corners in
    /// maskedCorners rounded, as the background's).
    private func drawBorder(_ frame: CompositorFrame, color: SIMD4<Float>, into list: inout DisplayList) {
        let p = frame.p
        let inset = p.bounds.insetBy(dx: p.borderWidth / 2, dy: p.borderWidth / 2)
        guard inset.width >= 0, inset.height >= 0 else { return }
        let radius = max(0, min(p.cornerRadius - p.borderWidth / 2, min(inset.width, inset.height) / 2))
        let path = radius > 0 ? LayerGeometry.roundedBounds(inset, radius: radius, corners: p.maskedCorners)
            : CGPath(rect: inset, transform: nil)
        let style = StrokeStyle(lineWidth: p.borderWidth, lineCap: .butt, lineJoin: .miter)
        let mesh = strokeMesh(path, style, tolerance: frame.tolerance)
        if covers(mesh) {
            fill(mesh, frame, color: color, into: &list)
        } else {
            let range = list.append(mesh)
            list.commands.append(mesh.mayOverlap && color.w < 1
                ? .fill(range, matrix: frame.matrix, color: color, antialiasing: .samplesOnce)
                : .fill(range, matrix: frame.matrix, color: color))
        }
    }
}

/// Where a layer's clips and offscreen groups reach: a binary mask's clip pieces, the pixels a group covers,
/// and how a shadow's group ends.
extension Compositor {
    /// The shadow of a layer: Core Animation's shadowRadius is the Gaussian's standard deviation in points;
    /// the offset is in the layer's space, so it turns and scales with the layer.
    private func shadowEnd(_ frame: CompositorFrame, opacity: Float, then: Float?) -> GroupEnd {
        let p = frame.p
        let w = frame.world
        let dx = p.shadowOffset.width * w.m11 + p.shadowOffset.height * w.m21
        let dy = p.shadowOffset.width * w.m12 + p.shadowOffset.height * w.m22
        let scale = max(hypot(w.m11, w.m12), hypot(w.m21, w.m22))
        let color = (p.shadowColor ?? .black).premultipliedRGBA * (Float(min(max(p.shadowOpacity, 0), 1)) * opacity)
        // An infinite radius blurs to nothing; bounded, it stays a number (an infinite one times a zero scale
        // is not).
        let sigma = max(p.shadowRadius, 0) * scale * contentScale
        return .shadow(color: color, offset: SIMD2(Float(dx * contentScale), Float(dy * contentScale)),
                       sigma: Float(sigma.isNaN ? 0 : min(sigma, 1e30)), thenOpacity: then)
    }

    /// The whole pixels of the current target that a layer's drawing (its shadow included) can touch, padded
    /// by one pixel for antialiasing, with the quad that composites them; nil (the whole target) when the layer
    /// cannot be bounded in 2D.
    private func groupArea(_ frame: CompositorFrame, into list: inout DisplayList) -> GroupArea? {
        let p = frame.p
        guard AffinePlacement(frame.world) != nil,
              var box = ContentBounds.box(of: frame.node, minimumLineWidth: hairlineWidth(frame)) else { return nil }
        if p.shadowOpacity > 0, p.shadowColor != nil, !p.masksToBounds {
            guard let shadow = ContentBounds.shadowBox(of: p, content: box) else { return nil }
            box = box.union(shadow)
        }
        let w = frame.world
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        for (x, y) in [(box.minX, box.minY), (box.maxX, box.minY), (box.minX, box.maxY), (box.maxX, box.maxY)] {
            let px = (x * w.m11 + y * w.m21 + w.m41) * contentScale, py = (x * w.m12 + y * w.m22 + w.m42) * contentScale
            minX = min(minX, px); maxX = max(maxX, px); minY = min(minY, py); maxY = max(maxY, py)
        }
        let targetWidth = Int(clampingPixel: (canvasSize.width * contentScale).rounded())
        let targetHeight = Int(clampingPixel: (canvasSize.height * contentScale).rounded())
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite, targetWidth >= 1, targetHeight >= 1 else { return nil }
        let x0 = min(max(Int(clampingPixel: (minX - 1).rounded(.down)), 0), targetWidth - 1)
        let y0 = min(max(Int(clampingPixel: (minY - 1).rounded(.down)), 0), targetHeight - 1)
        // Sizes rounded up to 64 pixels, so a layer that grows or turns a little each frame reuses the pool's
        // surfaces instead of making new ones.
        func roundedUp(_ v: Int) -> Int { (v + 63) / 64 * 64 }
        let contentX1 = max(min(Int(clampingPixel: (maxX + 1).rounded(.up)), targetWidth), x0 + 1)
        let contentY1 = max(min(Int(clampingPixel: (maxY + 1).rounded(.up)), targetHeight), y0 + 1)
        let x1 = min(x0 + roundedUp(contentX1 - x0), targetWidth)
        let y1 = min(y0 + roundedUp(contentY1 - y0), targetHeight)
        // The group is composited over its content's pixels only, not the rounded-up surface: the rest of the
        // surface is clear, and compositing it would shade up to a third more pixels for nothing.
        let rect = CGRect(x: CGFloat(x0) / contentScale, y: CGFloat(y0) / contentScale,
                          width: CGFloat(contentX1 - x0) / contentScale, height: CGFloat(contentY1 - y0) / contentScale)
        let uv = CGRect(x: 0, y: 1, width: CGFloat(contentX1 - x0) / CGFloat(x1 - x0),
                        height: -CGFloat(contentY1 - y0) / CGFloat(y1 - y0))
        let quad = list.appendQuad(rect, uv: uv)
        return GroupArea(x: x0, y: y0, width: x1 - x0, height: y1 - y0, quad: quad,
                         matrix: list.addMatrix(canvasMatrix))
    }

    /// The geometry of a binary mask layer and its sublayers, as clip pieces: everything it draws (depth first
    /// with an explicit stack, so a mask of any depth clips).
    private func clipPieces(of node: PresentationNode, parentWorld: CATransform3D,
                            into list: inout DisplayList) -> [ClipPiece] {
        var pieces: [ClipPiece] = []
        var pending = [(node, parentWorld)]
        while let (next, world) = pending.popLast() {
            guard let childWorld = appendClipPieces(of: next, parentWorld: world, to: &pieces, into: &list) else { continue }
            for child in next.sublayers.reversed() { pending.append((child, childWorld)) }
        }
        return pieces
    }

    /// Appends the pieces one mask layer draws itself; returns its sublayers' parent transform, nil when it
    /// draws nothing (hidden, transparent, not finite).
    private func appendClipPieces(of node: PresentationNode, parentWorld: CATransform3D, to pieces: inout [ClipPiece],
                                  into list: inout DisplayList) -> CATransform3D? {
        let p = node.properties
        guard !p.isHidden, p.opacity > 0 else { return nil }
        let world = LayerGeometry.toParent(p).concatenating(parentWorld)
        guard LayerGeometry.isDrawable(world: world), LayerGeometry.isDrawable(p) else { return nil }
        let matrix = list.addMatrix(clipMatrix(world))
        let tolerance = LayerGeometry.tolerance(world, contentScale: contentScale)
        let parts = LayerParts(node)
        if parts.background != nil {
            pieces.append(ClipPiece(range: boundsRange(p, tolerance: tolerance, into: &list), matrix: matrix))
        }
        if let fill = parts.fill {
            let mesh = meshCache.mesh(.fill(fill.path, p.fillRule.cgFillRule, tolerance: tolerance))
            if !mesh.isEmpty { pieces.append(ClipPiece(range: list.append(mesh), matrix: matrix)) }
        }
        if let stroke = parts.stroke {
            let mesh = meshCache.mesh(.stroke(stroke.path, stroke.style, tolerance: tolerance))
            if !mesh.isEmpty { pieces.append(ClipPiece(range: list.append(mesh), matrix: matrix)) }
        }
        return LayerGeometry.sublayerTransform(p).concatenating(world)
    }
}
