import Foundation
import Quartzite
import QuartziteRender
import QuartziteDemos

/// Times the replicator grid (`ReplicatorGrid`) headless, built from two nested replicators and built by hand
/// (one layer and one animation a cell), frame for frame alternated on two renderers of one size: what
/// drawing copies costs against drawing the same picture from layers.
@MainActor
public enum ReplicatorBenchmark {
    /// One build's frames, milliseconds.
    public struct Side: Sendable {
        /// The median and 99th-percentile frame.
        public var medianMs: Double, p99Ms: Double
        /// The median frame's split by stage.
        public var median: FrameTimings
    }

    /// What one run measured.
    public struct Result: Sendable {
        /// Cells in the grid.
        public var cells: Int
        public var replicated: Side
        public var handBuilt: Side
    }

    /// Renders `frames` frames of each build, 1/60 s apart from t = 10 s, alternating; throws when no headless
    /// context can be made.
    public static func run(size: CGSize, frames: Int) throws -> Result {
        let (columns, rows) = ReplicatorGrid.dimensions(of: size)
        let trees = [ReplicatorGrid.replicated(size: size), ReplicatorGrid.handBuilt(size: size)].map { grid in
            MediaClock.performFrozen(at: 0) { () -> CALayer in
                let root = CALayer()
                root.frame = CGRect(origin: .zero, size: size)
                root.backgroundColor = CGColor(red: 0.08, green: 0.09, blue: 0.12, alpha: 1)
                root.addSublayer(grid)
                CATransaction.flush()
                return root
            }
        }
        let renderers = try trees.map { _ in try HeadlessRenderer(size: size) }
        defer { renderers.forEach { $0.close() } }
        var samples: [[(ms: Double, timings: FrameTimings)]] = [[], []]
        for (renderer, root) in zip(renderers, trees) { _ = try renderer.renderTimed(root, at: 10) }
        for f in 0..<max(1, frames) {
            let t = 10 + Double(f + 1) / 60
            for side in (f % 2 == 0 ? [0, 1] : [1, 0]) {
                let start = CACurrentMediaTime()
                let timings = try renderers[side].renderTimed(trees[side], at: t)
                samples[side].append(((CACurrentMediaTime() - start) * 1000, timings))
            }
        }
        let sides = samples.map { frames -> Side in
            let sorted = frames.sorted { $0.ms < $1.ms }
            let times = sorted.map(\.ms)
            return Side(medianMs: Percentile.of(times, 0.5), p99Ms: Percentile.of(times, 0.99),
                        median: sorted[sorted.count / 2].timings)
        }
        return Result(cells: columns * rows, replicated: sides[0], handBuilt: sides[1])
    }
}
