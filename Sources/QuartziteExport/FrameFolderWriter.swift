import Foundation
import Synchronization
import QuartziteRender

/// Numbered PNG frames of a sequence, each encoded and written on a background thread while the frames after
/// it render: encoding a frame costs several times rendering it (libpng's deflate, one thread a frame), so a
/// capture that waited for each write ran at the encoder's speed on one core. At most `workers` frames are
/// written at once and the caller waits with the next, so memory stays a few frames whatever the sequence's
/// length. Each file is written atomically (`Bitmap.writePNG`).
package final class FrameFolderWriter: Sendable {
    private struct State {
        var written = Set<Int>()
        var failure: FrameWriteFailure?
    }

    private let state = Mutex(State())
    private let slots: DispatchSemaphore
    private let pending = DispatchGroup()
    private let queue = DispatchQueue(label: "quartzite.frame-writer", attributes: .concurrent)

    /// A writer of `workers` threads (at least 1; by default one a core).
    package init(workers: Int = ProcessInfo.processInfo.activeProcessorCount) {
        slots = DispatchSemaphore(value: max(workers, 1))
    }

    /// Queues frame `index` to be written to `url`, waiting while the writer is full. Throws the first
    /// failure of a frame queued before (`FrameWriteFailure`; nothing more is queued after one).
    package func write(_ bitmap: Bitmap, index: Int, to url: URL) throws {
        try rethrowFailure()
        slots.wait()
        pending.enter()
        queue.async { [self] in
            defer {
                slots.signal()
                pending.leave()
            }
            // After a failure the rest would only fill the disk further.
            guard state.withLock({ $0.failure == nil }) else { return }
            do {
                try bitmap.writePNG(to: url)
                state.withLock { _ = $0.written.insert(index) }
            } catch {
                state.withLock { s in if s.failure == nil { s.failure = FrameWriteFailure(url: url, underlying: error) } }
            }
        }
    }

    /// Waits for every queued frame, then throws the first failure, if any (`FrameWriteFailure`).
    package func finish() throws {
        pending.wait()
        try rethrowFailure()
    }

    /// How many frames from 0 on are all written (what a failure part-way leaves whole).
    package var writtenFromStart: Int {
        state.withLock { s in
            var n = 0
            while s.written.contains(n) { n += 1 }
            return n
        }
    }

    private func rethrowFailure() throws {
        if let failure = state.withLock({ $0.failure }) { throw failure }
    }
}

/// A frame that could not be written: where, and why.
package struct FrameWriteFailure: Error {
    package let url: URL
    package let underlying: any Error
}
