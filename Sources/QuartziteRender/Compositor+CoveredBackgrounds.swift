import Foundation
import Quartzite

/// A background partly hidden by an opaque sublayer: a card under a picture, each of the gallery's cells
/// under its demo's backdrop. Every sublayer draws after its superlayer's background, so where a
/// descendant's opaque, square-cornered, upright background shades whole pixels fully, into the same
/// target, nothing of the background shows, and its quad is drawn round that hole instead (`appendRoundedRect`'s
/// bands). On llvmpipe the rounded-rectangle shader costs about five plain pixels a pixel: the gallery's
/// cells were 0.9 canvases of it a frame, nearly half under their thumbnails.
extension Compositor {
    /// Most layers looked at below the one whose background is cut, and how deep.
    static let coverSearchLayers = 24, coverSearchDepth = 3
    /// The smallest hole cut, in device pixels a side: a smaller one saves less than its extra quads cost.
    static let smallestHole = 16

    /// The largest box of whole pixels that an opaque descendant of `frame`'s layer covers, in the layer's
    /// points, when the layer sits upright; nil when there is none worth cutting. `tint`: what the layer's
    /// drawing is multiplied by (a translucent layer drawn without a group leaves every sublayer translucent).
    func coveredHole(_ frame: CompositorFrame, tint: Tint) -> CGRect? {
        let p = frame.p
        // A layer without sublayers (a grid's tile) has nothing over its background: no search to set up.
        guard !frame.node.sublayers.isEmpty,
              cutsCoveredBackgrounds, tint == .one, Self.isUpright(frame.world), frame.world.m11 > 0, frame.world.m22 > 0,
              frame.node.kind != .transform, frame.node.kind != .replicator, !p.shouldRasterize else { return nil }
        var clip: PixelBox? = nil
        if p.masksToBounds {
            guard !isRounded(p), let box = scissorBox(frame) else { return nil }
            clip = box
        }
        guard let hole = largestCover(below: frame.node, world: frame.world, clip: clip),
              hole.width >= Self.smallestHole, hole.height >= Self.smallestHole else { return nil }
        let w = frame.world
        let x0 = (CGFloat(hole.x) / contentScale - w.m41) / w.m11, x1 = (CGFloat(hole.x + hole.width) / contentScale - w.m41) / w.m11
        let y0 = (CGFloat(hole.y) / contentScale - w.m42) / w.m22, y1 = (CGFloat(hole.y + hole.height) / contentScale - w.m42) / w.m22
        let rect = CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        return rect.isFinite ? rect : nil
    }

    /// Breadth first through the sublayers that draw into the layer's target at full opacity, upright: the
    /// largest box of pixels an opaque, square-cornered background among them shades fully (cut to the
    /// scissor boxes of masksToBounds on the way).
    private func largestCover(below node: PresentationNode, world: CATransform3D, clip: PixelBox?) -> PixelBox? {
        var pending = [(node: node, world: world, clip: clip, depth: 0)]
        var best: PixelBox?
        var looked = 0, nextPending = 0
        while nextPending < pending.count, looked < Self.coverSearchLayers {
            let (parent, parentWorld, parentClip, depth) = pending[nextPending]
            nextPending += 1
            let sublayerWorld = LayerGeometry.flattened(LayerGeometry.sublayerTransform(parent.properties)).concatenating(parentWorld)
            for child in parent.sublayers where looked < Self.coverSearchLayers {
                looked += 1
                let c = child.properties
                let childWorld = LayerGeometry.toParent(c).concatenating(sublayerWorld)
                guard drawsIntoSameTarget(child), LayerGeometry.isDrawable(world: childWorld), Self.isUpright(childWorld),
                      childWorld.m11 > 0, childWorld.m22 > 0,
                      let pixels = uprightPixelRect(c.bounds.standardized, childWorld) else { continue }
                if let background = LayerParts(child).background, background.alpha >= 1, !isRounded(c) {
                    // Whole pixels inside the rectangle: its coverage is 1 there.
                    var box = PixelBox(corners: pixels.minX.rounded(.up), pixels.minY.rounded(.up),
                                       pixels.maxX.rounded(.down), pixels.maxY.rounded(.down))
                    if let parentClip { box = box.intersection(parentClip) }
                    if box.width * box.height > (best.map { $0.width * $0.height } ?? 0) { best = box }
                }
                guard depth + 1 < Self.coverSearchDepth, !child.sublayers.isEmpty else { continue }
                var childClip = parentClip
                if c.masksToBounds {
                    guard !isRounded(c) else { continue }
                    let box = scissorBox(pixels)
                    childClip = childClip.map { $0.intersection(box) } ?? box
                }
                pending.append((child, childWorld, childClip, depth + 1))
            }
        }
        return best
    }

    /// Whether a sublayer draws straight into its superlayer's target, at full opacity: shown, opaque, without
    /// a mask, shadow, transition, raster, compositingFilter or depth of its own (each of those draws through a
    /// group or a depth test, or leaves the pixels translucent; a blend mixes with the background).
    private func drawsIntoSameTarget(_ node: PresentationNode) -> Bool {
        let p = node.properties
        let opacity = p.opacity.isFinite ? p.opacity : 1
        return !p.isHidden && opacity >= 1 && node.mask == nil && node.transition == nil && !p.shouldRasterize
            && !LayerGeometry.castsShadow(p) && node.kind != .transform && node.kind != .replicator
            && Self.blendMode(node) == nil && LayerGeometry.isDrawable(p)
    }
}
