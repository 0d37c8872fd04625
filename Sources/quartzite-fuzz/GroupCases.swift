import Foundation
import Quartzite

// Animation groups nested in groups, transactions nested deeply with hostile durations and completion
// blocks that change the tree, implicit animations, transitions, animations removed or replaced while they
// run, and delegates that act when an animation stops. Drawn over a few frames.

extension FuzzCase {
    /// One case of groups and transactions.
    func runGroupAndTransactionCase() {
        let finite = rng.chance(0.5)
        recipe(finite ? "// finite values: presented values must be finite" : "// hostile values")
        let top = layer("l0", changes: rng.below(2), hostile: finite ? 0 : 8)
        let child = layer("l1", changes: rng.below(2), hostile: finite ? 0 : 8)
        run("l0.addSublayer(l1)") { top.addSublayer(child) }
        let scene = stage.scene(top)
        var time: CFTimeInterval = 0
        for step in 0..<(1 + rng.below(4)) {
            let target = rng.chance(0.5) ? top : child, name = target === top ? "l0" : "l1"
            MediaClock.performFrozen(at: time) {
                switch rng.below(5) {
                case 0: run("\(name).add(g\(step), forKey: \"g\")") { target.add(group("g\(step)", depth: 0, finite: finite), forKey: "g") }
                case 1: transactions(on: target, name, depth: 0, finite: finite)
                case 2: transition(on: target, name, finite: finite)
                case 3: removals(on: target, name, finite: finite)
                default: delegated(on: target, name, finite: finite)
                }
            }
            time += rng.chance(0.7) ? rng.unit() : rng.pick([0, 5])
            stage.draw(scene, at: time, in: self)
        }
        stage.show(top, at: [time, time + rng.unit() * 2], in: self, finitePresentation: finite)
    }

    /// A group of up to four animations, some of them groups (to depth 4), with its own timing.
    private func group(_ name: String, depth: Int, finite: Bool) -> CAAnimationGroup {
        recipe("let \(name) = CAAnimationGroup()")
        let g = CAAnimationGroup()
        var children: [CAAnimation] = []
        for i in 0..<rng.below(5) {
            if depth < 4, rng.chance(0.3) {
                children.append(group("\(name)_\(i)", depth: depth + 1, finite: finite))
            } else {
                children.append(animation("\(name)_\(i)", finite: finite))
            }
        }
        let names = children.indices.map { "\(name)_\($0)" }
        run("\(name).animations = [\(names.joined(separator: ", "))]") { g.animations = rng.chance(0.1) ? nil : children }
        timing(g, name)
        return g
    }

    /// Model changes (implicit animations) inside transactions nested up to 64 deep, with hostile durations,
    /// actions on or off, and completion blocks that change the layer again.
    private func transactions(on layer: CALayer, _ name: String, depth: Int, finite: Bool) {
        run("CATransaction.begin()") { CATransaction.begin() }
        if rng.chance(0.5) {
            let d = rng.chance(0.7) ? rng.unit() : rng.pick([0, -1, .nan, .infinity, 1e300])
            run("CATransaction.setAnimationDuration(\(lit(d)))") { CATransaction.setAnimationDuration(d) }
        }
        if rng.chance(0.2) { run("CATransaction.setDisableActions(true)") { CATransaction.setDisableActions(true) } }
        if rng.chance(0.3) {
            run("CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))") {
                CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
            }
        }
        if rng.chance(0.4) {
            let later = rng.color(hostile: finite ? 0 : 8)
            run("CATransaction.setCompletionBlock { \(name).backgroundColor = \(lit(later)); \(name).opacity = 0.5 }") {
                CATransaction.setCompletionBlock {
                    layer.backgroundColor = later
                    layer.opacity = 0.5
                }
            }
        }
        for _ in 0..<rng.below(3) { change(layer, name, hostile: finite ? 0 : 8) }
        if depth < 64, rng.chance(depth < 4 ? 0.5 : 0.9) { transactions(on: layer, name, depth: depth + 1, finite: finite) }
        if rng.chance(0.1) { run("CATransaction.flush()") { CATransaction.flush() } }
        if rng.chance(0.95) { run("CATransaction.commit()") { CATransaction.commit() } }
        if rng.chance(0.05) { run("CATransaction.commit() // unbalanced") { CATransaction.commit() } }
    }

    /// A transition of any type and direction, with the layer changed under it.
    private func transition(on layer: CALayer, _ name: String, finite: Bool) {
        let t = CATransition()
        let type: CATransitionType = rng.pick([.fade, .moveIn, .push, .reveal, CATransitionType(rawValue: "cube")])
        let subtype: CATransitionSubtype? = rng.chance(0.2) ? nil : rng.pick([.fromLeft, .fromRight, .fromTop, .fromBottom])
        let start = Float(rng.fraction()), end = Float(rng.fraction())
        run("let t = CATransition(); t.type = CATransitionType(rawValue: \"\(type.rawValue)\"); "
            + "t.subtype = \(subtype.map { "CATransitionSubtype(rawValue: \"\($0.rawValue)\")" } ?? "nil"); "
            + "t.startProgress = \(lit(start)); t.endProgress = \(lit(end))") {
            t.type = type
            t.subtype = subtype
            t.startProgress = start
            t.endProgress = end
        }
        timing(t, "t")
        run("\(name).add(t, forKey: kCATransition)") { layer.add(t, forKey: "transition") }
        change(layer, name, hostile: finite ? 0 : 8)
    }

    /// Animations added, replaced under the same key and removed.
    private func removals(on layer: CALayer, _ name: String, finite: Bool) {
        for i in 0..<(1 + rng.below(3)) {
            let a = animation("r\(i)", finite: finite)
            run("\(name).add(r\(i), forKey: \"same\")") { layer.add(a, forKey: "same") }
        }
        switch rng.below(3) {
        case 0: run("\(name).removeAnimation(forKey: \"same\")") { layer.removeAnimation(forKey: "same") }
        case 1: run("\(name).removeAllAnimations()") { layer.removeAllAnimations() }
        default: run("_ = \(name).animation(forKey: \"same\"); _ = \(name).animationKeys()") {
            _ = layer.animation(forKey: "same")
            _ = layer.animationKeys()
        }
        }
    }

    /// An animation whose delegate, when it stops, removes the layer's animations, moves the layer or adds
    /// another animation.
    private func delegated(on layer: CALayer, _ name: String, finite: Bool) {
        let a = animation("d", finite: finite)
        let follow = animation("e", finite: finite)
        let action = rng.below(3)
        run("d.delegate = StopAction(\(["removeAll", "removeFromSuperlayer", "add(e)"][action]))") {
            a.delegate = StopAction(layer: layer, action: action, then: follow)
        }
        run("\(name).add(d, forKey: \"d\")") { layer.add(a, forKey: "d") }
    }
}

/// A delegate that changes the tree when its animation stops (as completion handlers in apps do).
final class StopAction: CAAnimationDelegate {
    private let layer: CALayer
    private let action: Int
    private let then: CAAnimation

    init(layer: CALayer, action: Int, then: CAAnimation) {
        self.layer = layer
        self.action = action
        self.then = then
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        switch action {
        case 0: layer.removeAllAnimations()
        case 1: layer.removeFromSuperlayer()
        default: layer.add(then, forKey: "d")
        }
    }
}
