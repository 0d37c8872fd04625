import Foundation
import Testing
@testable import Quartzite

/// Repeat, autoreverse, cumulative and additive animations and time conversion, through the layer API with
/// the clock frozen. Tables read: parent time -> (local time) -> fraction -> value, from Apple's CAMediaTiming
/// rules.
@MainActor
@Suite(.serialized)
struct TimingThroughLayersTests {
    func committedLayer(at time: Double = 100) -> CALayer {
        MediaClock.freeze(at: time)
        let layer = CALayer()
        CATransaction.flush()
        return layer
    }

    func opacity(of layer: CALayer, at t: Double) -> Double {
        MediaClock.freeze(at: t)
        return Double(layer.presentation()!.opacity)
    }

    @Test func autoreverseWithRepeatCountOneAndAHalf() {
        // One cycle = forwards + backwards (2 s); 1.5 cycles = forwards, backwards, forwards: 3 s active.
        let layer = committedLayer()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        fade.autoreverses = true
        fade.repeatCount = 1.5
        fade.fillMode = .forwards
        layer.add(fade, forKey: "fade")
        CATransaction.flush()
        let table: [(t: Double, value: Double)] = [
            (100, 0), (100.25, 0.25), (100.5, 0.5), (101, 1), (101.25, 0.75), (101.5, 0.5), (101.75, 0.25),
            (102, 0), (102.5, 0.5), (102.9, 0.9), (103, 1), (110, 1),  // the end fills with the last value (1)
        ]
        for row in table {
            #expect(abs(opacity(of: layer, at: row.t) - row.value) < 1e-6, "t = \(row.t)")  // opacity is a Float
        }
        // Without fill the model value (1 here too) shows: use a model of 0.3 to tell them apart.
        CATransaction.setDisableActions(true)
        layer.opacity = 0.3
        CATransaction.flush()
        layer.animation(forKey: "fade")?.fillMode = .removed
        #expect(abs(opacity(of: layer, at: 103) - 0.3) < 1e-7)
        #expect(abs(opacity(of: layer, at: 99.9) - 0.3) < 1e-7)  // before the begin: model
    }

    @Test func cumulativeBasicAnimationBuildsOnEachRepeat() {
        let layer = committedLayer()
        let step = CABasicAnimation(keyPath: "position.x")
        step.fromValue = 0
        step.toValue = 10
        step.duration = 1
        step.repeatCount = 3
        step.isCumulative = true
        step.fillMode = .forwards
        layer.add(step, forKey: "step")
        CATransaction.flush()
        for (t, x) in [(100.0, 0.0), (100.5, 5), (101, 10), (101.5, 15), (102.5, 25), (102.99, 29.9), (103, 30), (105, 30)] {
            MediaClock.freeze(at: t)
            #expect(abs(Double(layer.presentation()!.position.x) - x) < 1e-9, "t = \(t)")
        }
    }

    @Test func cumulativeKeyframeAnimationAddsLastMinusFirstPerRepeat() {
        let layer = committedLayer()
        let hop = CAKeyframeAnimation(keyPath: "position.y")
        hop.values = [0, 4, 10]  // last - first = 10 per completed repeat
        hop.duration = 2
        hop.repeatCount = 2
        hop.isCumulative = true
        layer.add(hop, forKey: "hop")
        CATransaction.flush()
        for (t, y) in [(100.5, 2.0), (101.5, 7), (102.5, 12), (103, 14), (103.5, 17)] {
            MediaClock.freeze(at: t)
            #expect(abs(Double(layer.presentation()!.position.y) - y) < 1e-9, "t = \(t)")
        }
    }

