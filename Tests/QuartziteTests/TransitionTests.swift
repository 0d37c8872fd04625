import Foundation
import Testing
@testable import Quartzite

/// CATransition on the evaluator side: the snapshot of the previous state and the progress the compositor
/// reads from `PresentationNode.transition`.
@MainActor
@Suite(.serialized)
struct TransitionTests {
    @Test func aPushCarriesTheOldStateAndEasedProgress() {
        MediaClock.freeze(at: 100)
        let container = CALayer(), oldChild = CALayer(), newChild = CALayer()
        container.backgroundColor = .white
        container.addSublayer(oldChild)
        CATransaction.flush()
        // Change the content, then add the transition (the usual order in iOS code); no implicit animations,
        // so the new state shows at once under the transition.
        CATransaction.setDisableActions(true)
        container.backgroundColor = .black
        oldChild.removeFromSuperlayer()
        container.addSublayer(newChild)
        let push = CATransition()
        push.type = .push
        push.subtype = .fromRight
        push.duration = 2
        push.startProgress = 0.2
        push.endProgress = 0.8
        push.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        container.add(push, forKey: kCATransition)
        CATransaction.flush()
        // progress = start + (end - start) x eased fraction.
        for (t, f) in [(100.0, 0.0), (100.5, 0.129162), (101, 0.5), (101.5, 0.870838)] {
            let node = Evaluator.presentationTree(of: container, at: t)
            let transition = node.transition
            #expect(transition?.type == .push && transition?.subtype == .fromRight)
            #expect(abs((transition?.progress ?? -1) - (0.2 + 0.6 * f)) < 1e-6, "t = \(t)")
            #expect(transition?.previous?.properties.backgroundColor == .white)
            #expect(transition?.previous?.sublayers.map(\.layerID) == [ObjectIdentifier(oldChild)])
            #expect(node.properties.backgroundColor == .black)
            #expect(node.sublayers.map(\.layerID) == [ObjectIdentifier(newChild)])
        }
        // Over after its duration (fillMode .removed): no transition; removed at the end of the frame.
        #expect(Evaluator.presentationTree(of: container, at: 102).transition == nil)
        Evaluator.finishFrame(container, at: 102)
        #expect(container.animationKeys() == nil)
        // The next transaction starts from the new state.
        MediaClock.freeze(at: 102)
        CATransaction.setDisableActions(true)
        container.backgroundColor = .clear
        container.add(CATransition(), forKey: kCATransition)
        CATransaction.flush()
        let fade = Evaluator.presentationTree(of: container, at: 102).transition
        #expect(fade?.type == .fade && fade?.previous?.properties.backgroundColor == .black)
    }
}
