import Foundation
import Quartzite
import QuartziteHost

/// Fireworks (`CAEmitterLayer` sub-emitters, added blending): rockets rise from the bottom edge; near the top
/// of its climb each one, through its cell's sub-cell (`beginTime` just before the rocket's lifetime ends,
/// a short `duration`), bursts into a sphere of sparks that fall and fade, glowing where they overlap.
@MainActor
public final class FireworksDemo: Demo {
    public static let name = "fireworks"
    public static let summary = "CAEmitterLayer sub-emitters: rockets that burst into falling sparks, added together"
    public static let preferredSize = CGSize(width: 375, height: 667)

    public let rootLayer = CALayer()
    public let timeline = DemoTimeline()
    let emitter = CAEmitterLayer()

    /// The emitter moves its particles every frame (its clock runs).
    public func nextUpdate(after t: CFTimeInterval) -> CFTimeInterval? { nil }

    public required init(size: CGSize) {
        rootLayer.frame = CGRect(origin: .zero, size: size)
        rootLayer.backgroundColor = CGColor(red: 0.02, green: 0.02, blue: 0.06, alpha: 1)
        rootLayer.masksToBounds = true
        emitter.frame = rootLayer.bounds
        emitter.emitterPosition = CGPoint(x: size.width / 2, y: size.height)
        emitter.emitterShape = .line
        emitter.emitterSize = CGSize(width: size.width * 0.6, height: 1)
        emitter.renderMode = .additive
        emitter.seed = 11
        let glow = ParticleImages.softDisc(side: 16)

        let spark = CAEmitterCell()
        spark.contents = glow
        spark.birthRate = 2500
        spark.lifetime = 1.6
        spark.lifetimeRange = 0.4
        spark.velocity = 110
        spark.velocityRange = 25
        spark.emissionRange = .pi
        spark.yAcceleration = 60
        spark.scale = 0.6
        spark.scaleSpeed = -0.25
        // Sparks inherit the rocket's colour (1, 0.9, 0.7) and scale (0.3) through the burst, as Apple's
        // sub-cells do: these values come out as orange (1, 0.55, 0.25) sparks at 0.6.
        spark.color = CGColor(red: 1, green: 0.55 / 0.9, blue: 0.25 / 0.7, alpha: 1)
        spark.greenRange = 0.4
        spark.blueRange = 0.4
        spark.alphaSpeed = -0.55

        let burst = CAEmitterCell()
        burst.beginTime = 1.45
        burst.duration = 0.08
        burst.birthRate = 1
        burst.lifetime = 0.1
        burst.scale = 1 / 0.3
        burst.emitterCells = [spark]

        let rocket = CAEmitterCell()
        rocket.contents = glow
        rocket.birthRate = 0.8
        rocket.lifetime = 1.5
        rocket.velocity = 420
        rocket.velocityRange = 40
        rocket.emissionLongitude = -.pi / 2
        rocket.emissionRange = .pi / 14
        rocket.yAcceleration = 120
        rocket.scale = 0.3
        rocket.color = CGColor(red: 1, green: 0.9, blue: 0.7, alpha: 1)
        rocket.emitterCells = [burst]
        emitter.emitterCells = [rocket]
        rootLayer.addSublayer(emitter)
    }
}
