import Foundation
import Quartzite

/// A skeleton placeholder with a shimmer: a solid content layer masked by a horizontal gradient whose bright
/// band sweeps across as its `locations` animate.
public final class ShimmerLoader {
    public let layer = CALayer()
    public let contentLayer = CALayer()
    public let gradientLayer = CAGradientLayer()

    public init(size: CGSize) {
        layer.frame = CGRect(origin: .zero, size: size)
        contentLayer.frame = layer.bounds
        contentLayer.backgroundColor = UIColor.darkGray.cgColor
        layer.addSublayer(contentLayer)

        let dim = UIColor(white: 1, alpha: 0.3).cgColor
        let bright = UIColor.white.cgColor
        gradientLayer.frame = contentLayer.bounds
        gradientLayer.colors = [dim, bright, dim]
        gradientLayer.locations = [0, 0.5, 1]
        gradientLayer.startPoint = CGPoint(x: 0, y: 0.5)
        gradientLayer.endPoint = CGPoint(x: 1, y: 0.5)
        contentLayer.mask = gradientLayer
    }

    public func startShimmering(duration: CFTimeInterval = 1.5) {
        let animation = CABasicAnimation(keyPath: "locations")
        animation.fromValue = [-1.0, -0.5, 0.0]
        animation.toValue = [1.0, 1.5, 2.0]
        animation.duration = duration
        animation.repeatCount = .infinity
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        gradientLayer.add(animation, forKey: "shimmer")
    }
}