    @Test func additiveAnimationsStackOnWhateverWasBelow() {
        let layer = committedLayer()
        CATransaction.setDisableActions(true)
        layer.position = CGPoint(x: 10, y: 20)
        CATransaction.flush()
        func move(_ key: String, _ from: Double, _ to: Double, additive: Bool) {
            let a = CABasicAnimation(keyPath: "position.x")
            a.fromValue = from
            a.toValue = to
            a.duration = 1
            a.isAdditive = additive
            layer.add(a, forKey: key)
        }
        move("a", 0, 8, additive: true)        // 10 + 8 f
        move("b", 0, -4, additive: true)       // + (-4 f)
        CATransaction.flush()
        MediaClock.freeze(at: 100.5)
        #expect(abs(Double(layer.presentation()!.position.x) - (10 + 4 - 2)) < 1e-9)
        // A non-additive animation added afterwards replaces what is below it; an additive one after it adds.
        move("c", 100, 200, additive: false)
        move("d", 0, 1, additive: true)
        CATransaction.flush()  // c and d begin at 100.5
        MediaClock.freeze(at: 100.75)
        #expect(abs(Double(layer.presentation()!.position.x) - (125 + 0.25)) < 1e-9)
        // Additive transforms concatenate: a rotation on top of a translation model.
        layer.removeAllAnimations()
        layer.transform = CATransform3DMakeTranslation(5, 0, 0)
        CATransaction.flush()
        let spin = CABasicAnimation(keyPath: "transform")
        spin.fromValue = CATransform3DIdentity
        spin.toValue = CATransform3DMakeScale(3, 3, 1)
        spin.duration = 1
        spin.isAdditive = true
        layer.add(spin, forKey: "spin")
        CATransaction.flush()
        MediaClock.freeze(at: 101.25)
        let t = layer.presentation()!.transform
        #expect(abs(t.m11 - 2) < 1e-9 && abs(t.m22 - 2) < 1e-9 && abs(t.m41 - 5) < 1e-9)
    }

    @Test func convertTimeMatchesTheFormulaThroughThreeLevels() {
        MediaClock.freeze(at: 10)
        let root = CALayer(), mid = CALayer(), leaf = CALayer(), sibling = CALayer()
        root.addSublayer(mid)
        mid.addSublayer(leaf)
        root.addSublayer(sibling)
        (root.beginTime, root.speed, root.timeOffset) = (1, 2, 0.5)
        (mid.beginTime, mid.speed, mid.timeOffset) = (3, 0.5, -1)
        (leaf.beginTime, leaf.speed, leaf.timeOffset) = (0, 4, 2)
        sibling.timeOffset = 7
        // global -> root -> mid -> leaf, each (t - beginTime) * speed + timeOffset.
        let table: [(global: Double, root: Double, mid: Double, leaf: Double)] = [
            (10, 18.5, 6.75, 29), (1, 0.5, -2.25, -7), (3.25, 5, 0, 2), (0, -1.5, -3.25, -11),
        ]
        for row in table {
            #expect(root.convertTime(row.global, from: nil) == row.root)
            #expect(mid.convertTime(row.global, from: nil) == row.mid)
            #expect(leaf.convertTime(row.global, from: nil) == row.leaf)
            #expect(leaf.convertTime(row.root, from: root) == row.leaf)
            #expect(root.convertTime(row.leaf, from: leaf) == row.root)
            #expect(leaf.convertTime(row.leaf, to: nil) == row.global)
            #expect(mid.convertTime(row.mid, to: leaf) == row.leaf)
            #expect(leaf.convertTime(row.leaf, to: sibling) == row.root + 7)
        }
        // The Evaluator walks the same chain: an animation on the leaf, stamped at global 10 (leaf time 29),
        // is a quarter through its 4 s (leaf time) at global 10.25 (leaf time 30: the speeds multiply to 4).
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 4
        leaf.add(fade, forKey: "fade")
        CATransaction.flush()
        #expect(leaf.animation(forKey: "fade")?.beginTime == 29)
        MediaClock.freeze(at: 10.25)
        #expect(leaf.convertTime(10.25, from: nil) == 30)
        #expect(abs(Double(leaf.presentation()!.opacity) - 0.25) < 1e-7)
        let tree = Evaluator.presentationTree(of: root, at: 10.25)
        #expect(abs(Double(tree.sublayers[0].sublayers[0].properties.opacity) - 0.25) < 1e-7)
    }
}
