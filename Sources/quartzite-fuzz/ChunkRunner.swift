import Foundation
import Quartzite

/// Runs cases `from ..< from + count` of one class in this process. Writes, flushed line by line:
///
///     > CLASS SEED INDEX            before each case
///     | STATEMENT                   the case's recipe, as it is built
///     FAIL CLASS SEED INDEX: WHY    for each broken invariant
///     slow CLASS SEED INDEX: S s    for a case that took a second or more
///     done CLASS SEED FROM COUNT failures=N seconds=S slowest=INDEX:S
///
/// A process that dies leaves its last "> " line and recipe as the report of the case that killed it.
@MainActor
struct ChunkRunner {
    let fuzzClass: FuzzClass
    let seed: UInt64
    let from: Int
    let count: Int

    /// Runs the chunk; returns the number of failed cases.
    func run() -> Int {
        let output = FuzzOutput()
        let stage = Stage()
        // Animations added now are stamped with the layer's time: the clock stands at 0 while cases are built.
        MediaClock.freeze(at: 0)
        let started = Date()
        var failed = 0
        var slowest = (index: from, seconds: 0.0)
        for index in from..<(from + count) {
            output.line("> \(fuzzClass.name) \(seed) \(index)")
            let caseStarted = Date()
            let fuzzCase = FuzzCase(seed: seed, index: index, stage: stage, output: output)
            fuzzClass.run(fuzzCase)
            // What a case left open (an unbalanced begin, an implicit transaction) is not the next case's.
            CATransaction.flush()
            let seconds = Date().timeIntervalSince(caseStarted)
            if seconds > slowest.seconds { slowest = (index, seconds) }
            if seconds >= 1 { output.line("slow \(fuzzClass.name) \(seed) \(index): \(String(format: "%.2f", seconds)) s") }
            for reason in fuzzCase.failures { output.line("FAIL \(fuzzClass.name) \(seed) \(index): \(reason)") }
            if !fuzzCase.failures.isEmpty { failed += 1 }
        }
        let total = Date().timeIntervalSince(started)
        output.line("done \(fuzzClass.name) \(seed) \(from) \(count) failures=\(failed) seconds=\(String(format: "%.2f", total)) "
            + "slowest=\(slowest.index):\(String(format: "%.2f", slowest.seconds))")
        return failed
    }
}
