import Foundation
import Quartzite
import QuartziteRender

/// Times the first frames of a canvas of many small shadowed layers, headless: the cost of making shadows,
/// which the shadow cache pays once per distinct shadow. `alike` gives every layer the same content and
/// shadow (one blur for all); otherwise each layer's corner radius differs slightly, so every shadow is
/// blurred on its own (what every shadow would cost unshared).
@MainActor
public enum ShadowBenchmark {
    /// What one run measured.
    public struct Result: Sendable {
        /// Layers drawn, each with a shadow.
        public var layers: Int
        /// Wall time of the first frame (every blur made) and of the second (one layer moved, every blur
        /// reused), milliseconds.
        public var firstFrameMs: Double, secondFrameMs: Double
        /// The first frame's split by stage (its `blurs` counts the blurs it ran).
        public var firstFrame: FrameTimings
    }

    /// Renders `layers` 8 x 8 point layers with a 2 point shadow on a 1280 x 720 canvas, twice; throws when no
    /// headless context can be made.
    public static func run(layers: Int, alike: Bool) throws -> Result {
        let count = min(max(layers, 1), 1_000_000)
        let canvas = CGSize(width: 1280, height: 720)
        let root = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.frame = CGRect(origin: .zero, size: canvas)
        root.backgroundColor = .white
        let columns = 160
        for i in 0..<count {
            let layer = CALayer()
            layer.frame = CGRect(x: CGFloat(i % columns) * 8, y: CGFloat((i / columns) % 90) * 8, width: 6, height: 6)
            layer.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
            // Alike: one radius. Otherwise a radius of its own (below 3 points, so every one still draws).
            layer.cornerRadius = alike ? 1 : 2.9 * CGFloat(i) / CGFloat(count)
            layer.shadowOpacity = 0.5
            layer.shadowRadius = 2
            layer.shadowOffset = CGSize(width: 0, height: 1)
            root.addSublayer(layer)
        }
        CATransaction.commit()
        let renderer = try HeadlessRenderer(size: canvas)
        defer { renderer.close() }
        func timed() throws -> (ms: Double, timings: FrameTimings) {
            let start = CACurrentMediaTime()
            let timings = try renderer.renderTimed(root, at: 0)
            return ((CACurrentMediaTime() - start) * 1000, timings)
        }
        let first = try timed()
        // A changed frame (one layer moved), so the second is drawn again with every blur kept.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.sublayers?.first?.position.x += 1
        CATransaction.commit()
        let second = try timed()
        return Result(layers: count, firstFrameMs: first.ms, secondFrameMs: second.ms, firstFrame: first.timings)
    }
}
