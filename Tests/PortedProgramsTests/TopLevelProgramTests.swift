import Foundation
import Testing
import Quartzite
import QuartziteRender

/// Runs the `ported-toplevel` executable (Ported/TopLevel/main.swift), built beside the test bundle by
/// `swift build --build-tests`, and probes the PNGs it writes.
@Suite(.serialized)
struct TopLevelProgramTests {
    var executable: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [beside, Bundle.main.bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL]
        return candidates.map { $0.appendingPathComponent("ported-toplevel") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? beside.appendingPathComponent("ported-toplevel")
    }

    func run(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        // A file, not a pipe: reading a pipe to its end can be interrupted (EINTR) in this busy process.
        let log = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("ported-toplevel-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> SIMD4<UInt8> {
        let i = (y * image.width + x) * 4
        let p = image.premultipliedRGBA
        return SIMD4(p[i], p[i + 1], p[i + 2], p[i + 3])
    }

    /// The square (40 x 40 at 40, 34) turns π/2 in a second and holds; the bar along the bottom (y = 70 to 78)
    /// grows from width 0 to 80. At 0.5 s the square is a diamond (half diagonal 28.3) and the bar is 40 wide.
    @Test func topLevelProgramWritesTheFramesItWasAskedFor() throws {
        #expect(FileManager.default.isExecutableFile(atPath: executable.path), "build it: swift build --build-tests")
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("ported-toplevel-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try run([folder.path, "0", "0.5", "1.5"])
        #expect(result.status == 0, "\(result.stderr)")
        let red = rgb(255, 0, 0), blue = rgb(0, 0, 255)
        let start = try CGImage(contentsOf: folder.appendingPathComponent("frame-0.0.png"))
        #expect(start.width == 80 && start.height == 80)
        #expect(pixel(start, 23, 17) == red, "the square's corner, upright")
        #expect(pixel(start, 30, 74) == white, "no bar yet")
        let half = try CGImage(contentsOf: folder.appendingPathComponent("frame-0.5.png"))
        #expect(pixel(half, 23, 17) == white, "a diamond at π/4: the corner turned away")
        #expect(pixel(half, 40, 8) == red, "the diamond's top tip")
        #expect(pixel(half, 30, 74) == blue)
        #expect(pixel(half, 50, 74) == white)
        let end = try CGImage(contentsOf: folder.appendingPathComponent("frame-1.5.png"))
        #expect(pixel(end, 23, 17) == red, "held upright at π/2")
        #expect(pixel(end, 40, 8) == white)
        #expect(pixel(end, 70, 74) == blue, "the model's full width")
    }

    @Test func badArgumentsExitWithStatusTwoAndOneLine() throws {
        for arguments in [[], ["out-only"], ["out", "soon"], ["out", "1", "2", "3", "4"], ["out", "-1"]] {
            let result = try run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        }
    }
}
