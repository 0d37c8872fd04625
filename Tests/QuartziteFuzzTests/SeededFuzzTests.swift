import Foundation
import Testing

/// The seeded fuzz of the public API (`quartzite-fuzz`, RELIABILITY.md), a few hundred cases a class. Each
/// class runs under the fuzz's supervisor, one process per chunk of cases with a time limit, so a crash or
/// a hang is reported with its case (class, seed, index, the command that runs it alone, and the Swift
/// statements that built it) and the cases after it still run. Broken invariants (a non-finite vertex,
/// matrix or presented value, a lost frame) fail the same way.
@Suite(.serialized)
struct SeededFuzzTests {
    /// One class and how many of its cases run here: the costly classes (dashing and deep or wide trees, in
    /// a debug build) fewer, so that the whole suite stays within its two minutes.
    struct Plan: Sendable, CustomTestStringConvertible {
        let fuzzClass: String
        let cases: Int
        var testDescription: String { "\(fuzzClass) x \(cases)" }
    }

    static let plans: [Plan] = [
        Plan(fuzzClass: "paths", cases: 300), Plan(fuzzClass: "path-booleans", cases: 60), Plan(fuzzClass: "strokes", cases: 200),
        Plan(fuzzClass: "layer-geometry", cases: 150), Plan(fuzzClass: "tree-abuse", cases: 200),
        Plan(fuzzClass: "images", cases: 300), Plan(fuzzClass: "gradients", cases: 300),
        Plan(fuzzClass: "basic-animations", cases: 150), Plan(fuzzClass: "keyframe-animations", cases: 150),
        Plan(fuzzClass: "groups-transactions", cases: 300), Plan(fuzzClass: "renderer-settings", cases: 200),
        Plan(fuzzClass: "deep-wide-trees", cases: 20), Plan(fuzzClass: "replicators", cases: 150),
        Plan(fuzzClass: "text", cases: 60), Plan(fuzzClass: "uikit-scroll", cases: 150),
        Plan(fuzzClass: "views", cases: 100),
    ]

    /// The executable, built beside the test bundle by `swift build --build-tests`.
    var executable: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [beside, Bundle.main.bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL]
        return candidates.map { $0.appendingPathComponent("quartzite-fuzz") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? beside.appendingPathComponent("quartzite-fuzz")
    }

    @Test(arguments: plans)
    func casesHoldUp(_ plan: Plan) throws {
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "build it: swift build --build-tests")
        // Chunks of 100 cases; a chunk's limit is generous because other suites share the cores meanwhile.
        let (status, output) = try run(["--supervise", "--classes", plan.fuzzClass, "--cases-per-class", "\(plan.cases)",
                                        "--chunk", "100", "--timeout", "300"])
        let lines = output.split(separator: "\n").map(String.init)
        for line in lines where line.hasPrefix("FAIL ") || line.hasPrefix("CRASH") || line.hasPrefix("HANG") {
            Issue.record(Comment(rawValue: line))
        }
        let ran = lines.first { $0.hasPrefix("| \(plan.fuzzClass) |") }
        #expect(ran?.hasPrefix("| \(plan.fuzzClass) | \(plan.cases) |") == true, "the supervisor's table: \(ran ?? output.suffix(500).description)")
        #expect(status == 0 || lines.contains { $0.hasPrefix("FAIL ") || $0.hasPrefix("CRASH") || $0.hasPrefix("HANG") },
                "exit status \(status) without a reported failure: \(output.suffix(500))")
    }

    /// Runs the supervisor; its output goes to a file (reading a pipe to its end can be interrupted in this
    /// busy process).
    func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let log = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("quartzite-fuzz-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }
}
