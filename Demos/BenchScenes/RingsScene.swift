import Foundation
import Quartzite

/// S2 rings: an 8 x 8 grid of circles (radius 30, line width 8, round caps), each an axial gradient of two
/// seeded colours seen through a stroked-ring mask (seed 003's technique). The strokeEnd of ring i is
/// fract(t / 2 + i / 64): a linear 0 -> 1 animation, 2 s long, repeating, shifted by i / 32 s.
@MainActor
public final class RingsScene: BenchSceneContent {
    public static let name = "s2"
    public static let summary = "bench S2 rings: 64 gradient rings through animated stroked-ring masks"

    static let columns = 8, rows = 8
    static let radius: CGFloat = 30, lineWidth: CGFloat = 8
    /// Cell pitch and the gradient layer's side (the ring and its round caps fit inside).
    static let pitch: CGFloat = 84, side: CGFloat = 76
    static let period: CFTimeInterval = 2

    public let layer = CALayer()
    private var rings: [(frame: CGRect, from: BenchColor, to: BenchColor)] = []
    private let animated: Bool

    /// Seeded: each ring's first then second colour (red, green, blue), row-major; opaque.
    public init(animated: Bool) {
        self.animated = animated
        var rng = SplitMix64(seed: 1)
        let grid = CGFloat(Self.columns) * Self.pitch
        let origin = CGPoint(x: (BenchDesign.size.width - grid) / 2, y: (BenchDesign.size.height - grid) / 2)
        let inset = (Self.pitch - Self.side) / 2
        let now = CACurrentMediaTime()
        for i in 0..<(Self.columns * Self.rows) {
            let from = BenchColor(seeded: &rng, alpha: 1...1), to = BenchColor(seeded: &rng, alpha: 1...1)
            let frame = CGRect(x: origin.x + CGFloat(i % Self.columns) * Self.pitch + inset,
                               y: origin.y + CGFloat(i / Self.columns) * Self.pitch + inset,
                               width: Self.side, height: Self.side)
            let gradient = CAGradientLayer()
            gradient.frame = frame
            gradient.colors = [from.cgColor, to.cgColor]
            gradient.startPoint = CGPoint(x: 0, y: 0)
            gradient.endPoint = CGPoint(x: 1, y: 1)

            let ring = CAShapeLayer()
            ring.frame = gradient.bounds
            ring.path = Self.ringPath()
            ring.lineWidth = Self.lineWidth
            ring.lineCap = .round
            ring.fillColor = nil
            ring.strokeColor = CGColor.black
            ring.strokeEnd = Self.strokeEnd(ring: i, at: 0)
            if animated {
                let grow = CABasicAnimation(keyPath: "strokeEnd")
                grow.fromValue = CGFloat(0)
                grow.toValue = CGFloat(1)
                grow.duration = Self.period
                grow.repeatCount = .infinity
                grow.beginTime = now
                // Local time t + 2i/64 puts ring i at fract(t / 2 + i / 64).
                grow.timeOffset = Self.period * Double(i) / 64
                ring.add(grow, forKey: "strokeEnd")
            }
            gradient.mask = ring
            layer.addSublayer(gradient)
            rings.append((frame, from, to))
        }
    }

    /// A full circle from 12 o'clock, clockwise on screen, so strokeEnd sweeps like a clock hand.
    static func ringPath() -> CGPath {
        let c = side / 2
        return UIBezierPath(arcCenter: CGPoint(x: c, y: c), radius: radius,
                            startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true).cgPath
    }

    static func strokeEnd(ring i: Int, at t: CFTimeInterval) -> CGFloat {
        let phase = t / period + Double(i) / 64
        return CGFloat(phase - phase.rounded(.down))
    }

    public func primitives(at t: CFTimeInterval) -> [BenchPrimitive] {
        rings.enumerated().map { i, ring in
            let c = CGPoint(x: ring.frame.midX, y: ring.frame.midY)
            return .gradientArc(center: c, radius: Self.radius, lineWidth: Self.lineWidth,
                                strokeEnd: Self.strokeEnd(ring: i, at: animated ? t : 0),
                                from: ring.from, to: ring.to,
                                gradientStart: ring.frame.origin,
                                gradientEnd: CGPoint(x: ring.frame.maxX, y: ring.frame.maxY))
        }
    }
}
