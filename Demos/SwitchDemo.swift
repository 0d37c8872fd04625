import Foundation
import Quartzite
import QuartziteHost

/// Seed 004, the percent-driven switch: three layers whose animations are
/// paused (speed 0) and scrubbed by setting timeOffset = progress x 1 s on each, so one number drives the
/// stroke and fill colours, the white capsule's collapse (a path keyframe) and the thumb's slide.
///
/// Its style's name ("Native") stands above it and the progress driving it below it, in `CATextLayer`s.
/// The switch is 60 x 35 points, drawn 4x larger in a container (a uniform scale, so its hairline stroke and
/// its thumb's soft shadow scale too). Drag the thumb (progress = x / 60, snapping to 0 or 1 on release) or
/// tap to toggle; snaps and toggles animate progress over 0.3 s on (.25, .1, .25, 1). Without input the script
/// toggles on at 0.5 s, off at 2 s, drags to 0.7 from 3.5 s and releases at 4.5 s (snaps on), off at 6 s.
@MainActor
public final class SwitchDemo: Demo {
    public static let name = "switch"
    public static let summary = "seed 004: a switch scrubbed by progress (speed 0, timeOffset) with a soft-shadowed thumb"
    public static let preferredSize = CGSize(width: 320, height: 200)
    /// How much larger than its 60 x 35 points the switch is drawn.
    static let magnification: CGFloat = 4

    public let rootLayer = CALayer()
    public let timeline = DemoTimeline()
    /// The switch in its own 60 x 35 point space (the seed's coordinates).
    let container = CALayer()
    let strokeBackground = CAShapeLayer()
    let background = CAShapeLayer()
    let thumb = CAShapeLayer()
    /// The switch's name above it and its progress below it.
    let title = CATextLayer()
    let readout = CATextLayer()

    static let silver = CGColor(red: 230 / 255, green: 230 / 255, blue: 230 / 255, alpha: 1)
    static let green = CGColor(red: 111 / 255, green: 216 / 255, blue: 100 / 255, alpha: 1)

