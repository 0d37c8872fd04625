import Foundation
import Quartzite

/// One case being run: its random numbers, the recipe of what it built, and what went wrong. The recipe's
/// lines go to standard output as they are written, so a case that kills the process has said what it built.
@MainActor
final class FuzzCase {
    /// The case's own generator (see `FuzzRandom.init(seed:index:)`).
    var rng: FuzzRandom
    /// The canvas shared by the process's cases.
    let stage: Stage
    private(set) var failures: [String] = []
    private let output: FuzzOutput

    init(seed: UInt64, index: Int, stage: Stage, output: FuzzOutput) {
        rng = FuzzRandom(seed: seed, index: index)
        self.stage = stage
        self.output = output
    }

    /// Records one statement of the reproducer.
    func recipe(_ line: String) { output.line("| \(line)") }

    /// Records a broken invariant.
    func fail(_ reason: String) { failures.append(reason) }

    /// Records a broken invariant that `finding` explains.

    /// Records `problem`, when there is one, as a failure of `what`.
    func check(_ problem: String?, _ what: String) {
        if let problem { fail("\(what): \(problem)") }
    }
}

/// Standard output, one line at a time, each written at once (no buffer): when the process dies, everything
/// written before is in the log the supervisor reads.
final class FuzzOutput {
    /// Writes `text` and a newline.
    func line(_ text: String) { say(text) }
}

/// Writes `text` and a newline to standard output, unbuffered.
func say(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}
