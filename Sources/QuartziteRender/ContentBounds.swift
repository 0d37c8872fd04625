import Foundation
import Quartzite

/// Where a layer and its sublayers can put ink, in the layer's own coordinates: what a shadow's silhouette
/// must hold. Conservative (a miter may reach less far than its limit allows), never too small.
enum ContentBounds {
    /// The box, or nil when it cannot be bounded in 2D (a sublayer under perspective, a running transition,
    /// values that are not finite, an emitter with empty bounds): the caller then falls back to a canvas-sized
    /// silhouette. `CGRect.null` when nothing in the tree puts ink anywhere (empty bounds, no contents, no
    /// path: seed 001's logo at the instant its layers collapse), which is bounded: by nothing.
    /// `minimumLineWidth`: the width, in the layer's points, that the renderer widens thinner strokes to
    /// (hairlines are drawn one device pixel wide).
    static func box(of node: PresentationNode, minimumLineWidth: CGFloat = 0) -> CGRect? {
        // Depth first with an explicit stack (a tree of any depth is bounded): a level's box is complete once
        // all its sublayers' boxes are folded into it.
        guard node.transition == nil else { return nil }
        var levels = [Level(node: node)]
        while let index = levels.indices.last {
            let sublayers = levels[index].node.sublayers
            if levels[index].next < sublayers.count {
                let child = sublayers[levels[index].next]
                levels[index].next += 1
                let c = child.properties
                // As the compositor draws: a non-finite opacity counts as 1, and a sublayer whose geometry is
                // past what it draws adds nothing.
                guard !c.isHidden, !c.opacity.isFinite || c.opacity > 0, LayerGeometry.isDrawable(c) else { continue }
                guard child.transition == nil else { return nil }
                levels.append(Level(node: child))
                continue
            }
            let level = levels.removeLast()
            guard let box = level.box(minimumLineWidth: minimumLineWidth) else { return nil }
            guard let parent = levels.indices.last else { return box }
            // A sublayer without ink adds nothing, unless its shadowPath casts a shadow of its own.
            if box.isNull && level.node.properties.shadowPath == nil { continue }
            guard let placed = placedInParent(box, of: level.node.properties,
                                              parent: levels[parent].node.properties) else { return nil }
            levels[parent].children = levels[parent].children.union(placed)
        }
        return nil
    }

    /// A layer whose box is being made: the sublayers' boxes so far, in its coordinates.
    private struct Level {
        let node: PresentationNode
        var next = 0
        var children = CGRect.null

        init(node: PresentationNode) { self.node = node }

        /// The layer's own ink with its sublayers' (cut to the bounds when it masks to them): null when there
        /// is none; nil when not finite, or for an emitter with nothing in its box (its particles are not
        /// counted, and could be anywhere).
        func box(minimumLineWidth: CGFloat) -> CGRect? {
            let p = node.properties
            var box = ContentBounds.ownBox(of: node, minimumLineWidth: minimumLineWidth)
            box = box.union(p.masksToBounds ? children.intersection(p.bounds) : children)
            if box.isNull { return node.kind == .emitter ? nil : box }
            guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return nil }
            return box
        }
    }

    /// Where a layer's own bounds, contents and shape (the `LayerParts` that show) put ink, sublayers left
    /// out. The bounds always count, drawn or not: they are what the layer's place and clip are measured by.
    static func ownBox(of node: PresentationNode, minimumLineWidth: CGFloat) -> CGRect {
        let p = node.properties
        let parts = LayerParts(node)
        var box = CGRect.null
        if p.bounds.width > 0, p.bounds.height > 0 { box = p.bounds }
        if let image = parts.contents {
            // Gravities such as .center draw an image larger than the bounds past them.
            let destination = ContentsLayout.placement(of: image, p).destination
            if destination.isFinite { box = box.union(p.masksToBounds ? destination.intersection(p.bounds) : destination) }
        }
        if let path = parts.fill?.path ?? parts.stroke?.path {
            var pathBox = path.boundingBoxOfPath
            if parts.stroke != nil {
                // How far a stroke reaches past its path: half the width, times the miter limit for miter
                // joins, times sqrt(2) for the corners of square caps.
                var reach = max(p.lineWidth, minimumLineWidth.isFinite ? minimumLineWidth : 0) / 2
                if p.lineJoin == .miter { reach *= max(1, p.miterLimit.isFinite ? p.miterLimit : 1) }
                if p.lineCap == .square { reach *= 2.squareRoot() }
                pathBox = pathBox.insetBy(dx: -reach, dy: -reach)
            }
            box = box.union(pathBox)
        }
        return box
    }

    /// A sublayer's box (its shadow's reach added) in its superlayer's coordinates; nil when it cannot be
    /// placed in 2D.
    private static func placedInParent(_ box: CGRect, of c: LayerProperties, parent p: LayerProperties) -> CGRect? {
        var childBox = box
        if LayerGeometry.castsShadow(c), !c.masksToBounds {
            guard let shadow = shadowBox(of: c, content: childBox) else { return nil }
            childBox = childBox.union(shadow)
        }
        return placed(childBox, by: LayerGeometry.toParent(c).concatenating(LayerGeometry.sublayerTransform(p)))
    }

    /// The box of a layer's shadowPath (null for an empty path), or nil when it has none.
    static func shadowPathBox(of p: LayerProperties) -> CGRect? {
        p.shadowPath.map { $0.isEmpty ? CGRect.null : $0.boundingBoxOfPath }
    }

    /// Where a layer's shadow can put ink: its shadowPath's box (or its content's), moved by shadowOffset and
    /// grown by three sigmas; nil when not finite.
    static func shadowBox(of p: LayerProperties, content: CGRect) -> CGRect? {
        let source = shadowPathBox(of: p) ?? content
        let reach = 3 * max(p.shadowRadius, 0)
        guard !source.isNull, reach.isFinite, p.shadowOffset.width.isFinite, p.shadowOffset.height.isFinite else {
            return source.isNull ? CGRect.null : nil
        }
        return source.offsetBy(dx: p.shadowOffset.width, dy: p.shadowOffset.height).insetBy(dx: -reach, dy: -reach)
    }

    /// The bounding box of `rect` under a transform that keeps the plane (no perspective, no turn out of it,
    /// which would let a deeper sublayer's z leak into x and y); nil otherwise.
    private static func placed(_ rect: CGRect, by m: CATransform3D) -> CGRect? {
        guard m.m14 == 0, m.m24 == 0, m.m34 == 0, m.m44 == 1, m.m13 == 0, m.m23 == 0, m.m31 == 0, m.m32 == 0,
              m.isFinite else { return nil }
        var result = CGRect.null
        for (x, y) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)] {
            let point = CGPoint(x: x * m.m11 + y * m.m21 + m.m41, y: x * m.m12 + y * m.m22 + m.m42)
            result = result.union(CGRect(origin: point, size: .zero))
        }
        return result
    }
}
