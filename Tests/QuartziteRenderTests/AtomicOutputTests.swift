import Foundation
import Testing
import Quartzite
import QuartziteRender

/// Output files are written whole or not at all: a failed write (here a full disk, a 64 KiB tmpfs) leaves
/// the earlier file intact and no partial or temporary file beside it.
@Suite(.serialized)
struct AtomicOutputTests {
    /// A bitmap of `side` x `side` pixels: one flat colour, or noise (which PNG cannot compress).
    static func bitmap(side: Int, noise: Bool, seed: UInt8 = 7) -> Bitmap? {
        var state = UInt32(seed) &* 2_654_435_761
        let bytes = (0..<side * side * 4).map { i -> UInt8 in
            guard noise else { return i % 4 == 3 ? 255 : seed }
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        return Bitmap(width: side, height: side, rgba: bytes)
    }

    /// Runs `mount` or `umount` with `arguments`; whether it succeeded.
    static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    func leftovers(in folder: URL, besides name: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != name && $0 != "filler" }
    }

    @Test func anOverwriteReplacesTheFileWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("frame.png")
        let first = try #require(Self.bitmap(side: 8, noise: false, seed: 10))
        let second = try #require(Self.bitmap(side: 8, noise: false, seed: 200))
        try first.writePNG(to: file)
        try second.writePNG(to: file)
        let image = try CGImage(contentsOf: file)
        #expect(image.width == 8)
        #expect(try Data(contentsOf: file) == second.pngData())
        #expect(try leftovers(in: folder, besides: "frame.png").isEmpty)
        #expect(throws: OutputError.self) { try first.writePNG(to: folder) }
    }

    @Test func aFullDiskLeavesTheOldFileAndNoPartialOne() throws {
        let mountPoint = URL(fileURLWithPath: "/tmp/quartzite-full-disk-\(getpid())")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: mountPoint) }
        // A small tmpfs needs root (as `make test` runs in CI); without it the full disk cannot be made.
        try #require(Self.run("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", mountPoint.path]),
                     "mounting a 64 KiB tmpfs failed (needs root)")
        defer { _ = Self.run("umount", [mountPoint.path]) }
        let file = mountPoint.appendingPathComponent("frame.png")
        let small = try #require(Self.bitmap(side: 16, noise: false))
        try small.writePNG(to: file)
        let before = try Data(contentsOf: file)
        // 200 x 200 noise is about 160 KB of PNG: more than the whole disk.
        let large = try #require(Self.bitmap(side: 200, noise: true))
        #expect(throws: OutputError.self) { try large.writePNG(to: file) }
        #expect(try Data(contentsOf: file) == before)
        #expect(try leftovers(in: mountPoint, besides: "frame.png").isEmpty)
        do {
            try large.writePNG(to: file)
        } catch let error as OutputError {
            #expect(error.reason.contains("space"), "\(error)")
        }
    }
}
