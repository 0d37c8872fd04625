import Foundation

/// How large an image Quartzite decodes. A compressed file of a few hundred bytes can claim 16384 x 16384
/// pixels (a gigabyte decoded); the header is checked against this limit before anything is allocated, and
/// a larger image is refused with an `ImageError` saying so.
public enum ImageDecodingLimits {
    private final class Storage: @unchecked Sendable {
        let lock = NSLock()
        var maximumPixelCount = 64 * 1024 * 1024
    }
    private static let storage = Storage()

    /// The most pixels (width x height) a decoded image may have. Default 67,108,864 (8192 x 8192: 256 MiB
    /// of RGBA). Values below 1 are taken as 1.
    public static var maximumPixelCount: Int {
        get { storage.lock.withLock { storage.maximumPixelCount } }
        set { storage.lock.withLock { storage.maximumPixelCount = max(1, newValue) } }
    }
}
