import Foundation
import Quartzite
import QuartziteHost

/// Seed 003, the gradient progress ring and the shimmer bar, rebuilt from the tutorial's description.
///
/// The ring: a container of two vertical gradients (green to yellow on the left, red to yellow on the right)
/// and a yellow strip at the bottom, cut out by a stroked arc as its mask; strokeEnd runs 0 -> 1 in 2 s
/// (a basic animation with only fromValue, T3). The tutorial's two halves meet with a seam at the top (and
/// need the strip to hide the bottom one); the `conic` variant fills the container with one conic gradient
/// instead, which has no seam at the bottom.
///
/// The ring's percentage is a `CATextLayer` in its middle, following the presented strokeEnd each frame.
///
/// The bar: a horizontal gradient whose locations run from [-1 ... 1] to [0 ... 2] every 2 s (the shimmer),
/// under a rectangular mask that grows from the left edge over 5 s.
@MainActor
public class GradientRingDemo: Demo {
    public class var name: String { "gradient-ring" }
    public class var summary: String { "seed 003: a gradient ring revealed by an animated stroke mask, and a shimmering bar" }
    public static let preferredSize = CGSize(width: 400, height: 460)
    /// Whether the ring uses one conic gradient instead of the tutorial's two halves.
    class var usesConicGradient: Bool { false }

    public let rootLayer = CALayer()
    public let timeline = DemoTimeline()
    let container = CALayer()
    let ringMask = CAShapeLayer()
    let bar = CAGradientLayer()
    let barMask = CALayer()
    /// The ring's progress as a percentage, in its middle.
    let percentage = CATextLayer()
    /// The demo time the ring's stroke animation ends, once started; nil after the label has shown its end.
    private var progressEnds: CFTimeInterval?
    static let progressDuration: CFTimeInterval = 2

    static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    static let yellow = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let cyan = CGColor(red: 0, green: 1, blue: 1, alpha: 1)

    /// Every frame while the ring fills (the percentage follows it); then only its animations move it.
    public func nextUpdate(after t: CFTimeInterval) -> CFTimeInterval? { progressEnds == nil ? nil : t }

    /// The percentage follows the ring's presented strokeEnd; a string seen before is not laid out again.
    public func update(at t: CFTimeInterval) {
        guard let end = progressEnds else { return }
        let shown = t >= end ? ringMask.strokeEnd : ringMask.presentation()?.strokeEnd ?? ringMask.strokeEnd
        setPercentage(shown)
        if t >= end { progressEnds = nil }
    }

    private func setPercentage(_ fraction: CGFloat) {
        // Whole percents shown, rounded down so 100 % means done; the nudge absorbs a presented value such as
        // 0.2499999 for a quarter.
        let text = "\(Int((min(max(fraction, 0), 1) * 100 + 1e-6).rounded(.down)))%"
        guard percentage.string as? String != text else { return }
        withoutActions { percentage.string = text }
    }

    public required init(size: CGSize) {
        rootLayer.frame = CGRect(origin: .zero, size: size)
        rootLayer.backgroundColor = .white
        buildRing()
        buildBar()
        buildPercentage()
        // The tutorial starts the ring on a tap; the scripted run taps at t = 0.
        timeline.at(0) { [unowned self] in self.startAnimations() }
    }

