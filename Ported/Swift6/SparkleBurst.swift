import Foundation
import Quartzite

/// A sparkle burst as tutorials build one: the particle image drawn with `UIGraphicsImageRenderer`, an
/// emitter configured first and started with `beginTime = CACurrentMediaTime()` so it does not pre-warm,
/// and a caption in a bold system font.
public final class SparkleBurst {
    public let layer = CALayer()
    let emitter = CAEmitterLayer()

    public init(size: CGSize) {
        layer.frame = CGRect(origin: .zero, size: size)
        layer.backgroundColor = UIColor.black.cgColor

        emitter.frame = layer.bounds
        emitter.emitterPosition = CGPoint(x: size.width / 2, y: size.height / 2)
        emitter.emitterShape = .point
        emitter.renderMode = .additive
        layer.addSublayer(emitter)

        let caption = CATextLayer()
        caption.string = "Sparkle!"
        caption.font = UIFont.boldSystemFont(ofSize: 40)
        caption.fontSize = 14
        caption.foregroundColor = UIColor.white.cgColor
        caption.alignmentMode = .center
        caption.frame = CGRect(x: 0, y: size.height - 24, width: size.width, height: 20)
        layer.addSublayer(caption)
    }

    /// A white dot with a soft edge, the cell's contents.
    static func dotImage() -> CGImage? {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 8))
        let image = renderer.image { context in
            UIColor.white.setFill()
            context.cgContext.fillEllipse(in: CGRect(x: 0, y: 0, width: 8, height: 8))
        }
        return image.cgImage
    }

    public func start() {
        let sparkle = CAEmitterCell()
        sparkle.contents = Self.dotImage()
        sparkle.birthRate = 40
        sparkle.lifetime = 1.5
        sparkle.velocity = 60
        sparkle.emissionRange = .pi * 2
        sparkle.scale = 1
        sparkle.color = UIColor.systemOrange.cgColor
        emitter.emitterCells = [sparkle]
        emitter.beginTime = CACurrentMediaTime()
    }
}
