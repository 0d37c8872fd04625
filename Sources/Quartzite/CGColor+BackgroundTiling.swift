import Foundation

/// How a pattern colour tiles a layer's background: one tile's picture and where its pixels lie in the layer.
/// `render(in:)` and the GL compositor both tile a background from this, so they draw the same picture: tiles
/// laid in the layer's own space (they move, turn and scale with the layer), the first one's top-left corner
/// at the bounds' top-left corner.
package struct BackgroundTiling: Sendable {
    /// One tile (a `CGPattern`'s cell, a stencil pattern's painted in its colour), premultiplied, rows top
    /// first; the colour's alpha not yet applied.
    package let image: CGImage
    /// The colour's alpha, multiplied into every texel.
    package let alpha: CGFloat
    /// The tile's pixels (x right, rows down, the tile's top-left corner at 0, 0) to the layer's points.
    package let pixelsToLayer: CGAffineTransform
}

extension CGColor {
    /// The tiling of this pattern colour over a background whose bounds start at `origin`, a `CGPattern`'s
    /// cell rendered at `pixelsPerPoint` device pixels a layer point; nil for a plain colour, and (with a
    /// diagnostic for a pattern) when the pattern cannot tile: an empty image, steps or a matrix that place no
    /// cell, a non-finite or non-positive scale. Where it is nil, the background shows the colour's `rgba`.
    package func backgroundTiling(origin: CGPoint, pixelsPerPoint: CGFloat) -> BackgroundTiling? {
        let tiling = patternTile.flatMap { Self.tiling(of: $0, origin: origin) }
            ?? patternFill.flatMap { Self.tiling(of: $0, origin: origin, pixelsPerPoint: pixelsPerPoint) }
        if tiling == nil, isPattern {
            Diagnostics.report("a pattern colour cannot tile a layer's background; it shows its average or stencil colour")
        }
        return tiling
    }

    /// Upright tiles of `tile.size` points from `origin`, rows going down the layer.
    private static func tiling(of tile: PatternTile, origin: CGPoint) -> BackgroundTiling? {
        let image = tile.image
        guard image.width > 0, image.height > 0, origin.x.isFinite, origin.y.isFinite else { return nil }
        let sx = tile.size.width / CGFloat(image.width), sy = tile.size.height / CGFloat(image.height)
        guard sx.isFinite, sy.isFinite, sx > 0, sy > 0 else { return nil }
        return BackgroundTiling(image: image, alpha: tile.alpha,
                                pixelsToLayer: CGAffineTransform(a: sx, b: 0, c: 0, d: sy, tx: origin.x, ty: origin.y))
    }

    /// One step of `fill`'s pattern rendered at `pixelsPerPoint` (its matrix's scale included), the cell's
    /// pixels through pattern space (y up within a step) and the matrix, then moved to `origin`.
    private static func tiling(of fill: PatternFill, origin: CGPoint, pixelsPerPoint: CGFloat) -> BackgroundTiling? {
        let pattern = fill.pattern
        let m = pattern.matrix
        guard pixelsPerPoint.isFinite, pixelsPerPoint > 0, origin.x.isFinite, origin.y.isFinite,
              let steps = pattern.usableSteps, CairoGeometry.isInvertible(m) else { return nil }
        let across = (m.a * m.a + m.b * m.b).squareRoot() * steps.width * pixelsPerPoint
        let up = (m.c * m.c + m.d * m.d).squareRoot() * steps.height * pixelsPerPoint
        guard across.isFinite, up.isFinite else { return nil }
        func pixels(_ v: CGFloat) -> Int { Int(min(max(v.rounded(), 1), CGFloat(CGPattern.maximumCellPixels))) }
        let (width, height) = (pixels(across), pixels(up))
        guard let cell = pattern.cell(width: width, height: height, steps: steps),
              let image = fill.stencil.map({ pattern.cells.stencilled(cell, by: $0) }) ?? cell else { return nil }
        let toPattern = CGAffineTransform(a: steps.width / CGFloat(width), b: 0, c: 0,
                                          d: -steps.height / CGFloat(height), tx: 0, ty: steps.height)
        let toLayer = toPattern.concatenating(m).concatenating(CGAffineTransform(translationX: origin.x, y: origin.y))
        return BackgroundTiling(image: image, alpha: fill.alpha, pixelsToLayer: toLayer)
    }
}
