import Foundation

/// Runs classes of cases one child process per chunk (this executable, in chunk mode), each with a time
/// limit, and reports every failure with its case: a child that dies or overruns is reported as a crash or a
/// hang of the case it was running, with its recipe, and the chunk goes on in a fresh process after it.
/// Ends with a table of cases, time and failures per class.
struct Supervisor {
    let executable: URL
    let classes: [FuzzClass]
    let seed: UInt64
    /// Cases of each class, in the order of `classes`.
    let cases: [Int]
    let chunkSize: Int
    let timeout: TimeInterval

    /// Per class: cases run, chunks (processes), seconds, the slowest chunk, failed cases.
    private struct Tally {
        var cases = 0, processes = 0, failures = 0
        var seconds = 0.0, slowestChunk = 0.0
    }

    /// Runs everything; returns whether no case failed.
    func run() -> Bool {
        var tallies: [(FuzzClass, Tally)] = []
        let started = Date()
        for (fuzzClass, total) in zip(classes, cases) {
            var tally = Tally()
            var from = 0
            while from < total {
                let count = min(chunkSize, total - from)
                runChunk(fuzzClass, from: from, count: count, into: &tally)
                from += count
            }
            tallies.append((fuzzClass, tally))
        }
        printTable(tallies, seconds: Date().timeIntervalSince(started))
        return tallies.allSatisfy { $0.1.failures == 0 }
    }

    /// Runs cases `from ..< from + count`, restarting after the case that ended a process early.
    private func runChunk(_ fuzzClass: FuzzClass, from: Int, count: Int, into tally: inout Tally) {
        var next = from
        let end = from + count
        while next < end {
            let outcome = ChildRun(executable: executable, arguments: [
                "--class", fuzzClass.name, "--seed", "\(seed)", "--from", "\(next)", "--count", "\(end - next)",
            ], timeout: timeout).run()
            tally.processes += 1
            tally.seconds += outcome.seconds
            tally.slowestChunk = max(tally.slowestChunk, outcome.seconds)
            for line in outcome.failureLines { report(line) }
            tally.failures += outcome.failedCases
            say("chunk \(fuzzClass.name) \(next)..<\(end): \(String(format: "%.2f", outcome.seconds)) s, "
                + "\(outcome.failedCases) failed\(outcome.endedEarly ? ", ended early" : "")")
            guard let stopped = outcome.stoppedAt else {
                tally.cases += end - next
                break
            }
            // The case that ended the process counts, failed; the rest of the chunk runs in a new process.
            tally.cases += stopped + 1 - next
            tally.failures += 1
            report("\(outcome.endedEarly ? outcome.ending : "CRASH") \(fuzzClass.name) \(seed) \(stopped): "
                + "reproduce with: quartzite-fuzz --class \(fuzzClass.name) --seed \(seed) --from \(stopped) --count 1 | "
                + "recipe: \(outcome.recipe.joined(separator: "; "))")
            next = stopped + 1
        }
    }

    private func report(_ line: String) { say(line) }

    private func printTable(_ tallies: [(FuzzClass, Tally)], seconds: TimeInterval) {
        say("")
        say("| class | cases | processes | seconds | slowest process (s) | failed cases |")
        say("|---|---:|---:|---:|---:|---:|")
        for (fuzzClass, t) in tallies {
            say("| \(fuzzClass.name) | \(t.cases) | \(t.processes) | \(String(format: "%.1f", t.seconds)) | "
                + "\(String(format: "%.1f", t.slowestChunk)) | \(t.failures) |")
        }
        let cases = tallies.reduce(0) { $0 + $1.1.cases }, failures = tallies.reduce(0) { $0 + $1.1.failures }
        let processes = tallies.reduce(0) { $0 + $1.1.processes }
        say("| all | \(cases) | \(processes) | \(String(format: "%.1f", seconds)) | | \(failures) |")
        say("seed \(seed), chunks of \(chunkSize) cases, \(String(format: "%.0f", timeout)) s limit per chunk")
    }
}
