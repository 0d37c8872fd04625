import Foundation
import Quartzite
import QuartziteHost

/// Seed 002, the pull-to-refresh header: four dots joined by a stroked line
/// of four subpaths whose strokeStart and strokeEnd sweep across subpath boundaries (round caps) as the list
/// is pulled down; released far enough, the header spins (transform.rotation.z) while each dot bobs inward
/// (evenly spaced transform keyframes) until the refresh ends.
///
/// The list (rows of 200 points in the seed's cell colour with an avatar, a title and a subtitle, drawn above
/// the header, as the seed inserts its header behind the cells) moves down by the pull distance p. Drag down anywhere to pull; release at
/// p >= 55 to refresh, tap to end it. Without input the script pulls p = 60 t for t in [0, 1], releases at
/// t = 1 and ends the refresh at t = 3.
@MainActor
public final class PullToRefreshDemo: Demo {
    public static let name = "pull-to-refresh"
    public static let summary = "seed 002: pull-to-refresh dots joined by a trimmed multi-subpath stroke, then spinning"
    public static let preferredSize = CGSize(width: 320, height: 480)

    static let side: CGFloat = 35, pullLength: CGFloat = 55, bob: CGFloat = 5
    static let topColor = CGColor(red: 90 / 255, green: 200 / 255, blue: 200 / 255, alpha: 1)
    static let leftColor = CGColor(red: 250 / 255, green: 85 / 255, blue: 78 / 255, alpha: 1)
    static let bottomColor = CGColor(red: 92 / 255, green: 201 / 255, blue: 105 / 255, alpha: 1)
    static let rightColor = CGColor(red: 253 / 255, green: 175 / 255, blue: 75 / 255, alpha: 1)
    static let cellColor = CGColor(red: 7 / 255, green: 184 / 255, blue: 131 / 255, alpha: 1)
    /// Dot centres in the header, in the order top, left, bottom, right.
    static let centres = [CGPoint(x: 17.5, y: 5), CGPoint(x: 5, y: 17.5), CGPoint(x: 17.5, y: 30), CGPoint(x: 30, y: 17.5)]

    public let rootLayer = CALayer()
    public let timeline = DemoTimeline()
    /// The scrolled content: the header (behind) and the cells; moved down by the pull distance.
    let content = CALayer()
    let header = CALayer()
    let dots: [CAShapeLayer]
    let line = CAShapeLayer()

    /// The pull distance (the table's -contentOffset.y).
    private(set) var pull: CGFloat = 0
    private(set) var isRefreshing = false
    /// A running change of `pull` (the scroll view's inset animations): from, to, start, duration, and what
    /// to do at its end.
    private var settle: (from: CGFloat, to: CGFloat, start: CFTimeInterval, duration: CFTimeInterval, then: (() -> Void)?)?
    private var now: CFTimeInterval = 0
    private var drag: (startY: CGFloat, startPull: CGFloat, moved: Bool)?
    private static let ease = CAMediaTimingFunction(name: .easeInEaseOut)

    public required init(size: CGSize) {
        rootLayer.frame = CGRect(origin: .zero, size: size)
        rootLayer.backgroundColor = .white
        content.frame = rootLayer.bounds
        rootLayer.addSublayer(content)
        let rows = size.height.isFinite ? Int(min(max((size.height / 200).rounded(.up), 0), 100)) : 0
        for row in 0..<rows {
            content.addSublayer(PullToRefreshRows.row(row, frame: CGRect(x: 0, y: CGFloat(row) * 200, width: size.width, height: 200)))
        }
        header.bounds = CGRect(x: 0, y: 0, width: Self.side, height: Self.side)
        content.insertSublayer(header, at: 0)
        let colors = [Self.topColor, Self.leftColor, Self.bottomColor, Self.rightColor]
        dots = zip(Self.centres, colors).map { centre, color in
            let dot = CAShapeLayer()
            dot.frame = CGRect(x: centre.x - 5, y: centre.y - 5, width: 10, height: 10)
            dot.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
            dot.fillColor = color
            return dot
        }
        for dot in dots { header.addSublayer(dot) }
        line.frame = header.bounds
        let path = CGMutablePath()
        for i in 0..<4 {
            path.move(to: Self.centres[i])
            path.addLine(to: Self.centres[(i + 1) % 4])
        }
        line.path = path
        line.lineWidth = 10
        line.lineCap = .round
        line.lineJoin = .round
        header.insertSublayer(line, above: dots[0])
        apply(pull: 0)

        timeline.every(1.0 / 60, from: 0, through: 1) { [unowned self] t in self.apply(pull: CGFloat(60 * t)) }
        timeline.at(1) { [unowned self] in self.release(at: 1) }
        timeline.at(3) { [unowned self] in self.endRefreshing(at: 3) }
    }

