import Foundation
import Quartzite

/// A picture seen through a stroked circular arc (seed 000's reveal: the picture masked by a ring whose
/// stroke grows until it covers the canvas) drawn in one step: the picture's own quads, each pixel's texel
/// times the arc's coverage, instead of the picture drawn into one offscreen group, the ring into another
/// and the two composited (three passes over the area, two of them into surfaces to clear and wait for).
/// The same pixels: under coverage antialiasing the mask's alpha is the arc's coverage either way.
extension Compositor {
    /// Draws the layer through its mask when the layer draws nothing but its contents (its sublayers draw
    /// nothing), and the mask is a lone shape layer stroking one circular arc in an opaque colour, undashed,
    /// with butt or round caps, placed in 2D without uneven scale. A masksToBounds layer needs a scissor box
    /// (upright, square-cornered). False when it does not apply: the caller masks as usual.
    func drawImageThroughArcMask(_ frame: CompositorFrame, mask: PresentationNode, tint: Tint,
                                 into list: inout DisplayList) -> Bool {
        let p = frame.p
        guard frame.node.transition == nil, let image = frame.parts.contents, frame.parts.count == 1, !p.shouldRasterize,
              p.shadowOpacity == 0 || (p.shadowColor?.alpha ?? 0) == 0,
              Self.drawNothing(frame.node.sublayers),
              // An opaque stroke at full opacity: the arc's coverage alone scales the picture.
              let ring = strokedArc(mask, layerWorld: frame.world), ring.alpha == 1,
              let toMask = Self.inverse2D(LayerGeometry.toParent(mask.properties)) else { return false }
        let (arc, style, placement, scale) = (ring.arc, ring.style, ring.placement, ring.scale)
        var box = arcBox(arc, style, placement: placement, scale: scale)
        if p.masksToBounds {
            guard let bounds = scissorBox(frame) else { return false }
            box = box.intersection(bounds)
        }
        list.commands.append(.pushScissor(box))
        let range = ContentsLayout.appendQuads(for: image, p, into: &list)
        let stroke = Self.arcStroke(arc, style, scale: scale)
        var shown = ContentsLayout.placement(of: image, p).destination
        if p.masksToBounds { shown = shown.intersection(p.bounds) }
        let shownInMask = shown.applying(CATransform3DGetAffineTransform(toMask))
        let sampling = ContentsLayout.sampling(p)
        let throughArc = DisplayCommand.imageArc(range, matrix: frame.matrix, image: image, tint: tint, sampling: sampling,
                                                 toMask: list.addMatrix(LayerGeometry.floats(toMask)), arc: stroke)
        let coversOutside = Self.arcCoversOutside(stroke, shownInMask)
        if coversOutside && Self.reachesCentre(stroke) {
            list.commands.append(pictureCommand(frame, image: image, range: range, tint: tint, sampling: sampling, into: &list))
        } else if let solid = solidBoxes(arc, style, stroke, coversOutside: coversOutside, placement: placement, scale: scale,
                                         within: box) {
            let plain = pictureCommand(frame, image: image, range: range, tint: tint, sampling: sampling, into: &list)
            appendSplit(plain: plain, throughArc: throughArc, box: box, solid: solid.box, hole: solid.hole, into: &list)
        } else {
            list.commands.append(throughArc)
        }
        list.commands.append(.popScissor)
        return true
    }

    /// Whether the stroke reaches the arc's centre, half a pixel to spare: no hole. With `arcCoversOutside`,
    /// the arc's coverage (arc.glsl) is 1 all over the picture, and the reveal's last frames draw the plain
    /// picture (the ring's distance per pixel cost half as much again as the picture).
    static func reachesCentre(_ arc: ArcStroke) -> Bool { arc.radius - arc.halfWidth + 0.5 / arc.scale <= 0 }

