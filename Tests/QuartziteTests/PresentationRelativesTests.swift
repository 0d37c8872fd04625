import Foundation
import Testing
@testable import Quartzite

/// A presentation layer's `superlayer` and `mask`: the presentations of the model's, at the time the
/// presentation shows (Core Animation's presentation layers form a tree of their own).
@MainActor
@Suite(.serialized)
struct PresentationRelativesTests {
    /// opacity 0 -> 1 over 1 s, linear, added and committed at 100.
    func fade(_ layer: CALayer) {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0
        animation.toValue = 1
        animation.duration = 1
        layer.add(animation, forKey: "fade")
        CATransaction.flush()
    }

    @Test func superlayerIsTheModelSuperlayersPresentationAtTheSameTime() {
        MediaClock.freeze(at: 100)
        let root = CALayer(), child = CALayer()
        root.addSublayer(child)
        CATransaction.flush()
        fade(root)
        MediaClock.freeze(at: 100.25)
        let presented = child.presentation()!
        MediaClock.freeze(at: 100.75)  // read later: still the parent at 100.25, a quarter faded in
        let parent = presented.superlayer
        #expect(parent?.model() === root)
        #expect(parent !== root)
        #expect(abs(Double(parent?.opacity ?? -1) - 0.25) < 1e-6)
        #expect(presented.superlayer === parent)  // made once
        // The model tree is untouched, and a layer with no superlayer presents none.
        #expect(child.superlayer === root && root.superlayer == nil)
        #expect(root.presentation()!.superlayer == nil)
    }

    @Test func maskIsTheModelMasksPresentationAtTheSameTime() {
        MediaClock.freeze(at: 100)
        let layer = CALayer(), mask = CALayer()
        layer.mask = mask
        CATransaction.flush()
        fade(mask)
        MediaClock.freeze(at: 100.5)
        let presented = layer.presentation()!
        MediaClock.freeze(at: 101.5)
        let presentedMask = presented.mask
        #expect(presentedMask?.model() === mask)
        #expect(presentedMask !== mask)
        #expect(abs(Double(presentedMask?.opacity ?? -1) - 0.5) < 1e-6)
        #expect(presented.mask === presentedMask)
        // The model keeps its own mask; a layer without one presents none.
        #expect(layer.mask === mask)
        #expect(mask.presentation()!.mask == nil)
    }
}
