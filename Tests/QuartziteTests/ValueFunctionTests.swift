import Foundation
import Testing
@testable import Quartzite

/// `CAPropertyAnimation.valueFunction`: the animation's numbers are interpolated, then the function builds
/// the transform (Apple's rotate, scale and translate functions), so a turn from 0 to 2π spins whole.
@Suite(.serialized)
struct ValueFunctionTests {
    func layer(with animation: CAPropertyAnimation) -> CALayer {
        MediaClock.freeze(at: 10)
        let layer = CALayer()
        CATransaction.flush()
        animation.duration = 1
        // An explicit begin: suites run in parallel may move the shared frozen clock before it is stamped.
        animation.beginTime = 10
        layer.add(animation, forKey: "f")
        CATransaction.flush()
        return layer
    }

    func transform(_ layer: CALayer, at t: Double) -> CATransform3D {
        Evaluator.presentationProperties(of: layer, atGlobalTime: 10 + t).transform
    }

    @Test func aWholeTurnSpinsThroughEveryAngle() {
        let spin = CABasicAnimation(keyPath: "transform")
        spin.valueFunction = CAValueFunction(name: .rotateZ)
        spin.fromValue = 0
        spin.toValue = 2 * Double.pi
        let layer = layer(with: spin)
        for t in [0.25, 0.5, 0.75] {
            let angle = 2 * Double.pi * t
            let m = transform(layer, at: t)
            #expect(abs(m.m11 - cos(angle)) < 1e-9 && abs(m.m12 - sin(angle)) < 1e-9, "t = \(t)")
        }
    }

    @Test func scaleAndTranslateBuildFromTheirInputs() {
        let grow = CABasicAnimation(keyPath: "transform")
        grow.valueFunction = CAValueFunction(name: .scale)
        grow.fromValue = [1, 1, 1]
        grow.toValue = [3, 2, 1]
        let halfWay = transform(layer(with: grow), at: 0.5)
        #expect(abs(halfWay.m11 - 2) < 1e-9 && abs(halfWay.m22 - 1.5) < 1e-9 && abs(halfWay.m33 - 1) < 1e-9)

        let slide = CAKeyframeAnimation(keyPath: "transform")
        slide.valueFunction = CAValueFunction(name: .translateX)
        slide.values = [0, 100, 40]
        let at = transform(layer(with: slide), at: 0.75)
        #expect(abs(at.m41 - 70) < 1e-9 && at.m42 == 0)
    }

    @Test func unknownNamesAndWrongInputsAreRefused() {
        #expect(CAValueFunction(name: CAValueFunctionName(rawValue: "spiral")) == nil)
        let wrong = CABasicAnimation(keyPath: "transform")
        wrong.valueFunction = CAValueFunction(name: .scale)
        wrong.fromValue = 2
        wrong.toValue = 3
        #expect(CATransform3DIsIdentity(transform(layer(with: wrong), at: 0.5)))
        #expect(Diagnostics.messages.contains { $0.contains("fromValue") && $0.contains("transform") })
    }
}
