import Foundation
import Quartzite

/// The geometric rules of Core Animation's layer model, as pure functions over presentation values.
enum LayerGeometry {
    /// Maps a point of the layer's bounds to its superlayer (see `LayerProperties.transformToSuperlayer`).
    static func toParent(_ p: LayerProperties) -> CATransform3D { p.transformToSuperlayer }

    /// The transform applied to sublayers (see `LayerProperties.transformOfSublayers`).
    static func sublayerTransform(_ p: LayerProperties) -> CATransform3D { p.transformOfSublayers }

    /// World (canvas points) to GL clip space, as 16 floats in the order glUniformMatrix4fv reads without
    /// transposing. Core Animation composes row vectors (p' = p * M) and GLSL computes M * v on column
    /// vectors, so M's rows are exactly GL's columns. z is flattened (layers draw in painter's order, as Core
    /// Animation does without depth sorting) and w is kept, so perspective (m34) divides as it should.
    static func clipMatrix(_ world: CATransform3D, canvas: CGSize) -> [Float] {
        let w = max(canvas.width, 1), h = max(canvas.height, 1)
        var projection = CATransform3DIdentity
        projection.m11 = 2 / w
        projection.m22 = -2 / h
        projection.m33 = 0
        projection.m41 = -1
        projection.m42 = 1
        return floats(world.concatenating(projection))
    }

    /// A transform as the 16 floats glUniformMatrix4fv reads without transposing.
    static func floats(_ m: CATransform3D) -> [Float] {
        [m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24,
         m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44].map { Float($0) }
    }

    /// The largest scale of the transform's 2D part (how many canvas points one layer point becomes).
    static func scale(_ world: CATransform3D) -> CGFloat {
        let s = max(hypot(world.m11, world.m12), hypot(world.m21, world.m22))
        return s.isFinite ? s : 1
    }

    /// Flattening tolerance in layer units: 0.25 device pixels divided by the largest scale of the transform,
    /// snapped to half-octave buckets so meshes are reused while a scale animates slowly.
    static func tolerance(_ world: CATransform3D, contentScale: CGFloat) -> CGFloat {
        let sx = hypot(world.m11, world.m12), sy = hypot(world.m21, world.m22)
        let scale = max(sx, sy) * contentScale
        guard scale.isFinite, scale > 1e-6 else { return 0.25 }
        let bucket = (log2(scale) * 2).rounded(.up) / 2
        return 0.25 / pow(2, bucket)
    }

    /// Whether the layer's front faces away from the viewer (its z axis points into the screen after the
    /// transform): the 2D determinant of the projected unit square is negative. y points down on screen, so
    /// an unturned layer has a positive determinant.
    static func facesAway(_ world: CATransform3D) -> Bool {
        let o = world.apply(to: SIMD4(0, 0, 0, 1)), x = world.apply(to: SIMD4(1, 0, 0, 1)), y = world.apply(to: SIMD4(0, 1, 0, 1))
        guard o.w > 0, x.w > 0, y.w > 0 else { return false }
        let ox = o.x / o.w, oy = o.y / o.w
        let ax = x.x / x.w - ox, ay = x.y / x.w - oy, bx = y.x / y.w - ox, by = y.y / y.w - oy
        return ax * by - ay * bx < 0
    }

    /// A rectangle with only the given corners rounded (Core Animation's maskedCorners; y down, so MinY is
    /// the top edge).
    static func roundedBounds(_ r: CGRect, radius: CGFloat, corners: CACornerMask) -> CGPath {
        let all: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
        if corners.isSuperset(of: all) {
            return CGPath(roundedRect: r, cornerWidth: radius, cornerHeight: radius, transform: nil)
        }
        func rad(_ c: CACornerMask) -> CGFloat { corners.contains(c) ? radius : 0 }
        let path = CGMutablePath()
        let tl = rad(.layerMinXMinYCorner), tr = rad(.layerMaxXMinYCorner)
        let br = rad(.layerMaxXMaxYCorner), bl = rad(.layerMinXMaxYCorner)
        path.move(to: CGPoint(x: r.minX + tl, y: r.minY))
        path.addLine(to: CGPoint(x: r.maxX - tr, y: r.minY))
        if tr > 0 { path.addArc(tangent1End: CGPoint(x: r.maxX, y: r.minY), tangent2End: CGPoint(x: r.maxX, y: r.maxY), radius: tr) }
        path.addLine(to: CGPoint(x: r.maxX, y: r.maxY - br))
        if br > 0 { path.addArc(tangent1End: CGPoint(x: r.maxX, y: r.maxY), tangent2End: CGPoint(x: r.minX, y: r.maxY), radius: br) }
        path.addLine(to: CGPoint(x: r.minX + bl, y: r.maxY))
        if bl > 0 { path.addArc(tangent1End: CGPoint(x: r.minX, y: r.maxY), tangent2End: CGPoint(x: r.minX, y: r.minY), radius: bl) }
        path.addLine(to: CGPoint(x: r.minX, y: r.minY + tl))
        if tl > 0 { path.addArc(tangent1End: CGPoint(x: r.minX, y: r.minY), tangent2End: CGPoint(x: r.maxX, y: r.minY), radius: tl) }
        path.closeSubpath()
        return path
    }

