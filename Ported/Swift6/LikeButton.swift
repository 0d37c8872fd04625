import Foundation
import Quartzite

/// A favourite button: tapping it pops the filled icon in from nothing (scale and fade in a group), and
/// springs the "+1" badge sideways with an overshoot.
public final class LikeButton {
    public let layer = CALayer()
    public let iconLayer = CALayer()
    public let badgeLayer = CALayer()
    public private(set) var isLiked = false

    public var likedColor: UIColor = #colorLiteral(red: 0.9098039216, green: 0.1960784314, blue: 0.2745098039, alpha: 1)

    /// The badge's resting place before and after the spring.
    public let badgeStart: CGPoint
    public let badgeEnd: CGPoint

    public init(size: CGSize) {
        layer.frame = CGRect(origin: .zero, size: size)
        iconLayer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        iconLayer.position = CGPoint(x: size.width / 2, y: size.height / 2)
        iconLayer.cornerRadius = 0
        iconLayer.transform = CATransform3DMakeScale(0, 0, 1)
        layer.addSublayer(iconLayer)

        badgeStart = CGPoint(x: 10, y: 10)
        badgeEnd = CGPoint(x: 60, y: 10)
        badgeLayer.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        badgeLayer.position = badgeStart
        badgeLayer.backgroundColor = UIColor.systemBlue.cgColor
        layer.addSublayer(badgeLayer)
    }

    public func setLiked(_ liked: Bool, animated: Bool) {
        isLiked = liked
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        iconLayer.backgroundColor = likedColor.cgColor
        iconLayer.transform = liked ? CATransform3DIdentity : CATransform3DMakeScale(0, 0, 1)
        badgeLayer.position = liked ? badgeEnd : badgeStart
        CATransaction.commit()
        guard animated, liked else { return }

        let pop = CABasicAnimation(keyPath: "transform")
        pop.fromValue = NSValue(caTransform3D: CATransform3DMakeScale(0, 0, 1))
        pop.toValue = NSValue(caTransform3D: CATransform3DIdentity)

        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1

        let group = CAAnimationGroup()
        group.animations = [pop, fade]
        group.duration = 0.4
        group.timingFunction = CAMediaTimingFunction(name: .linear)
        iconLayer.add(group, forKey: "pop")

        let spring = CASpringAnimation(keyPath: "position.x")
        spring.fromValue = badgeStart.x
        spring.toValue = badgeEnd.x
        spring.mass = 1
        spring.stiffness = 100
        spring.damping = 10
        spring.duration = spring.settlingDuration
        badgeLayer.add(spring, forKey: "spring")
    }
}
