import Foundation
import Testing
@testable import Quartzite

/// The Evaluator's fast paths (direct plans for common basic animations, evaluation steps kept on the layer,
/// copy-on-write layer properties, the timing-function solver's inverse tables) against values worked out by
/// hand from Core Animation's rules, so that a shortcut that computes something else fails here.
@MainActor
@Suite(.serialized)
struct EvaluatorFastPathTests {
    /// A committed layer (`layer`, or a new CALayer), with the clock frozen at 100 (each test calls this
    /// first, in its body: the clock is global and suites interleave).
    func committed<L: CALayer>(_ layer: L) -> L {
        MediaClock.freeze(at: 100)
        CATransaction.flush()
        return layer
    }

    func committed() -> CALayer { committed(CALayer()) }

    /// Adds `animation` to `layer` and commits, so its beginTime is stamped 100.
    func run(_ animation: CAAnimation, on layer: CALayer, key: String = "a") {
        layer.add(animation, forKey: key)
        CATransaction.flush()
    }

    func basic(_ keyPath: String, from: Any?, to: Any?, duration: Double = 1) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = duration
        return animation
    }

    @Test func numbersAndPointsFollowTheClosedForm() {
        // (animation, time, expected opacity) with linear timing: from + (to - from) * fraction.
        let layer = committed()
        run(basic("opacity", from: 0.2, to: 1.0, duration: 2), on: layer)
        let rows: [(t: Double, opacity: Double)] = [(100, 0.2), (100.5, 0.4), (101, 0.6), (101.5, 0.8)]
        for row in rows {
            MediaClock.freeze(at: row.t)
            #expect(abs(Double(layer.presentation()!.opacity) - row.opacity) < 1e-6, "t = \(row.t)")
        }
        // Additive position: model (10, 20) + (0, 0) + ((100, 50) - (0, 0)) * 0.25 at a quarter.
        let moving = committed()
        moving.position = CGPoint(x: 10, y: 20)
        CATransaction.flush()
        let additive = basic("position", from: CGPoint.zero, to: CGPoint(x: 100, y: 50))
        additive.isAdditive = true
        run(additive, on: moving)
        MediaClock.freeze(at: 100.25)
        #expect(moving.presentation()!.position == CGPoint(x: 35, y: 32.5))
    }

    @Test func cumulativeRepeatsAndAutoreverseFollowTheRules() {
        // position.x 0 -> 10 per second, cumulative, 3 repeats: at 2.5 s the third pass is half done, on top
        // of two whole passes: 2 * 10 + 5 = 25.
        let layer = committed()
        let cumulative = basic("position.x", from: 0, to: 10)
        cumulative.isCumulative = true
        cumulative.repeatCount = 3
        run(cumulative, on: layer)
        MediaClock.freeze(at: 102.5)
        #expect(abs(layer.presentation()!.position.x - 25) < 1e-9)
        // strokeEnd 0 -> 1 over 1 s, autoreversing: at 1.25 s it is a quarter of the way back, 0.75.
        let shape = committed(CAShapeLayer())
        let reversing = basic("strokeEnd", from: 0, to: 1)
        reversing.autoreverses = true
        run(reversing, on: shape)
        MediaClock.freeze(at: 101.25)
        #expect(abs(shape.presentation()!.strokeEnd - 0.75) < 1e-9)
    }

    @Test func transformComponentsOnAnIdentityTransformAreExact() {
        // rotation.z 0 -> pi over 2 s, linear: pi / 4 at 0.5 s, the same matrix CATransform3DMakeRotation
        // builds (entry for entry), and cos / sin of pi / 4 in its corner.
        let layer = committed()
        run(basic("transform.rotation.z", from: 0, to: Double.pi, duration: 2), on: layer)
        MediaClock.freeze(at: 100.5)
        let turned = layer.presentation()!.transform
        #expect(turned == CATransform3DMakeRotation(.pi / 4, 0, 0, 1))
        #expect(abs(turned.m11 - cos(.pi / 4)) < 1e-12 && abs(turned.m12 - sin(.pi / 4)) < 1e-12)
        #expect(abs(turned.m21 + sin(.pi / 4)) < 1e-12 && abs(turned.m22 - cos(.pi / 4)) < 1e-12)
        // transform.scale 1 -> 3 over 1 s: 2 at 0.5 s, on all three axes.
        let scaled = committed()
        run(basic("transform.scale", from: 1, to: 3), on: scaled)
        MediaClock.freeze(at: 100.5)
        #expect(scaled.presentation()!.transform == CATransform3DMakeScale(2, 2, 2))
    }

    @Test func rotationOnAScaledModelKeepsTheScale() {
        // The model transform is a uniform scale by 2, so rotation.z must compose with it (the general path,
        // by decomposition): at pi / 4 the upper 2x2 block is 2 * [cos sin; -sin cos] and m33 stays 2.
        let layer = committed()
        layer.transform = CATransform3DMakeScale(2, 2, 2)
        CATransaction.flush()
        run(basic("transform.rotation.z", from: 0, to: Double.pi / 2), on: layer, key: "turn")
        MediaClock.freeze(at: 100.5)
        let t = layer.presentation()!.transform
        let c = 2 * cos(Double.pi / 4), s = 2 * sin(Double.pi / 4)
        #expect(abs(t.m11 - c) < 1e-9 && abs(t.m12 - s) < 1e-9 && abs(t.m21 + s) < 1e-9 && abs(t.m22 - c) < 1e-9)
        #expect(abs(t.m33 - 2) < 1e-9)
    }

    @Test func changingAnAttachedAnimationShowsAtOnce() {
        // Apple forbids it, but a change to the layer's copy must not leave a stale frame: opacity 0 -> 1 over
        // 2 s shows 0.25 at 0.5 s; with timeOffset 1 added afterwards it shows 0.75; with easeIn instead of
        // linear, easeIn(0.75) (below 0.75, as easeIn lags linear everywhere inside (0, 1)).
        let layer = committed()
        run(basic("opacity", from: 0, to: 1, duration: 2), on: layer)
        MediaClock.freeze(at: 100.5)
        #expect(abs(layer.presentation()!.opacity - 0.25) < 1e-6)
        layer.animation(forKey: "a")?.timeOffset = 1
        #expect(abs(layer.presentation()!.opacity - 0.75) < 1e-6)
        layer.animation(forKey: "a")?.timingFunction = CAMediaTimingFunction(name: .easeIn)
        let eased = Double(layer.presentation()!.opacity)
        #expect(abs(eased - CAMediaTimingFunction(name: .easeIn).evaluate(0.75)) < 1e-6)
        #expect(eased < 0.74)
    }

    @Test func anAnimationEvaluatedBeforeItsCommitUsesTheStampedTimeAfter() {
        // Added at 100 but committed at 101: before the commit it starts "now"; the commit stamps 101, so at
        // 102 it is half way (0.5), not three quarters (as a beginTime of 100 would give).
        let layer = committed()
        layer.add(basic("opacity", from: 0, to: 1, duration: 2), forKey: "late")
        #expect(layer.presentation()!.opacity == 0)
        MediaClock.freeze(at: 101)
        CATransaction.flush()
        MediaClock.freeze(at: 102)
        #expect(abs(layer.presentation()!.opacity - 0.5) < 1e-6)
    }

    @Test func timingFunctionsMatchABisectionReference() {
        // y(x) of each curve, against t found by bisecting the Bézier's x(t) to 1e-15 and y taken at that t.
        func reference(_ c: [Double], _ x: Double) -> Double {
            func bezier(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
                3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
            }
            var lo = 0.0, hi = 1.0
            while hi - lo > 1e-15 {
                let mid = (lo + hi) / 2
                if bezier(c[0], c[2], mid) < x { lo = mid } else { hi = mid }
            }
            return bezier(c[1], c[3], (lo + hi) / 2)
        }
        let named: [(CAMediaTimingFunctionName, [Float])] = [
            (.easeIn, [0.42, 0, 1, 1]), (.easeOut, [0, 0, 0.58, 1]), (.easeInEaseOut, [0.42, 0, 0.58, 1]),
            (.default, [0.25, 0.1, 0.25, 1]),
        ]
        var curves = named.map { (CAMediaTimingFunction(name: $0.0), $0.1) }
        curves.append((CAMediaTimingFunction(controlPoints: 0.3, -0.2, 0.7, 1.3), [0.3, -0.2, 0.7, 1.3]))
        curves.append((CAMediaTimingFunction(controlPoints: 0.42, 0, 0.58, 1), [0.42, 0, 0.58, 1]))
        for (function, points) in curves {
            let c = points.map(Double.init)
            let worst = (1..<400).map { k -> Double in
                let x = Double(k) / 400
                return abs(function.evaluate(x) - reference(c, x))
            }.max() ?? 1
            #expect(worst < 1e-11, "\(function)")
        }
    }

    @Test func layerPropertiesCopiesAreIndependent() {
        // Copy-on-write: changing a boxed (colour) or an inline (position) value of a copy leaves the original.
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        var original = LayerProperties()
        original.backgroundColor = red
        original.lineDashPattern = [2, 3]
        var copy = original
        #expect(copy == original)
        copy.backgroundColor = blue
        copy.position = CGPoint(x: 5, y: 6)
        #expect(original.backgroundColor == red && original.position == .zero)
        #expect(copy.backgroundColor == blue && copy.lineDashPattern == [2, 3])
        #expect(copy != original)
        // Equal values in separately made boxes are equal; one differing boxed value is not.
        var same = LayerProperties()
        same.backgroundColor = red
        same.lineDashPattern = [2, 3]
        #expect(same == original)
        same.shadowOffset = CGSize(width: 1, height: 1)
        #expect(same != original)
        // Key-path writes go through the same storage.
        var keyed = original
        try? keyed.setValue(.color(blue), forKeyPath: "borderColor")
        #expect(keyed.borderColor == blue && original.borderColor == .black)
    }

    @Test func presentationTreeKeepsOrderMasksAndValues() {
        // Three sublayers with distinct opacities and a mask: the tree lists them in order, the mask apart.
        let root = committed()
        let children = (0..<3).map { i -> CALayer in
            let child = CALayer()
            child.opacity = Float(i + 1) / 4
            root.addSublayer(child)
            return child
        }
        let mask = CALayer()
        mask.position = CGPoint(x: 7, y: 8)
        root.mask = mask
        CATransaction.flush()
        let tree = Evaluator.presentationTree(of: root, at: 100)
        #expect(tree.sublayers.map(\.layerID) == children.map(ObjectIdentifier.init))
        #expect(tree.sublayers.map(\.properties.opacity) == [0.25, 0.5, 0.75])
        #expect(tree.mask?.layerID == ObjectIdentifier(mask) && tree.mask?.properties.position == CGPoint(x: 7, y: 8))
        #expect(tree.layerID == ObjectIdentifier(root) && tree.transition == nil)
    }

    /// The storage address of an array (to see whether a frame made a new one).
    func storage(_ nodes: [PresentationNode]) -> UnsafeRawPointer? {
        nodes.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }

    /// Runs `changes` in a transaction with actions disabled.
    func unanimated(_ changes: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        changes()
        CATransaction.commit()
    }

    @Test func staticSubtreesAreKeptAndEveryChangeShows() {
        // root > group > (a, b), with a mask on b. Nothing animates: the second frame reuses the first
        // frame's arrays (no allocation), and each kind of change shows in the next frame.
        let root = committed()
        let group = CALayer(), a = CALayer(), b = CALayer(), mask = CALayer()
        root.addSublayer(group)
        group.addSublayer(a)
        group.addSublayer(b)
        b.mask = mask
        CATransaction.flush()
        let first = Evaluator.presentationTree(of: root, at: 100)
        let second = Evaluator.presentationTree(of: root, at: 101)
        #expect(first == second)
        #expect(storage(first.sublayers) == storage(second.sublayers))
        #expect(storage(first.sublayers[0].sublayers) == storage(second.sublayers[0].sublayers))
        // A property two levels down (without actions: an implicit animation would start from the old value).
        unanimated { a.opacity = 0.5 }
        var tree = Evaluator.presentationTree(of: root, at: 102)
        #expect(tree.sublayers[0].sublayers[0].properties.opacity == 0.5)
        // A property of a mask.
        unanimated { mask.position = CGPoint(x: 3, y: 4) }
        tree = Evaluator.presentationTree(of: root, at: 102)
        #expect(tree.sublayers[0].sublayers[1].mask?.properties.position == CGPoint(x: 3, y: 4))
        // A new sublayer, a removed one, a new mask.
        let c = CALayer()
        group.addSublayer(c)
        tree = Evaluator.presentationTree(of: root, at: 102)
        #expect(tree.sublayers[0].sublayers.map(\.layerID) == [a, b, c].map(ObjectIdentifier.init))
        a.removeFromSuperlayer()
        b.mask = nil
        tree = Evaluator.presentationTree(of: root, at: 102)
        #expect(tree.sublayers[0].sublayers.map(\.layerID) == [b, c].map(ObjectIdentifier.init))
        #expect(tree.sublayers[0].sublayers[0].mask == nil)
        // An animation deep down: time matters again (0.25 at a quarter of 0 -> 1 over 1 s) ...
        run(basic("opacity", from: 0, to: 1), on: c)
        tree = Evaluator.presentationTree(of: root, at: 100.25)
        #expect(abs(Double(tree.sublayers[0].sublayers[1].properties.opacity) - 0.25) < 1e-6)
        tree = Evaluator.presentationTree(of: root, at: 100.75)
        #expect(abs(Double(tree.sublayers[0].sublayers[1].properties.opacity) - 0.75) < 1e-6)
        // ... and once it is removed, the model value shows.
        c.removeAllAnimations()
        tree = Evaluator.presentationTree(of: root, at: 100.75)
        #expect(tree.sublayers[0].sublayers[1].properties.opacity == 1)
    }
}
