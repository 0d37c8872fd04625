import Foundation
import Synchronization
import QuartziteRender

/// An animation encoder fed on a thread of its own: the renderer hands over frame N and renders frame N+1
/// while N is encoded (quantised and compressed), instead of the two taking turns on one core. Frames are
/// encoded in order, one at a time, and at most one more waits with the renderer, so memory stays two
/// frames. After a failure nothing more is encoded, and the next call throws it.
final class EncoderQueue: Sendable {
    private struct Status {
        var failure: (any Error)?
        /// Seconds the encoder spent on frames and on finishing the file.
        var encodeSeconds = 0.0
    }

    private let encoder: Mutex<any AnimationEncoder>
    private let status = Mutex(Status())
    private let queue = DispatchQueue(label: "quartzite.animation-encoder")
    private let slot = DispatchSemaphore(value: 1)

    /// A queue that owns `encoder` from now on.
    init(_ encoder: sending any AnimationEncoder) {
        self.encoder = Mutex(encoder)
    }

    /// Queues the next frame, waiting while the frame before is still being encoded. Throws an earlier
    /// frame's failure.
    func append(_ frame: Bitmap) throws {
        try rethrowFailure()
        slot.wait()
        queue.async { [self] in
            defer { slot.signal() }
            guard status.withLock({ $0.failure == nil }) else { return }
            let start = Self.clock()
            do {
                try encoder.withLock { try $0.append(frame) }
            } catch {
                status.withLock { s in if s.failure == nil { s.failure = error } }
            }
            let seconds = Self.clock() - start
            status.withLock { $0.encodeSeconds += seconds }
        }
    }

    /// Waits for the frame being encoded, if any, and drops the rest: on a failure elsewhere, so that the
    /// encoder (and with it the unfinished file's temporary file) goes when its owner lets go of the queue.
    func abandon() {
        status.withLock { s in if s.failure == nil { s.failure = ExportError("the export was abandoned") } }
        queue.sync {}
    }

    /// Waits for the queued frames, then ends the file (`AnimationEncoder.finish`); throws the first failure.
    /// Returns the seconds spent encoding, in all.
    func finish() throws -> Double {
        queue.sync {}
        try rethrowFailure()
        let start = Self.clock()
        try encoder.withLock { try $0.finish() }
        let seconds = Self.clock() - start
        return status.withLock { $0.encodeSeconds } + seconds
    }

    private func rethrowFailure() throws {
        if let failure = status.withLock({ $0.failure }) { throw failure }
    }

    private static func clock() -> Double { Date.timeIntervalSinceReferenceDate }
}
