import CCairo
import Foundation

/// A layer's pattern background in `render(in:)`: tiles laid in the layer's own space, as the GL compositor
/// lays them (`BackgroundTiling`).
extension CGContext {
    /// Fills the current path with `tiling`'s tiles, their pixels placed in the current user space by
    /// `tiling.pixelsToLayer`, then empties the path. Nothing is drawn (reported) when the tiles cannot be placed.
    func fillPath(tiledWith tiling: BackgroundTiling) {
        let path = devicePath
        beginPath()
        guard !path.isEmpty, let surface = Self.cairoSurface(of: tiling.image, alpha: tiling.alpha) else { return }
        defer { cairo_surface_destroy(surface) }
        guard let pattern = repeatingPattern(of: surface, pixelsToUser: tiling.pixelsToLayer) else { return }
        defer { cairo_pattern_destroy(pattern) }
        draw(.fill(path, .winding), with: .pattern(pattern))
    }
}