    /// Progress now (0 off ... 1 on), and a running snap: from, to, start time.
    private(set) var progress: CGFloat = 0
    private var snap: (from: CGFloat, to: CGFloat, start: CFTimeInterval)?
    private var now: CFTimeInterval = 0
    private var drag: (startX: CGFloat, moved: Bool)?
    private static let snapCurve = CAMediaTimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)

    public required init(size: CGSize) {
        rootLayer.frame = CGRect(origin: .zero, size: size)
        rootLayer.backgroundColor = .white
        container.bounds = CGRect(x: 0, y: 0, width: 60, height: 35)
        container.position = CGPoint(x: size.width / 2, y: size.height / 2)
        container.transform = CATransform3DMakeScale(Self.magnification, Self.magnification, 1)
        rootLayer.addSublayer(container)
        build()
        buildLabels(size: size)
        // Commit now: an animation is stamped with its layer's time when its transaction commits, and a paused
        // layer's time is its timeOffset, so scrubbing before the commit would move the animations' start
        // with it (the seed's "first progress value only installs the animations").
        CATransaction.flush()
        scrub(to: 0)
        timeline.at(0.5) { [unowned self] in self.toggle(at: 0.5) }
        timeline.at(2.0) { [unowned self] in self.toggle(at: 2.0) }
        timeline.every(1.0 / 60, from: 3.5, through: 4.5) { [unowned self] t in
            self.snap = nil
            self.scrub(to: CGFloat(0.7 * (t - 3.5)))
        }
        timeline.at(4.5) { [unowned self] in self.release(at: 4.5) }
        timeline.at(6.0) { [unowned self] in self.toggle(at: 6.0) }
    }

    private func build() {
        strokeBackground.frame = container.bounds
        strokeBackground.path = Self.capsule(CGRect(x: 0, y: 0, width: 60, height: 35))
        strokeBackground.strokeColor = Self.silver
        strokeBackground.fillColor = Self.green
        strokeBackground.lineWidth = 2

        background.frame = container.bounds
        background.path = Self.capsule(CGRect(x: 1, y: 1, width: 58, height: 33))
        background.fillColor = .white

        thumb.bounds = .zero
        thumb.position = .zero
        thumb.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 35, height: 35), transform: nil)
        thumb.fillColor = .white
        thumb.strokeColor = Self.silver
        thumb.lineWidth = 0.5
        thumb.shadowColor = .black
        thumb.shadowOpacity = 0.2
        thumb.shadowRadius = 1
        thumb.shadowOffset = CGSize(width: 0, height: 1)

        for layer in [strokeBackground, background, thumb] {
            // Paused before the animations are added, so they are stamped at local time 0.
            layer.speed = 0
            container.addSublayer(layer)
        }
        let ease = CAMediaTimingFunction(name: .easeInEaseOut)
        func basic(_ keyPath: String, _ from: Any, _ to: Any) -> CABasicAnimation {
            let a = CABasicAnimation(keyPath: keyPath)
            a.fromValue = from
            a.toValue = to
            a.timingFunction = ease
            return a
        }
        let collapse = CAKeyframeAnimation(keyPath: "path")
        collapse.values = [Self.capsule(CGRect(x: 1, y: 1, width: 58, height: 33)),
                           Self.capsule(CGRect(x: 30, y: 17.5, width: 0, height: 0))]
        collapse.keyTimes = [0, 1]
        collapse.timingFunction = ease
        let groups: [(CALayer, [CAAnimation])] = [
            (strokeBackground, [basic("strokeColor", Self.silver, Self.green), basic("fillColor", CGColor.white, Self.green)]),
            (background, [collapse]),
            (thumb, [basic("position", CGPoint.zero, CGPoint(x: 25, y: 0))]),
        ]
        for (layer, children) in groups {
            let group = CAAnimationGroup()
            group.animations = children   // no child duration: the group's (T1)
            group.duration = 1
            group.isRemovedOnCompletion = false
            // Held at both ends, so progress 1 (local time = duration) still shows the end.
            group.fillMode = .both
            layer.add(group, forKey: "switch")
        }
    }

    /// The labels: the seed's style name above the switch, and the progress driving it below.
    private func buildLabels(size: CGSize) {
        let switchHeight = 35 * Self.magnification
        let gap = max((size.height - switchHeight) / 2, 0)
        for (label, y, colour) in [(title, gap / 2 - 10, CGColor(red: 0.2, green: 0.2, blue: 0.2, alpha: 1)),
                                   (readout, size.height - gap / 2 - 10, CGColor(red: 0.45, green: 0.45, blue: 0.45, alpha: 1))] {
            label.frame = CGRect(x: 0, y: y, width: size.width, height: 20)
            label.fontSize = 15
            label.alignmentMode = .center
            label.foregroundColor = colour
            rootLayer.addSublayer(label)
        }
        title.font = "DejaVu Sans-Bold" as CFTypeRef
        title.string = "Native"
        readout.string = Self.readoutText(0)
    }

    /// The readout for progress `p`: a whole percentage.
    static func readoutText(_ p: CGFloat) -> String { "progress \(Int((p * 100).rounded()))%" }

    /// A capsule with the same elements for every rect, even an empty one, so capsules morph point by point:
    /// four lines and four quarter arcs (cubics), radius half the shorter side.
    static func capsule(_ r: CGRect) -> CGPath {
        let radius = min(r.width, r.height) / 2
        let k = radius * 0.5522847498   // cubic control distance of a quarter circle
        let p = CGMutablePath()
        p.move(to: CGPoint(x: r.minX + radius, y: r.minY))
        p.addLine(to: CGPoint(x: r.maxX - radius, y: r.minY))
        p.addCurve(to: CGPoint(x: r.maxX, y: r.minY + radius), control1: CGPoint(x: r.maxX - radius + k, y: r.minY),
                   control2: CGPoint(x: r.maxX, y: r.minY + radius - k))
        p.addLine(to: CGPoint(x: r.maxX, y: r.maxY - radius))
        p.addCurve(to: CGPoint(x: r.maxX - radius, y: r.maxY), control1: CGPoint(x: r.maxX, y: r.maxY - radius + k),
                   control2: CGPoint(x: r.maxX - radius + k, y: r.maxY))
        p.addLine(to: CGPoint(x: r.minX + radius, y: r.maxY))
        p.addCurve(to: CGPoint(x: r.minX, y: r.maxY - radius), control1: CGPoint(x: r.minX + radius - k, y: r.maxY),
                   control2: CGPoint(x: r.minX, y: r.maxY - radius + k))
        p.addLine(to: CGPoint(x: r.minX, y: r.minY + radius))
        p.addCurve(to: CGPoint(x: r.minX + radius, y: r.minY), control1: CGPoint(x: r.minX, y: r.minY + radius - k),
                   control2: CGPoint(x: r.minX + radius - k, y: r.minY))
        p.closeSubpath()
        return p
    }

    /// Shows progress `p` (clamped to 0...1): every animated layer's time is p x 1 s.
    func scrub(to p: CGFloat) {
        progress = p.isFinite ? min(max(p, 0), 1) : 0
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for layer in [strokeBackground, background, thumb] { layer.timeOffset = Double(progress) }
        readout.string = Self.readoutText(progress)
        CATransaction.commit()
    }

    /// Animates progress to 1 if it is under one half, else to 0, starting at demo time `t`.
    func toggle(at t: CFTimeInterval) { snap = (progress, progress < 0.5 ? 1 : 0, t) }

    /// Ends a drag at demo time `t`: snaps to the nearer end.
    func release(at t: CFTimeInterval) { snap = (progress, progress >= 0.5 ? 1 : 0, t) }

    public func update(at t: CFTimeInterval) {
        now = t
        guard let s = snap else { return }
        let f = min(max((t - s.start) / 0.3, 0), 1)
        scrub(to: s.from + (s.to - s.from) * CGFloat(Self.snapCurve.evaluate(f)))
        if f >= 1 { snap = nil }
    }

    /// Every frame while a snap runs; otherwise only input or the timeline moves the switch.
    public func nextUpdate(after t: CFTimeInterval) -> CFTimeInterval? { snap == nil ? nil : t }

    public func handlePointer(_ event: PointerEvent) {
        // Canvas points to the switch's 60 x 35 space.
        let x = (event.location.x - container.position.x) / Self.magnification + 30
        switch event.phase {
        case .down:
            drag = (x, false)
            snap = nil
        case .moved:
            guard var d = drag else { return }
            if abs(x - d.startX) > 2 { d.moved = true }
            drag = d
            if d.moved { scrub(to: x / 60) }
        case .up:
            guard let d = drag else { return }
            drag = nil
            if d.moved { release(at: now) } else { toggle(at: now) }
        }
    }
}
