import Foundation
import Quartzite

/// A pattern colour's background (`UIColor(patternImage:)`, a `CGPattern`'s colour): its tile as a texture
/// that repeats over the background's shape, the bounds with their rounded corners, laid in the layer's space
/// as `render(in:)` lays it (`BackgroundTiling`).
///
/// Rules:
/// 1. The tile's texture is the one `contents` images share (one upload per image, kept while drawn); only this
///    draw samples it repeating, so a layer showing the image as contents still clamps at its edges.
/// 2. A tile that cannot be a texture (empty, wider or taller than `maximumTileSide`, placed by a transform
///    that cannot be inverted) shows the colour's `rgba` as a plain background does, with a diagnostic.
extension Compositor {
    /// The longest side of a tile drawn as a repeating texture: within what every GL driver here uploads.
    package static let maximumTileSide = 8192

    /// The background of pattern colour `color`, tinted by `tint` (opacity, a replicator copy's colour).
    func drawPatternBackground(_ frame: CompositorFrame, color: CGColor, tint: Tint, into list: inout DisplayList) {
        let p = frame.p
        let pixelsPerPoint = contentScale * LayerGeometry.scale(frame.world)
        guard let tiling = color.backgroundTiling(origin: p.bounds.standardized.origin, pixelsPerPoint: pixelsPerPoint),
              let toTexture = Self.textureSpace(of: tiling) else {
            return drawBackground(frame, color: color.premultipliedRGBA * tint, tint: tint, into: &list)
        }
        let mesh = boundsMesh(p, tolerance: frame.tolerance)
        guard !mesh.isEmpty, hasRoom(for: mesh, in: list) else { return }
        let firstVertex = list.vertexCount
        var antialiasing = Antialiasing.samples
        let range: IndexRange
        if coverageAntialiasing, isRounded(p) || !liesOnPixelEdges(p.bounds, frame.world), let depth = list.takeDepth() {
            range = appendFringed(mesh, frame.world, into: &list)
            antialiasing = .coverage(depth: depth)
        } else {
            range = list.append(mesh)
        }
        list.setTextureCoordinates(fromVertex: firstVertex, by: toTexture)
        list.commands.append(.image(range, matrix: frame.matrix, image: tiling.image, tint: tint * Float(tiling.alpha),
                                    sampling: .tiled, antialiasing: antialiasing))
    }

    /// Layer points to the tile's texture coordinates (0 to 1 across one tile); nil, with a diagnostic, when
    /// the tile cannot be a texture or its placement cannot be inverted.
    static func textureSpace(of tiling: BackgroundTiling) -> CGAffineTransform? {
        let (w, h) = (tiling.image.width, tiling.image.height)
        let m = tiling.pixelsToLayer
        let determinant = m.a * m.d - m.b * m.c
        guard w > 0, h > 0, w <= maximumTileSide, h <= maximumTileSide, determinant.isFinite, determinant != 0,
              [m.a, m.b, m.c, m.d, m.tx, m.ty].allSatisfy(\.isFinite) else {
            Diagnostics.report("a pattern background's \(w) x \(h) tile cannot be drawn tiled; it shows its average colour")
            return nil
        }
        return m.inverted().concatenating(CGAffineTransform(scaleX: 1 / CGFloat(w), y: 1 / CGFloat(h)))
    }
}
