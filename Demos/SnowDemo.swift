import Foundation
import Quartzite
import QuartziteHost

/// Falling snow (`CAEmitterLayer`): soft flakes born along a line above the top edge drift down a night sky,
/// each at its own size, speed, sway and opacity, filling the screen over the first ten seconds.
@MainActor
public final class SnowDemo: Demo {
    public static let name = "snow"
    public static let summary = "CAEmitterLayer: snow born along a line above the top, drifting down a night sky"
    public static let preferredSize = CGSize(width: 375, height: 667)

    /// The sky's top and bottom colours.
    static let skyTop = CGColor(red: 0.04, green: 0.07, blue: 0.20, alpha: 1)
    static let skyBottom = CGColor(red: 0.16, green: 0.24, blue: 0.45, alpha: 1)
    /// The flakes' fastest fall: initial speed, and the steady pull down.
    static let fastest: CGFloat = 45, pull: CGFloat = 6

    public let rootLayer = CALayer()
    public let timeline = DemoTimeline()
    let sky = CAGradientLayer()
    let emitter = CAEmitterLayer()

    /// The emitter moves its particles every frame (its clock runs).
    public func nextUpdate(after t: CFTimeInterval) -> CFTimeInterval? { nil }

    public required init(size: CGSize) {
        rootLayer.frame = CGRect(origin: .zero, size: size)
        rootLayer.masksToBounds = true
        sky.frame = rootLayer.bounds
        sky.colors = [Self.skyTop, Self.skyBottom]
        rootLayer.addSublayer(sky)
        emitter.frame = rootLayer.bounds
        emitter.emitterShape = .line
        emitter.emitterPosition = CGPoint(x: size.width / 2, y: -12)
        emitter.emitterSize = CGSize(width: size.width * 1.2, height: 1)
        emitter.seed = 7
        let flake = CAEmitterCell()
        flake.contents = ParticleImages.softDisc(side: 24)
        flake.birthRate = 30
        flake.lifetime = 20
        flake.velocity = (Self.fastest + 15) / 2
        flake.velocityRange = (Self.fastest - 15) / 2
        flake.emissionLongitude = .pi / 2
        flake.emissionRange = .pi / 10
        flake.yAcceleration = Self.pull
        flake.xAcceleration = 2
        flake.scale = 0.45
        flake.scaleRange = 0.3
        flake.spin = 0
        flake.spinRange = 1
        flake.color = CGColor(red: 1, green: 1, blue: 1, alpha: 0.85)
        flake.alphaRange = 0.15
        emitter.emitterCells = [flake]
        rootLayer.addSublayer(emitter)
    }
}
