import Foundation

/// Layers whose look stays the same are drawn from a bitmap made once (a gradient, an opaque picture; see
/// Compositor+GradientRasters and Compositor+PictureRasters): the bitmap is made once the look has stayed
/// the same for `stableFrames` frames in a row (a look that changes every frame, such as a shimmer, is drawn
/// directly, never paying for both), and made again when the look changes.
struct StableRasters<Look: Equatable> {
    struct Entry {
        var look: Look
        /// Frames in a row that showed this look.
        var frames: Int
        /// The raster holding it, once made.
        var key: Int?
        var lastUsed: Int
        /// Whether its raster could not be made: drawn directly while the look stays the same.
        var failed = false
    }

    /// Frames a look must stay the same before it is kept as a bitmap.
    static var stableFrames: Int { 3 }
    /// Frames an unused entry is kept (the back end keeps the raster longer, 240).
    static var unusedFrames: Int { 120 }

    private(set) var entries: [ObjectIdentifier: Entry] = [:]

    /// Records that layer `id` shows `look` at `frame`; returns its raster key and whether the raster must be
    /// drawn first, or nil while the look has not been stable long enough.
    mutating func raster(for id: ObjectIdentifier, look: Look, frame: Int, makeKey: () -> Int) -> (key: Int, draw: Bool)? {
        guard var entry = entries[id], entry.look == look else {
            // A new look: drawn directly; the raster, if any, is kept for when the look settles again.
            entries[id] = Entry(look: look, frames: 1, key: entries[id]?.key, lastUsed: frame)
            return nil
        }
        entry.frames += 1
        entry.lastUsed = frame
        defer { entries[id] = entry }
        guard entry.frames >= Self.stableFrames, !entry.failed else { return nil }
        if let key = entry.key, entry.frames > Self.stableFrames { return (key, false) }
        let key = entry.key ?? makeKey()
        entry.key = key
        return (key, true)
    }

    /// Marks the entries whose raster (one of `keys`) could not be made: they are drawn directly until their
    /// look changes.
    mutating func markFailed(_ keys: Set<Int>) {
        guard !keys.isEmpty else { return }
        for (id, entry) in entries {
            guard let key = entry.key, keys.contains(key) else { continue }
            entries[id]?.failed = true
            entries[id]?.key = nil
        }
    }

    /// Forgets the layers not drawn for `unusedFrames` frames.
    mutating func evict(atFrame frame: Int) {
        entries = entries.filter { frame - $0.value.lastUsed < Self.unusedFrames }
    }
}
