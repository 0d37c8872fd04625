import Foundation
import Quartzite

/// A map-pin style halo: a layer subclass that keeps its pulse sublayer sized to its bounds in
/// `layoutSublayers()` and pulses it once (grow while fading), holding the last frame.
public class PulsingHaloLayer: CALayer {
    public let pulse = CALayer()
    public var haloColor: UIColor = UIColor(hue: 0.6, saturation: 0.8, brightness: 1, alpha: 1) {
        didSet { pulse.backgroundColor = haloColor.cgColor }
    }
    public var animationDuration: TimeInterval = 1

    public override init() {
        super.init()
        pulse.backgroundColor = haloColor.cgColor
        pulse.opacity = 1
        addSublayer(pulse)
    }

    public override init(layer: Any) {
        super.init(layer: layer)
    }

    public required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
    }

    public override func layoutSublayers() {
        super.layoutSublayers()
        pulse.frame = bounds
        pulse.cornerRadius = bounds.width / 2
    }

    public func start() {
        let scale = CABasicAnimation(keyPath: "transform.scale.xy")
        scale.fromValue = 0
        scale.toValue = 1

        let opacity = CAKeyframeAnimation(keyPath: "opacity")
        opacity.values = [1, 0.5, 0]
        opacity.keyTimes = [0, 0.5, 1]

        let group = CAAnimationGroup()
        group.animations = [scale, opacity]
        group.duration = animationDuration
        group.timingFunction = CAMediaTimingFunction(name: .linear)
        group.isRemovedOnCompletion = false
        group.fillMode = .forwards
        pulse.add(group, forKey: "pulse")
    }
}
