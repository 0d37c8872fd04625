import Foundation
import Quartzite

/// Text layers' images, kept by what determines their pixels (`TextRequest`: string, font, size, wrapping,
/// truncation, alignment, bounds size, scale) across frames: an unchanged label is rasterised once, however
/// many frames show it and however it moves, fades or changes colour, and labels that say the same thing
/// the same way share one image (and one texture). An image no frame has drawn for 120 frames is dropped.
struct TextImageCache {
    private struct Entry {
        /// Nil when the request could not be rasterised (it is not tried again while it is kept).
        let image: CGImage?
        var lastUsed: Int
    }
    private var entries: [TextRequest: Entry] = [:]
    /// Rasterisations run since the cache was made.
    private(set) var rasterizations = 0

    /// Frames an image is kept without being drawn.
    static let keptFrames = 120

    /// The image of `request`, rasterised now only when no kept image matches it.
    mutating func image(for request: TextRequest, frame: Int) -> CGImage? {
        if var hit = entries[request] {
            hit.lastUsed = frame
            entries[request] = hit
            return hit.image
        }
        rasterizations += 1
        let image = TextRasterizer.image(request)
        entries[request] = Entry(image: image, lastUsed: frame)
        return image
    }

    /// Drops the images not drawn in the last `keptFrames` frames (looked at every 30 frames, so a frame
    /// of many labels does not filter them all each time).
    mutating func evict(atFrame frame: Int) {
        guard frame % 30 == 0 else { return }
        entries = entries.filter { frame - $0.value.lastUsed < Self.keptFrames }
    }
}
