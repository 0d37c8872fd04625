import Foundation
import Testing
@testable import QuartziteRender
@testable import QuartziteExport

/// The encoder's own thread: the file it makes is the file the encoder makes fed directly, and a frame's
/// failure comes back to the caller.
@Suite struct EncoderQueueTests {
    private func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("encoder-queue-\(UUID().uuidString)-\(name)")
    }

    /// Frame `i` of 24x16: a square that moves a pixel a frame over a colour that changes with i.
    private func frame(_ i: Int, width: Int = 24) throws -> Bitmap {
        var rgba: [UInt8] = []
        for y in 0..<16 {
            for x in 0..<width {
                let inSquare = (i..<(i + 5)).contains(x) && (4..<9).contains(y)
                rgba += inSquare ? [255, 255, 255, 255] : [UInt8(10 * i), 80, 160, 255]
            }
        }
        return try #require(Bitmap(width: width, height: 16, rgba: rgba))
    }

    @Test func theFileIsTheOneTheEncoderMakesFedDirectly() throws {
        let direct = temporary("direct.apng"), queued = temporary("queued.apng")
        defer { try? FileManager.default.removeItem(at: direct); try? FileManager.default.removeItem(at: queued) }
        let encoder = try APNGEncoder(url: direct, width: 24, height: 16, frameCount: 12, fps: 10)
        for i in 0..<12 { try encoder.append(try frame(i)) }
        try encoder.finish()
        let queue = EncoderQueue(try APNGEncoder(url: queued, width: 24, height: 16, frameCount: 12, fps: 10))
        for i in 0..<12 { try queue.append(try frame(i)) }
        let seconds = try queue.finish()
        #expect(seconds > 0)
        #expect(try Data(contentsOf: queued) == (try Data(contentsOf: direct)))
    }

    @Test func aFramesFailureIsThrownAndNoFileIsLeft() throws {
        let dir = temporary("failed")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("failed.apng")
        var thrown: (any Error)?
        do {
            let queue = EncoderQueue(try APNGEncoder(url: url, width: 24, height: 16, frameCount: 6, fps: 10))
            defer { queue.abandon() }
            try queue.append(try frame(0))
            // The wrong size: the encoder refuses this frame on the queue's thread.
            try queue.append(try frame(1, width: 30))
            for i in 2..<6 { try queue.append(try frame(i)) }
            _ = try queue.finish()
        } catch {
            thrown = error
        }
        let failure = try #require(thrown as? ExportError)
        #expect(failure.description.contains("30x16"))
        // Neither the file nor its temporary file: the queue and its encoder are gone.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}
