import Foundation
import Quartzite
import QuartziteHost

/// `CAReplicatorLayer` as activity indicators are built with it: each loader is one small layer with one
/// animation, copied by a replicator that turns, moves, delays and tints every copy.
///
/// Six classic loaders in a 3 x 2 grid: a ring of dots fading in turn, bars scaling like an equaliser,
/// pulsing rings, a spinner of bars shaded by `instanceAlphaOffset` while the replicator itself turns, three
/// bouncing dots, and a 3 x 3 grid from two nested replicators pulsing in a diagonal wave, coloured by
/// `instanceRedOffset` and `instanceBlueOffset`. Each is named at the foot of its cell.
@MainActor
public final class LoadersDemo: Demo {
    public static let name = "loaders"
    public static let summary = "CAReplicatorLayer: six activity indicators, each one layer and one animation copied"
    public static let preferredSize = CGSize(width: 600, height: 400)

    public let rootLayer = CALayer()
    public let timeline = DemoTimeline()
    /// The loaders' replicators, in grid order (the grid's outer replicator for the last).
    private(set) var replicators: [CAReplicatorLayer] = []

    /// The accent the loaders are drawn in.
    static let accent = CGColor(red: 0.36, green: 0.78, blue: 0.98, alpha: 1)
    /// Dot ring: copies, period.
    static let ringDots = 12, ringPeriod: CFTimeInterval = 1.2
    /// Each loader's cell.
    static let cell = CGSize(width: 200, height: 200)

    public required init(size: CGSize) {
        rootLayer.frame = CGRect(origin: .zero, size: size)
        rootLayer.backgroundColor = CGColor(red: 0.09, green: 0.10, blue: 0.13, alpha: 1)
        let builders: [() -> CAReplicatorLayer] = [dotRing, equaliser, pulsingRings, spinner, bouncingDots, wavingGrid]
        let scale = min(size.width / 600, size.height / 400)
        for (index, build) in builders.enumerated() {
            let replicator = build()
            let column = CGFloat(index % 3), row = CGFloat(index / 3)
            replicator.position = CGPoint(x: (column + 0.5) * Self.cell.width * scale, y: (row + 0.5) * Self.cell.height * scale)
            replicator.transform = CATransform3DConcat(replicator.transform, CATransform3DMakeScale(scale, scale, 1))
            rootLayer.addSublayer(replicator)
            replicators.append(replicator)
            rootLayer.addSublayer(Self.caption(Self.names[index], cell: CGRect(
                x: column * Self.cell.width * scale, y: row * Self.cell.height * scale,
                width: Self.cell.width * scale, height: Self.cell.height * scale), scale: scale))
        }
    }

    /// The loaders' names, in grid order.
    static let names = ["dot ring", "equaliser", "pulsing rings", "spinner", "bouncing dots", "waving grid"]

    /// A loader's name at the foot of its cell, in grey 13-point text (scaled with the grid).
    private static func caption(_ name: String, cell: CGRect, scale: CGFloat) -> CATextLayer {
        let label = CATextLayer()
        label.frame = CGRect(x: cell.minX, y: cell.maxY - 28 * scale, width: cell.width, height: 20 * scale)
        label.string = name
        label.fontSize = 13 * scale
        label.alignmentMode = .center
        label.foregroundColor = CGColor(red: 0.55, green: 0.58, blue: 0.65, alpha: 1)
        return label
    }

    public func nextUpdate(after t: CFTimeInterval) -> CFTimeInterval? { nil }

    /// A replicator of `count` copies in a square of `side` points, its anchor at the centre.
    private func replicator(count: Int, side: CGFloat = 100) -> CAReplicatorLayer {
        let replicator = CAReplicatorLayer()
        replicator.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        replicator.instanceCount = count
        return replicator
    }

    /// A round dot of `diameter` centred at `centre`.
    private func dot(_ diameter: CGFloat, at centre: CGPoint) -> CALayer {
        let dot = CALayer()
        dot.bounds = CGRect(x: 0, y: 0, width: diameter, height: diameter)
        dot.position = centre
        dot.cornerRadius = diameter / 2
        dot.backgroundColor = Self.accent
        return dot
    }

    private func forever(_ animation: CABasicAnimation, duration: CFTimeInterval) -> CABasicAnimation {
        animation.duration = duration
        animation.repeatCount = .infinity
        return animation
    }

    /// Twelve dots on a circle, each fading out in turn: one dot, one fade, copies turned by 30 degrees and
    /// delayed by a twelfth of the period.
    private func dotRing() -> CAReplicatorLayer {
        let ring = replicator(count: Self.ringDots)
        ring.instanceTransform = CATransform3DMakeRotation(2 * .pi / CGFloat(Self.ringDots), 0, 0, 1)
        ring.instanceDelay = Self.ringPeriod / Double(Self.ringDots)
        let first = dot(12, at: CGPoint(x: 50, y: 12))
        first.opacity = 0.15
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.15
        first.add(forever(fade, duration: Self.ringPeriod), forKey: "fade")
        ring.addSublayer(first)
        return ring
    }

