import Foundation
import Quartzite

/// Where a layer and its sublayers can put ink, in the layer's own coordinates: what a shadow's silhouette
/// must hold. Conservative (a miter may reach less far than its limit allows), never too small.
enum ContentBounds {
    /// The box, or nil when it cannot be bounded in 2D (a sublayer under perspective, a running transition,
    /// values that are not finite): the caller then falls back to a canvas-sized silhouette.
    /// `minimumLineWidth`: the width, in the layer's points, that the renderer widens thinner strokes to
    /// (hairlines are drawn one device pixel wide).
    static func box(of node: PresentationNode, minimumLineWidth: CGFloat = 0) -> CGRect? {
        guard node.transition == nil else { return nil }
        let p = node.properties
        var box = CGRect.null
        if p.bounds.width > 0, p.bounds.height > 0 { box = p.bounds }
        if let image = p.contents {
            // Gravities such as .center draw an image larger than the bounds past them.
            let destination = ContentsLayout.placement(of: image, p).destination
            if destination.isFinite { box = box.union(p.masksToBounds ? destination.intersection(p.bounds) : destination) }
        }
        if node.kind == .shape, let path = p.path, !path.isEmpty {
            var pathBox = path.boundingBoxOfPath
            if p.strokeColor != nil, p.lineWidth.isFinite, p.lineWidth > 0 {
                // How far a stroke reaches past its path: half the width, times the miter limit for miter
                // joins, times sqrt(2) for the corners of square caps.
                var reach = max(p.lineWidth, minimumLineWidth.isFinite ? minimumLineWidth : 0) / 2
                if p.lineJoin == .miter { reach *= max(1, p.miterLimit.isFinite ? p.miterLimit : 1) }
                if p.lineCap == .square { reach *= 2.squareRoot() }
                pathBox = pathBox.insetBy(dx: -reach, dy: -reach)
            }
            box = box.union(pathBox)
        }
        var children = CGRect.null
        let toChildren = LayerGeometry.sublayerTransform(p)
        for child in node.sublayers {
            let c = child.properties
            // As the compositor draws: a non-finite opacity counts as 1, and a sublayer whose geometry is past
            // what it draws adds nothing.
            guard !c.isHidden, !c.opacity.isFinite || c.opacity > 0, LayerGeometry.isDrawable(c) else { continue }
            guard var childBox = Self.box(of: child, minimumLineWidth: minimumLineWidth) else { return nil }
            if c.shadowOpacity > 0, c.shadowColor != nil, !c.masksToBounds {
                guard let shadow = shadowBox(of: c, content: childBox) else { return nil }
                childBox = childBox.union(shadow)
            }
            guard let placed = placed(childBox, by: LayerGeometry.toParent(c).concatenating(toChildren)) else { return nil }
            children = children.union(placed)
        }
        if p.masksToBounds { children = children.intersection(p.bounds) }
        box = box.union(children)
        guard !box.isNull, box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return nil }
        return box
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
