import Foundation
import Quartzite

// Replicators with hostile counts, delays, instance transforms and colours, nested inside each other and
// around random layers, some of their properties and their sublayers animated: drawn at a few times, the
// display list must stay finite, and nested counts within the frame's budget.

extension FuzzCase {
    /// One tree of nested replicators around random layers, under a budget of replicated layers a twentieth
    /// of the library's (a budget's worth of hostile layers takes seconds a frame in a debug build; the
    /// budget's logic is the same at any size).
    func runReplicatorCase() {
        Evaluator.maximumReplicatedNodes = 5_000
        let top = replicator("r0")
        var parent = top
        for level in 1..<(1 + rng.below(3)) {
            let inner = replicator("r\(level)")
            run("r\(level - 1).addSublayer(r\(level))") { parent.addSublayer(inner) }
            parent = inner
        }
        for i in 0..<(1 + rng.below(3)) {
            // Mildly hostile children: the other classes cover hostile paths, which copied are only slower.
            let child = layer("l\(i)", changes: rng.below(4), hostile: 2)
            run("r_last.addSublayer(l\(i))") { parent.addSublayer(child) }
            if rng.chance(0.5) { animateOpacity(of: child, "l\(i)") }
        }
        // Hostile instance transforms and layer geometry present as not-a-number, as set.
        stage.show(top, at: [0, rng.unit() * 3, rng.number(hostile: 4)], in: self, finitePresentation: false)
    }

    /// A replicator with random (often hostile) instance values, sometimes one of them animated.
    private func replicator(_ name: String) -> CAReplicatorLayer {
        let made = CAReplicatorLayer()
        let frame = CGRect(x: rng.unit() * 40, y: rng.unit() * 40, width: rng.unit() * 80, height: rng.unit() * 80)
        // Huge counts rarely: each such case draws a budget's worth of layers, seconds in a debug build.
        let count = rng.chance(0.8) ? rng.logUniformInt(1...24)
            : rng.chance(0.9) ? rng.pick([0, -1, Int.min]) : rng.pick([10_001, Int.max])
        let delay = rng.chance(0.7) ? rng.unit() * 0.5 : Double(rng.number(hostile: 8))
        let (transform, source) = self.transform(hostile: 4)
        let color = rng.chance(0.3) ? nil : rng.color(hostile: 6)
        let offsets = (0..<4).map { _ in rng.chance(0.7) ? Float(rng.unit() - 0.5) : Float(rng.number(hostile: 8)) }
        let preserves = rng.chance(0.3)
        run("let \(name) = CAReplicatorLayer(); \(name).frame = \(lit(frame)); \(name).instanceCount = \(count); "
            + "\(name).instanceDelay = \(lit(CGFloat(delay))); \(name).instanceTransform = \(source); "
            + "\(name).instanceColor = \(color.map { lit($0) } ?? "nil"); offsets \(offsets); "
            + "\(name).preservesDepth = \(preserves)") {
            made.frame = frame
            made.instanceCount = count
            made.instanceDelay = delay
            made.instanceTransform = transform
            made.instanceColor = color
            made.instanceRedOffset = offsets[0]
            made.instanceGreenOffset = offsets[1]
            made.instanceBlueOffset = offsets[2]
            made.instanceAlphaOffset = offsets[3]
            made.preservesDepth = preserves
        }
        if rng.chance(0.3) {
            let key = rng.pick(["instanceDelay", "instanceAlphaOffset", "instanceRedOffset", "instanceTransform"])
            let animation = CABasicAnimation(keyPath: key)
            let to: Any = key == "instanceTransform" ? self.transform(hostile: 4).value : rng.number(hostile: 6) as Any
            run("\(name).add(CABasicAnimation(keyPath: \"\(key)\") to \(to), forKey: \"a\")") {
                animation.toValue = to
                animation.duration = max(0.1, rng.unit() * 2)
                animation.repeatCount = .infinity
                made.add(animation, forKey: "a")
            }
        }
        return made
    }

    /// A repeating fade on `layer`, so its copies differ by their delays.
    private func animateOpacity(of layer: CALayer, _ name: String) {
        let duration = rng.chance(0.8) ? rng.unit() + 0.05 : Double(rng.number(hostile: 6))
        run("\(name).add(fade over \(duration) repeating, forKey: \"fade\")") {
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0
            fade.duration = duration
            fade.repeatCount = .infinity
            layer.add(fade, forKey: "fade")
        }
    }
}
