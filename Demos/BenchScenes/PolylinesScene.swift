import Foundation
import Quartzite
import QuartziteHost

/// S3 polylines: 1000 open polylines of 8 seeded points, each inside its own 120-point box, line width 6,
/// round caps and joins, colour alpha 0.8. Every point moves on a circle of radius 10 at its own seeded
/// phase (one turn every 2 s), so every path changes every frame: the app sets each shape layer's `path`
/// from the clock, as a real app drawing live data would. With another count (`bench s3 --count N`) the seeded
/// draws simply go on: the first 1000 polylines are the default scene's, the rest more of the same.
@MainActor
public final class PolylinesScene: BenchSceneContent {
    public static let name = "s3"
    public static let summary = "bench S3 polylines: 1000 translucent round-joined polylines, every point moving"
    public static let defaultCount: Int? = count

    static let count = 1000, pointsPerLine = 8
    static let box: CGFloat = 120, lineWidth: CGFloat = 6, wobble: CGFloat = 10
    /// Angular speed of every point, radians per second.
    static let speed = Double.pi

    public let layer = CALayer()
    private var lines: [(layer: CAShapeLayer, base: [CGPoint], phase: [Double], color: BenchColor)] = []
    private let animated: Bool

    /// The default scene, 1000 polylines.
    public convenience init(animated: Bool) { self.init(animated: animated, count: nil) }

    /// Seeded, per polyline: the box's x and y, the colour (red, green, blue), then per point x, y, phase.
    public init(animated: Bool, count: Int?) {
        self.animated = animated
        var rng = SplitMix64(seed: 1)
        // Points stay inside the box while they circle, stroke included.
        let margin = Double(Self.wobble + Self.lineWidth / 2)
        let inside = margin...(Double(Self.box) - margin)
        for _ in 0..<BenchSceneCount.clamped(count, default: Self.count) {
            let x = rng.uniform(0...Double(BenchDesign.size.width - Self.box))
            let y = rng.uniform(0...Double(BenchDesign.size.height - Self.box))
            let color = BenchColor(seeded: &rng, alpha: 0.8...0.8)
            var base: [CGPoint] = [], phase: [Double] = []
            for _ in 0..<Self.pointsPerLine {
                base.append(CGPoint(x: rng.uniform(inside), y: rng.uniform(inside)))
                phase.append(rng.uniform(0...2 * .pi))
            }
            let line = CAShapeLayer()
            line.frame = CGRect(x: x, y: y, width: Double(Self.box), height: Double(Self.box))
            line.fillColor = nil
            line.strokeColor = color.cgColor
            line.lineWidth = Self.lineWidth
            line.lineCap = .round
            line.lineJoin = .round
            layer.addSublayer(line)
            lines.append((line, base, phase, color))
        }
        update(at: 0)
    }

    /// The points of polyline `i` at time `t`, in its box.
    private func points(_ i: Int, at t: CFTimeInterval) -> [CGPoint] {
        let line = lines[i]
        return (0..<Self.pointsPerLine).map { k in
            let angle = Self.speed * t + line.phase[k]
            return CGPoint(x: line.base[k].x + Self.wobble * cos(angle), y: line.base[k].y + Self.wobble * sin(angle))
        }
    }

    /// Every frame when animated (the paths follow time); never when frozen.
    public func nextUpdate(after t: CFTimeInterval) -> CFTimeInterval? { animated ? t : nil }

    public func update(at t: CFTimeInterval) {
        let time = animated ? t : 0
        withoutActions {
            for i in lines.indices {
                let path = CGMutablePath()
                path.addLines(between: points(i, at: time))
                lines[i].layer.path = path
            }
        }
    }

    public func primitives(at t: CFTimeInterval) -> [BenchPrimitive] {
        let time = animated ? t : 0
        return lines.indices.map { i in
            let origin = lines[i].layer.frame.origin
            return .polyline(points(i, at: time).map { CGPoint(x: $0.x + origin.x, y: $0.y + origin.y) },
                             lineWidth: Self.lineWidth, color: lines[i].color)
        }
    }
}
