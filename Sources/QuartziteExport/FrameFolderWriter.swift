import Foundation
import Synchronization
import QuartziteRender

/// Numbered PNG frames of a sequence, each encoded and written on a background thread while the frames after
/// it render: encoding a frame costs several times rendering it (libpng's deflate, one thread a frame), so a
/// capture that waited for each write ran at the encoder's speed on one core. At most `workers` frames are
/// written at once and the caller waits with the next, so memory stays a few frames whatever the sequence's
/// length. Each file is written atomically (`Bitmap.writePNG`).
///
/// After a failure, the frames before the failed one are still written and none after it are kept (a later
/// frame that was already written is removed), so the folder holds frames 0 to the one before the failure.
package final class FrameFolderWriter: Sendable {
    private struct State {
        /// Frames written, and where.
        var written: [Int: URL] = [:]
        /// The failure of the frame with the lowest index.
        var failure: (index: Int, failure: FrameWriteFailure)?
    }

    /// Memory the frames being written may take, about: a frame holds its pixels and a PNG buffer of
    /// libpng's bound (a little over the pixels' size) while it is encoded.
    package static let memoryBudget = 256 << 20

    private let state = Mutex(State())
    private let slots: DispatchSemaphore
    private let pending = DispatchGroup()
    private let queue = DispatchQueue(label: "quartzite.frame-writer", attributes: .concurrent)

    /// A writer of frames of `frameBytes` bytes of pixels each, on as many threads as there are cores (at
    /// most `workers`), and no more than `memoryBudget` allows: one thread for frames over a tenth of it.
    package init(frameBytes: Int, workers: Int = ProcessInfo.processInfo.activeProcessorCount) {
        slots = DispatchSemaphore(value: Self.threads(frameBytes: frameBytes, workers: workers))
    }

    /// The threads frames of `frameBytes` bytes get: `workers`, at least 1, as many as `memoryBudget` holds
    /// at two and a half times the pixels a frame.
    package static func threads(frameBytes: Int, workers: Int) -> Int {
        let (twice, overflow) = max(frameBytes, 1).multipliedReportingOverflow(by: 5)
        let perFrame = overflow ? Int.max : twice / 2
        return max(1, min(workers, memoryBudget / max(perFrame, 1)))
    }

    /// Queues frame `index` to be written to `url`, waiting while every thread is busy. Throws the first
    /// failure of a frame queued before (`FrameWriteFailure`); frames after a failure are not written.
    package func write(_ bitmap: Bitmap, index: Int, to url: URL) throws {
        try rethrowFailure()
        slots.wait()
        pending.enter()
        queue.async { [self] in
            defer {
                slots.signal()
                pending.leave()
            }
            // Past a failure the frame would only be removed again (and a full disk filled further).
            if let failed = state.withLock({ $0.failure?.index }), index > failed { return }
            do {
                try bitmap.writePNG(to: url)
                state.withLock { $0.written[index] = url }
            } catch {
                state.withLock { s in
                    if index < s.failure?.index ?? .max {
                        s.failure = (index, FrameWriteFailure(url: url, underlying: error))
                    }
                }
            }
        }
    }

    /// Waits for every queued frame; after a failure, removes the frames written past it and throws it.
    package func finish() throws {
        pending.wait()
        guard let failed = state.withLock({ $0.failure?.index }) else { return }
        let strays = state.withLock { s in
            let later = s.written.filter { $0.key > failed }
            for index in later.keys { s.written[index] = nil }
            return Array(later.values)
        }
        for url in strays { try? FileManager.default.removeItem(at: url) }
        try rethrowFailure()
    }

    /// How many frames from 0 on are all written (after `finish`, what a failure part-way leaves).
    package var writtenFromStart: Int {
        state.withLock { s in
            var n = 0
            while s.written[n] != nil { n += 1 }
            return n
        }
    }

    private func rethrowFailure() throws {
        if let failure = state.withLock({ $0.failure?.failure }) { throw failure }
    }
}

/// A frame that could not be written: where, and why.
package struct FrameWriteFailure: Error {
    /// The file the frame was for.
    package let url: URL
    /// What went wrong (an `OutputError`, usually).
    package let underlying: any Error
}
