import Foundation
import Quartzite
import QuartziteHost

/// Seed 000, the circular image loader: a red ring fills clockwise from the top while a (simulated) download
/// progresses ("Loading 45%" under it), then grows into a circular window that reveals the picture. Rebuilt
/// from the tutorial's description with Quartzite's API.
///
/// Timeline (fixed so captures are comparable): progress += 0.05 every 0.1 s, each change implicitly
/// animated (0.25 s); at t = 2 the reveal starts (1 s, ease-in-ease-out); from t = 3 the whole picture shows.
@MainActor
public final class CircularLoaderDemo: Demo, @preconcurrency CAAnimationDelegate {
    public static let name = "circular-loader"
    public static let summary = "seed 000: a ring tracks download progress, then expands to reveal the image"
    public static let preferredSize = CGSize(width: 320, height: 320)

    /// The ring's radius and width while loading.
    static let circleRadius: CGFloat = 20
    static let loadingLineWidth: CGFloat = 2
    /// Progress step, its period, and when the reveal starts.
    static let progressStep: CGFloat = 0.05
    static let tickInterval: CFTimeInterval = 0.1
    static let revealTime: CFTimeInterval = 2
    static let revealDuration: CFTimeInterval = 1

    public let rootLayer = CALayer()
    public let timeline = DemoTimeline()
    /// The picture (the tutorial's image view).
    let imageLayer = CALayer()
    /// The white cover with the ring (the tutorial's loader view).
    let coverLayer = CALayer()
    /// The progress ring, later the picture's mask.
    let ringLayer = CAShapeLayer()
    /// The download's progress in words, under the ring on the cover.
    let status = CATextLayer()
    private(set) var progress: CGFloat = 0

    /// Nothing changes per frame: its animations and its timeline say when it moves.
    public func nextUpdate(after t: CFTimeInterval) -> CFTimeInterval? { nil }

    public init(size: CGSize) {
        rootLayer.frame = CGRect(origin: .zero, size: size)
        rootLayer.backgroundColor = UIColor.white.cgColor

        imageLayer.frame = rootLayer.bounds
        imageLayer.contents = DemoImages.landscape
        imageLayer.contentsGravity = .resizeAspectFill
        imageLayer.masksToBounds = true
        rootLayer.addSublayer(imageLayer)

        coverLayer.frame = imageLayer.bounds
        coverLayer.backgroundColor = UIColor.white.cgColor
        imageLayer.addSublayer(coverLayer)

        ringLayer.frame = coverLayer.bounds
        ringLayer.lineWidth = Self.loadingLineWidth
        ringLayer.fillColor = UIColor.clear.cgColor
        ringLayer.strokeColor = UIColor.red.cgColor
        ringLayer.lineCap = .round
        ringLayer.path = ringPath(radius: Self.circleRadius)
        ringLayer.strokeEnd = 0
        coverLayer.addSublayer(ringLayer)

        status.frame = CGRect(x: 0, y: rootLayer.bounds.midY + Self.circleRadius + 16, width: rootLayer.bounds.width, height: 20)
        status.fontSize = 14
        status.alignmentMode = .center
        status.foregroundColor = CGColor(red: 0.4, green: 0.4, blue: 0.4, alpha: 1)
        status.string = Self.statusText(0)
        coverLayer.addSublayer(status)

        timeline.every(Self.tickInterval, from: Self.tickInterval, through: Self.revealTime) { [unowned self] t in
            // The n-th tick reports n x 5 %; counting ticks avoids summing 0.05 twenty times.
            let ticks = (t / Self.tickInterval).rounded()
            self.setProgress(CGFloat(ticks) * Self.progressStep)
        }
        timeline.at(Self.revealTime) { [unowned self] in self.reveal() }
    }

    /// The ring: a full circle starting at 12 o'clock and running clockwise on screen, so strokeEnd = 0.5 is
    /// the right half. Every radius gives the same element structure, so the path can animate.
    private func ringPath(radius: CGFloat) -> CGPath {
        let b = rootLayer.bounds
        return UIBezierPath(arcCenter: CGPoint(x: b.midX, y: b.midY), radius: radius,
                            startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true).cgPath
    }

    /// Sets the progress; the ring's strokeEnd follows with Core Animation's implicit animation.
    func setProgress(_ value: CGFloat) {
        progress = min(max(value, 0), 1)
        ringLayer.strokeEnd = progress
        status.string = Self.statusText(progress)
    }

    /// The words under the ring for `progress`.
    static func statusText(_ progress: CGFloat) -> String { "Loading \(Int((progress * 100).rounded()))%" }

    /// The reveal: the cover goes clear, the ring becomes the picture's mask, and its path and line width grow
    /// together until the stroke covers the whole canvas.
    func reveal() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        coverLayer.backgroundColor = UIColor.clear.cgColor
        status.isHidden = true
        ringLayer.removeAnimation(forKey: "strokeEnd")
        ringLayer.strokeEnd = 1
        ringLayer.removeFromSuperlayer()
        imageLayer.mask = ringLayer
        CATransaction.commit()

        let b = rootLayer.bounds
        // The distance from the centre to a corner: a stroke of twice that width around a circle of that
        // radius covers the whole canvas.
        let finalRadius = (b.midX * b.midX + b.midY * b.midY).squareRoot()
        let fromPath = ringLayer.path
        let toPath = ringPath(radius: finalRadius)
        let fromLineWidth = ringLayer.lineWidth

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        ringLayer.lineWidth = 2 * finalRadius
        ringLayer.path = toPath
        CATransaction.commit()

        let lineWidthAnimation = CABasicAnimation(keyPath: "lineWidth")
        lineWidthAnimation.fromValue = fromLineWidth
        lineWidthAnimation.toValue = 2 * finalRadius
        let pathAnimation = CABasicAnimation(keyPath: "path")
        pathAnimation.fromValue = fromPath
        pathAnimation.toValue = toPath

        let group = CAAnimationGroup()
        group.duration = Self.revealDuration
        group.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        group.animations = [pathAnimation, lineWidthAnimation]
        group.delegate = self
        ringLayer.add(group, forKey: "strokeWidth")
    }

    /// When the reveal ends the mask goes: the whole picture shows.
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        imageLayer.mask = nil
    }
}
