import Foundation
import Quartzite

// Animations on a small tree, evaluated and drawn at times before, during and long after them. With finite
// values (half the cases) every presented value must be finite whatever the timing; with hostile values the
// frame must still be drawn without a crash and with a finite display list.

extension FuzzCase {
    /// Basic and spring animations.
    func runBasicAnimationCase() { runAnimationCase(kinds: ["basic", "basic", "spring"]) }

    /// Keyframe animations.
    func runKeyframeAnimationCase() { runAnimationCase(kinds: ["keyframe"]) }

    private func runAnimationCase(kinds: [String]) {
        let finite = rng.chance(0.5)
        recipe(finite ? "// finite values: presented values must be finite" : "// hostile values")
        let hostile = finite ? 0 : 8
        let top = layer("l0", changes: rng.below(3), hostile: hostile)
        let child = layer("l1", changes: rng.below(3), hostile: hostile)
        run("l0.addSublayer(l1)") { top.addSublayer(child) }
        for i in 0..<(1 + rng.below(3)) {
            let target = rng.chance(0.5) ? top : child, targetName = target === top ? "l0" : "l1"
            let a = animation("a\(i)", finite: finite, kinds: kinds)
            let key: String? = rng.chance(0.8) ? "k\(rng.below(3))" : nil
            run("\(targetName).add(a\(i), forKey: \(key.map { "\"\($0)\"" } ?? "nil"))") { target.add(a, forKey: key) }
        }
        stage.show(top, at: sampleTimes(), in: self, finitePresentation: finite)
    }

    /// Times to draw at: the start, a few inside the first seconds, and one far later.
    func sampleTimes() -> [CFTimeInterval] {
        [0] + (0..<(1 + rng.below(3))).map { _ in rng.unit() * 3 }.sorted() + [rng.pick([10, 1e6, 1e300, .nan, -5])]
    }
}
