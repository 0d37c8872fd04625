import Foundation
import Testing
@testable import QuartziteGeometry

/// Core Graphics' arc rule, through every public spelling. In the angle's own sense (increasing angle for
/// `CGMutablePath.addArc(clockwise: false)` and for UIKit's `clockwise: true`, decreasing for the other two):
/// equal angles draw no arc; a difference of 2π or more, or a non-zero whole number of turns of either sign,
/// draws one whole circle; any other difference is reduced modulo 2π into the requested direction. So the
/// full circle iOS code draws "the other way" (UIKit `startAngle: 0, endAngle: 2 * .pi, clockwise: false`,
/// or -π/2 to 3π/2), which iOS shows whole, is whole here too.
@Suite struct ArcSweepRuleTests {
    static let twoPi = 2 * CGFloat.pi

    /// The swept angle the rule gives, in the increasing-angle sense (negative when the angle decreases).
    static func expectedSweep(start: CGFloat, end: CGFloat, increasing: Bool) -> CGFloat {
        let d = increasing ? end - start : start - end
        let magnitude: CGFloat
        if d == 0 {
            magnitude = 0
        } else if d >= twoPi {
            magnitude = twoPi
        } else {
            let m = d - twoPi * (d / twoPi).rounded(.down)
            magnitude = (m < 1e-9 || twoPi - m < 1e-9) ? twoPi : m
        }
        return increasing ? magnitude : -magnitude
    }

    /// The angle the path's points turn through round `centre` (each flattened step is far below π, so
    /// summing atan2 of consecutive radius vectors is exact up to rounding).
    static func sweptAngle(_ path: CGPath, centre: CGPoint) -> CGFloat {
        var total: CGFloat = 0
        for poly in path.flattened(tolerance: 0.001) {
            var pts = poly.points
            if poly.isClosed, let first = pts.first { pts.append(first) }
            for (a, b) in zip(pts, pts.dropFirst()) {
                let ax = a.x - centre.x, ay = a.y - centre.y, bx = b.x - centre.x, by = b.y - centre.y
                total += atan2(ax * by - ay * bx, ax * bx + ay * by)
            }
        }
        return total
    }

    /// Twice the signed area of the fan from `centre` over the path's points: r² times the sweep.
    static func fanArea(_ path: CGPath, centre: CGPoint) -> CGFloat {
        var sum: CGFloat = 0
        for poly in path.flattened(tolerance: 0.001) {
            for (a, b) in zip(poly.points, poly.points.dropFirst()) {
                sum += (a.x - centre.x) * (b.y - centre.y) - (a.y - centre.y) * (b.x - centre.x)
            }
        }
        return sum
    }

    static let spans: [CGFloat] = [0, 1e-6, .pi / 2, .pi, 3 * .pi / 2, 2 * .pi, 2 * .pi + 1e-6, 4 * .pi, 7,
                                   -1e-6, -.pi / 2, -.pi, -2 * .pi, -2 * .pi - 1e-6, -4 * .pi, -7]
    static let starts: [CGFloat] = [0, -.pi / 2, 1, 2 * .pi]

