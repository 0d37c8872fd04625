import Foundation
import Quartzite

/// The walk of the presentation tree: each layer is begun (mask, shadow, group, body up to its sublayers),
/// its sublayers are drawn, then it is finished (border, clips, groups, mask), all by the explicit stack of
/// `CompositorStep`s, so no call nests per tree level.
extension Compositor {
    /// Draws `node` and its subtree: the steps it pushes all run before this returns.
    func draw(_ node: PresentationNode, parentWorld: CATransform3D, tint: Tint, into list: inout DisplayList) {
        let base = steps.count
        pushRun([node], parentWorld: parentWorld, tint: tint)
        runSteps(downTo: base, into: &list)
    }

    /// Pushes `layers` to be drawn one after another, the first first, each under `parentWorld`.
    func pushRun(_ layers: [PresentationNode], parentWorld: CATransform3D, tint: Tint,
                 depthSpace: CATransform3D = CATransform3DIdentity) {
        guard !layers.isEmpty else { return }
        runs.append(LayerRun(layers: layers, parentWorld: parentWorld, tint: tint, depthSpace: depthSpace))
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
            case .openGroup:
                list.commands.append(.beginGroup(nil))
                openGroups += 1
            case .closeGroup(let end):
                list.ensureCanvasQuad(target: currentTarget, canvas: canvasSize, matrix: clipMatrix(CATransform3DIdentity))
                list.commands.append(.endGroup(end))
                openGroups -= 1
            }
        }
    }

    /// Begins the innermost run's next layer. The run stays on the stack, below what that layer pushes,
    /// until its last layer is begun.
    private func beginNextLayer(into list: inout DisplayList) {
        let last = runs.count - 1
        let index = runs[last].next
        let node = runs[last].layers[index]
        let parentWorld = runs[last].parentWorld, tint = runs[last].tint
        let keepsDepth = (node.kind == .transform || node.kind == .instance) && node.transition == nil
        let depthSpace = keepsDepth ? runs[last].depthSpace : CATransform3DIdentity
        if index + 1 < runs[last].layers.count {
            runs[last].next = index + 1
            steps.append(.nextLayer)
        } else {
            runs.removeLast()
        }
        if !keepsDepth {
            beginLayer(node, parentWorld: parentWorld, tint: tint, into: &list)
        } else if node.kind == .instance {
            beginInstance(node, parentWorld: parentWorld, tint: tint, depthSpace: depthSpace)
        } else {
            beginTransformLayer(node, parentWorld: parentWorld, tint: tint, depthSpace: depthSpace)
        }
    }

    /// A `CATransformLayer`: only its sublayers draw, unflattened and far to near, each with the layer's
    /// opacity on its own (no group). Its background, border, contents, shadow, mask and masksToBounds are
    /// ignored and it is never turned away, as Apple documents: it has no plane of its own.
    private func beginTransformLayer(_ node: PresentationNode, parentWorld: CATransform3D, tint parentTint: Tint,
                                     depthSpace: CATransform3D) {
        let p = node.properties
        let tint = parentTint * (p.opacity.isFinite ? min(max(p.opacity, 0), 1) : 1)
        guard !p.isHidden, tint.showsAnything, !node.sublayers.isEmpty else { return }
        let toParent = LayerGeometry.toParent(p)
        let world = toParent.concatenating(parentWorld)
        guard LayerGeometry.isDrawable(world: world), LayerGeometry.isDrawable(p) else {
            return Diagnostics.report("a transform layer's transform or geometry is not finite or is past the GPU's floats; its sublayers are not drawn")
        }
        let sublayerTransform = LayerGeometry.sublayerTransform(p)
        let childDepthSpace = sublayerTransform.concatenating(toParent).concatenating(depthSpace)
        pushRun(LayerGeometry.depthOrder(node.sublayers, in: childDepthSpace),
                parentWorld: sublayerTransform.concatenating(world), tint: tint, depthSpace: childDepthSpace)
    }

    /// A replicator's copy (`LayerKind.instance`): draws nothing of its own; its sublayers are placed by its
    /// transform (the instance transform applied i times about the replicator's centre), keep their depth
    /// through it (the replicator flattens them, unless it preserves depth) and draw with its tint. A copy
    /// whose tint's alpha is 0 draws nothing.
    private func beginInstance(_ node: PresentationNode, parentWorld: CATransform3D, tint parentTint: Tint,
                               depthSpace: CATransform3D) {
        let tint = parentTint * Tint.premultiplying(node.instanceTint ?? .one)
        guard tint.showsAnything, !node.sublayers.isEmpty else { return }
        let toParent = LayerGeometry.toParent(node.properties)
        let world = toParent.concatenating(parentWorld)
        guard LayerGeometry.isDrawable(world: world), LayerGeometry.isDrawable(node.properties) else {
            return Diagnostics.report("a replicator's bounds or instanceTransform, repeated, is not finite or is past the GPU's floats; those copies are not drawn")
        }
        pushRun(LayerGeometry.drawingOrder(node.sublayers), parentWorld: world, tint: tint,
                depthSpace: toParent.concatenating(depthSpace))
    }

    // MARK: Layers

    /// A layer's drawing up to its body: its mask's clip or group, its shadow, its group; then the body, whose
    /// sublayers are pushed as a run, with the step that closes what was opened here beneath them.
    private func beginLayer(_ node: PresentationNode, parentWorld: CATransform3D, tint parentTint: Tint,
                            into list: inout DisplayList) {
        if let transition = node.transition, let previous = transition.previous {
            beginTransition(transition, old: previous, new: node, parentWorld: parentWorld, tint: parentTint)
            return
        }
        var layerOpacity = node.properties.opacity.isFinite ? min(max(node.properties.opacity, 0), 1) : 1
        var tint = parentTint * layerOpacity
        guard !node.properties.isHidden, tint.showsAnything, let world = placedWorld(node, parentWorld: parentWorld) else { return }
        let frame = CompositorFrame(node: node, world: world, matrix: list.addMatrix(clipMatrix(world)),
                                    tolerance: LayerGeometry.tolerance(world, contentScale: contentScale))
        // A compositingFilter's group wraps everything else and takes the opacity with it.
        if openBlendGroup(frame, tint: tint, into: &list) {
            tint = .one
            layerOpacity = 1
        }

        // The mask wraps everything the layer draws, its shadow included (as on iOS).
        var maskEnd: MaskEnd?
        if let mask = node.mask {
            let binary = MaskAnalysis.isBinary(mask)
            if binary, drawGradientThroughMask(frame, mask: mask, tint: tint, into: &list) { return }
            if drawImageThroughArcMask(frame, mask: mask, tint: tint, into: &list) { return }
            guard let opened = openMask(mask, binary: binary, frame, into: &list) else { return }
            maskEnd = opened
        }
        let shadowFromContent = drawSeparateShadow(frame, tint: tint, into: &list)
        let groupEnd = openGroup(frame, layerOpacity: layerOpacity, tint: tint,
                                 shadowFromContent: shadowFromContent, into: &list)
        if groupEnd != nil || maskEnd != nil {
            steps.append(.finishLayer(LayerEnd(frame: frame, groupEnd: groupEnd, mask: maskEnd)))
        }
        drawBodyOrRaster(frame, tint: groupEnd == nil ? tint : .one, into: &list)
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

    /// Opens a layer's mask: a stencil clip of a binary mask's pieces, or the group an alpha mask applies to
    /// (scaled in place when the mask is one rectangle: `InPlaceMask`; composited through the mask when it
    /// strokes one arc: `ArcMask`; nil, without a diagnostic, when such a mask leaves nothing of the layer on
    /// the target).
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
        if let inPlace = inPlaceMask(mask, layerWorld: frame.world) {
            // Nothing of the layer inside the mask's box on the target: nothing of it shows.
            guard let area = maskedGroupArea(frame, within: inPlace.box, into: &list) else { return nil }
            openGroups += 1
            list.commands.append(.beginGroup(area))
            return .inPlace(inPlace)
        }
        if let arcMask = arcMask(mask, layerWorld: frame.world) {
            // A mask of no alpha shows nothing of the layer.
            guard arcMask.alpha > 0 else { return nil }
            let area = groupArea(frame, into: &list)
            openGroups += 1
            list.commands.append(.beginGroup(area))
            return .throughArc(arcMask, area: area)
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
    private func drawSeparateShadow(_ frame: CompositorFrame, tint: Tint, into list: inout DisplayList) -> Bool {
        let p = frame.p
        guard p.shadowOpacity > 0 && (p.shadowColor?.alpha ?? 0) > 0 && !p.masksToBounds else { return false }
        guard LayerGeometry.isDrawableShadow(p) else {
            Diagnostics.report("a shadow whose radius is not a number, or whose offset is not finite or is 1e15 points or more, is not drawn")
            return false
        }
        guard !drawCachedShadow(frame, tint: tint, into: &list) else { return false }
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
            list.commands.append(.endGroup(shadowEnd(frame, tint: tint, then: nil)))
            list.ensureCanvasQuad(target: currentTarget, canvas: canvasSize, matrix: clipMatrix(CATransform3DIdentity))
        }
        return false
    }

    /// Opens the offscreen group a layer's body draws into, if it needs one: for a shadow from its content, or
    /// for group opacity (a translucent layer whose parts may overlap composites as one picture, as on iOS;
    /// `partsMayOverlap`).
    /// Returns how the group ends; nil when there is none.
    private func openGroup(_ frame: CompositorFrame, layerOpacity: Float, tint: Tint, shadowFromContent: Bool,
                           into list: inout DisplayList) -> GroupEnd? {
        var grouped = layerOpacity < 1 && frame.p.allowsGroupOpacity && partsMayOverlap(frame)
        if grouped, openGroups >= Self.maximumOpenGroups {
            Diagnostics.report("a translucent layer inside \(Self.maximumOpenGroups) offscreen groups is drawn without group opacity")
            grouped = false
        }
        let groupEnd: GroupEnd? = shadowFromContent ? shadowEnd(frame, tint: tint, then: tint)
            : grouped ? .composite(tint: tint) : nil
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
            pushRun([mask], parentWorld: end.frame.world, tint: .one)
        case .inPlace(let mask):
            finishInPlaceMask(mask, into: &list)
        case .throughArc(let mask, let area):
            finishArcMask(mask, area: area, into: &list)
        case nil:
            break
        }
    }

    /// A running CATransition (see its doc comment): the old and new states drawn together, cross-faded or
    /// slid by progress x the layer's size from the subtype's side. Pushes both halves as a run.
    private func beginTransition(_ t: TransitionState, old: PresentationNode, new: PresentationNode,
                                 parentWorld: CATransform3D, tint: Tint) {
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
        // Each half is a run of its own; the first drawn is pushed last.
        let halves: [PresentationNode]
        switch t.type {
        case .moveIn: halves = [before, shifted(after, by: progress - 1)]
        case .push: halves = [shifted(before, by: progress), shifted(after, by: progress - 1)]
        case .reveal: halves = [after, shifted(before, by: progress)]
        default: return crossDissolve(from: before, to: after, progress: progress, parentWorld: parentWorld, tint: tint)
        }
        for half in halves.reversed() {
            pushRun([half], parentWorld: parentWorld, tint: tint)
        }
    }

    /// A `.fade` transition: the old state at 1 - progress plus the new one at progress, summed in a group of
    /// their own that is then drawn over what is below, so where both states are opaque the result is
    /// opaque all the way through (two translucent halves drawn one over the other would let a quarter of
    /// the backdrop through at the midpoint). The new state is a group of its own, added to the old one.
    /// Inside too many groups, the halves are drawn one over the other instead.
    private func crossDissolve(from before: PresentationNode, to after: PresentationNode, progress: Float,
                               parentWorld: CATransform3D, tint: Tint) {
        guard openGroups + 2 <= Self.maximumOpenGroups else {
            Diagnostics.report("a fade transition inside \(Self.maximumOpenGroups) offscreen groups draws its two states one over the other")
            pushRun([after], parentWorld: parentWorld, tint: tint * progress)
            pushRun([before], parentWorld: parentWorld, tint: tint * (1 - progress))
            return
        }
        steps.append(.closeGroup(.composite(tint: tint)))
        steps.append(.closeGroup(.add(tint: Tint(repeating: progress))))
        pushRun([after], parentWorld: parentWorld, tint: .one)
        steps.append(.openGroup)
        pushRun([before], parentWorld: parentWorld, tint: Tint(repeating: 1 - progress))
        steps.append(.openGroup)
    }

    // MARK: Bodies

    /// The body, or for a `shouldRasterize` layer its cached bitmap (drawn again only when what it shows
    /// changed: the layer's own place, transform and opacity are applied outside the bitmap).
    private func drawBodyOrRaster(_ frame: CompositorFrame, tint: Tint, into list: inout DisplayList) {
        let p = frame.p
        let scale = p.rasterizationScale.isFinite && p.rasterizationScale > 0 ? p.rasterizationScale : 1
        let width = Int(clampingPixel: (p.bounds.width * scale).rounded(.up))
        let height = Int(clampingPixel: (p.bounds.height * scale).rounded(.up))
        let failed = unrasterizable[frame.node.layerID].map { $0.width == width && $0.height == height } ?? false
        guard p.shouldRasterize, width >= 1, height >= 1, width <= 8192, height <= 8192, !failed,
              nestedBodies < Self.maximumNestedBodies else {
            beginBody(frame, tint: tint, into: &list)
            return
        }
        let key = drawRaster(of: frame, scale: scale, width: width, height: height, into: &list)
        // The bitmap's own edges get a coverage fringe (its texels clamp at the edge), so a turned raster is
        // antialiased like other content.
        let flippedUV = CGRect(x: 0, y: 1, width: 1, height: -1)
        let depth = coverageAntialiasing ? list.takeDepth() : nil
        let quad = depth == nil ? list.appendQuad(p.bounds, uv: flippedUV)
            : list.appendQuadWithFringe(p.bounds, uv: flippedUV, width: FringeWidth(world: frame.world, pixelsPerPoint: contentScale))
        list.commands.append(.rasterImage(key: key, range: quad, matrix: frame.matrix, tint: tint,
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
                drawBody(rasterFrame, tint: .one, into: &list)
            }
        }
        rasters[id] = (content, key, width, height, frameNumberForCaches)
        return key
    }

    /// The body, drawn whole before this returns (into a raster or a shadow's silhouette).
    func drawBody(_ frame: CompositorFrame, tint: Tint, into list: inout DisplayList) {
        nestedBodies += 1
        defer { nestedBodies -= 1 }
        let base = steps.count
        beginBody(frame, tint: tint, into: &list)
        runSteps(downTo: base, into: &list)
    }

    /// Background, then (clipped by masksToBounds) contents, gradient, shape and sublayers, then the border:
    /// draws up to the sublayers, and pushes them as a run above the step that finishes the body.
    func beginBody(_ frame: CompositorFrame, tint: Tint, into list: inout DisplayList) {
        if let background = frame.parts.background {
            drawBackground(frame, color: background.premultipliedRGBA * tint, tint: tint, into: &list)
        }
        if let pattern = frame.parts.patternBackground {
            drawPatternBackground(frame, color: pattern, tint: tint, into: &list)
        }
        var clip: BoundsClip?
        if frame.p.masksToBounds {
            guard let opened = openBoundsClip(frame, into: &list) else {
                // Nothing inside the bounds can be clipped to them: only the background and border draw.
                if frame.parts.border != nil {
                    steps.append(.finishBody(BodyEnd(frame: frame, tint: tint, clip: nil)))
                }
                return
            }
            clip = opened
        }
        // Under a clip drawn as an alpha mask the clip's own fringe antialiases the bounds: content filling them
        // gets no second fringe, or the two coverages would multiply and lighten the edge.
        var fringesContent = coverageAntialiasing
        switch clip {
        case .alphaMask, .inPlace: fringesContent = false
        default: break
        }
        drawContentAndShape(frame, tint: tint, fringesContent: fringesContent, into: &list)
        if clip != nil || frame.parts.border != nil {
            steps.append(.finishBody(BodyEnd(frame: frame, tint: tint, clip: clip)))
        }
        let sublayers = frame.node.sublayers
        guard !sublayers.isEmpty else { return }
        // (geometryFlipped is part of sublayerTransform(_:).)
        let sublayerTransform = LayerGeometry.sublayerTransform(frame.p)
        if frame.node.kind == .replicator, frame.p.replicator?.preservesDepth == true {
            // Its copies keep their depth, far to near, as a transform layer's sublayers.
            pushRun(LayerGeometry.instanceDepthOrder(sublayers, in: sublayerTransform),
                    parentWorld: sublayerTransform.concatenating(frame.world), tint: tint, depthSpace: sublayerTransform)
            return
        }
        pushRun(LayerGeometry.drawingOrder(sublayers),
                parentWorld: LayerGeometry.flattened(sublayerTransform).concatenating(frame.world), tint: tint,
                depthSpace: sublayerTransform)
    }

    /// Opens masksToBounds' clip: under coverage antialiasing a clip whose edges are curved or slanted is an
    /// alpha mask (the stencil has one sample a pixel there); an upright rectangle stays a stencil clip. Nil,
    /// with a diagnostic, when no clip can be opened (the stencil has no more levels).
    private func openBoundsClip(_ frame: CompositorFrame, into list: inout DisplayList) -> BoundsClip? {
        let p = frame.p
        if coverageAntialiasing && (isRounded(p) || !Self.isUpright(frame.world)) && openGroups < Self.maximumOpenGroups {
            if let inPlace = inPlaceBoundsMask(frame) {
                // Nothing inside the bounds on the target: nothing clipped to them shows.
                guard let area = maskedGroupArea(frame, within: inPlace.box, into: &list) else { return nil }
                list.commands.append(.beginGroup(area))
                openGroups += 1
                return .inPlace(inPlace)
            }
            let slot = nextSlot
            let area = groupArea(frame, into: &list)
            nextSlot += 1
            list.commands.append(.beginGroup(area))
            openGroups += 1
            return .alphaMask(slot: slot, area: area)
        }
        if let box = scissorBox(frame) {
            list.commands.append(.pushScissor(box))
            return .scissor
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
    private func drawContentAndShape(_ frame: CompositorFrame, tint: Tint, fringesContent: Bool,
                                     into list: inout DisplayList) {
        let p = frame.p
        if let image = frame.parts.contents {
            if fringesContent, !liesOnPixelEdges(ContentsLayout.placement(of: image, p).destination, frame.world),
               let depth = list.takeDepth() {
                let range = ContentsLayout.appendQuads(for: image, p, fringe: FringeWidth(world: frame.world, pixelsPerPoint: contentScale),
                                                       into: &list)
                list.commands.append(.image(range, matrix: frame.matrix, image: image, tint: tint,
                                            sampling: ContentsLayout.sampling(p), antialiasing: .coverage(depth: depth)))
            } else {
                appendPicture(frame, image: image, tint: tint, sampling: contentsSampling(image, frame), into: &list)
            }
        }
        if frame.parts.text { drawText(frame, tint: tint, into: &list) }
        if frame.parts.gradient, let paint = GradientGeometry.paint(p, tint: tint),
           isRounded(p) || !drawGradientFromRaster(frame, paint: paint, into: &list) {
            // A gradient fills the layer's shape, rounded corners included (CAGradientLayer.h).
            let rounded = isRounded(p)
            if fringesContent, rounded || !liesOnPixelEdges(p.bounds, frame.world), let depth = list.takeDepth() {
                let range = appendFringed(boundsMesh(p, tolerance: frame.tolerance), frame.world, into: &list)
                list.commands.append(.gradient(range, matrix: frame.matrix, paint: paint, antialiasing: .coverage(depth: depth)))
            } else {
                let range = rounded ? list.append(boundsMesh(p, tolerance: frame.tolerance)) : list.appendQuad(p.bounds)
                list.commands.append(.gradient(range, matrix: frame.matrix, paint: paint))
            }
        }
        if let fill = frame.parts.fill {
            let mesh = meshCache.mesh(.fill(fill.path, p.fillRule.cgFillRule, tolerance: frame.tolerance))
            self.fill(mesh, frame, color: fill.color.premultipliedRGBA * tint, into: &list)
        }
        if let stroke = frame.parts.stroke {
            drawStroke(stroke.path, stroke.style, frame, color: stroke.color, tint: tint, into: &list)
        }
        drawParticles(frame, tint: tint, into: &list)
    }

    /// After the sublayers: the bounds' clip closed, then the border.
    private func finishBody(_ end: BodyEnd, into list: inout DisplayList) {
        let frame = end.frame
        switch end.clip {
        case .stencil(let pieces):
            list.commands.append(.popClip(pieces))
            openClips -= 1
        case .scissor:
            list.commands.append(.popScissor)
        case .alphaMask(let slot, let area):
            list.commands.append(.endGroup(.hold(slot: slot)))
            list.commands.append(.beginGroup(area))
            fill(boundsMesh(frame.p, tolerance: frame.tolerance), frame, color: SIMD4(1, 1, 1, 1), into: &list)
            list.ensureCanvasQuad(target: currentTarget, canvas: canvasSize, matrix: clipMatrix(CATransform3DIdentity))
            list.commands.append(.endGroup(.maskContent(slot: slot, opacity: 1)))
            openGroups -= 1
        case .inPlace(let mask):
            finishInPlaceMask(mask, into: &list)
        case nil:
            break
        }
        if let border = frame.parts.border {
            drawBorder(frame, color: border.color.premultipliedRGBA * end.tint, into: &list)
        }
    }
}
