import Foundation
import Quartzite
import QuartziteHost

/// A confetti burst (`CAEmitterLayer`): every 3 s the emitter opens for 0.15 s and five cells of coloured
/// strips shoot up and out from below the middle, spin, fall under gravity and fade. Closing the emitter
/// (`birthRate = 0`) leaves the strips in flight; the particles are a function of the seed and the time, so
/// every capture at t is the same.
@MainActor
public final class ConfettiDemo: Demo {
    public static let name = "confetti"
    public static let summary = "CAEmitterLayer: a confetti burst every 3 s, five colours of spinning strips falling and fading"
    public static let preferredSize = CGSize(width: 375, height: 667)

    /// Where the strips come from, as a fraction of the canvas.
    static let origin = CGPoint(x: 0.5, y: 0.6)
    /// How long the emitter stays open per burst, and how often it bursts.
    static let burst: CFTimeInterval = 0.15, period: CFTimeInterval = 3
    static let colors: [CGColor] = [
        CGColor(red: 0.95, green: 0.26, blue: 0.21, alpha: 1), CGColor(red: 1, green: 0.76, blue: 0.03, alpha: 1),
        CGColor(red: 0.30, green: 0.69, blue: 0.31, alpha: 1), CGColor(red: 0.13, green: 0.59, blue: 0.95, alpha: 1),
        CGColor(red: 0.91, green: 0.12, blue: 0.39, alpha: 1),
    ]

    public let rootLayer = CALayer()
    public let timeline = DemoTimeline()
    let emitter = CAEmitterLayer()

    /// The emitter moves its particles every frame (its clock runs), and the timeline opens and closes it.
    public func nextUpdate(after t: CFTimeInterval) -> CFTimeInterval? { nil }

    public required init(size: CGSize) {
        rootLayer.frame = CGRect(origin: .zero, size: size)
        rootLayer.backgroundColor = .white
        rootLayer.masksToBounds = true
        emitter.frame = rootLayer.bounds
        emitter.emitterPosition = CGPoint(x: size.width * Self.origin.x, y: size.height * Self.origin.y)
        emitter.emitterShape = .circle
        emitter.emitterSize = CGSize(width: 12, height: 12)
        emitter.seed = 2024
        let strip = ParticleImages.strip(width: 10, height: 5)
        emitter.emitterCells = Self.colors.map { color in
            let cell = CAEmitterCell()
            cell.contents = strip
            cell.color = color
            cell.birthRate = 300
            cell.lifetime = 3.5
            cell.lifetimeRange = 0.5
            cell.velocity = 420
            cell.velocityRange = 140
            cell.emissionLongitude = -.pi / 2
            cell.emissionRange = .pi / 3
            cell.yAcceleration = 420
            cell.spin = 4
            cell.spinRange = 8
            cell.scale = 1
            cell.scaleRange = 0.3
            cell.alphaSpeed = -0.25
            return cell
        }
        rootLayer.addSublayer(emitter)
        // Each burst: open at the period, close after `burst`.
        var start: CFTimeInterval = 0
        while start < 120 {
            let open = start
            if open > 0 { timeline.at(open) { [emitter] in emitter.birthRate = 1 } }
            timeline.at(open + Self.burst) { [emitter] in emitter.birthRate = 0 }
            start += Self.period
        }
    }
}
