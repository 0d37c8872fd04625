import Foundation
import Testing
@testable import Quartzite

/// `CAScrollLayer` and the sublayer calls that scroll it, as Apple documents them: scrolling moves the
/// bounds' origin along the allowed axes, a scroll to a rectangle moves as little as it takes, and the layer
/// masks to its bounds by default.
@Suite struct ScrollLayerTests {
    func scroller(_ mode: CAScrollLayerScrollMode = .both) -> CAScrollLayer {
        let layer = CAScrollLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        layer.scrollMode = mode
        return layer
    }

    @Test func defaults() {
        let layer = CAScrollLayer()
        #expect(layer.masksToBounds)
        #expect(layer.scrollMode == .both)
        #expect(CAScrollLayer.defaultValue(forKey: "masksToBounds") as? Bool == true)
        #expect(CALayer.defaultValue(forKey: "masksToBounds") as? Bool == false)
        #expect(CAScrollLayerScrollMode.vertically.rawValue == "vertically")
    }

    @Test func scrollingToAPointFollowsTheMode() {
        let cases: [(CAScrollLayerScrollMode, CGPoint)] = [
            (.both, CGPoint(x: 30, y: 40)), (.horizontally, CGPoint(x: 30, y: 0)),
            (.vertically, CGPoint(x: 0, y: 40)), (.none, .zero),
        ]
        for (mode, origin) in cases {
            let layer = scroller(mode)
            layer.scroll(to: CGPoint(x: 30, y: 40))
            #expect(layer.bounds == CGRect(origin: origin, size: CGSize(width: 100, height: 50)), "\(mode.rawValue)")
        }
        let layer = scroller()
        layer.scroll(to: CGPoint(x: CGFloat.nan, y: 3))
        #expect(layer.bounds.origin == .zero)
    }

    @Test func scrollingToARectangleMovesAsLittleAsItTakes() {
        let layer = scroller()
        layer.scroll(to: CGRect(x: 10, y: 10, width: 20, height: 20))   // already shown
        #expect(layer.bounds.origin == .zero)
        layer.scroll(to: CGRect(x: 150, y: 60, width: 20, height: 10))  // beyond: its far edges at the window's
        #expect(layer.bounds.origin == CGPoint(x: 70, y: 20))
        layer.scroll(to: CGRect(x: 40, y: 5, width: 10, height: 10))    // before: its near edges
        #expect(layer.bounds.origin == CGPoint(x: 40, y: 5))
        layer.scroll(to: CGRect(x: 0, y: 0, width: 300, height: 10))    // too wide: its left edge
        #expect(layer.bounds.origin == CGPoint(x: 0, y: 0))
    }

    /// A sublayer scrolls its closest scroll layer, through any layers between, in its own coordinates; its
    /// visible rectangle is what the scroll layer's bounds leave of it.
    @Test func sublayersScrollTheirClosestScrollLayer() {
        let outer = scroller(), layer = scroller()
        let middle = CALayer(), content = CALayer()
        middle.frame = CGRect(x: 10, y: 0, width: 400, height: 400)
        content.frame = CGRect(x: 0, y: 20, width: 300, height: 300)
        layer.position = CGPoint(x: 50, y: 25)   // fills the outer scroll layer's window exactly
        outer.addSublayer(layer)
        layer.addSublayer(middle)
        middle.addSublayer(content)
        content.scroll(CGPoint(x: 5, y: 5))
        #expect(layer.bounds.origin == CGPoint(x: 15, y: 25))
        #expect(outer.bounds.origin == .zero)
        #expect(content.visibleRect == CGRect(x: 5, y: 5, width: 100, height: 50))
        // (210, 120) ... (220, 130) in the scroll layer: its far edges at the window's.
        content.scrollRectToVisible(CGRect(x: 200, y: 100, width: 10, height: 10))
        #expect(layer.bounds.origin == CGPoint(x: 120, y: 80))
        CALayer().scroll(CGPoint(x: 1, y: 1))   // no scroll layer above: nothing happens
    }
}
