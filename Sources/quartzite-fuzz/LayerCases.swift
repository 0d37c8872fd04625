import Foundation
import Quartzite

// Layer trees with hostile geometry, and trees rebuilt badly (cycles, masks that are also sublayers, layers
// moved between parents between frames). Drawn at a few times; the display list must stay finite and the
// marker above them intact. Presented values may be non-finite here: the case sets them so.

extension FuzzCase {
    /// A small tree of layers with random geometry and styles.
    func runLayerGeometryCase() {
        let top = layer("l0", changes: rng.below(6))
        var all = [top]
        for i in 1..<(1 + rng.below(6)) {
            let child = layer("l\(i)", changes: rng.below(6))
            let parent = rng.below(all.count)
            run("l\(parent).addSublayer(l\(i))") { all[parent].addSublayer(child) }
            all.append(child)
        }
        if rng.chance(0.2) {
            let mask = layer("m", changes: rng.below(3))
            let owner = rng.below(all.count)
            run("l\(owner).mask = m") { all[owner].mask = mask }
        }
        stage.show(top, at: [0, rng.unit() * 2], in: self, finitePresentation: false)
    }

    /// Layers added, inserted, replaced, removed and made masks of each other in random order, with frames
    /// drawn in between so that caches see the tree change under them.
    func runTreeAbuseCase() {
        let layers = (0..<(2 + rng.below(6))).map { layer("l\($0)", changes: rng.below(3)) }
        let root = layers[0]
        let scene = stage.scene(root)
        var time: CFTimeInterval = 0
        for _ in 0..<(1 + rng.below(12)) {
            let a = rng.below(layers.count), b = rng.below(layers.count)
            abuse(layers, a, b)
            if rng.chance(0.3) {
                time += rng.unit()
                stage.draw(scene, at: time, in: self)
            }
        }
        stage.show(root, at: [time + 0.1], in: self, finitePresentation: false)
    }

    /// One tree operation on layers `a` and `b` (possibly the same layer, possibly making a cycle).
    private func abuse(_ layers: [CALayer], _ a: Int, _ b: Int) {
        let la = layers[a], lb = layers[b]
        switch rng.below(11) {
        case 0: run("l\(a).addSublayer(l\(b))") { la.addSublayer(lb) }
        case 1:
            let i = rng.pick([0, 1, 5, UInt32.max])
            run("l\(a).insertSublayer(l\(b), at: \(i))") { la.insertSublayer(lb, at: i) }
        case 2:
            let c = rng.below(layers.count)
            run("l\(a).insertSublayer(l\(b), below: l\(c))") { la.insertSublayer(lb, below: layers[c]) }
        case 3:
            let c = rng.below(layers.count)
            run("l\(a).insertSublayer(l\(b), above: l\(c))") { la.insertSublayer(lb, above: layers[c]) }
        case 4:
            let c = rng.below(layers.count)
            run("l\(a).replaceSublayer(l\(b), with: l\(c))") { la.replaceSublayer(lb, with: layers[c]) }
        case 5: run("l\(b).removeFromSuperlayer()") { lb.removeFromSuperlayer() }
        case 6: run("l\(a).mask = l\(b)") { la.mask = lb }
        case 7: run("l\(a).mask = nil") { la.mask = nil }
        case 8:
            let picks = (0..<rng.below(4)).map { _ in rng.below(layers.count) }
            run("l\(a).sublayers = [\(picks.map { "l\($0)" }.joined(separator: ", "))]") { la.sublayers = picks.map { layers[$0] } }
        case 9:
            run("_ = l\(a).presentation(); l\(a).setNeedsLayout(); l\(a).layoutIfNeeded()") {
                _ = la.presentation()
                la.setNeedsLayout()
                la.layoutIfNeeded()
            }
        default:
            let p = rng.point()
            run("_ = l\(a).convert(\(lit(p)), from: l\(b)); _ = l\(a).convert(\(lit(p)), to: l\(b))") {
                _ = la.convert(p, from: lb)
                _ = la.convert(p, to: lb)
            }
        }
    }
}
