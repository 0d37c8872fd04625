import Foundation
import Quartzite
import QuartziteHost

/// A travelling sine wave drawn by `CADisplayLink`, as iOS code draws a value that is a formula of time: each
/// display frame the link rebuilds a shape layer's path, y = centre + amplitude · sin(k x − ω t), from the
/// link's timestamp, so the wave moves right at ω / k points a second. A tap pauses or resumes the link.
@MainActor
public final class SineWaveDemo: Demo {
    public static let name = "sine-wave"
    public static let summary = "CADisplayLink: a sine wave whose path is rebuilt each frame from the link's timestamp; tap pauses"
    public static let preferredSize = CGSize(width: 360, height: 200)

    public let rootLayer = CALayer()
    public let timeline = DemoTimeline()
    /// The wave's stroke.
    let wave = CAShapeLayer()
    private var link: CADisplayLink?

    nonisolated static let amplitude: CGFloat = 50
    /// Wave number: one wavelength every 120 points.
    nonisolated static let waveNumber: CGFloat = 2 * .pi / 120
    /// Angular frequency: one period a second, so the wave moves 120 points a second.
    nonisolated static let angularFrequency: CGFloat = 2 * .pi
    nonisolated static let lineWidth: CGFloat = 6

    public required init(size: CGSize) {
        rootLayer.frame = CGRect(origin: .zero, size: size)
        rootLayer.backgroundColor = CGColor(red: 0.06, green: 0.09, blue: 0.16, alpha: 1)
        wave.frame = rootLayer.bounds
        wave.fillColor = nil
        wave.strokeColor = CGColor(red: 0.35, green: 0.85, blue: 0.95, alpha: 1)
        wave.lineWidth = Self.lineWidth
        wave.lineCap = .round
        wave.lineJoin = .round
        wave.path = Self.path(at: 0, size: size)
        rootLayer.addSublayer(wave)
        let start = CACurrentMediaTime()
        let link = CADisplayLink { [wave] link in
            // Follow the clock: the path is set, not animated.
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            wave.path = Self.path(at: link.timestamp - start, size: size)
            CATransaction.commit()
        }
        link.add(to: .main, forMode: .common)
        self.link = link
    }

    isolated deinit {
        link?.invalidate()
    }

    /// The wave's height at `x`, `t` seconds after the start.
    nonisolated static func y(at x: CGFloat, time t: CFTimeInterval, height: CGFloat) -> CGFloat {
        height / 2 + amplitude * sin(waveNumber * x - angularFrequency * CGFloat(t))
    }

    /// The wave across the canvas at `t`, a point every 4 points of x.
    nonisolated static func path(at t: CFTimeInterval, size: CGSize) -> CGPath {
        let path = CGMutablePath()
        let steps = max(Int((size.width / 4).rounded(.up)), 1)
        for i in 0...steps {
            let x = size.width * CGFloat(i) / CGFloat(steps)
            let point = CGPoint(x: x, y: y(at: x, time: t, height: size.height))
            if i == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        return path
    }

    public func handlePointer(_ event: PointerEvent) {
        guard event.phase == .down, let link else { return }
        link.isPaused.toggle()
    }

    /// Only the link moves it (the frame loop wakes for it).
    public func nextUpdate(after t: CFTimeInterval) -> CFTimeInterval? { nil }
}
