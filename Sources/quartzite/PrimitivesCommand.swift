import Foundation
import ArgumentParser
import QuartziteDemos
import QuartziteBench

/// `quartzite primitives SCENE`: a benchmark scene's frames as JSON Lines, the geometry `make bench-peers`
/// hands to the other renderers (BenchPrimitiveJSON describes the format).
struct PrimitivesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "primitives",
        abstract: "Print a benchmark scene's frames as JSON Lines (the geometry other renderers draw in make bench-peers).",
        discussion: "Frames at 0, 1/60, 2/60 ... s (--frames N), or one frame (--at SECONDS); one JSON object a line.")

    @Argument(help: "The benchmark scene, s1 ... s5.")
    var name: String
    @Option(parsing: .unconditional, help: "Frames to print, 1/60 s apart from time 0.")
    var frames: Int = 1
    @Option(parsing: .unconditional, help: "Demo time of a single frame, in seconds (instead of --frames).")
    var at: Double?
    @Option(parsing: .unconditional, help: ArgumentHelp("Canvas size in points, WIDTHxHEIGHT (one pixel per point).", valueName: "WxH"), transform: CanvasSize.parse)
    var size: CanvasSize?
    @Option(parsing: .unconditional, help: ArgumentHelp("Elements of a scene that scales (s1, s3, s4), as `bench --count`.", valueName: "N"))
    var count: Int?

    func validate() throws {
        if let at { try Check.time(at, "--at") }
        guard frames >= 1, frames <= 100_000 else { throw ValidationError("--frames must be 1 to 100000, not \(frames)") }
        if let count { try Check.sceneCount(count, of: name) }
    }

    func run() throws {
        try MainActor.assumeIsolated {
            guard let type = DemoCatalog.benchScenes.first(where: { $0.name == name }) else {
                let names = DemoCatalog.benchScenes.map { $0.name }.joined(separator: ", ")
                throw ValidationError("'\(name)' is not a benchmark scene; they are: \(names)")
            }
            let times = at.map { [$0] } ?? (0..<frames).map { Double($0) / 60 }
            do {
                try BenchPrimitiveJSON.writeFrames(of: type, size: size?.cgSize ?? type.preferredSize, times: times, count: count)
            } catch let error as CairoBenchError {
                throw CommandFailure(error.description)
            }
        }
    }
}
