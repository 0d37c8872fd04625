import Foundation

extension UIColor {
    /// A colour that paints `image` tiled, as UIKit's pattern colours do: set with `setFill()` / `setStroke()`
    /// (or `CGContext.setFillColor(_:)` with its `cgColor`), a fill or stroke shows the image repeated in tiles of
    /// its size in points, upright, one tile's corner at the origin of the context's default user space (the
    /// drawing origin: the CTM does not move or scale the tiles, as Core Graphics documents for patterns;
    /// `CGContext.setPatternPhase(_:)` moves them). `withAlphaComponent(_:)` paints the tiles at that alpha.
    ///
    /// The image is tiled as its bitmap is stored; its orientation is not applied. An image with no bitmap
    /// gives a clear colour. As a view's or layer's background colour it tiles in the layer's space, one tile's
    /// top-left corner at the bounds' top-left corner, on screen and through `render(in:)` alike. Where a pattern
    /// cannot be tiled (a border, a gradient's colour, `getRed(_:green:blue:alpha:)`), the colour reads as the
    /// image's average colour; `getRed` and `getHue` answer false, as UIKit does for a colour outside an
    /// RGB-compatible space.
    public convenience init(patternImage image: UIImage) {
        guard let cgImage = image.cgImage else {
            Diagnostics.report("UIColor(patternImage:): the image has no bitmap; the colour is clear")
            self.init(cgColor: .clear)
            return
        }
        let size = CGSize(width: CGFloat(cgImage.width) / image.scale, height: CGFloat(cgImage.height) / image.scale)
        self.init(cgColor: CGColor(pattern: cgImage, size: size, alpha: 1))
    }
}
