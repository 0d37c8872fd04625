import Foundation
import Testing
@testable import Quartzite

/// `PresentationNode.initialize(_:layer:)`, which writes a node field by field in place: the node holds the
/// layer's identity, kind and model values (reference-counted parts included, still valid after the trees
/// that held them are gone) and nothing else.
@MainActor
@Suite(.serialized)
struct NodeInPlaceTests {
    @Test func nodesHoldTheLayersIdentityKindAndModelValues() {
        MediaClock.freeze(at: 100)
        CATransaction.flush()
        let root = CALayer()
        let shape = CAShapeLayer()
        shape.position = CGPoint(x: 12, y: 34)
        shape.bounds = CGRect(x: 0, y: 0, width: 5, height: 6)
        shape.opacity = 0.5
        shape.cornerRadius = 3
        shape.backgroundColor = CGColor(red: 1, green: 0.5, blue: 0.25, alpha: 1)
        shape.name = "shape"
        let gradient = CAGradientLayer()
        gradient.position = CGPoint(x: 7, y: 8)
        let moving = CALayer()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.0
        fade.toValue = 1.0
        fade.duration = 4
        root.addSublayer(shape)
        root.addSublayer(gradient)
        root.addSublayer(moving)
        CATransaction.flush()
        moving.add(fade, forKey: "fade")
        CATransaction.flush()
        // Several frames, each tree dropped before the next (the kept nodes of the static layers are reused).
        for frame in 0..<4 {
            let tree = Evaluator.presentationTree(of: root, at: 101 + Double(frame))
            #expect(tree.layerID == ObjectIdentifier(root) && tree.kind == .plain && tree.transition == nil)
            #expect(tree.sublayers.count == 3 && tree.mask == nil)
            let s = tree.sublayers[0], g = tree.sublayers[1], m = tree.sublayers[2]
            #expect(s.layerID == ObjectIdentifier(shape) && s.kind == .shape)
            #expect(s.properties.position == CGPoint(x: 12, y: 34))
            #expect(s.properties.bounds == CGRect(x: 0, y: 0, width: 5, height: 6))
            #expect(s.properties.opacity == 0.5 && s.properties.cornerRadius == 3)
            #expect(s.properties.backgroundColor == CGColor(red: 1, green: 0.5, blue: 0.25, alpha: 1))
            #expect(s.sublayers.isEmpty && s.mask == nil && s.transition == nil)
            #expect(g.layerID == ObjectIdentifier(gradient) && g.kind == .gradient)
            #expect(g.properties.position == CGPoint(x: 7, y: 8))
            #expect(m.layerID == ObjectIdentifier(moving) && m.kind == .plain)
            // 1 + frame seconds into 4: that fraction of the way from 0 to 1.
            #expect(abs(Double(m.properties.opacity) - (1 + Double(frame)) / 4) < 1e-6)
            #expect(m.sublayers.isEmpty && m.mask == nil && m.transition == nil)
        }
        // The model values still read as set, after every tree that shared them is gone.
        #expect(shape.backgroundColor == CGColor(red: 1, green: 0.5, blue: 0.25, alpha: 1))
        #expect(shape.name == "shape" && moving.opacity == 1)
    }
}