    /// Five bars side by side, each growing and shrinking from its middle like an equaliser.
    private func equaliser() -> CAReplicatorLayer {
        let bars = replicator(count: 5)
        bars.instanceTransform = CATransform3DMakeTranslation(16, 0, 0)
        bars.instanceDelay = 0.12
        let bar = CALayer()
        bar.bounds = CGRect(x: 0, y: 0, width: 10, height: 56)
        bar.position = CGPoint(x: 18, y: 50)
        bar.cornerRadius = 5
        bar.backgroundColor = Self.accent
        let grow = CABasicAnimation(keyPath: "transform.scale.y")
        grow.fromValue = 0.3
        grow.toValue = 1
        grow.autoreverses = true
        grow.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        bar.transform = CATransform3DMakeScale(1, 0.3, 1)
        bar.add(forever(grow, duration: 0.45), forKey: "grow")
        bars.addSublayer(bar)
        return bars
    }

    /// Three rings growing from the centre and fading, a third of the period apart.
    private func pulsingRings() -> CAReplicatorLayer {
        let rings = replicator(count: 3)
        rings.instanceDelay = 0.6
        let ring = CAShapeLayer()
        ring.frame = rings.bounds
        ring.path = CGPath(ellipseIn: CGRect(x: 6, y: 6, width: 88, height: 88), transform: nil)
        ring.fillColor = nil
        ring.strokeColor = Self.accent
        ring.lineWidth = 4
        ring.opacity = 0
        let grow = CABasicAnimation(keyPath: "transform.scale")
        grow.fromValue = 0.05
        grow.toValue = 1
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        let pulse = CAAnimationGroup()
        pulse.animations = [grow, fade]
        pulse.duration = 1.8
        pulse.repeatCount = .infinity
        ring.add(pulse, forKey: "pulse")
        rings.addSublayer(ring)
        return rings
    }

    /// Eight bars around a centre, each a little fainter than the last (`instanceAlphaOffset`), while the
    /// whole replicator turns a step at a time.
    private func spinner() -> CAReplicatorLayer {
        let count = 8
        let spinner = replicator(count: count)
        spinner.instanceTransform = CATransform3DMakeRotation(2 * .pi / CGFloat(count), 0, 0, 1)
        spinner.instanceAlphaOffset = -1 / Float(count)
        let bar = CALayer()
        bar.bounds = CGRect(x: 0, y: 0, width: 9, height: 26)
        bar.position = CGPoint(x: 50, y: 22)
        bar.cornerRadius = 4.5
        bar.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        spinner.addSublayer(bar)
        let turn = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        turn.values = (0...count).map { -2 * Double.pi * Double($0) / Double(count) }
        turn.calculationMode = .discrete
        turn.duration = 0.8
        turn.repeatCount = .infinity
        spinner.add(turn, forKey: "turn")
        return spinner
    }

    /// Three dots in a row, each hopping up and down in turn.
    private func bouncingDots() -> CAReplicatorLayer {
        let dots = replicator(count: 3)
        dots.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
        dots.instanceDelay = 0.15
        let first = dot(18, at: CGPoint(x: 20, y: 60))
        let hop = CAKeyframeAnimation(keyPath: "transform.translation.y")
        hop.values = [0, -28, 0, 0]
        hop.keyTimes = [0, 0.3, 0.6, 1]
        hop.timingFunctions = [CAMediaTimingFunction(name: .easeOut), CAMediaTimingFunction(name: .easeIn),
                               CAMediaTimingFunction(name: .linear)]
        hop.duration = 1
        hop.repeatCount = .infinity
        first.add(hop, forKey: "hop")
        dots.addSublayer(first)
        return dots
    }

    /// Three rows of three squares from two replicators: rows delayed 0.1 s and redder to bluer down, columns
    /// delayed 0.1 s across, so the squares pulse in a diagonal wave.
    private func wavingGrid() -> CAReplicatorLayer {
        let rows = replicator(count: 3)
        rows.instanceTransform = CATransform3DMakeTranslation(0, 30, 0)
        rows.instanceDelay = 0.1
        rows.instanceColor = CGColor(red: 1, green: 0.55, blue: 0.35, alpha: 1)
        rows.instanceRedOffset = -0.3
        rows.instanceBlueOffset = 0.3
        let columns = replicator(count: 3)
        columns.position = CGPoint(x: 50, y: 50)
        columns.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
        columns.instanceDelay = 0.1
        let square = CALayer()
        square.frame = CGRect(x: 22, y: 22, width: 24, height: 24)
        square.cornerRadius = 4
        square.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let pulse = CABasicAnimation(keyPath: "transform.scale")
        pulse.fromValue = 1
        pulse.toValue = 0.2
        pulse.autoreverses = true
        pulse.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        square.add(forever(pulse, duration: 0.6), forKey: "pulse")
        columns.addSublayer(square)
        rows.addSublayer(columns)
        return rows
    }
}
