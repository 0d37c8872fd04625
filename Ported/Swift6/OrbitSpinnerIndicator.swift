import Foundation
import Quartzite

/// A ring track with two balls orbiting it: each turns half way round in the first 70 % of a second and
/// waits there; the second starts half a second later, drawn at half strength.
public struct OrbitSpinnerIndicator: ActivityIndicatorAnimation {
    public init() {}

    public func setUpAnimation(in layer: CALayer, size: CGSize, color: UIColor) {
        let o = origin(of: size, in: layer)
        let track = IndicatorShape.ring.layerWith(size: size, color: color)
        track.frame = CGRect(origin: o, size: size)
        layer.addSublayer(track)

        let ballSize = size.width / 5
        let delays: [CFTimeInterval] = [0, 0.5]
        let colors = [color, color.withAlphaComponent(0.5)]
        let beginTime = CACurrentMediaTime()

        let rotation = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        rotation.keyTimes = [0, 0.7]
        rotation.values = [0, Double.pi]
        rotation.duration = 1
        rotation.repeatCount = HUGE
        rotation.isRemovedOnCompletion = false

        for (delay, ballColor) in zip(delays, colors) {
            let orbit = CALayer()
            orbit.frame = CGRect(origin: o, size: size)
            let ball = IndicatorShape.circle.layerWith(size: CGSize(width: ballSize, height: ballSize), color: ballColor)
            ball.position = CGPoint(x: size.width / 2, y: size.height / 2 - size.width / 3)
            orbit.addSublayer(ball)
            rotation.beginTime = beginTime + delay
            orbit.add(rotation, forKey: "rotation")
            layer.addSublayer(orbit)
        }
    }
}
