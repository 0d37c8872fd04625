import Foundation
import Quartzite

/// A solid stroke of a circular arc (a progress ring, a circle growing to reveal a picture) drawn as the
/// arc shader's ring of triangles: the shader measures each pixel's distance to the arc, so the stroke costs
/// no tessellation, no outline and no fringe, whatever its width. Seed 000's reveal grows a circle's stroke
/// to twice the picture's radius while its path animates: tessellated, each frame cost up to 38 ms of
/// tessellation at 1280x720 (new path every frame, round joins a thousand pixels wide).
extension Compositor {
    /// Draws the stroke when its path is one circular arc (`CircleArc`: cubic arcs of one circle, so joins
    /// meet tangent and their style does not matter), undashed, with butt or round caps, on a layer placed
    /// in 2D without uneven scale, at least a device pixel wide. False, drawing nothing, otherwise.
    func drawArcStroke(_ path: CGPath, _ style: StrokeStyle, _ frame: CompositorFrame, color: CGColor, tint: Tint,
                       into list: inout DisplayList) -> Bool {
        guard style.dashPattern.isEmpty, style.lineCap == .butt || style.lineCap == .round,
              style.strokeEnd > style.strokeStart,
              let placement = AffinePlacement(frame.world),
              let scale = RoundedRectQuad.uniformScale(placement, pixelsPerPoint: contentScale),
              style.lineWidth * CGFloat(scale) >= 1, let arc = CircleArc(path),
              Self.ringFitsFloats(arc, halfWidth: style.lineWidth / 2) else { return false }
        let (range, arcStroke) = appendArcStroke(arc, style, scale: scale, into: &list)
        // One colour as a two-stop gradient of it: the paint the arc shader draws with.
        let straight = SIMD4(color.rgba.map { Float($0) })
        let paint = GradientPaint(type: 0, start: .zero, end: SIMD2(1, 0), colors: [straight, straight],
                                  locations: [0, 1], tint: tint)
        let identity = list.addMatrix(LayerGeometry.floats(CATransform3DIdentity))
        list.commands.append(.gradientArc(range, matrix: frame.matrix, toLayer: identity, paint: paint, arc: arcStroke))
        return true
    }
}
