import Foundation
import Testing
@testable import Quartzite

/// Layer subclasses written as iOS code writes them: `override init()`, `override init(layer:)` copying
/// the subclass's own stored values into presentation copies, and `required init?(coder:)`.
@Suite(.serialized)
struct LayerSubclassTests {
    final class GaugeLayer: CALayer {
        var needleColor = UIColor.red
        var tickCount = 12

        override init() { super.init() }

        override init(layer: Any) {
            super.init(layer: layer)
            guard let other = layer as? GaugeLayer else { return }
            needleColor = other.needleColor
            tickCount = other.tickCount
        }

        required init?(coder aDecoder: NSCoder) { super.init(coder: aDecoder) }
    }

    /// A subclass with no initializer of its own inherits everything.
    final class PlainSubclass: CAShapeLayer {}

    @Test func presentationCopiesAreOfTheSubclassAndCarryItsValues() throws {
        MediaClock.freeze(at: 50)
        let gauge = GaugeLayer()
        gauge.tickCount = 60
        gauge.opacity = 0.25
        CATransaction.flush()
        let presented = try #require(gauge.presentation())
        #expect(type(of: presented) == GaugeLayer.self)
        #expect(presented.tickCount == 60)
        #expect(presented.opacity == 0.25)
        #expect(presented.model() === gauge)

        let plain = PlainSubclass()
        plain.lineWidth = 3
        CATransaction.flush()
        let shown = try #require(plain.presentation())
        #expect(type(of: shown) == PlainSubclass.self && shown.lineWidth == 3)
    }

    /// "transform.scale.xy" scales x and y together, as iOS pulsing-halo code animates it.
    @Test func transformScaleXYScalesBothAxes() throws {
        MediaClock.freeze(at: 50)
        let layer = CALayer()
        CATransaction.flush()
        let grow = CABasicAnimation(keyPath: "transform.scale.xy")
        grow.fromValue = 0
        grow.toValue = 2
        grow.duration = 1
        layer.add(grow, forKey: "grow")
        CATransaction.flush()
        let halfWay = Evaluator.presentationProperties(of: layer, atGlobalTime: 50.5).transform
        #expect(abs(halfWay.m11 - 1) < 1e-9 && abs(halfWay.m22 - 1) < 1e-9 && abs(halfWay.m33 - 1) < 1e-9)
        layer.setValue(3, forKeyPath: "transform.scale.xy")
        #expect(layer.transform.m11 == 3 && layer.transform.m22 == 3 && layer.transform.m33 == 1)
        #expect(layer.value(forKeyPath: "transform.scale.xy") as? CGFloat == 3)
    }
}