    func check(_ path: CGPath, centre: CGPoint, radius r: CGFloat, start: CGFloat, sweep: CGFloat,
               _ label: String) {
        let swept = Self.sweptAngle(path, centre: centre)
        #expect(abs(swept - sweep) < 1e-6, "\(label): swept \(swept), expected \(sweep)")
        let end = CGPoint(x: centre.x + r * cos(start + sweep), y: centre.y + r * sin(start + sweep))
        #expect(abs(path.currentPoint.x - end.x) < 1e-9 * r && abs(path.currentPoint.y - end.y) < 1e-9 * r,
                "\(label): ends at \(path.currentPoint), expected \(end)")
        // The cubics' fan covers r² |sweep| / 2 to within the 4/3 tan(θ/4) approximation (under 3e-4 relative).
        let area = Self.fanArea(path, centre: centre) / 2
        #expect(abs(area - r * r * sweep / 2) <= 3e-4 * r * r * abs(sweep) + 1e-9, "\(label): fan area \(area)")
        if abs(sweep) == Self.twoPi {
            // A whole circle: four quarter cubics, starting and ending at the start point.
            let curves = path.elements.filter { if case .curveTo = $0 { return true } else { return false } }
            #expect(curves.count == 4, "\(label): \(curves.count) cubics")
        }
        if sweep == 0 {
            #expect(path.elements.allSatisfy { if case .moveTo = $0 { return true } else { return false } },
                    "\(label): no arc expected, got \(path.elements)")
        }
    }

    @Test(arguments: [false, true])
    func cgMutablePathFollowsTheRule(clockwise: Bool) {
        let centre = CGPoint(x: 30, y: -20), r: CGFloat = 12
        for start in Self.starts {
            for span in Self.spans {
                let m = CGMutablePath()
                m.addArc(center: centre, radius: r, startAngle: start, endAngle: start + span, clockwise: clockwise)
                let sweep = Self.expectedSweep(start: start, end: start + span, increasing: !clockwise)
                check(m, centre: centre, radius: r, start: start, sweep: sweep,
                      "CGMutablePath start \(start) span \(span) clockwise \(clockwise)")
            }
        }
    }

    @Test(arguments: [false, true])
    func uiBezierPathInitFollowsTheRule(clockwise: Bool) {
        let centre = CGPoint(x: 50, y: 40), r: CGFloat = 25
        for start in Self.starts {
            for span in Self.spans {
                let p = UIBezierPath(arcCenter: centre, radius: r, startAngle: start, endAngle: start + span,
                                     clockwise: clockwise).cgPath
                let sweep = Self.expectedSweep(start: start, end: start + span, increasing: clockwise)
                check(p, centre: centre, radius: r, start: start, sweep: sweep,
                      "UIBezierPath(arcCenter:) start \(start) span \(span) clockwise \(clockwise)")
            }
        }
    }

    @Test(arguments: [false, true])
    func uiBezierPathAddArcFollowsTheRule(clockwise: Bool) {
        let centre = CGPoint(x: -5, y: 7), r: CGFloat = 3
        for start in Self.starts {
            for span in Self.spans {
                let b = UIBezierPath()
                b.addArc(withCenter: centre, radius: r, startAngle: start, endAngle: start + span, clockwise: clockwise)
                let sweep = Self.expectedSweep(start: start, end: start + span, increasing: clockwise)
                check(b.cgPath, centre: centre, radius: r, start: start, sweep: sweep,
                      "UIBezierPath.addArc start \(start) span \(span) clockwise \(clockwise)")
            }
        }
    }

    /// The cases the rule is known by, spelled out.
    @Test func namedCases() {
        let c = CGPoint.zero
        func sweep(_ p: CGPath) -> CGFloat { Self.sweptAngle(p, centre: c) }
        // UIKit, y down: clockwise: true runs the angle up, so -π/2 ... 3π/2 is a whole circle from 12 o'clock.
        #expect(abs(sweep(UIBezierPath(arcCenter: c, radius: 10, startAngle: -.pi / 2, endAngle: 3 * .pi / 2,
                                       clockwise: true).cgPath) - Self.twoPi) < 1e-9)
        // The same angles the other way are a whole turn too: a whole circle running the angle down.
        #expect(abs(sweep(UIBezierPath(arcCenter: c, radius: 10, startAngle: -.pi / 2, endAngle: 3 * .pi / 2,
                                       clockwise: false).cgPath) + Self.twoPi) < 1e-9)
        #expect(abs(sweep(UIBezierPath(arcCenter: c, radius: 10, startAngle: 0, endAngle: 2 * .pi,
                                       clockwise: false).cgPath) + Self.twoPi) < 1e-9)
        let other = UIBezierPath()
        other.addArc(withCenter: c, radius: 10, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        #expect(abs(sweep(other.cgPath) + Self.twoPi) < 1e-9)
        let cg = CGMutablePath()
        cg.addArc(center: c, radius: 10, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        #expect(abs(sweep(cg) + Self.twoPi) < 1e-9)
        // Equal angles draw nothing, either way.
        #expect(sweep(UIBezierPath(arcCenter: c, radius: 10, startAngle: 1, endAngle: 1, clockwise: false).cgPath) == 0)
        #expect(sweep(UIBezierPath(arcCenter: c, radius: 10, startAngle: 1, endAngle: 1, clockwise: true).cgPath) == 0)
        // A whole circle the other way: from 2π down to 0, or from 0 down to -2π.
        #expect(abs(sweep(UIBezierPath(arcCenter: c, radius: 10, startAngle: 2 * .pi, endAngle: 0,
                                       clockwise: false).cgPath) + Self.twoPi) < 1e-9)
        #expect(abs(sweep(UIBezierPath(arcCenter: c, radius: 10, startAngle: 0, endAngle: -2 * .pi,
                                       clockwise: false).cgPath) + Self.twoPi) < 1e-9)
        // Core Graphics, clockwise: true decreasing: 0 -> π/2 is the long way, three quarters.
        let m = CGMutablePath()
        m.addArc(center: c, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(abs(sweep(m) + 3 * .pi / 2) < 1e-9)
        let n = CGMutablePath()
        n.addArc(center: c, radius: 10, startAngle: 2 * .pi, endAngle: 0, clockwise: true)
        #expect(abs(sweep(n) + Self.twoPi) < 1e-9)
    }

    /// A mirroring transform reverses the direction on the page, as Apple documents for flipped spaces.
    @Test func transformAppliesAfterTheRule() {
        let m = CGMutablePath()
        m.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false,
                 transform: CGAffineTransform(scaleX: 1, y: -1))
        #expect(abs(Self.sweptAngle(m, centre: .zero) + .pi / 2) < 1e-9)
        #expect(abs(m.currentPoint.x) < 1e-9 && abs(m.currentPoint.y + 10) < 1e-9)
    }
}
