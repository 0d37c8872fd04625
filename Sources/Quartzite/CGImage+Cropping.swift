import Foundation

extension CGImage {
    /// The pixels of `rect` (image pixels, origin at the top-left, as the image's rows are stored), as Core
    /// Graphics crops: the rectangle is made integral, then cut to the image's bounds; nil when nothing of the
    /// image is left (or the rectangle is not finite).
    public func cropping(to rect: CGRect) -> CGImage? {
        let r = rect.standardized
        guard r.origin.x.isFinite, r.origin.y.isFinite, r.width.isFinite, r.height.isFinite else { return nil }
        // CGRectIntegral, then the intersection with the image, in Double so huge rectangles cannot overflow.
        let x0 = max(floor(Double(r.minX)), 0), y0 = max(floor(Double(r.minY)), 0)
        let x1 = min(ceil(Double(r.maxX)), Double(width)), y1 = min(ceil(Double(r.maxY)), Double(height))
        guard x1 > x0, y1 > y0 else { return nil }
        let left = Int(x0), top = Int(y0), w = Int(x1) - left, h = Int(y1) - top
        if left == 0, top == 0, w == width, h == height { return self }
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        for row in 0..<h {
            let from = ((top + row) * width + left) * 4
            pixels.replaceSubrange(row * w * 4 ..< (row + 1) * w * 4, with: premultipliedRGBA[from ..< from + w * 4])
        }
        return try? CGImage(width: w, height: h, premultipliedRGBA: pixels)
    }
}
