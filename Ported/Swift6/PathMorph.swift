import Foundation
import Quartzite

/// A play button that morphs into a wide bar by animating its shape layer's `path`; a delegate reads back the
/// name the animation was tagged with and records which animations finished.
public final class PathMorph: NSObject, CAAnimationDelegate {
    public let layer = CALayer()
    public let shapeLayer = CAShapeLayer()
    public let startPath: UIBezierPath
    public let endPath: UIBezierPath
    public private(set) var finishedAnimations: [String] = []

    public init(size: CGSize, from start: CGRect, to end: CGRect) {
        startPath = UIBezierPath(rect: start)
        endPath = UIBezierPath(rect: end)
        super.init()
        layer.frame = CGRect(origin: .zero, size: size)
        shapeLayer.frame = layer.bounds
        shapeLayer.path = startPath.cgPath
        shapeLayer.fillColor = UIColor.systemOrange.cgColor
        layer.addSublayer(shapeLayer)
    }

    public func morph(duration: CFTimeInterval) {
        let animation = CABasicAnimation(keyPath: "path")
        animation.fromValue = startPath.cgPath
        animation.toValue = endPath.cgPath
        animation.duration = duration
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        animation.setValue("morphToBar", forKey: "name")
        animation.delegate = self
        shapeLayer.path = endPath.cgPath
        shapeLayer.add(animation, forKey: "path")
    }

    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        guard flag, let name = anim.value(forKey: "name") as? String else { return }
        finishedAnimations.append(name)
    }
}
