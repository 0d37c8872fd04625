import Foundation
import Quartzite

/// Text layers' images, kept by what determines their pixels (`TextRequest`: string, font, size, wrapping,
/// truncation, alignment, bounds size, scale) across frames: an unchanged label is rasterised once, however
/// many frames show it and however it moves, fades or changes colour, and labels that say the same thing
/// the same way share one image (and one texture). An image no frame has drawn for 120 frames is dropped;
/// past 128 MB of images (an animated font size makes one a frame), those not drawn this frame go at once.
struct TextImageCache {
    private struct Entry {
        /// Nil when the request could not be rasterised (it is not tried again while it is kept).
        let image: CGImage?
        /// Where the image has ink, found once with it.
        let ink: TextInk
        var lastUsed: Int
        var bytes: Int { image.map { $0.width * $0.height * 4 } ?? 0 }
    }
    private var entries: [TextRequest: Entry] = [:]
    private var bytes = 0
    /// Rasterisations run since the cache was made.
    private(set) var rasterizations = 0

    /// Frames an image is kept without being drawn.
    static let keptFrames = 120
    /// The bytes of images kept before those not drawn this frame are dropped.
    var byteBudget = 128 << 20

    /// The image of `request`, rasterised now only when no kept image matches it.
    mutating func image(for request: TextRequest, frame: Int) -> CGImage? { text(for: request, frame: frame)?.image }

    /// The image of `request` with its ink, rasterised now only when no kept image matches it.
    mutating func text(for request: TextRequest, frame: Int) -> (image: CGImage, ink: TextInk)? {
        if var hit = entries[request] {
            hit.lastUsed = frame
            entries[request] = hit
            return hit.image.map { ($0, hit.ink) }
        }
        rasterizations += 1
        let image = TextRasterizer.image(request)
        let entry = Entry(image: image, ink: image.map(TextInk.init) ?? TextInk(width: 0, height: 0, premultipliedRGBA: []),
                          lastUsed: frame)
        entries[request] = entry
        bytes += entry.bytes
        if bytes > byteBudget { keep { $0.lastUsed == frame } }
        return image.map { ($0, entry.ink) }
    }

    /// Drops the images not drawn in the last `keptFrames` frames (looked at every 30 frames, so a frame
    /// of many labels does not filter them all each time).
    mutating func evict(atFrame frame: Int) {
        guard frame % 30 == 0 else { return }
        keep { frame - $0.lastUsed < Self.keptFrames }
    }

    /// Keeps the entries `isKept` accepts, and counts their bytes.
    private mutating func keep(_ isKept: (Entry) -> Bool) {
        entries = entries.filter { isKept($0.value) }
        bytes = entries.values.reduce(0) { $0 + $1.bytes }
    }
}
