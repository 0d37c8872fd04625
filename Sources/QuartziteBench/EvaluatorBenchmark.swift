import Foundation
import Quartzite

/// Times the Evaluator alone (no GL): a flat tree of layers, each running the same kinds of animation the
/// seeds use, evaluated into a `PresentationTree` once per frame. The target is well under 2 ms a frame
/// for 10,000 layers with 3 animations each.
@MainActor
public enum EvaluatorBenchmark {
    /// Builds `layers` sublayers of one root, each with up to `animationsPerLayer` looping animations
    /// (position, opacity, transform.rotation.z, then more basic ones on other keys), and times
    /// `Evaluator.presentationTree` for `frames` frames 1/60 s apart. Returns the median and 99th percentile in
    /// milliseconds, and a note on what each frame allocates.
    public static func runEvaluator(layers: Int = 10_000, animationsPerLayer: Int = 3,
                                    frames: Int) -> (medianMs: Double, p99Ms: Double, allocationsNote: String) {
        let start = 1_000.0
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 1000, height: 1000)
        for i in 0..<max(0, layers) {
            let layer = CALayer()
            layer.position = CGPoint(x: Double(i % 100) * 10, y: Double(i / 100) * 10)
            layer.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
            for a in 0..<max(0, animationsPerLayer) {
                layer.add(animation(a, index: i, beginTime: start), forKey: "a\(a)")
            }
            root.addSublayer(layer)
        }
        CATransaction.flush()
        // One frame untimed, so every animation is compiled before timing starts.
        _ = Evaluator.presentationTree(of: root, at: start)
        var samples: [Double] = []
        samples.reserveCapacity(max(1, frames))
        var checksum = 0.0
        for f in 0..<max(1, frames) {
            let t = start + Double(f) / 60
            let clock = ContinuousClock.now
            let tree = Evaluator.presentationTree(of: root, at: t)
            let elapsed = ContinuousClock.now - clock
            checksum += Double(tree.sublayers.last?.properties.opacity ?? 0)
            samples.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
        }
        samples.sort()
        let median = Percentile.of(samples, 0.5)
        let p99 = Percentile.of(samples, 0.99)
        let note = "per frame: no allocation (the tree is kept on the root and rewritten in place when the caller "
            + "has let go of last frame's: each node gets its model values' inline part, no reference counting, and "
            + "its animations applied from plans kept on the layer); static subtrees keep their node from the frame "
            + "before; checksum \(checksum)"
        return (median, p99, note)
    }

    /// The a-th animation of layer `index`: looping, with durations that differ between layers.
    private static func animation(_ a: Int, index: Int, beginTime: Double) -> CAAnimation {
        let duration = 1 + Double(index % 7) * 0.25
        let animation: CABasicAnimation
        switch a {
        case 0:
            animation = CABasicAnimation(keyPath: "position")
            animation.fromValue = CGPoint(x: 0, y: 0)
            animation.toValue = CGPoint(x: 100, y: 50)
            animation.isAdditive = true
        case 1:
            animation = CABasicAnimation(keyPath: "opacity")
            animation.fromValue = 0.2
            animation.toValue = 1.0
        case 2:
            animation = CABasicAnimation(keyPath: "transform.rotation.z")
            animation.fromValue = 0.0
            animation.toValue = 2 * Double.pi
        default:
            animation = CABasicAnimation(keyPath: "cornerRadius")
            animation.fromValue = 0.0
            animation.toValue = Double(a)
        }
        animation.duration = duration
        animation.repeatCount = .infinity
        animation.autoreverses = a == 1
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        animation.beginTime = beginTime
        return animation
    }
}