    private func buildRing() {
        container.frame = CGRect(x: 40, y: 20, width: 320, height: 320)
        rootLayer.addSublayer(container)
        if Self.usesConicGradient {
            let conic = CAGradientLayer()
            conic.frame = container.bounds
            conic.type = .conic
            conic.startPoint = CGPoint(x: 0.5, y: 0.5)
            conic.endPoint = CGPoint(x: 0.5, y: 0)
            conic.colors = [Self.red, Self.yellow, Self.green]
            container.addSublayer(conic)
        } else {
            for (frame, top) in [(CGRect(x: 0, y: 0, width: 160, height: 300), Self.green),
                                 (CGRect(x: 160, y: 0, width: 160, height: 300), Self.red)] {
                let half = CAGradientLayer()
                half.frame = frame
                half.colors = [top, Self.yellow]
                half.startPoint = CGPoint(x: 0, y: 0)
                half.endPoint = CGPoint(x: 0, y: 1)
                container.addSublayer(half)
            }
            let strip = CALayer()
            strip.frame = CGRect(x: 0, y: 300, width: 320, height: 20)
            strip.backgroundColor = Self.yellow
            container.addSublayer(strip)
        }
        ringMask.frame = container.bounds
        ringMask.path = UIBezierPath(arcCenter: CGPoint(x: 160, y: 160), radius: 150, startAngle: -.pi / 2,
                                     endAngle: 3 * .pi / 2, clockwise: true).cgPath
        ringMask.lineWidth = 20
        ringMask.strokeColor = CGColor.black
        ringMask.fillColor = nil
        container.mask = ringMask
    }

    private func buildBar() {
        bar.frame = CGRect(x: 50, y: 400, width: 300, height: 20)
        bar.colors = [Self.cyan, Self.yellow, Self.cyan, Self.yellow, Self.cyan]
        bar.startPoint = CGPoint(x: 0, y: 0)
        bar.endPoint = CGPoint(x: 1, y: 0)
        bar.locations = [-1, -0.5, 0, 0.5, 1]
        barMask.frame = bar.bounds
        barMask.backgroundColor = Self.red
        bar.mask = barMask
        rootLayer.addSublayer(bar)
    }

    /// The percentage, centred in the ring (one line of 56-point text is about 66 points tall). It lies
    /// outside the masked container, so the ring's mask does not cut it.
    private func buildPercentage() {
        percentage.frame = CGRect(x: container.frame.midX - 110, y: container.frame.midY - 33, width: 220, height: 66)
        percentage.font = "DejaVu Sans-Bold" as CFTypeRef
        percentage.fontSize = 56
        percentage.alignmentMode = .center
        percentage.foregroundColor = CGColor(red: 0.2, green: 0.2, blue: 0.2, alpha: 1)
        percentage.string = "100%"   // before the tap the ring is complete
        rootLayer.addSublayer(percentage)
    }

    private func startAnimations() {
        let stroke = CABasicAnimation(keyPath: "strokeEnd")
        stroke.fromValue = 0
        stroke.duration = Self.progressDuration
        stroke.timingFunction = CAMediaTimingFunction(name: .linear)
        ringMask.add(stroke, forKey: "progress")
        // The script taps at t = 0, so the fill ends at its duration.
        progressEnds = Self.progressDuration
        setPercentage(0)

        let shimmer = CABasicAnimation(keyPath: "locations")
        shimmer.toValue = [0, 0.5, 1, 1.5, 2]
        shimmer.duration = 2
        shimmer.repeatCount = .infinity
        bar.add(shimmer, forKey: "shimmer")

        // The mask grows from the left edge: bounds and position both run to their model values (T3); the
        // tutorial's position fromValue (20, 10) made the left edge drift, so it starts at (0, 10) here.
        let grow = CABasicAnimation(keyPath: "bounds")
        grow.fromValue = CGRect(x: 0, y: 0, width: 0, height: 20)
        grow.duration = 5
        let slide = CABasicAnimation(keyPath: "position")
        slide.fromValue = CGPoint(x: 0, y: 10)
        slide.duration = 5
        barMask.add(grow, forKey: "grow")
        barMask.add(slide, forKey: "slide")
    }
}

/// Seed 003 with one conic gradient around the ring instead of two halves: no seam at the bottom.
@MainActor
public final class ConicGradientRingDemo: GradientRingDemo {
    public override class var name: String { "gradient-ring-conic" }
    public override class var summary: String { "seed 003 with a conic gradient: the same ring with no seam at the bottom" }
    override class var usesConicGradient: Bool { true }
}
