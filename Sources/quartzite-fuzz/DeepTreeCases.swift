import Foundation
import Quartzite

/// How deep the deep-tree class builds its chains: every walk of the tree (evaluator, compositor, content
/// bounds, layout, hit testing, layer deinit and equality) uses an explicit stack.
let fuzzMaximumDepth = 100_000

/// How wide the deep-tree class builds its sibling lists.
let fuzzMaximumWidth = 100_000

/// How many siblings at most get a shadow each (alike shadows share one blur, but each is still a draw).
let fuzzShadowedWidth = 5_000

// Trees as deep and as wide as the limits above: chains, sibling lists and bushes, with a mask, a clip or a
// translucent group at some levels, drawn and hit-tested.

extension FuzzCase {
    /// One deep, wide or bushy tree.
    func runDeepTreeCase() {
        let shape = rng.below(3)
        let top: CALayer
        switch shape {
        case 0: top = chain(depth: rng.logUniformInt(1...fuzzMaximumDepth))
        case 1: top = siblings(count: rng.logUniformInt(1...fuzzMaximumWidth))
        default: top = bush()
        }
        let probe = rng.point()
        run("_ = top.hitTest(\(lit(probe)))") { _ = top.hitTest(probe) }
        stage.show(top, at: [0, rng.unit()], in: self, finitePresentation: true)
    }

    /// A chain `depth` layers deep, each a little inside its parent, some clipping, masked or translucent.
    private func chain(depth: Int) -> CALayer {
        let clipEvery = rng.pick([0, 1, 7]), maskEvery = rng.pick([0, 5, 50]), translucentEvery = rng.pick([0, 3])
        recipe("let top = CALayer(); var parent = top; for level in 1..<\(depth) { let l = CALayer(); l.frame = CGRect(x: 0.1, y: 0.1, "
            + "width: 60, height: 60); l.backgroundColor = level % 2 == 0 ? .black : .white; l.masksToBounds = \(clipEvery) > 0 && level % \(max(clipEvery, 1)) == 0; "
            + "if \(maskEvery) > 0 && level % \(max(maskEvery, 1)) == 0 { l.mask = CALayer(frame 0,0,30,30, black) }; "
            + "if \(translucentEvery) > 0 && level % \(max(translucentEvery, 1)) == 0 { l.opacity = 0.9 }; parent.addSublayer(l); parent = l }")
        let top = CALayer()
        top.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        var parent = top
        for level in 1..<max(depth, 1) {
            let l = CALayer()
            l.frame = CGRect(x: 0.1, y: 0.1, width: 60, height: 60)
            l.backgroundColor = level % 2 == 0 ? .black : .white
            l.masksToBounds = clipEvery > 0 && level % clipEvery == 0
            if maskEvery > 0, level % maskEvery == 0 {
                let m = CALayer()
                m.frame = CGRect(x: 0, y: 0, width: 30, height: 30)
                m.backgroundColor = .black
                l.mask = m
            }
            if translucentEvery > 0, level % translucentEvery == 0 { l.opacity = 0.9 }
            parent.addSublayer(l)
            parent = l
        }
        return top
    }

    /// `count` small siblings in a grid; some lists of up to `fuzzShadowedWidth` have a shadow on each.
    private func siblings(count: Int) -> CALayer {
        let shadows = count <= fuzzShadowedWidth && rng.chance(0.3)
        recipe("let top = CALayer(); for i in 0..<\(count) { let l = CALayer(); l.frame = CGRect(x: i % 64, y: (i / 64) % 64, "
            + "width: 2, height: 2); l.backgroundColor = .black; l.shadowOpacity = \(shadows ? 1 : 0); l.shadowRadius = 2; top.addSublayer(l) }")
        let top = CALayer()
        top.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        var children: [CALayer] = []
        children.reserveCapacity(count)
        for i in 0..<count {
            let l = CALayer()
            l.frame = CGRect(x: i % 64, y: (i / 64) % 64, width: 2, height: 2)
            l.backgroundColor = .black
            if shadows {
                l.shadowOpacity = 1
                l.shadowRadius = 2
            }
            children.append(l)
        }
        top.sublayers = children
        return top
    }

    /// A random tree: each new layer joins a random earlier one, up to 2,000 layers.
    private func bush() -> CALayer {
        let count = rng.logUniformInt(1...2000)
        recipe("// a bush of \(count) layers, each added to a random earlier one, depth at most \(fuzzMaximumDepth)")
        let top = CALayer()
        top.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        var layers: [(layer: CALayer, depth: Int)] = [(top, 1)]
        for _ in 1..<count {
            let (parent, depth) = layers[rng.below(layers.count)]
            guard depth < fuzzMaximumDepth else { continue }
            let l = CALayer()
            l.frame = CGRect(x: rng.unit() * 8, y: rng.unit() * 8, width: 4 + rng.unit() * 20, height: 4 + rng.unit() * 20)
            l.backgroundColor = rng.color(hostile: 0)
            l.opacity = rng.chance(0.1) ? 0.5 : 1
            parent.addSublayer(l)
            layers.append((l, depth + 1))
        }
        return top
    }
}
