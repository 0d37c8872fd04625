import Foundation
import Quartzite

/// Where a layer's clips and offscreen groups reach: a binary mask's clip pieces, the pixels a group covers,
/// and how a shadow's group ends.
extension Compositor {
    /// The shadow of a layer: Core Animation's shadowRadius is the Gaussian's standard deviation in points;
    /// the offset is in the layer's space, so it turns and scales with the layer.
    func shadowEnd(_ frame: CompositorFrame, tint: Tint, then: Tint?) -> GroupEnd {
        let p = frame.p
        let w = frame.world
        let dx = p.shadowOffset.width * w.m11 + p.shadowOffset.height * w.m21
        let dy = p.shadowOffset.width * w.m12 + p.shadowOffset.height * w.m22
        let scale = max(hypot(w.m11, w.m12), hypot(w.m21, w.m22))
        let color = (p.shadowColor ?? .black).premultipliedRGBA * (tint * Float(min(max(p.shadowOpacity, 0), 1)))
        // An infinite radius blurs to nothing; bounded, it stays a number (an infinite one times a zero scale
        // is not).
        let sigma = max(p.shadowRadius, 0) * scale * contentScale
        return .shadow(color: color, offset: SIMD2(Float(dx * contentScale), Float(dy * contentScale)),
                       sigma: Float(sigma.isNaN ? 0 : min(sigma, 1e30)), thenTint: then)
    }

    /// The whole pixels of the current target that a layer's drawing (its shadow included) can touch, padded
    /// by one pixel for antialiasing, with the quad that composites them; nil (the whole target) when the layer
    /// cannot be bounded in 2D.
    func groupArea(_ frame: CompositorFrame, into list: inout DisplayList) -> GroupArea? {
        let (targetWidth, targetHeight) = (targetPixels.width, targetPixels.height)
        guard targetWidth >= 1, targetHeight >= 1, let content = reachedPixels(frame) else { return nil }
        // At least a pixel, inside the target.
        let (x0, y0) = (min(max(content.x, 0), targetWidth - 1), min(max(content.y, 0), targetHeight - 1))
        let x1 = max(min(content.x + content.width, targetWidth), x0 + 1)
        let y1 = max(min(content.y + content.height, targetHeight), y0 + 1)
        return area(PixelBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0), into: &list)
    }

    /// The group of a layer under an in-place mask: the pixels the layer can touch cut to the mask's `box`
    /// and to the target; nil when none are left (the mask leaves nothing of the layer to draw).
    func maskedGroupArea(_ frame: CompositorFrame, within box: PixelBox, into list: inout DisplayList) -> GroupArea? {
        let target = PixelBox(x: 0, y: 0, width: targetPixels.width, height: targetPixels.height)
        let content = (reachedPixels(frame) ?? target).intersection(box).intersection(target)
        guard content.width > 0, content.height > 0 else { return nil }
        return area(content, into: &list)
    }

    /// A group over `content` (whole pixels inside the target), with the quad that composites it.
    private func area(_ content: PixelBox, into list: inout DisplayList) -> GroupArea {
        let (targetWidth, targetHeight) = (targetPixels.width, targetPixels.height)
        let (x0, y0, contentX1, contentY1) = (content.x, content.y, content.x + content.width, content.y + content.height)
        // Sizes rounded up to 64 pixels, so a layer that grows or turns a little each frame reuses the pool's
        // surfaces instead of making new ones.
        func roundedUp(_ v: Int) -> Int { (v + 63) / 64 * 64 }
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

    /// The pixels a layer's drawing (its shadow included) can touch, a pixel of antialiasing round them, not
    /// cut to the target; nil when the layer cannot be bounded in 2D.
    private func reachedPixels(_ frame: CompositorFrame) -> PixelBox? {
        let p = frame.p
        guard var box = ContentBounds.box(of: frame.node, minimumLineWidth: hairlineWidth(frame)) else { return nil }
        if LayerGeometry.castsShadow(p), !p.masksToBounds {
            guard let shadow = ContentBounds.shadowBox(of: p, content: box) else { return nil }
            box = box.union(shadow)
        }
        // Nothing to draw: the smallest area, at the layer's origin, rather than the whole target.
        if box.isNull { box = CGRect(origin: .zero, size: .zero) }
        return deviceBox(box, frame.world).map { PixelBox(corners: $0.minX - 1, $0.minY - 1, $0.maxX + 1, $0.maxY + 1) }
    }

    /// The bounding box in device pixels of `rect` placed by `world`; nil under perspective or when not
    /// finite.
    func deviceBox(_ rect: CGRect, _ world: CATransform3D) -> CGRect? {
        guard !rect.isNull, AffinePlacement(world) != nil else { return nil }
        var box = CGRect.null
        for (x, y) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)] {
            let point = CGPoint(x: (x * world.m11 + y * world.m21 + world.m41) * contentScale,
                                y: (x * world.m12 + y * world.m22 + world.m42) * contentScale)
            box = box.union(CGRect(origin: point, size: .zero))
        }
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return nil }
        return box
    }

    /// The geometry of a binary mask layer and its sublayers, as clip pieces: everything it draws (depth first
    /// with an explicit stack, so a mask of any depth clips).
    func clipPieces(of node: PresentationNode, parentWorld: CATransform3D,
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
        return LayerGeometry.flattened(LayerGeometry.sublayerTransform(p)).concatenating(world)
    }
}
