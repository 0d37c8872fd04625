import Foundation
import Quartzite
import QuartziteHost

/// Per-frame motion with `CADisplayLink`, as iOS code writes it when a value follows a formula of time
/// rather than a `CAAnimation`: two balls bounce between the canvas's sides at 200 points a second, placed
/// from their links' timestamps. The top one's link is called every frame; the bottom one's asks for 15
/// frames a second (`preferredFramesPerSecond`), so on a 60 Hz display it moves every fourth frame, in
/// visible steps. The script pauses both links at 4 s, after which the window sleeps; a tap pauses or resumes
/// them.
@MainActor
public final class DisplayLinkDemo: Demo {
    public static let name = "display-link"
    public static let summary = "balls placed each frame by CADisplayLink timestamps, one every frame, one at 15 fps; paused at 4 s, tap toggles"
    public static let preferredSize = CGSize(width: 320, height: 200)

    public let rootLayer = CALayer()
    public let timeline = DemoTimeline()
    /// The ball moved every frame, and the one moved at 15 frames a second.
    let smooth = CAShapeLayer()
    let stepped = CAShapeLayer()
    /// Their links, in that order.
    private(set) var links: [CADisplayLink] = []

    nonisolated static let diameter: CGFloat = 40
    nonisolated static let margin: CGFloat = 20
    nonisolated static let speed: CGFloat = 200
    static let steppedRate = 15
    static let blue = CGColor(red: 52 / 255, green: 120 / 255, blue: 246 / 255, alpha: 1)
    static let orange = CGColor(red: 1, green: 149 / 255, blue: 0, alpha: 1)

    public required init(size: CGSize) {
        rootLayer.frame = CGRect(origin: .zero, size: size)
        rootLayer.backgroundColor = .white
        let start = CACurrentMediaTime()
        for (ball, colour, row, rate) in [(smooth, Self.blue, 0.3, 0), (stepped, Self.orange, 0.7, Self.steppedRate)] {
            ball.bounds = CGRect(x: 0, y: 0, width: Self.diameter, height: Self.diameter)
            ball.path = CGPath(ellipseIn: ball.bounds, transform: nil)
            ball.fillColor = colour
            ball.position = CGPoint(x: Self.centreX(at: 0, width: size.width), y: size.height * row)
            rootLayer.addSublayer(ball)
            let link = CADisplayLink { link in
                // Follow the clock: no implicit animation of the position.
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                ball.position.x = Self.centreX(at: link.timestamp - start, width: size.width)
                CATransaction.commit()
            }
            link.preferredFramesPerSecond = rate
            link.add(to: .main, forMode: .common)
            links.append(link)
        }
        timeline.at(4) { [unowned self] in self.setPaused(true) }
    }

    isolated deinit {
        for link in links { link.invalidate() }
    }

    /// The centre x of a ball `t` seconds after the start: moving right from the left margin at `speed`,
    /// turning at each side (a triangle wave of period 2 · travel / speed).
    nonisolated static func centreX(at t: CFTimeInterval, width: CGFloat) -> CGFloat {
        let travel = max(width - diameter - 2 * margin, 1)
        let distance = (speed * CGFloat(max(t, 0))).truncatingRemainder(dividingBy: 2 * travel)
        return margin + diameter / 2 + (distance <= travel ? distance : 2 * travel - distance)
    }

    /// Pauses or resumes both links.
    func setPaused(_ paused: Bool) {
        for link in links { link.isPaused = paused }
    }

    public func handlePointer(_ event: PointerEvent) {
        guard event.phase == .down, let first = links.first else { return }
        setPaused(!first.isPaused)
    }

    /// Only the links move it (the frame loop wakes for them).
    public func nextUpdate(after t: CFTimeInterval) -> CFTimeInterval? { nil }
}
