import Foundation
import Testing
@testable import Quartzite

/// Action lookup through nested `style` dictionaries (Apple: a style may hold an "actions" dictionary and a
/// "style" dictionary of its own, searched in turn; the shallowest entry wins; `NSNull` stops the search).
@MainActor
@Suite(.serialized)
struct NestedStyleActionTests {
    func committedLayer() -> CALayer {
        MediaClock.freeze(at: 100)
        CATransaction.flush()
        let layer = CALayer()
        CATransaction.flush()
        return layer
    }

    func animation(_ keyPath: String = "opacity", duration: Double) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.duration = duration
        return animation
    }

    @Test func nestedStylesAreSearchedShallowestFirst() {
        let layer = committedLayer()
        let shallow = animation(duration: 1), deep = animation(duration: 2), deeper = animation(duration: 3)
        let deepBounds = animation("bounds", duration: 2), deeperBounds = animation("bounds", duration: 3)
        let deeperCorner = animation("cornerRadius", duration: 3)
        layer.style = [
            "actions": ["opacity": shallow],
            "style": [
                "actions": ["opacity": deep, "bounds": deepBounds, "borderWidth": NSNull()],
                "style": ["actions": ["cornerRadius": deeperCorner, "bounds": deeperBounds, "opacity": deeper]],
            ] as [String: Any],
        ]
        #expect(layer.action(forKey: "opacity") as AnyObject === shallow)           // the shallowest wins
        #expect(layer.action(forKey: "bounds") as AnyObject === deepBounds)         // one level down
        #expect(layer.action(forKey: "cornerRadius") as AnyObject === deeperCorner) // two levels down
        #expect(layer.action(forKey: "borderWidth") == nil)                   // NSNull, one level down
        #expect(layer.action(forKey: "position") is CABasicAnimation)         // none: the default action
        #expect(layer.action(forKey: "position") as AnyObject !== shallow)
        // The layer's own `actions` come before any style.
        let own = animation("cornerRadius", duration: 4)
        layer.actions = ["cornerRadius": own]
        #expect(layer.action(forKey: "cornerRadius") as AnyObject === own)
        // And the found action runs: a change of cornerRadius animates with the style's or own duration.
        layer.cornerRadius = 5
        #expect(layer.animation(forKey: "cornerRadius")?.duration == 4)
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(layer.animation(forKey: "bounds")?.duration == 2)
    }

    @Test func entriesThatAreNotActionsArePassedOver() {
        let layer = committedLayer()
        let deep = animation(duration: 2)
        // A string where an action should be, and a "style" that is not a dictionary: both ignored.
        layer.style = ["actions": ["opacity": "fade"] as [String: Any], "style": ["actions": ["opacity": deep]]]
        #expect(layer.action(forKey: "opacity") as AnyObject === deep)
        layer.style = ["style": "not a dictionary"]
        #expect(layer.action(forKey: "opacity") is CABasicAnimation)
    }
}
