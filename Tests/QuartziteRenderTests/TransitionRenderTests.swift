import Foundation
import Testing
import Quartzite
import QuartziteRender

/// CATransition drawn: a fade cross-fades the old and new looks by progress; a push slides them by progress
/// x the layer's width. Expected values are source-over blends worked out by hand.
@MainActor
@Suite(.serialized)
struct TransitionRenderTests {
    func scene(_ type: CATransitionType, subtype: CATransitionSubtype? = nil) throws -> Bitmap {
        MediaClock.freeze(at: 50)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = .white
        let card = CALayer()
        card.frame = root.bounds
        card.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(card)
        CATransaction.flush()
        CATransaction.setDisableActions(true)
        card.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let transition = CATransition()
        transition.type = type
        transition.subtype = subtype
        transition.duration = 1
        card.add(transition, forKey: kCATransition)
        CATransaction.flush()
        let renderer = try HeadlessRenderer(size: CGSize(width: 100, height: 100))
        defer { renderer.close() }
        return try renderer.render(root, at: 50.5)
    }

    @Test func fadeCrossFadesHalfWay() throws {
        let b = try scene(.fade)
        // Red at 0.5 over white: (255, 127.5, 127.5); then blue at 0.5 over that: (127.5, 63.75, 191.25).
        #expect(maxChannelDifference(b.pixel(x: 50, y: 50), rgba(128, 64, 191)) <= 2)
    }

    @Test func pushFromLeftSlidesBothHalfWay() throws {
        let b = try scene(.push, subtype: .fromLeft)
        #expect(b.pixel(x: 25, y: 50) == rgba(0, 0, 255))    // the new look has come in from the left
        #expect(b.pixel(x: 75, y: 50) == rgba(255, 0, 0))    // the old one is half way out to the right
    }
}
