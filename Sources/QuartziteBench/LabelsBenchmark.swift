import Foundation
import Quartzite
import QuartziteRender

/// Times a scrolling list of 200 text labels headless (375 x 667, a row of 32 points each, the list moved up
/// by an animation of its position): what drawing text costs once it is laid out, and how many labels are
/// laid out again per frame (none should be: a label is rasterised when its string, style, size or scale
/// changes, not when it moves).
@MainActor
public enum LabelsBenchmark {
    /// What one run measured.
    public struct Result: Sendable {
        public var labels: Int
        /// The median and 99th-percentile frame, milliseconds.
        public var medianMs: Double, p99Ms: Double
        /// The median frame's split by stage.
        public var median: FrameTimings
        /// Labels rasterised in the first frame, and in all the frames after it together.
        public var firstFrameRasterizations: Int, laterRasterizations: Int
    }

    /// Renders `frames` frames 1/60 s apart; throws when no headless context can be made.
    public static func run(labels: Int = 200, frames: Int) throws -> Result {
        let canvas = CGSize(width: 375, height: 667)
        let root = MediaClock.performFrozen(at: 0) { () -> CALayer in
            let root = CALayer()
            root.frame = CGRect(origin: .zero, size: canvas)
            root.backgroundColor = CGColor(gray: 1, alpha: 1)
            let list = CALayer()
            list.frame = CGRect(x: 0, y: 0, width: canvas.width, height: CGFloat(labels) * 32)
            for i in 0..<labels {
                let label = CATextLayer()
                label.frame = CGRect(x: 16, y: CGFloat(i) * 32 + 6, width: canvas.width - 32, height: 22)
                label.fontSize = 16
                label.foregroundColor = CGColor(red: 0.1, green: 0.12, blue: 0.16, alpha: 1)
                label.string = "Row \(i + 1): a label in a scrolling list"
                list.addSublayer(label)
            }
            root.addSublayer(list)
            let scroll = CABasicAnimation(keyPath: "position.y")
            scroll.fromValue = list.position.y
            scroll.toValue = list.position.y - (list.bounds.height - canvas.height)
            scroll.duration = max(Double(frames) / 60, 1)
            list.add(scroll, forKey: "scroll")
            CATransaction.flush()
            return root
        }
        let renderer = try HeadlessRenderer(size: canvas)
        defer { renderer.close() }
        let first = try renderer.renderTimed(root, at: 0)
        var samples: [(ms: Double, timings: FrameTimings)] = []
        var later = 0
        for f in 0..<max(1, frames) {
            let start = CACurrentMediaTime()
            let timings = try renderer.renderTimed(root, at: Double(f + 1) / 60)
            samples.append(((CACurrentMediaTime() - start) * 1000, timings))
            later += timings.textRasterizations
        }
        samples.sort { $0.ms < $1.ms }
        let times = samples.map(\.ms)
        return Result(labels: labels, medianMs: Percentile.of(times, 0.5), p99Ms: Percentile.of(times, 0.99),
                      median: samples[samples.count / 2].timings, firstFrameRasterizations: first.textRasterizations,
                      laterRasterizations: later)
    }
}
