import Foundation
import Testing
@testable import Quartzite

/// UIView: properties that are its layer's, `layerClass`, the hierarchy kept in step with the layer tree,
/// layout and hit testing. Expected values come from UIKit's documented behaviour.
@MainActor
@Suite(.serialized)
struct UIViewTests {
    final class GradientView: UIView {
        override class var layerClass: AnyClass { CAGradientLayer.self }
    }

    final class CountingLayer: CALayer {
        nonisolated(unsafe) static var made = 0
        override init() {
            super.init()
            CountingLayer.made += 1
        }
        override init(layer: Any) { super.init(layer: layer) }
        required init?(coder: NSCoder) { super.init(coder: coder) }
    }

    final class CountingView: UIView {
        override class var layerClass: AnyClass { CountingLayer.self }
    }

    final class HookView: UIView {
        var log: [String] = []
        override func didMoveToSuperview() { log.append("didMoveToSuperview(\(superview == nil ? "nil" : "parent"))") }
        override func willRemoveSubview(_ subview: UIView) { log.append("willRemoveSubview") }
    }

    final class LayoutCountingView: UIView {
        var layouts = 0
        override func layoutSubviews() { layouts += 1 }
    }

    @Test func propertiesAreTheLayers() {
        MediaClock.freeze(at: 100)
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.layer.frame == CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(view.center == CGPoint(x: 60, y: 45))
        view.center = CGPoint(x: 0, y: 0)
        #expect(view.frame.origin == CGPoint(x: -50, y: -25))
        view.alpha = 0.25
        #expect(view.layer.opacity == 0.25)
        view.clipsToBounds = true
        #expect(view.layer.masksToBounds)
        view.backgroundColor = .red
        #expect(view.layer.backgroundColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        view.transform = CGAffineTransform(scaleX: 2, y: 3)
        #expect(view.layer.transform.m11 == 2 && view.layer.transform.m22 == 3)
        // The frame of a transformed view is the transformed bounds' box about the centre.
        #expect(view.frame.size == CGSize(width: 200, height: 150))
        #expect(view.layer.delegate === view)
    }

    @Test func layerClassMakesTheLayerThroughItsInit() {
        #expect(GradientView().layer is CAGradientLayer)
        #expect(type(of: UIView().layer) == CALayer.self)
        let before = CountingLayer.made
        let view = CountingView()
        #expect(view.layer is CountingLayer)
        #expect(CountingLayer.made == before + 1)
    }

    @Test func theHierarchyIsTheLayerTree() {
        let parent = UIView(), a = UIView(), b = UIView(), c = UIView()
        parent.addSubview(a)
        parent.addSubview(b)
        parent.insertSubview(c, at: 1)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [a, c, b].map(ObjectIdentifier.init))
        #expect(parent.layer.sublayers?.map(ObjectIdentifier.init) == [a, c, b].map { ObjectIdentifier($0.layer) })
        parent.bringSubviewToFront(a)
        #expect(parent.subviews.last === a && parent.layer.sublayers?.last === a.layer)
        parent.sendSubviewToBack(a)
        #expect(parent.subviews.first === a && parent.layer.sublayers?.first === a.layer)
        parent.insertSubview(a, aboveSubview: b)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [c, b, a].map(ObjectIdentifier.init))
        parent.exchangeSubview(at: 0, withSubviewAt: 2)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [a, b, c].map(ObjectIdentifier.init))
        #expect(parent.layer.sublayers?.map(ObjectIdentifier.init) == [a, b, c].map { ObjectIdentifier($0.layer) })
        b.removeFromSuperview()
        #expect(b.superview == nil && b.layer.superlayer == nil && parent.subviews.count == 2)
        // Adding to another parent moves the view.
        let other = UIView()
        other.addSubview(a)
        #expect(a.superview === other && !parent.subviews.contains { $0 === a })
        // A view cannot contain its ancestor or itself.
        a.addSubview(other)
        a.addSubview(a)
        #expect(a.subviews.isEmpty && other.superview == nil)
        a.tag = 7
        #expect(other.viewWithTag(7) === a && other.viewWithTag(8) == nil)
        #expect(a.isDescendant(of: other) && !other.isDescendant(of: a))
    }

    @Test func layoutSubviewsRunsWhenLaidOut() {
        MediaClock.freeze(at: 100)
        let view = LayoutCountingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        CATransaction.flush()
        let first = view.layouts
        view.setNeedsLayout()
        view.layoutIfNeeded()
        #expect(view.layouts == first + 1)
        // A new size asks for layout (as a layer's bounds change does); a new position does not.
        view.center = CGPoint(x: 40, y: 40)
        CATransaction.flush()
        #expect(view.layouts == first + 1)
        view.bounds.size = CGSize(width: 20, height: 20)
        CATransaction.flush()
        #expect(view.layouts == first + 2)
    }

    @Test func hitTestFindsTheFrontmostVisibleView() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        let front = UIView(frame: CGRect(x: 40, y: 40, width: 60, height: 60))
        root.addSubview(back)
        root.addSubview(front)
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === front)
        #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === back)
        #expect(root.hitTest(CGPoint(x: 90, y: 10), with: nil) === root)
        #expect(root.hitTest(CGPoint(x: 150, y: 10), with: nil) == nil)
        front.alpha = 0.01
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === back)
        back.isHidden = true
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === root)
        root.isUserInteractionEnabled = false
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) == nil)
        // Points convert through the layers.
        #expect(front.convert(CGPoint(x: 0, y: 0), to: root) == CGPoint(x: 40, y: 40))
    }

    @Test func contentModesPlaceContentsAsUIKitNamesThem() {
        let view = UIView()
        view.contentMode = .top
        // A layer's vertical gravity names follow y up: UIKit's top is the layer's bottom.
        #expect(view.layer.contentsGravity == .bottom)
        view.contentMode = .scaleAspectFit
        #expect(view.layer.contentsGravity == .resizeAspect)
        view.contentMode = .redraw
        #expect(view.layer.needsDisplayOnBoundsChange)
    }

    /// Moving a subview among its siblings keeps its superview: Apple removes a view from its superview only
    /// when that is another view, so no removal hooks run.
    @Test func reorderingRunsNoRemovalHooks() {
        let parent = HookView(), a = HookView(), b = HookView(), c = HookView()
        parent.addSubview(a)
        parent.addSubview(b)
        parent.addSubview(c)
        parent.log = []
        a.log = []
        parent.bringSubviewToFront(a)
        parent.insertSubview(a, belowSubview: c)
        parent.addSubview(a)
        #expect(parent.log.isEmpty && a.log.isEmpty)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [b, c, a].map(ObjectIdentifier.init))
        parent.insertSubview(a, aboveSubview: b)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [b, a, c].map(ObjectIdentifier.init))
        #expect(parent.layer.sublayers?.map(ObjectIdentifier.init) == [b, a, c].map { ObjectIdentifier($0.layer) })
    }
}
