import Foundation

/// Point conversion and hit testing: how a point of one layer's bounds lands in another's, through
/// positions, anchor points, transforms and sublayer transforms (each level flattened into its parent's
/// plane, as Core Animation draws it). Every function here runs with the layer tree's lock held.
extension CALayer {
    /// The map from this layer's bounds to its superlayer's bounds (to the bounds of the layer it masks, for
    /// a mask), the superlayer's sublayer transform included.
    func mapToParent() -> PlaneMap {
        var matrix = modelValues.transformToSuperlayer
        if let parent = presentedOrStoredSuperlayer {
            matrix = matrix.concatenating(parent.modelValues.transformOfSublayers)
        }
        return PlaneMap(flattening: matrix)
    }

    /// The map from this layer's bounds to the coordinates of its root's superlayer (the window or canvas).
    func mapToRoot() -> PlaneMap {
        var map = PlaneMap.identity
        var current: CALayer? = self
        var depth = 0
        while let layer = current, depth < CALayer.ancestorWalkLimit {
            map = map.then(layer.mapToParent())
            current = layer.presentedOrStoredSuperlayer ?? layer.maskOwner
            depth += 1
        }
        return map
    }

    /// `p` in `layer`'s bounds (nil: the root's superlayer's coordinates) as a point of this layer's bounds;
    /// not-a-number where no point of this layer lands there (a layer scaled to zero, or turned edge-on).
    func convertedPoint(_ p: CGPoint, from layer: CALayer?) -> CGPoint {
        let onRoot = layer.map { $0.mapToRoot().apply(p) } ?? p
        guard let onRoot, let back = mapToRoot().inverted(), let result = back.apply(onRoot) else { return .notANumber }
        return result
    }

    /// `r` in `layer`'s bounds as the smallest rectangle of this layer's bounds holding its four corners
    /// (Core Animation's rule for a rectangle through a rotation); `.null` where a corner has no image.
    func convertedRect(_ r: CGRect, from layer: CALayer?) -> CGRect {
        r.boxOfCorners { corner in
            let point = convertedPoint(corner, from: layer)
            return point.x.isFinite && point.y.isFinite ? point : nil
        }
    }

    /// The size of `rect` of this layer's bounds once mapped into the superlayer (its box's size).
    func boxInParent(of rect: CGRect) -> CGSize {
        let box = rect.boxOfCorners(PlaneMap(flattening: modelValues.transformToSuperlayer).apply)
        return box.isNull ? .zero : box.size
    }

    /// `rect` of this layer's bounds as the box of its corners in the root's superlayer's coordinates.
    func rectOnRoot(_ rect: CGRect) -> CGRect { rect.boxOfCorners(mapToRoot().apply) }

    /// Hit testing as Apple documents it: nil for a hidden layer or a point outside the bounds; else the
    /// frontmost sublayer (highest zPosition, then last added) that hits, or this layer. Each sublayer is
    /// asked through its `hitTest(_:)` (a subclass may override it) for the first `hitTestRecursionDepth`
    /// levels; below those the search goes on down in a loop, so a tree of any depth is hit tested.
    func hitLayer(at p: CGPoint) -> CALayer? {
        guard let local = pointInBounds(fromSuperlayer: p) else { return nil }
        guard Self.hitTestNesting < Self.hitTestRecursionDepth else { return deepestHit(below: self, at: local) }
        Self.hitTestNesting += 1
        defer { Self.hitTestNesting -= 1 }
        for child in sublayersFrontToBack() {
            if let hit = child.hitTest(local) { return hit }
        }
        return self
    }

    /// How many levels of `hitTest(_:)` call each other before the search goes on in a loop.
    static let hitTestRecursionDepth = 48
    /// How many `hitLayer(at:)` calls are under way, one inside the other (read and written only while
    /// holding the layer tree's lock).
    nonisolated(unsafe) private static var hitTestNesting = 0

    /// `p` (in the superlayer's coordinates) in this layer's bounds, nil when the layer is hidden or the point
    /// falls outside them.
    private func pointInBounds(fromSuperlayer p: CGPoint) -> CGPoint? {
        guard !modelValues.isHidden, let local = mapToParent().inverted()?.apply(p), contains(local) else { return nil }
        return local
    }

    /// The sublayers, frontmost first (highest zPosition, then last added).
    private func sublayersFrontToBack() -> [CALayer] {
        materializePresentationSublayers()
        return children.enumerated().sorted {
            ($0.element.modelValues.zPosition, $0.offset) > ($1.element.modelValues.zPosition, $1.offset)
        }.map(\.element)
    }

    /// The hit below `layer`, which holds `point` (in its own coordinates): a sublayer that holds the point
    /// always yields a hit in its own subtree, so the search only ever goes down.
    private func deepestHit(below layer: CALayer, at point: CGPoint) -> CALayer {
        var current = layer, local = point
        descending: while true {
            for child in current.sublayersFrontToBack() {
                if let inChild = child.pointInBounds(fromSuperlayer: local) {
                    current = child
                    local = inChild
                    continue descending
                }
            }
            return current
        }
    }
}

extension CALayer {
    /// The bounds, cut down by every ancestor that masks to its bounds, in this layer's coordinates.
    func visibleBounds() -> CGRect {
        var visible = modelValues.bounds
        var ancestor = superlayerStorage
        var depth = 0
        while let layer = ancestor, depth < CALayer.ancestorWalkLimit {
            if layer.modelValues.masksToBounds {
                let clip = convertedRect(layer.modelValues.bounds, from: layer)
                visible = visible.intersection(clip)
            }
            ancestor = layer.superlayerStorage
            depth += 1
        }
        return visible
    }
}

extension CGRect {
    /// The smallest rectangle holding the images of the four corners; the rectangle itself when it is null
    /// or infinite, `.null` when a corner has no image.
    func boxOfCorners(_ map: (CGPoint) -> CGPoint?) -> CGRect {
        guard !isNull, !isInfinite else { return self }
        let corners = [CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY),
                       CGPoint(x: minX, y: maxY), CGPoint(x: maxX, y: maxY)].compactMap(map)
        guard corners.count == 4, let minX = corners.map(\.x).min(), let maxX = corners.map(\.x).max(),
              let minY = corners.map(\.y).min(), let maxY = corners.map(\.y).max() else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

extension CGPoint {
    /// A point with no position (both coordinates not a number).
    static let notANumber = CGPoint(x: CGFloat.nan, y: CGFloat.nan)
}
