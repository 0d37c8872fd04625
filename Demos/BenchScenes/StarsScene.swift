import Foundation
import Quartzite

/// S4 stars: 500 self-intersecting five-point stars (pentagrams, one closed subpath through every second
/// vertex), radius 20 to 40, filled with the non-zero rule (so the centre pentagon is filled), alpha 0.7.
/// Each turns at its own seeded speed with a repeating `transform.rotation.z` animation: the path never
/// changes, only the layer's transform. With another count (`bench s4 --count N`) the seeded draws simply go
/// on: the first 500 stars are the default scene's, the rest more of the same.
@MainActor
public final class StarsScene: BenchSceneContent {
    public static let name = "s4"
    public static let summary = "bench S4 stars: 500 translucent pentagrams, each rotating at its own speed"
    public static let defaultCount: Int? = count

    static let count = 500
    static let radii = 20.0...40.0
    /// Angular speeds in radians per second (the sign, seeded too, picks the direction).
    static let speeds = 0.5...2.0

    public let layer = CALayer()
    private var stars: [(center: CGPoint, radius: Double, points: [CGPoint], speed: Double, color: BenchColor)] = []
    private let animated: Bool

    /// The default scene, 500 stars.
    public convenience init(animated: Bool) { self.init(animated: animated, count: nil) }

    /// Seeded, per star: centre x and y, radius, colour (red, green, blue), speed, direction.
    public init(animated: Bool, count: Int?) {
        self.animated = animated
        var rng = SplitMix64(seed: 1)
        let now = CACurrentMediaTime()
        for _ in 0..<BenchSceneCount.clamped(count, default: Self.count) {
            let r = Self.radii.upperBound
            let center = CGPoint(x: rng.uniform(r...(Double(BenchDesign.size.width) - r)),
                                 y: rng.uniform(r...(Double(BenchDesign.size.height) - r)))
            let radius = rng.uniform(Self.radii)
            let color = BenchColor(seeded: &rng, alpha: 0.7...0.7)
            let speed = rng.uniform(Self.speeds) * (rng.unit() < 0.5 ? -1 : 1)
            // Pentagram: every second vertex of a regular pentagon, starting at 12 o'clock.
            let points = (0..<5).map { k -> CGPoint in
                let angle = -Double.pi / 2 + Double(k) * 4 * .pi / 5
                return CGPoint(x: radius + radius * cos(angle), y: radius + radius * sin(angle))
            }
            let star = CAShapeLayer()
            star.frame = CGRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
            let path = CGMutablePath()
            path.addLines(between: points)
            path.closeSubpath()
            star.path = path
            star.fillColor = color.cgColor
            star.fillRule = .nonZero
            if animated {
                let spin = CABasicAnimation(keyPath: "transform.rotation.z")
                spin.fromValue = CGFloat(0)
                spin.toValue = CGFloat(speed < 0 ? -2 * Double.pi : 2 * Double.pi)
                spin.duration = 2 * .pi / abs(speed)
                spin.repeatCount = .infinity
                spin.beginTime = now
                star.add(spin, forKey: "spin")
            }
            layer.addSublayer(star)
            stars.append((center, radius, points, speed, color))
        }
    }

    public func primitives(at t: CFTimeInterval) -> [BenchPrimitive] {
        let time = animated ? t : 0
        return stars.map { star in
            // Rotate about the star's centre (the layer's anchor), the points being in the layer's square.
            let placed = CGAffineTransform(translationX: -star.radius, y: -star.radius)
                .concatenating(CGAffineTransform(rotationAngle: star.speed * time))
                .concatenating(CGAffineTransform(translationX: star.center.x, y: star.center.y))
            return .polygon(star.points, color: star.color, transform: placed)
        }
    }
}
