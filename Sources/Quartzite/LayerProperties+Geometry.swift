import Foundation

/// Core Animation's layer geometry over model or presentation values: how a layer's bounds map into its
/// superlayer. The renderer and the layer's point conversions both read it from here.
extension LayerProperties {
    /// The layer's anchor point in its own bounds coordinates.
    package var anchorInBounds: CGPoint {
        CGPoint(x: bounds.origin.x + anchorPoint.x * bounds.width, y: bounds.origin.y + anchorPoint.y * bounds.height)
    }

    /// Maps a point of the bounds to the superlayer (row vectors, as CATransform3D): move the anchor point to
    /// the origin, apply `transform`, then move to `position` (and `zPosition`).
    package var transformToSuperlayer: CATransform3D {
        let anchor = anchorInBounds
        let toAnchor = CATransform3DMakeTranslation(-anchor.x, -anchor.y, -anchorPointZ)
        let toPosition = CATransform3DMakeTranslation(position.x, position.y, zPosition)
        return toAnchor.concatenating(transform).concatenating(toPosition)
    }

    /// The transform applied to sublayers: `sublayerTransform` around the anchor point in the bounds; with
    /// geometryFlipped, sublayers are first mirrored top to bottom within the bounds.
    package var transformOfSublayers: CATransform3D {
        var result = CATransform3DIdentity
        if isGeometryFlipped {
            result = CATransform3DMakeScale(1, -1, 1)
                .concatenating(CATransform3DMakeTranslation(0, bounds.minY + bounds.maxY, 0))
        }
        guard !CATransform3DIsIdentity(sublayerTransform) else { return result }
        let anchor = anchorInBounds
        return result.concatenating(CATransform3DMakeTranslation(-anchor.x, -anchor.y, 0)).concatenating(sublayerTransform)
            .concatenating(CATransform3DMakeTranslation(anchor.x, anchor.y, 0))
    }
}
