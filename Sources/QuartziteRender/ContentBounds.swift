import Foundation
import Quartzite

/// Where a layer and its sublayers can put ink, in the layer's own coordinates: what a shadow's silhouette
/// must hold. Conservative (a miter may reach less far than its limit allows), never too small.
enum ContentBounds {
    /// The box, or nil when it cannot be bounded in 2D (a sublayer under perspective, a running transition,
    /// values that are not finite): the caller then falls back to a canvas-sized silhouette.
    static func box(of node: PresentationNode) -> CGRect? {
        guard node.transition == nil else { return nil }
        let p = node.properties
        var box = CGRect.null
        if p.bounds.width > 0, p.bounds.height > 0 { box = p.bounds }
        if node.kind == .shape, let path = p.path, !path.isEmpty {
            var pathBox = path.boundingBoxOfPath
            if p.strokeColor != nil, p.lineWidth.isFinite, p.lineWidth > 0 {
                // How far a stroke reaches past its path: half the width, times the miter limit for miter
                // joins, times sqrt(2) for the corners of square caps.
                var reach = p.lineWidth / 2
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
            guard !c.isHidden, c.opacity > 0 else { continue }
            guard var childBox = Self.box(of: child) else { return nil }
            if c.shadowOpacity > 0, c.shadowColor != nil {
                let reach = 3 * max(c.shadowRadius, 0)
                childBox = childBox.union(childBox.offsetBy(dx: c.shadowOffset.width, dy: c.shadowOffset.height)
                    .insetBy(dx: -reach, dy: -reach))
            }
            guard let placed = placed(childBox, by: LayerGeometry.toParent(c).concatenating(toChildren)) else { return nil }
            children = children.union(placed)
        }
        if p.masksToBounds { children = children.intersection(p.bounds) }
        box = box.union(children)
        guard !box.isNull, box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return nil }
        return box
    }

    /// The bounding box of `rect` under a 2D affine transform; nil under perspective.
    private static func placed(_ rect: CGRect, by m: CATransform3D) -> CGRect? {
        guard m.m14 == 0, m.m24 == 0, m.m34 == 0, m.m44 == 1, m.isFinite else { return nil }
        var result = CGRect.null
        for (x, y) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)] {
            let point = CGPoint(x: x * m.m11 + y * m.m21 + m.m41, y: x * m.m12 + y * m.m22 + m.m42)
            result = result.union(CGRect(origin: point, size: .zero))
        }
        return result
    }
}
