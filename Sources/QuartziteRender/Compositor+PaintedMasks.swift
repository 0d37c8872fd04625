import Foundation
import Quartzite

extension Compositor {
    /// A gradient layer under a binary shape mask (seed 003's ring, bench S2), or under a plain mask whose
    /// only part is an opaque, square-cornered background (seed 003's progress bar), drawn in one step: the
    /// mask's own triangles (the background's rectangle) painted with the gradient, instead of stencilling the
    /// mask or drawing layer and mask into two groups, covering the bounds with the gradient, and compositing.
    /// The same pixels: the mask's coverage is its triangles' coverage either way. False when the shortcut
    /// does not apply, and the caller masks as usual: the layer draws anything besides its gradient, the mask
    /// is not a lone shape or plain layer placed in 2D, its triangles reach outside the layer's bounds (where
    /// the gradient does not paint), or they overlap while the paint is translucent (overlaps would blend twice).
    /// A masked layer that draws nothing itself and holds one gradient sublayer (seed 003's conic ring: a
    /// container of one conic gradient under the ring) is painted the same way, the gradient's placement in
    /// the container joining the mask's.
    func drawGradientThroughMask(_ frame: CompositorFrame, mask: PresentationNode, tint: Tint,
                                 into list: inout DisplayList) -> Bool {
        if frame.node.kind == .gradient {
            return paintGradient(frame.node, placedBy: CATransform3DIdentity, frame, mask: mask, tint: tint, into: &list)
        }
        guard let (gradient, placement) = Self.loneGradientSublayer(of: frame) else { return false }
        let opacity = Float(min(max(gradient.properties.opacity, 0), 1))
        return paintGradient(gradient, placedBy: placement, frame, mask: mask, tint: tint * opacity, into: &list)
    }

    /// The one sublayer of a layer that draws anything, when it is a gradient layer without sublayers or mask
    /// placed in 2D in the layer's space, and the layer itself draws nothing, clips nothing and has no
    /// transition; with the transform from the gradient's space to the layer's.
    static func loneGradientSublayer(of frame: CompositorFrame) -> (PresentationNode, CATransform3D)? {
        let p = frame.p
        guard frame.node.kind == .plain, frame.parts.count == 0, frame.node.transition == nil, !p.masksToBounds,
              p.shadowOpacity == 0 || (p.shadowColor?.alpha ?? 0) == 0, !p.shouldRasterize else { return nil }
        // The first sublayer that draws, and none after it (a second one ends the search).
        var drawing: PresentationNode?
        for sublayer in frame.node.sublayers where !drawNothing([sublayer]) {
            guard drawing == nil else { return nil }
            drawing = sublayer
        }
        guard let child = drawing, child.kind == .gradient, child.mask == nil,
              child.sublayers.isEmpty, child.transition == nil else { return nil }
        let placement = LayerGeometry.toParent(child.properties).concatenating(LayerGeometry.sublayerTransform(p))
        guard placement.m13 == 0, placement.m23 == 0, placement.m31 == 0, placement.m32 == 0,
              placement.m14 == 0, placement.m24 == 0, placement.m34 == 0, placement.m44 == 1, placement.isFinite
        else { return nil }
        return (child, placement)
    }

