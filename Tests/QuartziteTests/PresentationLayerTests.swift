import Foundation
import Testing
@testable import Quartzite

/// presentation() and model(), as iOS defines them.
@MainActor
@Suite(.serialized)
struct PresentationLayerTests {
    @Test func noPresentationBeforeTheFirstCommit() {
        MediaClock.freeze(at: 100)
        let fresh = CALayer()
        #expect(fresh.presentation() == nil)
        CATransaction.flush()
        #expect(fresh.presentation() != nil)
    }

    @Test func presentationAndModelPointAtEachOther() {
        MediaClock.freeze(at: 100)
        let layer = CAShapeLayer()
        CATransaction.flush()
        let presented = layer.presentation()!
        #expect(presented !== layer)
        #expect(presented.model() === layer)
        #expect(layer.model() === layer)
        #expect(presented.presentation() === presented)
        #expect(type(of: presented) == CAShapeLayer.self)
    }

    @Test func sublayersOfAPresentationAreTheirPresentationsAtTheSameTime() {
        MediaClock.freeze(at: 100)
        let root = CALayer(), child = CALayer(), grandchild = CALayer()
        root.addSublayer(child)
        child.addSublayer(grandchild)
        child.speed = 2
        CATransaction.flush()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        grandchild.add(fade, forKey: "fade")
        CATransaction.flush()  // stamped at the grandchild's time, 200
        MediaClock.freeze(at: 100.25)
        let presented = root.presentation()!
        MediaClock.freeze(at: 105)  // reading the sublayers later still shows 100.25
        let deep = presented.sublayers?.first?.sublayers?.first
        #expect(deep?.model() === grandchild)
        #expect(abs(Double(deep?.opacity ?? -1) - 0.5) < 1e-7)  // 0.25 s at speed 2
        #expect(deep?.superlayer === presented.sublayers?.first)
        #expect(root.sublayers?.first === child)  // the model tree is untouched
    }
}
