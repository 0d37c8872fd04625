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
        let p = frame.p, m = mask.properties
        guard coverageAntialiasing, frame.node.transition == nil, mask.transition == nil,
              let image = frame.parts.contents, frame.parts.count == 1, !p.shouldRasterize,
              p.shadowOpacity == 0 || (p.shadowColor?.alpha ?? 0) == 0,
              Self.drawNothing(frame.node.sublayers),
              mask.kind == .shape, mask.sublayers.isEmpty, !m.isHidden, m.opacity == 1,
              (m.backgroundColor?.alpha ?? 0) == 0, m.borderWidth == 0 || (m.borderColor?.alpha ?? 0) == 0,
              (m.fillColor?.alpha ?? 0) == 0, m.strokeColor?.alpha == 1, m.contents == nil,
              let path = m.path, let style = LayerGeometry.strokeStyle(m), style.dashPattern.isEmpty,
              style.lineCap == .butt || style.lineCap == .round, style.strokeEnd > style.strokeStart,
              let arc = CircleArc(path) else { return false }
        let toLayer = LayerGeometry.toParent(m)
        guard toLayer.m14 == 0, toLayer.m24 == 0, toLayer.m34 == 0, toLayer.m44 == 1, toLayer.isFinite,
              LayerGeometry.isDrawable(m), let toMask = Self.inverse2D(toLayer) else { return false }
        let maskWorld = toLayer.concatenating(frame.world)
        guard let placement = AffinePlacement(maskWorld),
              let scale = RoundedRectQuad.uniformScale(placement, pixelsPerPoint: contentScale),
              style.lineWidth * CGFloat(scale) >= 1 else { return false }
        var box: PixelBox?
        if p.masksToBounds {
            guard let bounds = scissorBox(frame) else { return false }
            box = bounds
        }
        if let box { list.commands.append(.pushScissor(box)) }
        let range = ContentsLayout.appendQuads(for: image, p, into: &list)
        list.commands.append(.imageArc(range, matrix: frame.matrix, image: image, tint: tint,
                                       sampling: ContentsLayout.sampling(p), toMask: list.addMatrix(LayerGeometry.floats(toMask)),
                                       arc: Self.arcStroke(arc, style, scale: scale)))
        if box != nil { list.commands.append(.popScissor) }
        return true
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
