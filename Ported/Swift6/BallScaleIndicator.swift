import Foundation
import Quartzite

/// One ball that grows from nothing while it fades out, over and over.
public struct BallScaleIndicator: ActivityIndicatorAnimation {
    public init() {}

    public func setUpAnimation(in layer: CALayer, size: CGSize, color: UIColor) {
        let duration: CFTimeInterval = 1

        // Scale animation
        let scaleAnimation = CABasicAnimation(keyPath: "transform.scale")
        scaleAnimation.duration = duration
        scaleAnimation.fromValue = 0
        scaleAnimation.toValue = 1

        // Opacity animation
        let opacityAnimation = CABasicAnimation(keyPath: "opacity")
        opacityAnimation.duration = duration
        opacityAnimation.fromValue = 1
        opacityAnimation.toValue = 0

        // Animation
        let animation = CAAnimationGroup()
        animation.animations = [scaleAnimation, opacityAnimation]
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        animation.duration = duration
        animation.repeatCount = HUGE
        animation.isRemovedOnCompletion = false

        // Draw circle
        let circle = IndicatorShape.circle.layerWith(size: size, color: color)
        let o = origin(of: size, in: layer)
        circle.frame = CGRect(x: o.x, y: o.y, width: size.width, height: size.height)
        circle.add(animation, forKey: "animation")
        layer.addSublayer(circle)
    }
}
