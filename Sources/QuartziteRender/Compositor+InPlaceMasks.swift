import Foundation
import Quartzite

/// A mask that draws one upright rectangle, rounded or not, of one colour (a circle closing to a rounded
/// square, an avatar's round mask), and masksToBounds with rounded corners (a card, a rounded picture): the
/// masked layer draws into a group cut to the mask's box, the group's
/// pixels are scaled in place by the mask's coverage (`maskRoundedRects`, destination-in), and the group is
/// composited. An alpha mask in general draws content and mask into two groups and composites them through
/// a shader that reads both; on llvmpipe every group is a pass of its own, a flush and a wait (seed 001's
/// logo: 0.9 ms of its 2.9 ms median). The pixels are the same: content times the mask's coverage and alpha,
/// nothing outside the mask's box.
struct InPlaceMask {
    /// The mask's bounds, in its own points, and its corner radius.
    let rect: CGRect
    let radius: CGFloat
    /// Where the mask lands on the canvas, and its device pixels per point.
    let placement: AffinePlacement
    let scale: Float
    /// The mask's premultiplied colour times its opacity: only the alpha counts.
    let color: SIMD4<Float>
    /// The pixels the mask can leave anything in (its rectangle's, rounded outward): the group is cut to them.
    let box: PixelBox
}

extension Compositor {
    /// `mask` as an in-place mask for a layer placed by `layerWorld`: when it has no sublayers, mask, shadow,
    /// particles or transition and draws only its background. Nil otherwise (the general alpha mask then applies).
    func inPlaceMask(_ mask: PresentationNode, layerWorld: CATransform3D) -> InPlaceMask? {
        let p = mask.properties
        guard mask.sublayers.isEmpty, mask.mask == nil, mask.transition == nil, !p.isHidden, mask.kind != .emitter,
              !LayerGeometry.castsShadow(p) else { return nil }
        let parts = LayerParts(mask)
        guard parts.count == 1, let background = parts.background else { return nil }
        let opacity = Float(p.opacity.isFinite ? min(max(p.opacity, 0), 1) : 1)
        return inPlaceMask(of: p, world: LayerGeometry.toParent(p).concatenating(layerWorld),
                           color: background.premultipliedRGBA * opacity)
    }

    /// masksToBounds of a layer with rounded corners as an in-place mask of its bounds, when it can be one.
    func inPlaceBoundsMask(_ frame: CompositorFrame) -> InPlaceMask? {
        inPlaceMask(of: frame.p, world: frame.world, color: SIMD4(1, 1, 1, 1))
    }

    /// The bounds of a layer placed by `world`, with its corner radius, as an in-place mask of `color`'s alpha:
    /// all corners or none rounded, placed upright with one scale both ways, under coverage antialiasing.
    private func inPlaceMask(of p: LayerProperties, world: CATransform3D, color: SIMD4<Float>) -> InPlaceMask? {
        let bounds = p.bounds.standardized
        guard coverageAntialiasing, batchesFills, !isRounded(p) || p.maskedCorners == Self.allCorners,
              LayerGeometry.isDrawable(world: world), LayerGeometry.isDrawable(p),
              let placement = AffinePlacement(world),
              let scale = RoundedRectQuad.uniformScale(placement, pixelsPerPoint: contentScale),
              let pixels = uprightPixelRect(bounds, world) else { return nil }
        let radius = isRounded(p) ? min(max(p.cornerRadius, 0), min(bounds.width, bounds.height) / 2) : 0
        return InPlaceMask(rect: bounds, radius: radius, placement: placement, scale: scale, color: color,
                           box: PixelBox(corners: pixels.minX, pixels.minY, pixels.maxX, pixels.maxY))
    }

    /// Scales the group's pixels by the mask (the content is drawn) and composites the group.
    func finishInPlaceMask(_ mask: InPlaceMask, into list: inout DisplayList) {
        list.appendRoundedRect(mask.rect, radius: mask.radius, placement: mask.placement, scale: mask.scale,
                               color: mask.color, canvasMatrix: canvasMatrix, asMask: true)
        list.ensureCanvasQuad(target: currentTarget, canvas: canvasSize, matrix: clipMatrix(CATransform3DIdentity))
        list.commands.append(.endGroup(.composite(tint: .one)))
        openGroups -= 1
    }
}
