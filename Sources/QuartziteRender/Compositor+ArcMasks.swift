import Foundation
import Quartzite

/// A layer under a mask that only strokes one circular arc (seed 003's ring over its two gradient halves and
/// yellow strip; any progress ring cut out of content): the layer draws into one group, and the group is
/// composited through the arc, its texels times the arc's coverage on the ring's triangles only
/// (`GroupEnd.throughArc`). An alpha mask in general draws the mask into a second group and composites
/// through a shader that reads both, over the whole area; on llvmpipe each group is a pass of its own, a
/// flush and a wait. The pixels are the same: the content times the mask's coverage and alpha, nothing off
/// the ring.
struct ArcMask {
    let arc: CircleArc
    let style: StrokeStyle
    /// Where the mask lands: its points to the canvas's, and device pixels per point there.
    let world: CATransform3D
    let placement: AffinePlacement
    let scale: Float
    /// The stroke's alpha times the mask's opacity: what the arc's coverage is scaled by.
    let alpha: Float
}

extension Compositor {
    /// `mask` as an arc mask for a layer placed by `layerWorld` (`strokedArc`), unless arc masks are off.
    func arcMask(_ mask: PresentationNode, layerWorld: CATransform3D) -> ArcMask? {
        drawsThroughArcMasks ? strokedArc(mask, layerWorld: layerWorld) : nil
    }

    /// `mask` as the stroke of one circular arc, for a layer placed by `layerWorld`: a shape layer that strokes
    /// one circular arc, undashed, with butt or round caps, at least a pixel wide, its ring within the floats
    /// (`ringFitsFloats`), and draws nothing else (no fill, background, border, contents, shadow, sublayers,
    /// mask or transition), does not clip its stroke to its bounds, and is placed in 2D without uneven scale,
    /// facing the viewer (or double-sided), under coverage antialiasing. Nil otherwise. Arc masks and
    /// pictures seen through a ring (`drawImageThroughArcMask`) both ask it.
    func strokedArc(_ mask: PresentationNode, layerWorld: CATransform3D) -> ArcMask? {
        let m = mask.properties
        guard coverageAntialiasing, mask.kind == .shape, mask.sublayers.isEmpty, mask.mask == nil,
              mask.transition == nil, !m.isHidden, !m.masksToBounds, (m.backgroundColor?.alpha ?? 0) == 0, m.contents == nil,
              m.borderWidth == 0 || (m.borderColor?.alpha ?? 0) == 0, !LayerGeometry.castsShadow(m),
              (m.fillColor?.alpha ?? 0) == 0, let stroke = m.strokeColor, stroke.alpha > 0,
              let path = m.path, let style = LayerGeometry.strokeStyle(m), style.dashPattern.isEmpty,
              style.lineCap == .butt || style.lineCap == .round,
              // Trims that meet once clamped to 0...1 (1.5 and 2) stroke nothing: the general path draws nothing.
              style.strokeEnd > style.strokeStart, let arc = CircleArc(path) else { return nil }
        let toLayer = LayerGeometry.toParent(m)
        guard toLayer.m14 == 0, toLayer.m24 == 0, toLayer.m34 == 0, toLayer.m44 == 1, toLayer.isFinite,
              LayerGeometry.isDrawable(m) else { return nil }
        let world = toLayer.concatenating(layerWorld)
        guard LayerGeometry.isDrawable(world: world), m.isDoubleSided || !LayerGeometry.facesAway(world),
              let placement = AffinePlacement(world),
              let scale = RoundedRectQuad.uniformScale(placement, pixelsPerPoint: contentScale),
              // Thinner than a pixel, the mesh's hairline handling applies.
              style.lineWidth * CGFloat(scale) >= 1,
              Self.ringFitsFloats(arc, halfWidth: style.lineWidth / 2) else { return nil }
        let opacity = m.opacity.isFinite ? min(max(m.opacity, 0), 1) : 1
        return ArcMask(arc: arc, style: style, world: world, placement: placement, scale: scale,
                       alpha: Float(stroke.alpha) * opacity)
    }

    /// Composites the group (the content is drawn) through the arc: the ring's triangles, each vertex
    /// carrying where it lands on the group's surface.
    func finishArcMask(_ mask: ArcMask, area: GroupArea?, into list: inout DisplayList) {
        let firstVertex = list.vertexCount
        let (range, stroke) = appendArcStroke(mask.arc, mask.style, scale: mask.scale, into: &list)
        let surface = area.map { PixelBox(x: $0.x, y: $0.y, width: $0.width, height: $0.height) } ?? targetPixels
        list.setSurfaceCoordinates(from: firstVertex, placement: mask.placement, pixelsPerPoint: Float(contentScale),
                                   surface: surface)
        let matrix = list.addMatrix(LayerGeometry.clipMatrix(mask.world, canvas: canvasSize))
        let identity = list.addMatrix(LayerGeometry.floats(CATransform3DIdentity))
        let a = mask.alpha
        list.commands.append(.endGroup(.throughArc(range, matrix: matrix, toMask: identity, arc: stroke,
                                                   tint: SIMD4(a, a, a, a))))
        openGroups -= 1
    }
}

extension DisplayList {
    /// Sets the texture coordinates of the vertices from `first` on (points of a layer that `placement` puts
    /// on the canvas) to where they land on a group's surface over `surface` (target pixels; textures are
    /// bottom-up, as every offscreen surface's).
    mutating func setSurfaceCoordinates(from first: Int, placement t: AffinePlacement, pixelsPerPoint: Float,
                                        surface: PixelBox) {
        let x0 = Float(surface.x), y0 = Float(surface.y)
        let w = Float(max(surface.width, 1)), h = Float(max(surface.height, 1))
        for v in first..<vertexCount {
            let i = v * PlainVertex.floats
            let x = vertices[i], y = vertices[i + 1]
            let px = (t.a * x + t.c * y + t.tx) * pixelsPerPoint, py = (t.b * x + t.d * y + t.ty) * pixelsPerPoint
            vertices[i + 2] = (px - x0) / w
            vertices[i + 3] = 1 - (py - y0) / h
        }
    }
}
