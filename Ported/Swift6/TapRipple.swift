import Foundation
import Quartzite

/// A material-style ripple: a tap in the container's coordinates is hit-tested to find the button, converted
/// into the button's coordinates, and a circle grows there while fading (keyframe position from the tap
/// towards the button's centre, boxed in NSValue as Objective-C era code does).
public final class TapRipple {
    public let layer = CALayer()
    public let buttonLayer = CALayer()
    public private(set) var rippleLayer: CAShapeLayer?

    public static let rippleColor = UIColor(hue: 0.0, saturation: 0.0, brightness: 0.0, alpha: 1).withAlphaComponent(0.5)

    public init(size: CGSize, buttonFrame: CGRect) {
        layer.frame = CGRect(origin: .zero, size: size)
        buttonLayer.frame = buttonFrame
        buttonLayer.backgroundColor = #colorLiteral(red: 1, green: 0.8, blue: 0, alpha: 1).cgColor
        buttonLayer.masksToBounds = true
        buttonLayer.name = "button"
        layer.addSublayer(buttonLayer)
    }

    /// Starts a ripple where the user touched (in `layer`'s coordinates). Returns false when the touch
    /// missed the button.
    @discardableResult
    public func touchDown(at point: CGPoint, radius: CGFloat, duration: CFTimeInterval) -> Bool {
        guard let hit = layer.hitTest(point), hit === buttonLayer else { return false }
        let local = layer.convert(point, to: buttonLayer)
        let center = CGPoint(x: buttonLayer.bounds.midX, y: buttonLayer.bounds.midY)

        let ripple = CAShapeLayer()
        ripple.bounds = CGRect(x: 0, y: 0, width: radius * 2, height: radius * 2)
        ripple.position = center
        ripple.path = UIBezierPath(ovalIn: ripple.bounds).cgPath
        ripple.fillColor = TapRipple.rippleColor.cgColor
        buttonLayer.addSublayer(ripple)
        rippleLayer = ripple

        let grow = CABasicAnimation(keyPath: "transform.scale")
        grow.fromValue = 0
        grow.toValue = 1

        let move = CAKeyframeAnimation(keyPath: "position")
        move.values = [NSValue(cgPoint: local), NSValue(cgPoint: center)]
        move.keyTimes = [0, 1]

        let group = CAAnimationGroup()
        group.animations = [grow, move]
        group.duration = duration
        group.timingFunction = CAMediaTimingFunction(name: .linear)
        ripple.add(group, forKey: "ripple")
        return true
    }
}
