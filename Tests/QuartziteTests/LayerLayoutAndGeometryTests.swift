import Foundation
import Testing
@testable import Quartzite

/// CALayer's layout cycle, point and rectangle conversion, hit testing and key-value coding, each against
/// Apple's documented behaviour with closed-form expectations. Plain (not main-actor) code, as iOS code
/// that builds layers in a helper class is.
@Suite(.serialized)
struct LayerLayoutAndGeometryTests {
    final class CountingLayer: CALayer {
        nonisolated(unsafe) static var order: [String] = []
        var layouts = 0
        override func layoutSublayers() {
            super.layoutSublayers()
            layouts += 1
            Self.order.append(name ?? "?")
        }
    }

    final class LayoutDelegate: CALayerDelegate {
        var laidOut: [ObjectIdentifier] = []
        func layoutSublayers(of layer: CALayer) { laidOut.append(ObjectIdentifier(layer)) }
    }

    static func near(_ a: CGPoint, _ b: CGPoint) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

    @Test func setNeedsLayoutRunsLayoutSublayersOnceAtTheCommit() {
        let layer = CountingLayer()
        CATransaction.flush()
        layer.layouts = 0
        layer.setNeedsLayout()
        layer.setNeedsLayout()
        #expect(layer.needsLayout())
        #expect(layer.layouts == 0)
        CATransaction.flush()
        #expect(layer.layouts == 1)
        #expect(!layer.needsLayout())
        CATransaction.flush()
        #expect(layer.layouts == 1)
    }

    @Test func boundsSizeAndSublayerChangesMarkTheLayer() {
        let parent = CountingLayer()
        parent.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        CATransaction.flush()
        parent.layouts = 0
        parent.position = CGPoint(x: 50, y: 50)
        #expect(!parent.needsLayout())
        parent.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        #expect(parent.needsLayout())
        parent.layoutIfNeeded()
        #expect(parent.layouts == 1)
        parent.addSublayer(CALayer())
        #expect(parent.needsLayout())
        parent.layoutIfNeeded()
        #expect(parent.layouts == 2)
        parent.sublayers?.first?.removeFromSuperlayer()
        #expect(parent.needsLayout())
    }

    @Test func superlayersAreLaidOutBeforeTheirSublayers() {
        let root = CountingLayer(), child = CountingLayer(), grandchild = CountingLayer()
        root.name = "root"; child.name = "child"; grandchild.name = "grandchild"
        root.addSublayer(child)
        child.addSublayer(grandchild)
        CATransaction.flush()
        CountingLayer.order = []
        grandchild.setNeedsLayout()
        root.setNeedsLayout()
        child.setNeedsLayout()
        grandchild.layoutIfNeeded()
        #expect(CountingLayer.order == ["root", "child", "grandchild"])
    }

    @Test func theDefaultLayoutAsksTheDelegate() {
        let delegate = LayoutDelegate()
        let layer = CALayer()
        layer.delegate = delegate
        layer.setNeedsLayout()
        layer.layoutIfNeeded()
        #expect(delegate.laidOut == [ObjectIdentifier(layer)])
    }

    @Test func pointsConvertThroughPositionAnchorBoundsAndTransforms() {
        let root = CALayer()
        root.frame = CGRect(x: 5, y: 7, width: 200, height: 200)
        let child = CALayer()
        child.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        root.addSublayer(child)
        #expect(Self.near(child.convert(CGPoint(x: 0, y: 0), to: root), CGPoint(x: 10, y: 20)))
        #expect(Self.near(root.convert(CGPoint(x: 10, y: 20), to: child), .zero))
        #expect(Self.near(child.convert(CGPoint(x: 1, y: 2), to: nil), CGPoint(x: 16, y: 29)))
        // A bounds origin moves what the sublayers see.
        root.bounds.origin = CGPoint(x: 3, y: 4)
        #expect(Self.near(child.convert(CGPoint.zero, to: root), CGPoint(x: 10, y: 20)))
        #expect(Self.near(child.convert(CGPoint.zero, to: nil), CGPoint(x: 12, y: 23)))
        // A quarter turn about the anchor (the centre, 60, 45 in the root): (0, 0) is 50 left and 25 up of
        // it, and turns (y down, positive angle clockwise on screen) to 25 right and 50 left... (x, y) ->
        // (-y, x) about the centre.
        child.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(Self.near(child.convert(CGPoint.zero, to: root), CGPoint(x: 60 + 25, y: 45 - 50)))
        #expect(Self.near(child.convert(CGPoint(x: 60 + 25, y: 45 - 50), from: root), .zero))
        // The superlayer's sublayer transform applies about its anchor point (its bounds' centre, 103, 104).
        child.transform = CATransform3DIdentity
        root.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        #expect(Self.near(child.convert(CGPoint.zero, to: root), CGPoint(x: 103 + 2 * (10 - 103), y: 104 + 2 * (20 - 104))))
    }

