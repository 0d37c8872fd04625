import Foundation

/// Resizable images: drawn into any rect, the caps keep their size and the middle stretches or tiles (the
/// nine slices of a button's background or a speech bubble).
extension UIImage {
    /// The image with caps of `capInsets` points whose middle tiles when drawn larger.
    public func resizableImage(withCapInsets capInsets: UIEdgeInsets) -> UIImage {
        resizableImage(withCapInsets: capInsets, resizingMode: .tile)
    }

    /// The image with caps of `capInsets` points whose middle tiles or stretches, as `resizingMode` says.
    public func resizableImage(withCapInsets capInsets: UIEdgeInsets, resizingMode: ResizingMode) -> UIImage {
        guard let cgImage else { return self }
        let finite = { (v: CGFloat) in v.isFinite ? max(v, 0) : 0 }
        let insets = UIEdgeInsets(top: finite(capInsets.top), left: finite(capInsets.left),
                                  bottom: finite(capInsets.bottom), right: finite(capInsets.right))
        return UIImage(cgImage: cgImage, scale: scale, orientation: imageOrientation, capInsets: insets,
                       resizingMode: resizingMode)
    }

    /// Draws the nine slices of `image` into `rect`: corners at their size, edges and middle stretched or tiled
    /// between them. Caps wider than the rect shrink in proportion.
    func drawSlices(of image: CGImage, in rect: CGRect, context: CGContext) {
        let r = rect.standardized
        guard [r.minX, r.minY, r.width, r.height].allSatisfy(\.isFinite), r.width > 0, r.height > 0 else { return }
        let columns = Self.cuts(start: capInsets.left, end: capInsets.right, points: size.width, into: r.minX, r.width, scale)
        let rows = Self.cuts(start: capInsets.top, end: capInsets.bottom, points: size.height, into: r.minY, r.height, scale)
        for i in 0..<3 {
            for j in 0..<3 {
                let source = CGRect(x: columns.source[i], y: rows.source[j], width: columns.source[i + 1] - columns.source[i],
                                    height: rows.source[j + 1] - rows.source[j])
                let target = CGRect(x: columns.target[i], y: rows.target[j], width: columns.target[i + 1] - columns.target[i],
                                    height: rows.target[j + 1] - rows.target[j])
                guard source.width >= 1, source.height >= 1, target.width > 0, target.height > 0,
                      let slice = image.cropping(to: source) else { continue }
                let tiles = resizingMode == .tile && (i == 1 || j == 1)
                let tile = CGSize(width: i == 1 ? source.width / scale : target.width,
                                  height: j == 1 ? source.height / scale : target.height)
                tiles ? drawTiled(slice, tile: tile, in: target, context: context) : context.drawUpright(slice, in: target)
            }
        }
    }

    /// Repeats `slice` at `tile`'s size from `target`'s top-left corner, cut to `target`.
    private func drawTiled(_ slice: CGImage, tile: CGSize, in target: CGRect, context: CGContext) {
        context.saveGState()
        context.clip(to: target)
        context.translateBy(x: target.minX, y: target.minY + tile.height)
        context.scaleBy(x: 1, y: -1)
        context.draw(slice, in: CGRect(origin: .zero, size: tile), byTiling: true)
        context.restoreGState()
    }

    /// Where one axis is cut: in the bitmap's pixels (`source`) and in the drawing (`target`), four edges each
    /// (start, after the start cap, before the end cap, end). Caps longer than the target shrink in proportion.
    private static func cuts(start: CGFloat, end: CGFloat, points: CGFloat, into origin: CGFloat, _ length: CGFloat,
                             _ scale: CGFloat) -> (source: [CGFloat], target: [CGFloat]) {
        let a = min(start, points), b = min(end, points - a)
        let shrink = a + b > length ? length / (a + b) : 1
        let source = [0, a * scale, (points - b) * scale, points * scale].map { $0.rounded() }
        let target = [origin, origin + a * shrink, origin + length - b * shrink, origin + length]
        return (source, target)
    }
}
