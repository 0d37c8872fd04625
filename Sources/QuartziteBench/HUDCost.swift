import Foundation
import QuartziteRender

/// Whether a benchmark shows the window's frame-time HUD over the demo.
public enum BenchHUD: Sendable, Equatable {
    /// No HUD.
    case hidden
    /// On every frame, as a window with H pressed shows it.
    case shown
    /// On even frames only, to measure its cost in one run: the frames with it and without it alternate, so
    /// the machine's drift between runs does not enter the difference.
    case everyOtherFrame
}

/// The HUD's cost from a run that shows it on every other frame: the drawn frames with it and without it
/// (warm-up and unchanged frames left out, as for the run's own figures), in milliseconds. The mean counts
/// the frames on which the panel is redrawn (one in six, as at 120 Hz) at their share; the slowest 1 % of
/// each kind is left out of it, so a stall of the machine's does not land on one side.
public struct HUDCost: Sendable, Codable, Equatable {
    /// Mean frame (update and render) of the frames that showed the HUD.
    public var withMs: Double
    /// Mean frame of the frames that did not.
    public var withoutMs: Double
    /// Median frames of each kind: a frame that shows the panel without redrawing it, and one without it.
    public var medianWithMs: Double
    public var medianWithoutMs: Double
    /// Frames of each kind that count.
    public var framesEach: Int
    /// What showing the HUD adds to a frame, on average.
    public var costMs: Double { withMs - withoutMs }

    /// Whether frame `i` of such a run shows the HUD.
    package static func shows(frame i: Int) -> Bool { i % 2 == 0 }

    /// From a run's frames and the app's share of each (seconds).
    package init?(frames: [FrameTimings], updates: [Double]) {
        let rows = Percentile.steady(Array(zip(frames, updates).enumerated())).filter { !$0.element.0.reused }
        func sortedTotals(_ shown: Bool) -> [Double] {
            rows.filter { Self.shows(frame: $0.offset) == shown }.map { ($0.element.0.total + $0.element.1) * 1000 }.sorted()
        }
        let with = sortedTotals(true), without = sortedTotals(false)
        guard !with.isEmpty, !without.isEmpty else { return nil }
        func trimmedMean(_ sorted: [Double]) -> Double {
            let kept = sorted.prefix(max(1, sorted.count - sorted.count / 100))
            return kept.reduce(0, +) / Double(kept.count)
        }
        withMs = trimmedMean(with)
        withoutMs = trimmedMean(without)
        medianWithMs = Percentile.of(with, 0.5)
        medianWithoutMs = Percentile.of(without, 0.5)
        framesEach = min(with.count, without.count)
    }
}
