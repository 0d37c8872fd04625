import Foundation
import Testing
import Quartzite
import QuartziteRender

/// CATransition drawn: a fade cross-dissolves the old and new looks by progress; a push slides them by progress
/// x the layer's width. Expected values are blends worked out by hand.
@MainActor
@Suite(.serialized)
struct TransitionRenderTests {
    /// A 100 x 100 card over `backdrop` (nothing when nil), `old` before the transition and `new` after it,
    /// drawn `elapsed` seconds into a one-second transition.
    func scene(_ type: CATransitionType, subtype: CATransitionSubtype? = nil, backdrop: CGColor? = .white,
               old: (CALayer) -> Void = { $0.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1) },
               new: (CALayer) -> Void = { $0.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1) },
               elapsed: CFTimeInterval = 0.5) throws -> Bitmap {
        MediaClock.freeze(at: 50)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = backdrop
        let card = CALayer()
        card.frame = root.bounds
        old(card)
        root.addSublayer(card)
        CATransaction.flush()
        CATransaction.setDisableActions(true)
        new(card)
        let transition = CATransition()
        transition.type = type
        transition.subtype = subtype
        transition.duration = 1
        card.add(transition, forKey: kCATransition)
        CATransaction.flush()
        let renderer = try HeadlessRenderer(size: CGSize(width: 100, height: 100))
        defer { renderer.close() }
        return try renderer.render(root, at: 50 + elapsed)
    }

    @Test func fadeCrossDissolvesHalfWay() throws {
        let b = try scene(.fade)
        // A cross-dissolve: half the old red plus half the new blue, opaque, so none of the white backdrop
        // shows: (127.5, 0, 127.5). Blue at 0.5 over red at 0.5 over white would read (127.5, 63.75, 191.25).
        #expect(maxChannelDifference(b.pixel(x: 50, y: 50), rgba(128, 0, 128)) <= 2)
    }

    /// The new state's overlapping sublayers are one picture before it is weighed: where an opaque green
    /// sublayer covers the blue background, a quarter of the way shows 0.75 red plus 0.25 green, not a part
    /// of the blue beneath the green.
    @Test func fadeWeighsTheNewStateAsOnePicture() throws {
        let b = try scene(.fade, new: { card in
            card.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            let badge = CALayer()
            badge.frame = CGRect(x: 0, y: 0, width: 50, height: 100)
            badge.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            card.addSublayer(badge)
        }, elapsed: 0.25)
        #expect(maxChannelDifference(b.pixel(x: 25, y: 50), rgba(191, 64, 0)) <= 2)
        #expect(maxChannelDifference(b.pixel(x: 75, y: 50), rgba(191, 0, 64)) <= 2)
    }

    /// Over nothing (a transparent backdrop), a state appearing from nothing shows at the progress's alpha.
    @Test func fadeFromNothingShowsTheNewStateAtTheProgress() throws {
        let b = try scene(.fade, backdrop: nil, old: { _ in }, elapsed: 0.25)
        // Blue at a quarter's alpha (the bitmap's alpha is straight): (0, 0, 255, 63.75).
        #expect(maxChannelDifference(b.pixel(x: 50, y: 50), rgba(0, 0, 255, 64)) <= 3)
    }

    @Test func pushFromLeftSlidesBothHalfWay() throws {
        let b = try scene(.push, subtype: .fromLeft)
        #expect(b.pixel(x: 25, y: 50) == rgba(0, 0, 255))    // the new look has come in from the left
        #expect(b.pixel(x: 75, y: 50) == rgba(255, 0, 0))    // the old one is half way out to the right
    }
}