    /// Paints `gradient` through the mask: `placement` maps the gradient's space into the masked layer's
    /// (the identity when the masked layer is the gradient).
    private func paintGradient(_ gradient: PresentationNode, placedBy placement: CATransform3D, _ frame: CompositorFrame,
                               mask: PresentationNode, tint: Tint, into list: inout DisplayList) -> Bool {
        let p = gradient.properties, m = mask.properties
        guard gradient.kind == .gradient, gradient.transition == nil, mask.transition == nil,
              gradient.sublayers.isEmpty, mask.sublayers.isEmpty,
              (p.backgroundColor?.alpha ?? 0) == 0, p.contents == nil,
              p.borderWidth == 0 || (p.borderColor?.alpha ?? 0) == 0,
              p.shadowOpacity == 0 || (p.shadowColor?.alpha ?? 0) == 0, !p.shouldRasterize,
              // A rounded masksToBounds clips the gradient to its corners, which painting the mask skips.
              !p.masksToBounds || p.cornerRadius <= 0 || p.maskedCorners.isEmpty,
              !m.isHidden, !m.masksToBounds, m.opacity == 1, m.borderWidth == 0 || (m.borderColor?.alpha ?? 0) == 0,
              let paint = GradientGeometry.paint(p, tint: tint) else { return false }
        let toMasked = LayerGeometry.toParent(m)
        guard toMasked.m14 == 0, toMasked.m24 == 0, toMasked.m34 == 0, toMasked.m44 == 1, toMasked.isFinite,
              LayerGeometry.isDrawable(m), let fromMasked = Self.inverse2D(placement) else { return false }
        // Mask space to the gradient's: into the masked layer's, then out of the gradient's placement there.
        let toLayer = toMasked.concatenating(fromMasked)
        let maskWorld = toMasked.concatenating(frame.world)
        // A mask turned away is culled by the general path: nothing of the layer shows.
        guard m.isDoubleSided || !LayerGeometry.facesAway(maskWorld) else { return false }
        var meshes: [TriangleMesh] = []
        if mask.kind == .plain {
            guard let rectangle = Self.opaqueRectangle(of: mask) else { return false }
            meshes.append(rectangle)
        } else {
            guard mask.kind == .shape, (m.backgroundColor?.alpha ?? 0) == 0, let path = m.path else { return false }
            if coverageAntialiasing, drawGradientArc(mask, path: path, paint: paint, toLayer: toLayer, maskWorld: maskWorld,
                                                     bounds: p.bounds, into: &list) {
                return true
            }
            meshes = shapeMeshes(m, path: path, tolerance: LayerGeometry.tolerance(maskWorld, contentScale: contentScale))
        }
        meshes.removeAll { $0.isEmpty }
        let opaque = tint.w == 1 && paint.colors.allSatisfy { $0.w == 1 }
        // (A mesh drawn with a coverage fringe blends each pixel once whether or not it overlaps itself.)
        guard opaque || (meshes.count <= 1 && meshes.allSatisfy { !$0.mayOverlap || covers($0) }) else { return false }
        for mesh in meshes where !Self.lies(mesh, under: toLayer, inside: p.bounds) { return false }
        guard !meshes.isEmpty else { return true }   // the mask shows nothing: nothing to draw
        let matrix = list.addMatrix(LayerGeometry.clipMatrix(maskWorld, canvas: canvasSize))
        let local = list.addMatrix(LayerGeometry.floats(toLayer))
        for mesh in meshes {
            if covers(mesh), let depth = list.takeDepth() {
                let range = appendFringed(mesh, maskWorld, into: &list)
                list.commands.append(.gradient(range, matrix: matrix, toLayer: local, paint: paint,
                                               antialiasing: .coverage(depth: depth)))
            } else {
                list.commands.append(.gradient(list.append(mesh), matrix: matrix, toLayer: local, paint: paint))
            }
        }
        return true
    }

    /// A mask that only strokes a circular arc (seed 003's ring, bench S2), without dashes, with butt or round
    /// caps, on a layer placed without uneven scale, as one quad whose gradient shader measures the distance
    /// to the arc (no tessellation, no outline, no fringe). False, drawing nothing, when it does not apply.
    private func drawGradientArc(_ mask: PresentationNode, path: CGPath, paint: GradientPaint, toLayer: CATransform3D,
                                 maskWorld: CATransform3D, bounds: CGRect, into list: inout DisplayList) -> Bool {
        let m = mask.properties
        guard (m.fillColor?.alpha ?? 0) == 0, (m.strokeColor?.alpha ?? 0) > 0,
              let style = LayerGeometry.strokeStyle(m), style.dashPattern.isEmpty,
              style.lineCap == .butt || style.lineCap == .round,
              let placement = AffinePlacement(maskWorld),
              let scale = RoundedRectQuad.uniformScale(placement, pixelsPerPoint: contentScale),
              // Thinner than a pixel, the mesh's hairline handling applies.
              style.lineWidth * CGFloat(scale) >= 1, let arc = CircleArc(path),
              Self.ringFitsFloats(arc, halfWidth: style.lineWidth / 2) else { return false }
        let halfWidth = style.lineWidth / 2
        let reach = arc.radius + halfWidth
        // The stroke's square in the mask's space.
        let square = CGRect(x: arc.center.x - reach, y: arc.center.y - reach, width: 2 * reach, height: 2 * reach)
        // The gradient paints only its bounds: the stroke's square must lie inside them (its four corners, placed).
        let inset = bounds.insetBy(dx: -1e-3, dy: -1e-3)
        func inside(_ x: CGFloat, _ y: CGFloat) -> Bool {
            inset.contains(CGPoint(x: x * toLayer.m11 + y * toLayer.m21 + toLayer.m41, y: x * toLayer.m12 + y * toLayer.m22 + toLayer.m42))
        }
        guard inside(square.minX, square.minY), inside(square.maxX, square.minY), inside(square.minX, square.maxY),
              inside(square.maxX, square.maxY) else { return false }
        let (range, arcStroke) = appendArcStroke(arc, style, scale: scale, into: &list)
        let matrix = list.addMatrix(LayerGeometry.clipMatrix(maskWorld, canvas: canvasSize))
        let local = list.addMatrix(LayerGeometry.floats(toLayer))
        list.commands.append(.gradientArc(range, matrix: matrix, toLayer: local, paint: paint, arc: arcStroke))
        return true
    }