    /// Whether the layer's own geometry is usable (finite, not absurd).
    static func isDrawable(_ p: LayerProperties) -> Bool {
        // Checked one by one, not through an array: this runs for every layer of every frame.
        func ok(_ v: CGFloat) -> Bool { v.isFinite && abs(v) < 1e7 }
        return ok(p.bounds.origin.x) && ok(p.bounds.origin.y) && ok(p.bounds.width) && ok(p.bounds.height)
            && ok(p.position.x) && ok(p.position.y) && ok(p.anchorPoint.x) && ok(p.anchorPoint.y)
    }

    /// Whether a layer's place on the canvas fits the GPU's 32-bit floats: every entry finite and below
    /// 1e15 (a Double can hold far more, and the vertices would overflow to infinity or NaN).
    static func isDrawable(world m: CATransform3D) -> Bool {
        func ok(_ v: CGFloat) -> Bool { abs(v) < 1e15 }
        return ok(m.m11) && ok(m.m12) && ok(m.m13) && ok(m.m14) && ok(m.m21) && ok(m.m22) && ok(m.m23) && ok(m.m24)
            && ok(m.m31) && ok(m.m32) && ok(m.m33) && ok(m.m34) && ok(m.m41) && ok(m.m42) && ok(m.m43) && ok(m.m44)
    }

    /// Whether a shadow can be drawn: a radius that is a number (an infinite one blurs to nothing) and an
    /// offset finite and below 1e15 points.
    /// Whether the layer casts a shadow at all (some opacity and a colour); its values may still be past
    /// drawing (`isDrawableShadow`).
    static func castsShadow(_ p: LayerProperties) -> Bool { p.shadowOpacity > 0 && p.shadowColor != nil }

    static func isDrawableShadow(_ p: LayerProperties) -> Bool {
        !p.shadowRadius.isNaN && abs(p.shadowOffset.width) < 1e15 && abs(p.shadowOffset.height) < 1e15
    }

    /// The stroke style of a shape layer, or nil when there is nothing to stroke.
    static func strokeStyle(_ p: LayerProperties) -> StrokeStyle? {
        guard p.lineWidth.isFinite, p.lineWidth > 0, p.strokeEnd > p.strokeStart else { return nil }
        return StrokeStyle(lineWidth: p.lineWidth, lineCap: p.lineCap.cgLineCap, lineJoin: p.lineJoin.cgLineJoin,
                           miterLimit: p.miterLimit, dashPattern: p.lineDashPattern ?? [], dashPhase: p.lineDashPhase,
                           strokeStart: min(max(p.strokeStart, 0), 1), strokeEnd: min(max(p.strokeEnd, 0), 1))
    }

    /// `m`, then z dropped (x, y and w kept, so perspective still divides): how a layer that is not a
    /// `CATransformLayer` flattens its sublayers into its plane, as Core Animation does.
    static func flattened(_ m: CATransform3D) -> CATransform3D {
        var f = m
        f.m13 = 0; f.m23 = 0; f.m33 = 0; f.m43 = 0
        return f
    }

    /// A transform layer's sublayers far to near: by the depth of each one's centre in `space` (from their
    /// parent into the nearest flattening layer's space, where larger z is nearer the viewer), the order
    /// given among equals. Each transform layer sorts its own sublayers; a nested one sorts its own inside
    /// its place in its parent's order.
    static func depthOrder(_ nodes: [PresentationNode], in space: CATransform3D) -> [PresentationNode] {
        guard nodes.count > 1 else { return nodes }
        let depths = nodes.map { depth(of: $0.properties, in: space) }
        return nodes.indices.sorted { depths[$0] != depths[$1] ? depths[$0] < depths[$1] : $0 < $1 }.map { nodes[$0] }
    }

    /// A depth-preserving replicator's copies (`LayerKind.instance` nodes) far to near: by the depth in
    /// `space` of each copy's first sublayer's centre, placed by the copy's transform; the order given among
    /// equals. (Every copy's own centre is the replicator's, which its transform turns about.)
    static func instanceDepthOrder(_ instances: [PresentationNode], in space: CATransform3D) -> [PresentationNode] {
        guard instances.count > 1 else { return instances }
        let depths = instances.map { instance -> CGFloat in
            guard let first = instance.sublayers.first else { return 0 }
            return depth(of: first.properties, in: toParent(instance.properties).concatenating(space))
        }
        return instances.indices.sorted { depths[$0] != depths[$1] ? depths[$0] < depths[$1] : $0 < $1 }.map { instances[$0] }
    }

    /// The depth of a layer's centre in `space` (after the perspective divide where w is positive); 0 when
    /// it is not a number.
    private static func depth(of p: LayerProperties, in space: CATransform3D) -> CGFloat {
        let v = toParent(p).concatenating(space).apply(to: SIMD4(p.bounds.midX, p.bounds.midY, 0, 1))
        let z = v.w > 0 ? v.z / v.w : v.z
        return z.isNaN ? 0 : z
    }

    /// Sublayers in drawing order: by zPosition, keeping insertion order among equals (a stable sort).
    static func drawingOrder(_ nodes: [PresentationNode]) -> [PresentationNode] {
        guard nodes.contains(where: { $0.properties.zPosition != 0 }) else { return nodes }
        return nodes.enumerated().sorted {
            $0.element.properties.zPosition != $1.element.properties.zPosition
                ? $0.element.properties.zPosition < $1.element.properties.zPosition : $0.offset < $1.offset
        }.map(\.element)
    }
}
