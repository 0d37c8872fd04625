import Foundation

/// What a pattern colour paints: an image tiled in the context's default user space (its base space), each
/// tile `size` points, at `alpha`, as `UIColor(patternImage:)` makes it.
package struct PatternTile: Equatable, Sendable {
    /// The tile's picture, upright (its first row at the top of the tile).
    package let image: CGImage
    /// One tile's width and height in the context's default user space (a `UIImage`'s size in points).
    package let size: CGSize
    /// The colour's alpha, multiplied into the tile.
    package let alpha: CGFloat
}

extension CGColor {
    /// A pattern colour tiling `image` at `size` (non-positive or non-finite sides fall back to the image's
    /// pixels) and `alpha` (clamped to 0...1, NaN reads 0). Anything that cannot tile shows the image's average
    /// colour at that alpha.
    package convenience init(pattern image: CGImage, size: CGSize, alpha: CGFloat) {
        func usable(_ side: CGFloat, _ pixels: Int) -> CGFloat { side.isFinite && side > 0 ? side : CGFloat(pixels) }
        let a = alpha.isNaN ? 0 : min(max(alpha, 0), 1)
        let tile = PatternTile(image: image, size: CGSize(width: usable(size.width, image.width),
                                                          height: usable(size.height, image.height)), alpha: a)
        var fallback = Self.averageColor(of: image)
        fallback[3] *= a
        self.init(patternTile: tile, fallback: fallback)
    }

    /// The mean of the image's premultiplied pixels, as straight RGBA in 0...1 (transparent black for a fully
    /// transparent image).
    static func averageColor(of image: CGImage) -> [CGFloat] {
        var sums = [UInt64](repeating: 0, count: 4)
        image.premultipliedRGBA.withUnsafeBufferPointer { bytes in
            for (i, byte) in bytes.enumerated() { sums[i & 3] += UInt64(byte) }
        }
        let pixels = Double(image.width * image.height)
        let alpha = Double(sums[3]) / pixels / 255
        guard alpha > 0 else { return [0, 0, 0, 0] }
        let rgb = sums[0..<3].map { min(Double($0) / pixels / 255 / alpha, 1) }
        return (rgb + [alpha]).map { CGFloat($0) }
    }
}