    /// Whether the arc's coverage is 1 over `rect` but for the hole in its middle: a full turn whose stroke
    /// reaches the rectangle's farthest corner, half a pixel to spare.
    static func arcCoversOutside(_ arc: ArcStroke, _ rect: CGRect) -> Bool {
        guard abs(arc.sweep) >= 2 * Float.pi, arc.scale > 0, !rect.isNull, !rect.isEmpty else { return false }
        let margin = 0.5 / arc.scale
        let cx = CGFloat(arc.center.x), cy = CGFloat(arc.center.y)
        let far = max(abs(rect.minX - cx), abs(rect.maxX - cx)), high = max(abs(rect.minY - cy), abs(rect.maxY - cy))
        let reach = Float((far * far + high * high).squareRoot())
        return reach.isFinite && reach <= arc.radius + arc.halfWidth - margin
    }

    /// The target's pixels that the arc's stroke can reach, a pixel of antialiasing included: the box round
    /// its circle's outer edge (caps stay inside it), clamped to the target. The picture's quad usually covers
    /// the canvas while the ring is small (the reveal's first frames drew every pixel to keep a few).
    func arcBox(_ arc: CircleArc, _ style: StrokeStyle, placement: AffinePlacement, scale: Float) -> PixelBox {
        pixelBox(around: arc.center, radius: Float(arc.radius + style.lineWidth / 2), placement: placement, scale: scale)
    }

    /// The target's pixels within `radius` (in the placed space, `scale` device pixels a unit) of `center`,
    /// and a pixel more, clamped to the target.
    func pixelBox(around center: CGPoint, radius: Float, placement: AffinePlacement, scale: Float) -> PixelBox {
        let c = targetPixel(center, placement), reach = radius * scale + 1
        return clampedBox(x0: (c.x - reach).rounded(.down), y0: (c.y - reach).rounded(.down),
                          x1: (c.x + reach).rounded(.up), y1: (c.y + reach).rounded(.up))
    }

    /// Where `point` of a space placed by `placement` lands on the target, in pixels.
    func targetPixel(_ point: CGPoint, _ placement: AffinePlacement) -> SIMD2<Float> {
        let x = Float(point.x), y = Float(point.y), pixelsPerPoint = Float(contentScale)
        return SIMD2((placement.a * x + placement.c * y + placement.tx) * pixelsPerPoint,
                     (placement.b * x + placement.d * y + placement.ty) * pixelsPerPoint)
    }

    /// The pixels from (`x0`, `y0`) to (`x1`, `y1`) (whole numbers), clamped to the target.
    func clampedBox(x0: Float, y0: Float, x1: Float, y1: Float) -> PixelBox {
        func pixel(_ v: Float, _ limit: Int) -> Int { min(max(Int(clampingPixel: CGFloat(v)), 0), limit) }
        let (width, height) = (targetPixels.width, targetPixels.height)
        let left = pixel(x0, width), right = pixel(x1, width), top = pixel(y0, height), bottom = pixel(y1, height)
        return PixelBox(x: left, y: top, width: max(right - left, 0), height: max(bottom - top, 0))
    }

    /// Whether none of these layers, nor any layer under them, draws anything: each is hidden, transparent or
    /// draws no part of its own, has no mask, and the same holds for its sublayers.
    static func drawNothing(_ layers: [PresentationNode]) -> Bool {
        var pending = layers
        while let node = pending.popLast() {
            let p = node.properties
            if p.isHidden || !(p.opacity > 0) { continue }
            guard node.mask == nil, node.kind == .plain || node.kind == .shape || node.kind == .text,
                  LayerParts(p, kind: node.kind).count == 0,
                  p.shadowOpacity == 0 || (p.shadowColor?.alpha ?? 0) == 0 else { return false }
            pending += node.sublayers
        }
        return true
    }

    /// The inverse of a transform that acts in 2D (x and y only), or nil when it does not invert.
    static func inverse2D(_ t: CATransform3D) -> CATransform3D? {
        let det = t.m11 * t.m22 - t.m12 * t.m21
        guard det.isFinite, abs(det) > 1e-12 else { return nil }
        var inverse = CATransform3DIdentity
        inverse.m11 = t.m22 / det
        inverse.m12 = -t.m12 / det
        inverse.m21 = -t.m21 / det
        inverse.m22 = t.m11 / det
        inverse.m41 = -(t.m41 * inverse.m11 + t.m42 * inverse.m21)
        inverse.m42 = -(t.m41 * inverse.m12 + t.m42 * inverse.m22)
        return inverse.isFinite ? inverse : nil
    }
}
