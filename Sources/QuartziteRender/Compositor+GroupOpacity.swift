import Foundation
import Quartzite

/// Whether a translucent layer needs its offscreen group. Group opacity composites the layer's parts as one
/// picture so that where two of them overlap the lower one does not show through; where no two parts can put
/// ink on one pixel, drawing each with the opacity gives the same pixels, and the group (on llvmpipe a pass of
/// its own, a flush and a wait: seed 001's centre tile, its dot and its wordmark, cost 0.6 ms a frame) is
/// skipped. A text sublayer counts by its glyphs' boxes (`TextInk`), not its bounds: a label's bounds are
/// mostly empty, and a sibling often sits inside them between two words. A translucent layer with one
/// sublayer of several parts (a card holding a label) is grouped, as on iOS.
extension Compositor {
    /// Most parts compared pair by pair; a layer with more is grouped without looking.
    static let maximumDisjointParts = 16
    /// Pixels kept between two parts' boxes: an antialiased edge shades the pixel its box ends in and the next
    /// one (half a pixel of fringe), so boxes closer than two pixels may shade one pixel from both sides.
    static let partSpacing: CGFloat = 2

    /// Whether two of the layer's separately drawn parts may put ink on one pixel: its own parts (one at
    /// most, else they overlap) and each shown sublayer, which counts as one part only when it draws one at a
    /// time (`drawsOnePart`: a sublayer of two parts, or one with a shadow, drawn at the opacity would show its
    /// lower part through the upper). True whenever that cannot be bounded in 2D. Particles overlap each other.
    func partsMayOverlap(_ frame: CompositorFrame) -> Bool {
        let node = frame.node
        let sublayers = node.sublayers.filter(Self.isShown)
        guard frame.parts.count <= 1, node.kind != .emitter, sublayers.count < Self.maximumDisjointParts,
              !(node.kind == .replicator && frame.p.replicator?.preservesDepth == true),
              sublayers.allSatisfy(Self.drawsOnePart) else { return true }
        guard frame.parts.count + sublayers.count >= 2 else { return false }
        var pieces: [[CGRect]] = []
        if frame.parts.count == 1 {
            let own = ContentBounds.ownBox(of: node, minimumLineWidth: hairlineWidth(frame))
            guard let box = deviceBox(own, frame.world) else { return true }
            pieces.append([box])
        }
        let parentWorld = LayerGeometry.flattened(LayerGeometry.sublayerTransform(frame.p)).concatenating(frame.world)
        for child in sublayers {
            guard let boxes = deviceBoxes(of: child, parentWorld: parentWorld) else { return true }
            pieces.append(boxes)
        }
        return Self.anyMeet(pieces)
    }

    /// Whether a sublayer is drawn at all (the compositor draws a non-finite opacity as 1).
    static func isShown(_ node: PresentationNode) -> Bool {
        let p = node.properties
        return !p.isHidden && (!p.opacity.isFinite || p.opacity > 0)
    }

    /// Whether a sublayer puts at most one part on any pixel, so that drawing it at the opacity is its share of
    /// the group's picture: no shown sublayers of its own, one part at most, no shadow, particles, copies,
    /// transition (whose two states are drawn over each other) or compositingFilter (it blends with the
    /// group's other parts).
    static func drawsOnePart(_ node: PresentationNode) -> Bool {
        let p = node.properties
        // The layer's parts last: they are the dearest to find.
        return !node.sublayers.contains(where: isShown) && !LayerGeometry.castsShadow(p) && node.kind != .emitter
            && node.kind != .replicator && node.transition == nil && blendMode(node) == nil && LayerParts(node).count <= 1
    }

    /// Where a one-part sublayer can put ink, in device pixels: a text layer's ink boxes, else its box
    /// (`ContentBounds`); nil when it cannot be bounded.
    private func deviceBoxes(of child: PresentationNode, parentWorld: CATransform3D) -> [CGRect]? {
        let c = child.properties
        let world = LayerGeometry.toParent(c).concatenating(parentWorld)
        if LayerParts(child).text, child.mask == nil {
            guard let text = placedText(c, world: world) else { return [] }
            var boxes: [CGRect] = []
            for box in text.ink.boxes {
                guard let placed = deviceBox(Self.inkRect(box, in: c.bounds, scale: text.scale), world) else { return nil }
                boxes.append(placed)
            }
            return boxes
        }
        let scale = LayerGeometry.scale(world) * contentScale
        guard let box = ContentBounds.box(of: child, minimumLineWidth: scale > 1e-9 ? 1 / scale : 0) else { return nil }
        if box.isNull { return [] }
        return deviceBox(box, world).map { [$0] }
    }

    /// Whether a box of one piece comes within `partSpacing` pixels of a box of another.
    static func anyMeet(_ pieces: [[CGRect]]) -> Bool {
        for i in pieces.indices {
            for j in pieces.indices where j > i {
                for a in pieces[i] {
                    let grown = a.insetBy(dx: -partSpacing, dy: -partSpacing)
                    for b in pieces[j] where grown.maxX >= b.minX && b.maxX >= grown.minX
                        && grown.maxY >= b.minY && b.maxY >= grown.minY { return true }
                }
            }
        }
        return false
    }
}
