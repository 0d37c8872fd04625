import Foundation
import Testing
@testable import Quartzite

/// The Evaluator keeps the tree it returned on the root and rewrites it in place at the next frame. A tree
/// the caller still holds must not change under it, and a rewritten tree must be exactly what a fresh
/// evaluation gives, whatever changed in between (values, layers added, removed or reordered).
@MainActor
@Suite(.serialized)
struct KeptTreeTests {
    /// A root with `count` sublayers, each fading opacity 0 -> 1 linearly over 2 s from the stamp at 100.
    func makeTree(count: Int) -> CALayer {
        MediaClock.freeze(at: 100)
        CATransaction.flush()
        let root = CALayer()
        for i in 0..<count {
            let layer = CALayer()
            layer.position = CGPoint(x: Double(i), y: 0)
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0.0
            fade.toValue = 1.0
            fade.duration = 2
            layer.add(fade, forKey: "fade")
            root.addSublayer(layer)
        }
        CATransaction.flush()
        return root
    }

    @Test func aTreeTheCallerHoldsKeepsItsValues() {
        let root = makeTree(count: 3)
        let first = Evaluator.presentationTree(of: root, at: 100.5)
        let second = Evaluator.presentationTree(of: root, at: 101.5)
        // 0.5 s and 1.5 s into 2 s.
        #expect(first.sublayers.map(\.properties.opacity) == [0.25, 0.25, 0.25])
        #expect(second.sublayers.map(\.properties.opacity) == [0.75, 0.75, 0.75])
        // A third frame, the first tree let go but the second held: the second keeps its values.
        let third = Evaluator.presentationTree(of: root, at: 101)
        #expect(second.sublayers.map(\.properties.opacity) == [0.75, 0.75, 0.75])
        #expect(third.sublayers.map(\.properties.opacity) == [0.5, 0.5, 0.5])
    }

    @Test func aRewrittenTreeIsWhatAFreshEvaluationGives() {
        let root = makeTree(count: 4)
        let other = makeTree(count: 4)
        var time = 100.25
        func frame() -> PresentationNode {
            time += 0.25
            return Evaluator.presentationTree(of: root, at: time)
        }
        // Each change, then a frame rewritten from the kept tree (the tree before is let go) against a
        // fresh evaluation of the same layers (a presentation copy's node is made anew).
        let changes: [(String, () -> Void)] = [
            ("nothing", {}),
            ("model value", { root.sublayers?[1].position = CGPoint(x: 50, y: 60) }),
            ("shared model value", { root.sublayers?[2].backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1) }),
            ("reordered", { if let last = root.sublayers?.last { root.insertSublayer(last, at: 0) } }),
            ("moved in from another tree", { if let moved = other.sublayers?.first { root.insertSublayer(moved, at: 2) } }),
            ("removed", { root.sublayers?[0].removeFromSuperlayer() }),
            ("grandchild added", { root.sublayers?[0].addSublayer(CALayer()) }),
            ("animation removed", { root.sublayers?[1].removeAllAnimations() }),
        ]
        _ = frame()
        for (name, change) in changes {
            change()
            CATransaction.flush()
            let tree = frame()
            let expected = (root.sublayers ?? []).map { Evaluator.presentationProperties(of: $0, atGlobalTime: time) }
            #expect(tree.sublayers.map(\.properties) == expected, "\(name)")
            #expect(tree.sublayers.map(\.layerID) == (root.sublayers ?? []).map { ObjectIdentifier($0) }, "\(name)")
            #expect(tree.sublayers.map(\.sublayers.count) == (root.sublayers ?? []).map { $0.sublayers?.count ?? 0 },
                    "\(name)")
        }
    }
}
