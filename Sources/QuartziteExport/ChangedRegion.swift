import Foundation
import QuartziteRender

/// Where two frames differ: both encoders store only the smallest rectangle that changed, over the frame
/// before it (a spinner on a still background costs its own pixels, not the canvas).
package enum ChangedRegion {
    /// The smallest rectangle holding every pixel whose RGBA differs between `previous` and `current`; nil
    /// when they are equal, and the whole of `current` when their sizes differ.
    ///
    /// - Complexity: O(pixels), one comparison per row for rows that are equal.
    package static func between(_ previous: Bitmap, _ current: Bitmap) -> PixelBox? {
        let width = current.width, height = current.height
        let whole = PixelBox(x: 0, y: 0, width: width, height: height)
        guard previous.width == width, previous.height == height else { return whole }
        var top = height, bottom = -1, left = width, right = -1
        previous.rgba.withUnsafeBytes { a in
            current.rgba.withUnsafeBytes { b in
                guard let pa = a.baseAddress, let pb = b.baseAddress else { return }
                let rowBytes = width * 4
                for y in 0..<height {
                    let rowA = pa + y * rowBytes, rowB = pb + y * rowBytes
                    if memcmp(rowA, rowB, rowBytes) == 0 { continue }
                    top = min(top, y)
                    bottom = y
                    // The changed row's first and last differing pixels, 4 bytes at a time.
                    var first = 0
                    while first < width, memcmp(rowA + first * 4, rowB + first * 4, 4) == 0 { first += 1 }
                    var last = width - 1
                    while last > first, memcmp(rowA + last * 4, rowB + last * 4, 4) == 0 { last -= 1 }
                    left = min(left, first)
                    right = max(right, last)
                }
            }
        }
        guard bottom >= 0 else { return nil }
        return PixelBox(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }

    /// The pixels of `bitmap` inside `rect` (clamped to the bitmap) as a bitmap of their own; nil when the
    /// rectangle holds no pixel of it.
    package static func crop(_ bitmap: Bitmap, to rect: PixelBox) -> Bitmap? {
        let x0 = max(rect.x, 0), y0 = max(rect.y, 0)
        let x1 = min(rect.x + rect.width, bitmap.width), y1 = min(rect.y + rect.height, bitmap.height)
        guard x1 > x0, y1 > y0 else { return nil }
        if x0 == 0, y0 == 0, x1 == bitmap.width, y1 == bitmap.height { return bitmap }
        var out = [UInt8]()
        out.reserveCapacity((x1 - x0) * (y1 - y0) * 4)
        for y in y0..<y1 {
            let start = (y * bitmap.width + x0) * 4
            out.append(contentsOf: bitmap.rgba[start..<start + (x1 - x0) * 4])
        }
        return Bitmap(width: x1 - x0, height: y1 - y0, rgba: out)
    }
}
