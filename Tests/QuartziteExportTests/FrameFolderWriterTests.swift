import Foundation
import Testing
import Quartzite
@testable import QuartziteRender
@testable import QuartziteExport

/// The background writer of PNG sequences: every frame lands whole, under its own name, whatever order the
/// threads finish in, and a failure comes back with the file it was for.
@Suite struct FrameFolderWriterTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("frame-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Frame `i`: a 37x23 bitmap whose every pixel encodes i and its position, so two frames never match.
    private func frame(_ i: Int) throws -> Bitmap {
        var rgba: [UInt8] = []
        for y in 0..<23 {
            for x in 0..<37 { rgba += [UInt8(i & 0xFF), UInt8(x), UInt8(y), 255] }
        }
        return try #require(Bitmap(width: 37, height: 23, rgba: rgba))
    }

    @Test func everyFrameIsWrittenWholeUnderItsName() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let writer = FrameFolderWriter(frameBytes: 37 * 23 * 4, workers: 3)
        for i in 0..<24 { try writer.write(try frame(i), index: i, to: dir.appendingPathComponent("f\(i).png")) }
        try writer.finish()
        #expect(writer.writtenFromStart == 24)
        for i in 0..<24 {
            let data = try Data(contentsOf: dir.appendingPathComponent("f\(i).png"))
            let decoded = try PNGDecoder.decode(data, maximumPixelCount: 1 << 20)
            #expect(decoded.width == 37 && decoded.height == 23)
            #expect(decoded.rgba == (try frame(i)).rgba, "frame \(i)")
        }
        let temporary = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { !$0.hasSuffix(".png") }
        #expect(temporary.isEmpty)
    }

    /// Frame 3 cannot be written (a file stands where its folder should be), with `workers` threads: the
    /// failure names frame 3's file, frames 0 to 2 are whole, no frame after 3 is left, and no temporary file.
    @Test(arguments: [1, 3])
    func aFailureNamesItsFileAndKeepsTheFramesBeforeIt(workers: Int) throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let blocked = dir.appendingPathComponent("blocked")
        try Data("not a folder".utf8).write(to: blocked)
        let writer = FrameFolderWriter(frameBytes: 37 * 23 * 4, workers: workers)
        var thrown: (any Error)?
        do {
            for i in 0..<40 {
                let url = i == 3 ? blocked.appendingPathComponent("f3.png") : dir.appendingPathComponent("f\(i).png")
                try writer.write(try frame(i), index: i, to: url)
            }
            try writer.finish()
        } catch {
            thrown = error
        }
        try? writer.finish()
        let failure = try #require(thrown as? FrameWriteFailure)
        #expect(failure.url.lastPathComponent == "f3.png")
        #expect(writer.writtenFromStart == 3)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0 != "blocked" }
        #expect(left.sorted() == ["f0.png", "f1.png", "f2.png"])
    }

    /// Threads by frame size against the 256 MiB budget at 2.5 times a frame's pixels: a 1280x720 frame
    /// (3.7 MB) leaves every core one; 3840x2160 (33.2 MB, 82.9 MB with its buffer) three; 16384 x 16384
    /// (1 GiB) one, whatever the cores; and never none.
    @Test func largeFramesGetFewerThreads() {
        #expect(FrameFolderWriter.threads(frameBytes: 1280 * 720 * 4, workers: 2) == 2)
        #expect(FrameFolderWriter.threads(frameBytes: 1280 * 720 * 4, workers: 16) == 16)
        #expect(FrameFolderWriter.threads(frameBytes: 3840 * 2160 * 4, workers: 16) == 3)
        #expect(FrameFolderWriter.threads(frameBytes: 16384 * 16384 * 4, workers: 16) == 1)
        #expect(FrameFolderWriter.threads(frameBytes: .max, workers: 16) == 1)
        #expect(FrameFolderWriter.threads(frameBytes: 100, workers: 0) == 1)
    }
}
