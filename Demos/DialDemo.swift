import Foundation
import Quartzite
import QuartziteHost

/// A custom-drawn dial, as iOS code draws gauges: a `CALayer` subclass whose `draw(in:)` paints a track, a
/// filled arc, ticks and a needle with `CGContext`, for a custom property `value` that its class says needs
/// display. An animation of `value` (swinging from 0.1 to 0.9 and back, eased, forever) redraws the dial
/// every frame from its presentation copy, at the display's scale (`UIScreen.main.scale`); a `CATextLayer`
/// below the needle shows the reading as a percentage, set each frame from the presentation value (a string
/// seen before is not laid out again).
@MainActor
public final class DialDemo: Demo {
    public static let name = "dial"
    public static let summary = "draw(in:) with CGContext: a gauge whose custom `value` animates and redraws each frame"
    public static let preferredSize = CGSize(width: 400, height: 300)

    public let rootLayer = CALayer()
    public let timeline = DemoTimeline()
    let dial = DialLayer()
    let reading = CATextLayer()

    /// The swing's ends and its period one way.
    static let low: CGFloat = 0.1, high: CGFloat = 0.9, swing: CFTimeInterval = 1.6

    public required init(size: CGSize) {
        rootLayer.frame = CGRect(origin: .zero, size: size)
        rootLayer.backgroundColor = CGColor(red: 0.09, green: 0.10, blue: 0.13, alpha: 1)
        let side = min(size.width, size.height) * 0.8
        dial.frame = CGRect(x: (size.width - side) / 2, y: (size.height - side) / 2, width: side, height: side)
        // As iOS code does, the backing store at the display's density.
        dial.contentsScale = UIScreen.main.scale
        dial.value = Self.low
        dial.setNeedsDisplay()
        rootLayer.addSublayer(dial)
        reading.frame = CGRect(x: dial.frame.minX, y: dial.frame.midY + side * 0.16, width: side, height: side * 0.16)
        reading.fontSize = side * 0.11
        reading.alignmentMode = .center
        reading.foregroundColor = CGColor(red: 0.9, green: 0.92, blue: 0.96, alpha: 1)
        reading.string = Self.percent(Self.low)
        rootLayer.addSublayer(reading)
        let swing = CABasicAnimation(keyPath: "value")
        swing.fromValue = Self.low
        swing.toValue = Self.high
        swing.duration = Self.swing
        swing.autoreverses = true
        swing.repeatCount = .infinity
        swing.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        dial.add(swing, forKey: "swing")
    }

    /// The reading follows the needle: the dial's presented value, as a whole percentage.
    public func update(at t: CFTimeInterval) {
        let value = dial.presentation()?.value ?? dial.value
        let text = Self.percent(value)
        guard reading.string as? String != text else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        reading.string = text
        CATransaction.commit()
    }

    /// `value` (0...1) as a whole percentage.
    static func percent(_ value: CGFloat) -> String { "\(Int((min(max(value, 0), 1) * 100).rounded()))%" }
}

/// The gauge: 270 degrees of track from the lower left round to the lower right, the part up to `value`
/// (0...1) filled, eleven ticks, and a needle pointing at `value`.
final class DialLayer: CALayer {
    /// Where the dial starts and how far it sweeps (radians; y down, so clockwise on screen).
    static let start = CGFloat.pi * 0.75, sweep = CGFloat.pi * 1.5
    static let track = CGColor(red: 0.22, green: 0.24, blue: 0.30, alpha: 1)
    static let fill = CGColor(red: 0.36, green: 0.78, blue: 0.98, alpha: 1)
    static let needle = CGColor(red: 1, green: 0.55, blue: 0.35, alpha: 1)

    override class func needsDisplay(forKey key: String) -> Bool { key == "value" || super.needsDisplay(forKey: key) }

    /// The reading, 0...1 (a custom key: animatable, and drawn by `draw(in:)`).
    var value: CGFloat {
        get { value(forKey: "value") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "value") }
    }

    /// The angle of `fraction` of the way round the dial.
    static func angle(_ fraction: CGFloat) -> CGFloat { start + sweep * min(max(fraction, 0), 1) }

    override func draw(in ctx: CGContext) {
        let centre = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = min(bounds.width, bounds.height) * 0.4
        let width = radius * 0.16
        ctx.setLineCap(.round)
        ctx.setLineWidth(width)
        arc(ctx, centre, radius, to: 1, color: Self.track)
        arc(ctx, centre, radius, to: value, color: Self.fill)
        drawTicks(ctx, centre, radius: radius - width * 1.4)
        drawNeedle(ctx, centre, length: radius * 0.78)
    }

    private func arc(_ ctx: CGContext, _ centre: CGPoint, _ radius: CGFloat, to fraction: CGFloat, color: CGColor) {
        guard fraction > 0 else { return }
        // In the layer's flipped context (y down) increasing angles turn clockwise on screen: clockwise false.
        ctx.addArc(center: centre, radius: radius, startAngle: Self.start, endAngle: Self.angle(fraction), clockwise: false)
        ctx.setStrokeColor(color)
        ctx.strokePath()
    }

    private func drawTicks(_ ctx: CGContext, _ centre: CGPoint, radius: CGFloat) {
        ctx.setLineWidth(2)
        ctx.setStrokeColor(CGColor(red: 0.55, green: 0.58, blue: 0.65, alpha: 1))
        for i in 0...10 {
            let a = Self.angle(CGFloat(i) / 10)
            let inner = radius * (i % 5 == 0 ? 0.82 : 0.9)
            ctx.move(to: CGPoint(x: centre.x + inner * cos(a), y: centre.y + inner * sin(a)))
            ctx.addLine(to: CGPoint(x: centre.x + radius * cos(a), y: centre.y + radius * sin(a)))
        }
        ctx.strokePath()
    }

    private func drawNeedle(_ ctx: CGContext, _ centre: CGPoint, length: CGFloat) {
        let a = Self.angle(value)
        ctx.setStrokeColor(Self.needle)
        ctx.setLineWidth(5)
        ctx.move(to: centre)
        ctx.addLine(to: CGPoint(x: centre.x + length * cos(a), y: centre.y + length * sin(a)))
        ctx.strokePath()
        ctx.setFillColor(Self.needle)
        ctx.fillEllipse(in: CGRect(x: centre.x - 9, y: centre.y - 9, width: 18, height: 18))
    }
}