    /// Whether every point of the ring the arc shader draws on (the arc's circle grown by half the line width)
    /// lies within 1e7 points of the origin, as drawable geometry must: its triangles are 32-bit floats, and a
    /// line width of 1e299 (the fuzz's) made them infinite. Those that do not take the mesh's path, which
    /// refuses such sizes.
    static func ringFitsFloats(_ arc: CircleArc, halfWidth: CGFloat) -> Bool {
        let reach = arc.radius + halfWidth
        return reach.isFinite && abs(arc.center.x) + reach < 1e7 && abs(arc.center.y) + reach < 1e7
    }

    /// The stroke of `arc` for the arc shader, trimmed by the style's strokeStart and strokeEnd, and the ring of
    /// triangles it draws on (the part of the annulus the stroke can reach, grown by a device pixel for the
    /// edge's outer half; `scale` is device pixels per unit).
    func appendArcStroke(_ arc: CircleArc, _ style: StrokeStyle, scale: Float,
                         into list: inout DisplayList) -> (IndexRange, ArcStroke) {
        let halfWidth = style.lineWidth / 2
        let grow = 1 / CGFloat(scale)
        let arcStroke = Self.arcStroke(arc, style, scale: scale)
        let start = CGFloat(arcStroke.start), sweep = CGFloat(arcStroke.sweep)
        // The angles the stroke reaches: its sweep, and past each end as far as a round cap and the pixel of
        // edge reach (an angle of (half width + grow) / (radius - half width - grow), a little more).
        let end = start + sweep
        let inner = arc.radius - halfWidth - grow
        let past = inner > 0 ? min(CGFloat.pi, 1.2 * (halfWidth + grow) / inner) : CGFloat.pi
        let from = abs(sweep) >= 2 * .pi ? 0 : min(start, end) - past
        let to = abs(sweep) >= 2 * .pi ? 2 * .pi : max(start, end) + past
        let range = list.appendAnnulus(center: arc.center, inner: inner, outer: arc.radius + halfWidth + grow,
                                       from: from, to: min(to, from + 2 * .pi))
        return (range, arcStroke)
    }

    /// A shape mask's fill and stroke triangles.
    private func shapeMeshes(_ m: LayerProperties, path: CGPath, tolerance: CGFloat) -> [TriangleMesh] {
        var meshes: [TriangleMesh] = []
        if let fill = m.fillColor, fill.alpha > 0 {
            meshes.append(meshCache.mesh(.fill(path, m.fillRule.cgFillRule, tolerance: tolerance)))
        }
        if let stroke = m.strokeColor, stroke.alpha > 0, let style = LayerGeometry.strokeStyle(m) {
            meshes.append(strokeMesh(path, style, tolerance: tolerance))
        }
        return meshes
    }

    /// The rectangle a plain mask covers when all it draws is an opaque background with square corners (its
    /// bounds, in its own space); nil when it draws anything else.
    static func opaqueRectangle(of mask: PresentationNode) -> TriangleMesh? {
        let m = mask.properties, parts = LayerParts(mask)
        guard parts.background?.alpha == 1, parts.count == 1, m.cornerRadius <= 0 || m.maskedCorners.isEmpty,
              !m.masksToBounds || m.cornerRadius <= 0, m.shadowOpacity == 0 || (m.shadowColor?.alpha ?? 0) == 0
        else { return nil }
        return TriangleMesh.quad(m.bounds)
    }

    /// The stroke of `arc` as the arc shader measures it, trimmed by the style's strokeStart and strokeEnd
    /// (`scale`: device pixels per unit of the arc's space).
    static func arcStroke(_ arc: CircleArc, _ style: StrokeStyle, scale: Float) -> ArcStroke {
        let start = arc.startAngle + arc.sweep * style.strokeStart
        let sweep = arc.sweep * (style.strokeEnd - style.strokeStart)
        return ArcStroke(center: SIMD2(Float(arc.center.x), Float(arc.center.y)), radius: Float(arc.radius),
                         halfWidth: Float(style.lineWidth / 2), start: Float(start), sweep: Float(sweep),
                         roundCaps: style.lineCap == .round, scale: scale)
    }

    /// Whether every vertex of `mesh`, placed by the 2D transform `m`, lies inside `bounds`.
    private static func lies(_ mesh: TriangleMesh, under m: CATransform3D, inside bounds: CGRect) -> Bool {
        let a = Float(m.m11), b = Float(m.m12), c = Float(m.m21), d = Float(m.m22), tx = Float(m.m41), ty = Float(m.m42)
        let minX = Float(bounds.minX) - 1e-3, minY = Float(bounds.minY) - 1e-3
        let maxX = Float(bounds.maxX) + 1e-3, maxY = Float(bounds.maxY) + 1e-3
        for v in mesh.positions {
            let x = v.x * a + v.y * c + tx, y = v.x * b + v.y * d + ty
            if x < minX || x > maxX || y < minY || y > maxY { return false }
        }
        return true
    }
}
