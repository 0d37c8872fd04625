import Foundation
import ArgumentParser
import CQuartziteSupport
import QuartziteRender

/// The `quartzite` command line.
struct Quartzite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quartzite",
        abstract: "Core Animation for Linux: run, capture and benchmark the demos.",
        subcommands: [List.self, DemoCommand.self, CaptureCommand.self, BenchCommand.self, PrimitivesCommand.self])
}

// llvmpipe frees and reallocates big buffers every frame; with glibc's default thresholds that costs page
// faults worth about 10 ms a frame (DESIGN.md).
quartzite_tune_malloc()
// Before any thread starts: setenv is not safe while other threads read the environment. (The renderer
// calls it again before its first display or window; by then it has no effect.)
RasterizerThreads.prepare()

// Usage errors are one line and exit status 2; run-time failures one line and exit status 1; help exits 0.
do {
    var command = try Quartzite.parseAsRoot()
    try command.run()
} catch let failure as CommandFailure {
    FileHandle.standardError.write(Data("quartzite: \(failure.description)\n".utf8))
    exit(1)
} catch {
    let code = Quartzite.exitCode(for: error)
    if code == .success {
        Quartzite.exit(withError: error)
    }
    let message = Quartzite.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
    FileHandle.standardError.write(Data("quartzite: \(message)\n".utf8))
    exit(2)
}
