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
    var steps: [CompositorStep] = []
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


    // MARK: Layers

    /// Draws `node` and its subtree: the steps it pushes all run before this returns.
    private func draw(_ node: PresentationNode, parentWorld: CATransform3D, opacity: Float, into list: inout DisplayList) {
        let base = steps.count
        steps.append(.layer(node, parentWorld: parentWorld, opacity: opacity))
        runSteps(downTo: base, into: &list)
    }

    /// Runs the steps above `base`, the ones each step pushes included.
    func runSteps(downTo base: Int, into list: inout DisplayList) {
        while steps.count > base, let step = steps.popLast() {
            switch step {
            case .layer(let node, let parentWorld, let opacity):
                beginLayer(node, parentWorld: parentWorld, opacity: opacity, into: &list)
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

    /// A layer's drawing up to its body: its mask's clip or group, its shadow, its group; then the body, whose
    /// sublayers are pushed as steps, with the step that closes what was opened here beneath them.
    private func beginLayer(_ node: PresentationNode, parentWorld: CATransform3D, opacity parentOpacity: Float,
                            into list: inout DisplayList) {
        if let transition = node.transition, let previous = transition.previous {
            beginTransition(transition, old: previous, new: node, parentWorld: parentWorld, opacity: parentOpacity)
            return
        }
        let p = node.properties
        let layerOpacity = p.opacity.isFinite ? min(max(p.opacity, 0), 1) : 1
        let opacity = parentOpacity * layerOpacity
        guard !p.isHidden, opacity > 0 else { return }
        let world = LayerGeometry.toParent(p).concatenating(parentWorld)
        guard LayerGeometry.isDrawable(world: world), LayerGeometry.isDrawable(p) else {
            Diagnostics.report(!world.isFinite ? "a layer's transform or geometry is not finite; that layer is not drawn"
                : LayerGeometry.isDrawable(world: world)
                ? "a layer's bounds, position or anchor point is 1e7 points or more from the origin; that layer is not drawn"
                : "a layer's transform (with its superlayers') has an entry of 1e15 or more, past the GPU's floats; that layer is not drawn")
            return
        }
        guard p.isDoubleSided || !LayerGeometry.facesAway(world) else { return }
        let frame = CompositorFrame(node: node, world: world, matrix: list.addMatrix(clipMatrix(world)),
                          tolerance: LayerGeometry.tolerance(world, contentScale: contentScale))

        if let mask = node.mask, MaskAnalysis.isBinary(mask),
           drawGradientThroughMask(frame, mask: mask, opacity: opacity, into: &list) { return }

        // The mask wraps everything the layer draws, its shadow included (as on iOS).
        var maskPieces: [ClipPiece] = []
        var maskSlot: Int?
        // Content and mask of an alpha mask share one area, so the shader reads both at the same place.
        var maskArea: GroupArea?
        if let mask = node.mask {
            // A stencil has one sample a pixel under coverage antialiasing, so a mask's edges would be hard:
            // there every mask is drawn as an alpha mask, its edges antialiased like any other shape's.
            if MaskAnalysis.isBinary(mask) && !coverageAntialiasing {
                guard openClips < Self.maximumOpenClips else {
                    return Diagnostics.report("a masked layer inside \(Self.maximumOpenClips) clipping layers is not drawn (the stencil has no more levels)")
                }
                maskPieces = clipPieces(of: mask, parentWorld: world, into: &list)
                list.commands.append(.pushClip(maskPieces))
                openClips += 1
            } else {
                guard openGroups < Self.maximumOpenGroups else {
                    return Diagnostics.report("a layer with an alpha mask inside \(Self.maximumOpenGroups) offscreen groups is not drawn")
                }
                openGroups += 1
                maskSlot = nextSlot
                nextSlot += 1
                maskArea = groupArea(frame, into: &list)
                list.commands.append(.beginGroup(maskArea))
            }
        }

        let roomForGroup = openGroups < Self.maximumOpenGroups
        var hasShadow = p.shadowOpacity > 0 && (p.shadowColor?.alpha ?? 0) > 0 && !p.masksToBounds
        if hasShadow, !LayerGeometry.isDrawableShadow(p) {
            Diagnostics.report("a shadow whose radius is not a number, or whose offset is not finite or is 1e15 points or more, is not drawn")
            hasShadow = false
        }
        // Most shadows come from a cached blur (ShadowCache); the rest from a canvas-sized silhouette.
        let cachedShadow = hasShadow && drawCachedShadow(frame, opacity: opacity, into: &list)
        if hasShadow, !cachedShadow, !roomForGroup {
            Diagnostics.report("a layer's shadow inside \(Self.maximumOpenGroups) offscreen groups is not drawn")
        }
        if hasShadow, !cachedShadow, roomForGroup, let shadowPath = p.shadowPath {
            // A shadow from shadowPath: blur the path's silhouette; the layer then draws as usual.
            let mesh = meshCache.mesh(.fill(shadowPath, .winding, tolerance: frame.tolerance))
            if !mesh.isEmpty {
                list.commands.append(.beginGroup(nil))
                list.commands.append(.fill(list.append(mesh), matrix: frame.matrix, color: SIMD4(1, 1, 1, 1)))
                list.commands.append(.endGroup(shadowEnd(frame, opacity: opacity, then: nil)))
                list.ensureCanvasQuad(target: currentTarget, canvas: canvasSize, matrix: clipMatrix(CATransform3DIdentity))
            }
        }
        let shadowFromContent = hasShadow && !cachedShadow && roomForGroup && p.shadowPath == nil
        // Group opacity: a translucent layer whose parts overlap composites as one picture, as on iOS.
        var grouped = layerOpacity < 1 && p.allowsGroupOpacity && MaskAnalysis.partCount(node, parts: frame.parts) >= 2
        if grouped, !roomForGroup {
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
        var maskEnd: MaskEnd?
        if let mask = node.mask {
            maskEnd = maskSlot.map { .alpha(mask, slot: $0, area: maskArea) } ?? .clip(maskPieces)
        }
        if groupEnd != nil || maskEnd != nil {
            steps.append(.finishLayer(LayerEnd(frame: frame, groupEnd: groupEnd, mask: maskEnd)))
        }
        drawBodyOrRaster(frame, opacity: groupEnd == nil ? opacity : 1, into: &list)
    }

    /// Closes what `beginLayer` opened once the body is drawn: the layer's group, then its mask (an alpha
    /// mask's layers are pushed as steps, drawn into a group of their own).
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
            steps.append(.layer(mask, parentWorld: end.frame.world, opacity: 1))
        case nil:
            break
        }
    }

    /// A running CATransition (see its doc comment): the old and new states drawn together, cross-faded or
    /// slid by progress x the layer's size from the subtype's side.
    /// Pushes both halves as steps, the first to draw on top.
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
        let halves: [(PresentationNode, Float)]
        switch t.type {
        case .moveIn: halves = [(before, opacity), (shifted(after, by: progress - 1), opacity)]
        case .push: halves = [(shifted(before, by: progress), opacity), (shifted(after, by: progress - 1), opacity)]
        case .reveal: halves = [(after, opacity), (shifted(before, by: progress), opacity)]
        default: halves = [(before, opacity * (1 - progress)), (after, opacity * progress)]
        }
        for (half, halfOpacity) in halves.reversed() {
            steps.append(.layer(half, parentWorld: parentWorld, opacity: halfOpacity))
        }
    }

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
            let toRaster = CATransform3DMakeTranslation(-p.bounds.minX, -p.bounds.minY, 0)
                .concatenating(CATransform3DMakeScale(scale, scale, 1))
            drawInRaster(key: key, width: width, height: height, into: &list) { list in
                let rasterFrame = CompositorFrame(node: frame.node, world: toRaster, matrix: list.addMatrix(clipMatrix(toRaster)),
                                                  tolerance: LayerGeometry.tolerance(toRaster, contentScale: 1))
                drawBody(rasterFrame, opacity: 1, into: &list)
            }
        }
        rasters[id] = (content, key, width, height, frameNumber)
        // The bitmap's own edges get a coverage fringe (its texels clamp at the edge), so a turned raster is
        // antialiased like other content.
        let flippedUV = CGRect(x: 0, y: 1, width: 1, height: -1)
        let depth = coverageAntialiasing ? list.takeDepth() : nil
        let quad = depth == nil ? list.appendQuad(p.bounds, uv: flippedUV)
            : list.appendQuadWithFringe(p.bounds, uv: flippedUV, width: FringeWidth(world: frame.world, pixelsPerPoint: contentScale))
        list.commands.append(.rasterImage(key: key, range: quad, matrix: frame.matrix, opacity: opacity,
                                          antialiasing: depth.map { .coverage(depth: $0) } ?? .samples))
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

    /// The body, drawn whole before this returns (into a raster or a shadow's silhouette).
    func drawBody(_ frame: CompositorFrame, opacity: Float, into list: inout DisplayList) {
        nestedBodies += 1
        defer { nestedBodies -= 1 }
        let base = steps.count
        beginBody(frame, opacity: opacity, into: &list)
        runSteps(downTo: base, into: &list)
    }

    /// Background, then (clipped by masksToBounds) contents, gradient, shape and sublayers, then the border:
    /// draws up to the sublayers, and pushes them as steps above the step that finishes the body.
    func beginBody(_ frame: CompositorFrame, opacity: Float, into list: inout DisplayList) {
        let p = frame.p, parts = frame.parts
        if let background = parts.background {
            let color = background.premultipliedRGBA * opacity
            if !foldIntoClear(frame, color: color, into: &list), !drawBackgroundQuad(frame, color: color, into: &list) {
                fill(boundsMesh(p, tolerance: frame.tolerance), frame, color: color, into: &list)
            }
        }

        var boundsClip: [ClipPiece] = []
        // Under coverage antialiasing a clip whose edges are curved or slanted is an alpha mask (the stencil
        // has one sample a pixel there); an upright rectangle stays a stencil clip.
        var clipMask: (slot: Int, area: GroupArea?)?
        if p.masksToBounds {
            if coverageAntialiasing && (isRounded(p) || !Self.isUpright(frame.world)) && openGroups < Self.maximumOpenGroups {
                clipMask = (nextSlot, groupArea(frame, into: &list))
                nextSlot += 1
                list.commands.append(.beginGroup(clipMask?.area))
                openGroups += 1
            } else if openClips < Self.maximumOpenClips {
                boundsClip = [ClipPiece(range: boundsRange(p, tolerance: frame.tolerance, into: &list), matrix: frame.matrix)]
                list.commands.append(.pushClip(boundsClip))
                openClips += 1
            } else {
                // Nothing inside the bounds can be clipped to them: only the background and border draw.
                Diagnostics.report("the contents and sublayers of a layer masking to its bounds inside \(Self.maximumOpenClips) clipping layers are not drawn (the stencil has no more levels)")
                if parts.border != nil {
                    steps.append(.finishBody(BodyEnd(frame: frame, opacity: opacity, boundsClip: [], clipMask: nil)))
                }
                return
            }
        }

        // Under a clip drawn as an alpha mask the clip's own fringe antialiases the bounds: content filling them
        // gets no second fringe, or the two coverages would multiply and lighten the edge.
        let fringesContent = coverageAntialiasing && clipMask == nil
        if let image = parts.contents {
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

        if parts.gradient, let paint = GradientGeometry.paint(p, opacity: opacity) {
            if fringesContent, let depth = list.takeDepth() {
                let range = appendFringed(TriangleMesh.quad(p.bounds), frame.world, into: &list)
                list.commands.append(.gradient(range, matrix: frame.matrix, paint: paint, antialiasing: .coverage(depth: depth)))
            } else {
                list.commands.append(.gradient(list.appendQuad(p.bounds), matrix: frame.matrix, paint: paint))
            }
        }

        if let fill = parts.fill {
            let mesh = meshCache.mesh(.fill(fill.path, p.fillRule.cgFillRule, tolerance: frame.tolerance))
            self.fill(mesh, frame, color: fill.color.premultipliedRGBA * opacity, into: &list)
        }
        if let stroke = parts.stroke {
            drawStroke(stroke.path, stroke.style, frame, color: stroke.color, opacity: opacity, into: &list)
        }

        if !boundsClip.isEmpty || clipMask != nil || parts.border != nil {
            steps.append(.finishBody(BodyEnd(frame: frame, opacity: opacity, boundsClip: boundsClip, clipMask: clipMask)))
        }
        let childWorld = LayerGeometry.sublayerTransform(p).concatenating(frame.world)
        // (geometryFlipped is part of sublayerTransform(_:).)
        for child in LayerGeometry.drawingOrder(frame.node.sublayers).reversed() {
            steps.append(.layer(child, parentWorld: childWorld, opacity: opacity))
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

    /// After the sublayers: the bounds' clip closed, then the border.
    private func finishBody(_ end: BodyEnd, into list: inout DisplayList) {
        let frame = end.frame, p = frame.p, opacity = end.opacity, boundsClip = end.boundsClip, clipMask = end.clipMask
        if !boundsClip.isEmpty {
            list.commands.append(.popClip(boundsClip))
            openClips -= 1
        }
        if let clipMask {
            list.commands.append(.endGroup(.hold(slot: clipMask.slot)))
            list.commands.append(.beginGroup(clipMask.area))
            fill(boundsMesh(p, tolerance: frame.tolerance), frame, color: SIMD4(1, 1, 1, 1), into: &list)
            list.ensureCanvasQuad(target: currentTarget, canvas: canvasSize, matrix: clipMatrix(CATransform3DIdentity))
            list.commands.append(.endGroup(.maskContent(slot: clipMask.slot, opacity: 1)))
            openGroups -= 1
        }

        if let border = frame.parts.border?.color {
            let inset = p.bounds.insetBy(dx: p.borderWidth / 2, dy: p.borderWidth / 2)
            if inset.width >= 0, inset.height >= 0 {
                let radius = max(0, min(p.cornerRadius - p.borderWidth / 2, min(inset.width, inset.height) / 2))
                // Only the corners in maskedCorners are rounded, as the background's.
                let path = radius > 0 ? LayerGeometry.roundedBounds(inset, radius: radius, corners: p.maskedCorners)
                    : CGPath(rect: inset, transform: nil)
                let style = StrokeStyle(lineWidth: p.borderWidth, lineCap: .butt, lineJoin: .miter)
                let mesh = strokeMesh(path, style, tolerance: frame.tolerance)
                let color = border.premultipliedRGBA * opacity
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

    private func isRounded(_ p: LayerProperties) -> Bool {
        min(max(p.cornerRadius, 0), min(p.bounds.width, p.bounds.height) / 2) > 0 && !p.maskedCorners.isEmpty
    }

    // MARK: Binary masks

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
