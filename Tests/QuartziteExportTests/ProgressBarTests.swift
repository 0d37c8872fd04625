import Foundation
import Testing
@testable import QuartziteExport

/// The progress bar: silent off a terminal and during a capture's first second, then in place.
struct ProgressBarTests {
    final class Log: @unchecked Sendable {
        var text = ""
        var now = 0.0
    }

    func bar(total: Int, enabled: Bool, log: Log) -> ProgressBar {
        ProgressBar(total: total, label: "capturing x", enabled: enabled, clock: { log.now }, output: { log.text += $0 })
    }

    @Test func theLine() {
        #expect(ProgressBar.line(label: "c", done: 30, total: 120) == "c [#######.......................]  30/120 frames  25%")
        #expect(ProgressBar.line(label: "c", done: 7, total: 7) == "c [##############################] 7/7 frames 100%")
        #expect(ProgressBar.line(label: "c", done: 0, total: 0).hasSuffix("0/1 frames   0%"))
    }

    @Test func quietOffATerminal() {
        let log = Log()
        let b = bar(total: 10, enabled: false, log: log)
        log.now = 5
        for i in 1...10 { b.update(done: i) }
        b.finish()
        #expect(log.text.isEmpty)
    }

    @Test func quietForTheFirstSecondThenInPlace() {
        let log = Log()
        let b = bar(total: 100, enabled: true, log: log)
        log.now = 0.5
        b.update(done: 10)
        #expect(log.text.isEmpty)
        log.now = 1.2
        b.update(done: 20)
        log.now = 1.25  // too soon to redraw
        b.update(done: 21)
        log.now = 1.26  // the last frame is always drawn
        b.update(done: 100)
        b.finish()
        #expect(log.text == "\r" + ProgressBar.line(label: "capturing x", done: 20, total: 100)
                + "\r" + ProgressBar.line(label: "capturing x", done: 100, total: 100) + "\n")
    }

    @Test func aShortCapturePrintsNothing() {
        let log = Log()
        let b = bar(total: 3, enabled: true, log: log)
        for i in 1...3 { log.now = Double(i) * 0.1; b.update(done: i) }
        b.finish()
        #expect(log.text.isEmpty)
    }
}
