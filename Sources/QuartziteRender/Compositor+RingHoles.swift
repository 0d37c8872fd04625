import Foundation
import Quartzite

/// A picture seen through a wide ring (seed 000's reveal as the ring grows past the picture's middle): the
/// ring's coverage is 1 on every pixel between its hole and its outer edge, so only the pixels near those
/// edges need the ring's distance per pixel. A box inside the outer circle, less a box round the hole, is
/// drawn as the plain picture through scissor boxes (an opaque picture there without blending); the rest of
/// the ring's box, and the hole's, through the ring. The same pixels, where every pixel of the ring's box took
/// the ring's shader.
extension Compositor {
    /// The box of pixels the ring covers fully (inside its outer circle less half a pixel, or all of `box`
    /// when the stroke reaches past every corner of the picture: `coversOutside`), and inside it the box its hole
    /// (with the half-pixel edge and a pixel of antialiasing) can reach; nil for an arc short of a full turn,
    /// or for a small `box` or a solid part under a quarter of it (the split's extra draws would cost more
    /// than they save).
    func solidBoxes(_ arc: CircleArc, _ style: StrokeStyle, _ stroke: ArcStroke, coversOutside: Bool,
                    placement: AffinePlacement, scale: Float, within box: PixelBox) -> (box: PixelBox, hole: PixelBox)? {
        guard abs(stroke.sweep) >= 2 * Float.pi, scale > 0, box.width * box.height >= Self.smallestSplitBox else { return nil }
        let margin = 0.5 / scale
        let outer = Float(arc.radius + style.lineWidth / 2) - margin
        let solid = coversOutside
            ? box : insideBox(around: arc.center, halfSide: outer / Float(2).squareRoot(), placement: placement, scale: scale).intersection(box)
        let inner = Float(arc.radius - style.lineWidth / 2) + margin
        let hole = inner > 0 ? pixelBox(around: arc.center, radius: inner, placement: placement, scale: scale).intersection(box)
            : PixelBox(x: solid.x, y: solid.y, width: 0, height: 0)
        guard solid.width > 0, solid.height > 0, Self.contains(solid, hole),
              4 * (solid.width * solid.height - hole.width * hole.height) >= box.width * box.height else { return nil }
        return (solid, hole)
    }

    /// Pixels of the ring's box under which one draw through the ring costs less than the split's draws.
    static let smallestSplitBox = 256 * 256

    /// The plain picture over `solid` outside `hole`; the picture through the ring over the rest of `box`
    /// and over `hole`.
    func appendSplit(plain: DisplayCommand, throughArc: DisplayCommand, box: PixelBox, solid: PixelBox, hole: PixelBox,
                     into list: inout DisplayList) {
        for (part, command) in Self.strips(of: solid, around: hole).map({ ($0, plain) })
            + (Self.strips(of: box, around: solid) + [hole]).map({ ($0, throughArc) }) where part.width > 0 && part.height > 0 {
            list.commands.append(.pushScissor(part))
            list.commands.append(command)
            list.commands.append(.popScissor)
        }
    }

    /// The target's pixels whose centres lie within `halfSide` (in the placed space, `scale` device pixels a
    /// unit) of `center` along both axes, clamped to the target.
    func insideBox(around center: CGPoint, halfSide: Float, placement: AffinePlacement, scale: Float) -> PixelBox {
        let c = targetPixel(center, placement), half = max(halfSide * scale, 0)
        // Pixels from the first whole number past c - half to the last before c + half: pixel i's centre
        // i + 0.5 then lies inside, half a pixel to spare.
        return clampedBox(x0: (c.x - half).rounded(.up), y0: (c.y - half).rounded(.up),
                          x1: (c.x + half).rounded(.down), y1: (c.y + half).rounded(.down))
    }

    /// Whether `inner` lies inside `outer` (an empty box anywhere inside counts).
    static func contains(_ outer: PixelBox, _ inner: PixelBox) -> Bool {
        inner.x >= outer.x && inner.y >= outer.y
            && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height
    }

    /// `box` less `hole` (which lies inside it) as up to four boxes: the rows above and below the hole, and
    /// the columns left and right of it between them; empty ones left out.
    static func strips(of box: PixelBox, around hole: PixelBox) -> [PixelBox] {
        let (x1, y1) = (box.x + box.width, box.y + box.height)
        let (hx1, hy1) = (hole.x + hole.width, hole.y + hole.height)
        return [PixelBox(x: box.x, y: box.y, width: box.width, height: hole.y - box.y),
                PixelBox(x: box.x, y: hy1, width: box.width, height: y1 - hy1),
                PixelBox(x: box.x, y: hole.y, width: hole.x - box.x, height: hole.height),
                PixelBox(x: hx1, y: hole.y, width: x1 - hx1, height: hole.height)]
            .filter { $0.width > 0 && $0.height > 0 }
    }
}