    /// Lays out and colours the header for pull distance `p` (the seed's mapping), with actions disabled so
    /// the line follows the finger instead of lagging 0.25 s behind.
    func apply(pull p: CGFloat) {
        pull = p.isFinite ? max(p, 0) : 0
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        content.position = CGPoint(x: rootLayer.bounds.midX, y: rootLayer.bounds.midY + pull)
        // The header sits above the content's top: pinned while p <= 35, then half speed, then fixed.
        let y: CGFloat = pull <= 35 ? -pull : pull < Self.pullLength ? -(35 + (pull - 35) / 2) : -45
        header.position = CGPoint(x: rootLayer.bounds.midX, y: y + Self.side / 2)
        guard !isRefreshing else { CATransaction.commit(); return }
        var index = 0, start: CGFloat = 0, end: CGFloat = 0
        if pull < 15 {
            dots[0].opacity = Float(pull / 20)
        } else if pull < Self.pullLength {
            dots[0].opacity = 1
            let stage = ((pull - 15) / 10).rounded(.down), sub = (pull - 15) - 10 * stage
            if sub <= 5 {
                index = 2 * Int(stage)
                start = stage / 4
                end = stage / 4 + sub / 20
            } else {
                index = 2 * Int(stage) + 1
                start = max(stage / 4 + (sub - 5) / 20, (stage + 1) / 4 - 0.1)
                end = (stage + 1) / 4
            }
        } else {
            dots[0].opacity = 1
            index = 8
            start = 1
            end = 1
        }
        dots[1].isHidden = index < 2
        dots[2].isHidden = index < 4
        dots[3].isHidden = index < 6
        let color = index >= 6 ? Self.rightColor : index >= 4 ? Self.bottomColor : index >= 2 ? Self.leftColor : Self.topColor
        line.strokeColor = color
        line.fillColor = color
        line.strokeStart = start
        line.strokeEnd = end
        CATransaction.commit()
    }

    /// The finger lifts at demo time `t`: refresh when pulled far enough, else spring back.
    func release(at t: CFTimeInterval) {
        guard !isRefreshing else { return }
        if pull >= Self.pullLength {
            apply(pull: pull)   // every dot shown, the line gone
            isRefreshing = true
            settle = (pull, Self.pullLength, t, 0.5, nil)
            startSpinning()
        } else {
            settle = (pull, 0, t, 0.3, nil)
        }
    }

    private func startSpinning() {
        let inward = [CGPoint(x: 0, y: Self.bob), CGPoint(x: Self.bob, y: 0), CGPoint(x: 0, y: -Self.bob), CGPoint(x: -Self.bob, y: 0)]
        for (dot, t) in zip(dots, inward) {
            let out = CATransform3DIdentity, inside = CATransform3DMakeTranslation(t.x, t.y, 0)
            let bobbing = CAKeyframeAnimation(keyPath: "transform")
            bobbing.values = [out, inside, out, inside, out]   // no keyTimes: evenly spaced (T5)
            bobbing.timingFunction = CAMediaTimingFunction(name: .linear)
            dot.add(repeating(bobbing), forKey: "bob")
        }
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0.0
        spin.toValue = 2 * Double.pi
        spin.timingFunction = CAMediaTimingFunction(name: .linear)
        header.add(repeating(spin), forKey: "spin")
    }

    private func repeating(_ animation: CAAnimation) -> CAAnimation {
        animation.duration = 1
        animation.repeatCount = .infinity
        animation.isRemovedOnCompletion = false
        animation.fillMode = .forwards
        return animation
    }

    /// Ends the refresh at demo time `t`: the list slides back over 0.5 s, then every animation goes and the
    /// header is reset.
    func endRefreshing(at t: CFTimeInterval) {
        guard isRefreshing else { return }
        settle = (pull, 0, t, 0.5, { [unowned self] in
            for layer in [self.header, self.line] + self.dots { layer.removeAllAnimations() }
            self.isRefreshing = false
            self.apply(pull: 0)
        })
    }

    public func update(at t: CFTimeInterval) {
        now = t
        guard let s = settle else { return }
        let f = min(max((t - s.start) / s.duration, 0), 1)
        apply(pull: s.from + (s.to - s.from) * CGFloat(Self.ease.evaluate(f)))
        if f >= 1 {
            settle = nil
            s.then?()
        }
    }

    /// Every frame while the list settles; otherwise only input, the timeline and the animations move it.
    public func nextUpdate(after t: CFTimeInterval) -> CFTimeInterval? { settle == nil ? nil : t }

    public func handlePointer(_ event: PointerEvent) {
        switch event.phase {
        case .down:
            if isRefreshing { drag = nil; endRefreshing(at: now); return }
            settle = nil
            drag = (event.location.y, pull, false)
        case .moved:
            guard var d = drag else { return }
            if abs(event.location.y - d.startY) > 2 { d.moved = true }
            drag = d
            if d.moved { apply(pull: d.startPull + event.location.y - d.startY) }
        case .up:
            guard drag != nil else { return }
            drag = nil
            release(at: now)
        }
    }
}
