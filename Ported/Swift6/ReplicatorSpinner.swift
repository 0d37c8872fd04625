import Foundation
import Quartzite

/// A spinner built the way activity-indicator libraries build one with a replicator: one dot with one fade,
/// copied around a circle, each copy's fade a step later.
public struct ReplicatorSpinner: ActivityIndicatorAnimation {
    public let dots: Int
    public let duration: CFTimeInterval

    public init(dots: Int = 10, duration: CFTimeInterval = 1) {
        self.dots = dots
        self.duration = duration
    }

    public func setUpAnimation(in layer: CALayer, size: CGSize, color: UIColor) {
        let dotSize = size.width / 6
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(origin: origin(of: size, in: layer), size: size)
        replicator.instanceCount = dots
        replicator.instanceTransform = CATransform3DMakeRotation(2 * .pi / CGFloat(dots), 0, 0, 1)
        replicator.instanceDelay = duration / Double(dots)

        let dot = CALayer()
        dot.bounds = CGRect(x: 0, y: 0, width: dotSize, height: dotSize)
        dot.position = CGPoint(x: size.width / 2, y: dotSize / 2)
        dot.cornerRadius = dotSize / 2
        dot.backgroundColor = color.cgColor
        dot.opacity = 0

        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = duration
        fade.repeatCount = .infinity
        dot.add(fade, forKey: "fade")

        replicator.addSublayer(dot)
        layer.addSublayer(replicator)
    }
}
