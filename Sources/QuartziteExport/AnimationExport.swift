import Foundation
import Quartzite
import QuartziteRender
import QuartziteHost

/// A demo captured headless into one animated file: its frames from `from` through `to` at `fps` (the
/// frames `Capture.sequence` makes, its script and display links run as in a window), each encoded on a
/// thread of its own while the next renders (`EncoderQueue`).
@MainActor
package enum AnimationExport {
    /// What an export wrote, and where its time went.
    package struct Summary: Sendable {
        /// Frames written.
        package var frames = 0
        /// The frames' size in pixels.
        package var width = 0, height = 0
        /// The file's size in bytes.
        package var bytes = 0
        /// Seconds spent rendering and encoding, in all (the two overlap: encoding runs on its own thread).
        package var renderSeconds = 0.0, encodeSeconds = 0.0
    }

    /// Writes `type`'s frames from `start` through `end` at `fps` to `url` as `format` (`.gif` or `.apng`),
    /// calling `progress` with the frames done and the total after each frame. The file appears whole when
    /// every frame is written and not at all otherwise. Throws `ExportError`, `OutputError` or `RenderError`.
    package static func write(_ type: any Demo.Type, format: ExportFormat, to url: URL, size: CGSize, scale: CGFloat = 1,
                              samples: Int = 1, from start: CFTimeInterval, to end: CFTimeInterval, fps: Double,
                              progress: (Int, Int) -> Void = { _, _ in }) throws -> Summary {
        guard format.isAnimation else { throw ExportError("\(format) is not an animation format") }
        guard let total = Capture.frameCount(from: start, to: end, fps: fps) else {
            throw ExportError("a sequence from \(start) to \(end) s at \(fps) fps is not 1 to 1,000,000 frames")
        }
        var summary = Summary()
        // Each frame is encoded on the queue's thread while the next one renders.
        var encoder: EncoderQueue?
        var renderStart = clock()
        // A failure leaves no file: the queue lets go of the encoder before this returns.
        defer { encoder?.abandon() }
        try Capture.sequence(type, size: size, scale: scale, samples: samples, from: start, to: end, fps: fps) { i, _, bitmap in
            summary.renderSeconds += clock() - renderStart
            if encoder == nil {
                summary.width = bitmap.width
                summary.height = bitmap.height
                encoder = EncoderQueue(try makeEncoder(format, url: url, width: bitmap.width, height: bitmap.height,
                                                       frames: total, fps: fps))
            }
            try encoder?.append(bitmap)
            summary.frames = i + 1
            progress(i + 1, total)
            renderStart = clock()
        }
        summary.encodeSeconds = try encoder?.finish() ?? 0
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        summary.bytes = (attributes?[.size] as? NSNumber)?.intValue ?? 0
        return summary
    }

    private nonisolated static func makeEncoder(_ format: ExportFormat, url: URL, width: Int, height: Int, frames: Int,
                                    fps: Double) throws -> any AnimationEncoder {
        switch format {
        case .gif: return try GIFEncoder(url: url, width: width, height: height, frameCount: frames, fps: fps)
        case .apng: return try APNGEncoder(url: url, width: width, height: height, frameCount: frames, fps: fps)
        case .png, .pngFolder: throw ExportError("\(format) is not an animation format")
        }
    }

    private static func clock() -> Double { Date.timeIntervalSinceReferenceDate }
}
