import Foundation

/// A progress bar for a capture, redrawn in place on the terminal (`\r`): a bar, frames done of the total
/// and the percentage. It appears only when standard error is a terminal (in a log or a pipe a line
/// rewritten in place is noise) and only once the capture has run for a second (a short capture prints
/// nothing); then it is redrawn at most ten times a second and on the last frame.
package final class ProgressBar {
    private let total: Int
    private let label: String
    private let output: (String) -> Void
    private let clock: () -> Double
    private let enabled: Bool
    private let started: Double
    private var lastDrawn: Double?
    /// The bar's width in characters.
    private static let barWidth = 30
    /// How long a capture runs before the bar shows, in seconds.
    package static let delay = 1.0

    /// A bar for `total` frames, drawn after `label` on standard error when it is a terminal.
    package convenience init(total: Int, label: String) {
        self.init(total: total, label: label, enabled: isatty(STDERR_FILENO) != 0,
                  clock: { Date.timeIntervalSinceReferenceDate },
                  output: { FileHandle.standardError.write(Data($0.utf8)) })
    }

    /// A bar that writes with `output`, reads the time in seconds from `clock`, and draws only when
    /// `enabled` (for tests).
    package init(total: Int, label: String, enabled: Bool, clock: @escaping () -> Double, output: @escaping (String) -> Void) {
        self.total = max(total, 1)
        self.label = label
        self.enabled = enabled
        self.clock = clock
        self.output = output
        started = clock()
    }

    /// Records that `done` frames of the total are finished, redrawing the bar when it is due.
    package func update(done: Int) {
        guard enabled else { return }
        let now = clock()
        guard now - started >= Self.delay else { return }
        let last = done >= total
        if !last, let lastDrawn, now - lastDrawn < 0.1 { return }
        lastDrawn = now
        output("\r" + Self.line(label: label, done: done, total: total))
    }

    /// Ends the bar's line, if one was drawn, so what follows starts on a line of its own.
    package func finish() {
        guard lastDrawn != nil else { return }
        lastDrawn = nil
        output("\n")
    }

    /// The bar's text: "LABEL [#########.........]  30/120 frames  25%".
    package static func line(label: String, done: Int, total: Int) -> String {
        let total = max(total, 1), done = min(max(done, 0), total)
        let filled = done * barWidth / total
        let percent = done * 100 / total
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: barWidth - filled)
        let width = String(total).count
        let count = String(repeating: " ", count: width - String(done).count) + "\(done)/\(total)"
        let pct = String(repeating: " ", count: 3 - String(percent).count) + "\(percent)%"
        return "\(label) [\(bar)] \(count) frames \(pct)"
    }
}