    @Test func aRectConvertsToTheBoxOfItsCorners() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let child = CALayer()
        child.frame = CGRect(x: 40, y: 40, width: 20, height: 20)
        child.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        root.addSublayer(child)
        let box = child.convert(child.bounds, to: root)
        let half = 10 * 2.0.squareRoot()
        #expect(abs(box.minX - (50 - half)) < 1e-9 && abs(box.maxX - (50 + half)) < 1e-9)
        #expect(abs(box.minY - (50 - half)) < 1e-9 && abs(box.maxY - (50 + half)) < 1e-9)
        #expect(abs(child.preferredFrameSize().width - 2 * half) < 1e-9)
        // A layer scaled to nothing has no point for anything to land on.
        child.transform = CATransform3DMakeScale(0, 0, 1)
        #expect(child.convert(CGPoint(x: 50, y: 50), from: root).x.isNaN)
    }

    @Test func hitTestFindsTheFrontmostVisibleLayer() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let back = CALayer(), front = CALayer(), inner = CALayer(), hidden = CALayer()
        back.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        front.frame = CGRect(x: 40, y: 40, width: 60, height: 60)
        inner.frame = CGRect(x: 10, y: 10, width: 10, height: 10)
        hidden.frame = root.bounds
        hidden.isHidden = true
        root.addSublayer(back)
        root.addSublayer(front)
        front.addSublayer(inner)
        root.addSublayer(hidden)
        #expect(root.hitTest(CGPoint(x: 45, y: 45)) === front)
        #expect(root.hitTest(CGPoint(x: 55, y: 55)) === inner)
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) === back)
        #expect(root.hitTest(CGPoint(x: 90, y: 10)) === root)
        #expect(root.hitTest(CGPoint(x: 150, y: 10)) == nil)
        back.zPosition = 1
        #expect(root.hitTest(CGPoint(x: 45, y: 45)) === back)
        #expect(root.contains(CGPoint(x: 99, y: 1)) && !root.contains(CGPoint(x: 101, y: 1)))
    }

    @Test func keyValueCodingReachesPropertiesAndKeepsOtherKeys() {
        let layer = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.setValue(0.5, forKey: "opacity")
        layer.setValue("card", forKey: "role")
        CATransaction.commit()
        #expect(layer.opacity == 0.5)
        #expect(layer.value(forKey: "opacity") as? CGFloat == 0.5)
        #expect(layer.value(forKey: "role") as? String == "card")
        #expect(layer.value(forKey: "missing") == nil)

        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.setValue("spinner", forKey: "id")
        layer.add(spin, forKey: "spin")
        #expect(layer.animation(forKey: "spin")?.value(forKey: "id") as? String == "spinner")
    }

    @Test func replaceSublayerKeepsThePlace() {
        let parent = CALayer(), a = CALayer(), b = CALayer(), c = CALayer(), stranger = CALayer()
        parent.sublayers = [a, b]
        parent.replaceSublayer(a, with: c)
        #expect(parent.sublayers.map { $0.map(ObjectIdentifier.init) } == [ObjectIdentifier(c), ObjectIdentifier(b)])
        #expect(a.superlayer == nil && c.superlayer === parent)
        parent.replaceSublayer(stranger, with: a)
        #expect(parent.sublayers?.count == 2 && a.superlayer == nil)
    }

    @Test func visibleRectIsCutByClippingAncestors() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.masksToBounds = true
        let child = CALayer()
        child.frame = CGRect(x: 80, y: -10, width: 40, height: 40)
        root.addSublayer(child)
        #expect(child.visibleRect == CGRect(x: 0, y: 10, width: 20, height: 30))
        root.masksToBounds = false
        #expect(child.visibleRect == child.bounds)
    }

    @Test func contentsAreFlippedCountsFlippedAncestors() {
        let root = CALayer(), middle = CALayer(), leaf = CALayer()
        root.addSublayer(middle)
        middle.addSublayer(leaf)
        #expect(!leaf.contentsAreFlipped())
        root.isGeometryFlipped = true
        #expect(leaf.contentsAreFlipped())
        middle.isGeometryFlipped = true
        #expect(!leaf.contentsAreFlipped())
    }

    @Test func rendererHintsAreKeptAsSet() {
        let layer = CALayer()
        #expect(layer.cornerCurve == .circular && !layer.isOpaque && !layer.allowsEdgeAntialiasing)
        layer.cornerCurve = .continuous
        layer.isOpaque = true
        layer.edgeAntialiasingMask = [.layerTopEdge]
        #expect(layer.cornerCurve == .continuous && layer.isOpaque && layer.edgeAntialiasingMask == [.layerTopEdge])
        #expect(CALayer.cornerCurveExpansionFactor(.circular) == 1)
        #expect(CALayer.cornerCurveExpansionFactor(.continuous) == 1.528665)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.preferredFrameRateRange = CAFrameRateRange(minimum: 30, maximum: 120, preferred: 120)
        layer.add(fade, forKey: "fade")
        #expect(layer.animation(forKey: "fade")?.preferredFrameRateRange.maximum == 120)
    }
}
