import Foundation
import Quartzite

/// Where a text image has ink: a box round each run of columns holding a pixel that is not transparent, a
/// texel wider than the ink on every side. A label's image spans its bounds, mostly empty (a 400-point label
/// with one short word); drawn as these boxes it shades only the pixels near its glyphs, and a translucent
/// layer can see that its text does not cover a sibling lying between two words (`partsMayOverlap`).
///
/// The texel of margin keeps the pixels exactly as the whole image draws them: a bilinear sample reads the
/// texels within half a texel of its point, so a pixel outside every box reads only transparent texels, which
/// blend to nothing. Runs closer than three empty columns are one box, so that no two boxes overlap and no
/// pixel is drawn twice.
struct TextInk: Equatable {
    /// The boxes, in the image's texels (rows top first), left to right; empty when nothing has ink.
    let boxes: [PixelBox]

    /// Most boxes kept: past it the ink is one box round all of it (many words on many lines gain little
    /// from being cut into columns).
    static let maximumBoxes = 16
    /// Empty columns that part two runs: a margin texel each side and at least one texel between.
    static let partingColumns = 3

    /// The ink of a premultiplied RGBA image of `width` x `height` pixels.
    init(width: Int, height: Int, premultipliedRGBA rgba: [UInt8]) {
        guard width > 0, height > 0 else { boxes = []; return }
        // Pixels that cannot be read (fewer bytes than the size needs) are all taken as ink: one box.
        let (texels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, texels <= rgba.count / 4 else {
            boxes = [PixelBox(x: 0, y: 0, width: width, height: height)]
            return
        }
        let (top, bottom) = Self.columnExtents(width: width, height: height, rgba: rgba)
        var runs: [PixelBox] = []
        var x = 0
        while x < width {
            guard top[x] <= bottom[x] else { x += 1; continue }
            // A run: inked columns with gaps of fewer than `partingColumns` empty ones.
            var (first, last, y0, y1) = (x, x, top[x], bottom[x])
            var next = x + 1
            while next < width, next - last <= Self.partingColumns {
                if top[next] <= bottom[next] { last = next; y0 = min(y0, top[next]); y1 = max(y1, bottom[next]) }
                next += 1
            }
            runs.append(Self.widened(x0: first, y0: y0, x1: last, y1: y1, width: width, height: height))
            x = last + 1
        }
        boxes = runs.count > Self.maximumBoxes ? [Self.enclosing(runs)] : runs
    }

    /// The image's ink.
    init(_ image: CGImage) {
        self.init(width: image.width, height: image.height, premultipliedRGBA: image.premultipliedRGBA)
    }

    /// For each column, the first and last rows with alpha (first > last: none), in one pass over the rows.
    private static func columnExtents(width: Int, height: Int, rgba: [UInt8]) -> (top: [Int], bottom: [Int]) {
        var top = [Int](repeating: height, count: width), bottom = [Int](repeating: -1, count: width)
        rgba.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                let row = y * width * 4
                for x in 0..<width where pixels[row + 4 * x + 3] != 0 {
                    if top[x] == height { top[x] = y }
                    bottom[x] = y
                }
            }
        }
        return (top, bottom)
    }

    /// Inked texels x0...x1, y0...y1 (inclusive) with a texel of margin, cut to the image.
    private static func widened(x0: Int, y0: Int, x1: Int, y1: Int, width: Int, height: Int) -> PixelBox {
        let left = max(x0 - 1, 0), up = max(y0 - 1, 0)
        return PixelBox(x: left, y: up, width: min(x1 + 2, width) - left, height: min(y1 + 2, height) - up)
    }

    /// One box round all of `boxes` (not empty).
    private static func enclosing(_ boxes: [PixelBox]) -> PixelBox {
        let x0 = boxes.map(\.x).min() ?? 0, y0 = boxes.map(\.y).min() ?? 0
        let x1 = boxes.map { $0.x + $0.width }.max() ?? 0, y1 = boxes.map { $0.y + $0.height }.max() ?? 0
        return PixelBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
