import Foundation

/// One child process running a chunk, its output kept in a file (a pipe read to its end can be interrupted in
/// a busy process), killed when it overruns its time limit, and its log read back.
struct ChildRun {
    let executable: URL
    let arguments: [String]
    let timeout: TimeInterval

    /// What a chunk's process left.
    struct Outcome {
        /// Seconds the process ran.
        var seconds = 0.0
        /// The FAIL lines it wrote, each with its case's recipe.
        var failureLines: [String] = []
        /// Cases that failed an invariant (from its "done" line, or counted from FAIL lines when it died).
        var failedCases = 0
        /// The index of the case it was running when it died or was killed; nil when it finished.
        var stoppedAt: Int?
        /// That case's recipe as far as it was written.
        var recipe: [String] = []
        /// Whether it was killed for overrunning (a hang) rather than dying by itself.
        var endedEarly = false
        /// "HANG" or "CRASH (how)".
        var ending = ""
    }

    /// Runs the child to its end or its time limit.
    func run() -> Outcome {
        var outcome = Outcome()
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("quartzite-fuzz-\(getpid())-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let started = Date()
        do {
            let handle = try FileHandle(forWritingTo: log)
            defer { try? handle.close() }
            process.standardOutput = handle
            process.standardError = handle
            try process.run()
        } catch {
            let from = arguments.firstIndex(of: "--from").map { arguments.index(after: $0) }
            outcome.stoppedAt = from.flatMap { $0 < arguments.endIndex ? Int(arguments[$0]) : nil } ?? 0
            outcome.ending = "CRASH (could not start \(executable.path): \(error))"
            outcome.endedEarly = true
            return outcome
        }
        var killed = false
        while process.isRunning {
            if Date().timeIntervalSince(started) > timeout {
                kill(process.processIdentifier, SIGKILL)
                killed = true
                break
            }
            usleep(10_000)
        }
        process.waitUntilExit()
        outcome.seconds = Date().timeIntervalSince(started)
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        read(text, into: &outcome)
        let finished = text.contains("\ndone ") || text.hasPrefix("done ")
        if killed {
            outcome.endedEarly = true
            outcome.ending = "HANG (killed after \(String(format: "%.0f", timeout)) s)"
        } else if !finished || process.terminationReason == .uncaughtSignal {
            outcome.endedEarly = true
            outcome.ending = process.terminationReason == .uncaughtSignal
                ? "CRASH (signal \(process.terminationStatus))" : "CRASH (exit status \(process.terminationStatus))"
            outcome.ending += lastLines(of: text)
        } else {
            outcome.stoppedAt = nil
            outcome.recipe = []
        }
        return outcome
    }

    /// Reads FAIL lines, the done line, and the last case begun with its recipe.
    private func read(_ text: String, into outcome: inout Outcome) {
        var failedIndices = Set<String>()
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("> ") {
                outcome.stoppedAt = line.split(separator: " ").last.flatMap { Int($0) }
                outcome.recipe = []
            } else if line.hasPrefix("| ") {
                outcome.recipe.append(String(line.dropFirst(2)))
            } else if line.hasPrefix("FAIL ") {
                // A case's FAIL lines follow its recipe: the recipe read last is its own.
                outcome.failureLines.append("\(line) | recipe: \(outcome.recipe.joined(separator: "; "))")
                failedIndices.insert(String(line.split(separator: ":").first ?? ""))
            }
        }
        outcome.failedCases = failedIndices.count
    }

    /// The last lines that are not the harness's own (the runtime's message on a crash), for the report.
    private func lastLines(of text: String) -> String {
        let others = text.split(separator: "\n").filter {
            !$0.hasPrefix("> ") && !$0.hasPrefix("| ") && !$0.hasPrefix("quartzite: ") && !$0.hasPrefix("FAIL ")
        }
        let tail = others.suffix(3).map { String($0.prefix(300)) }
        return tail.isEmpty ? "" : ": " + tail.joined(separator: " / ")
    }
}
