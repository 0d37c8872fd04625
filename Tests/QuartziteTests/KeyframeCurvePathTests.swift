import Foundation
import Testing
@testable import Quartzite

/// CAKeyframeAnimation `path` made of curves: the layer moves on the true curve at constant speed along it
/// (arc length), and `.rotateAuto` follows the curve's tangent. Expected values from symmetry (where the
/// half-way point and its tangent are known in closed form) and from an independent reference: Simpson's
/// rule on the speed written out from the Bernstein form, and bisection on it.
@MainActor
@Suite(.serialized)
struct KeyframeCurvePathTests {
    typealias V = SIMD2<Double>

    /// The position and rotation.z shown `t` seconds into a 4 s path animation begun at 100.
    func shown(_ path: CGPath, at t: Double, mode: CAAnimationCalculationMode = .linear) -> (CGPoint, Double) {
        MediaClock.freeze(at: 100)
        let layer = CALayer()
        CATransaction.flush()
        let walk = CAKeyframeAnimation(keyPath: "position")
        walk.path = path
        walk.calculationMode = mode
        walk.rotationMode = .rotateAuto
        walk.duration = 4
        layer.add(walk, forKey: "walk")
        CATransaction.flush()
        MediaClock.freeze(at: 100 + t)
        let p = layer.presentation()!
        return (p.position, Double(p.transform.value(forComponent: "rotation.z") ?? .nan))
    }

    func cubic(_ p: [V]) -> CGPath {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: p[0].x, y: p[0].y))
        path.addCurve(to: CGPoint(x: p[3].x, y: p[3].y), control1: CGPoint(x: p[1].x, y: p[1].y),
                      control2: CGPoint(x: p[2].x, y: p[2].y))
        return path
    }

    func angleNear(_ a: Double, _ b: Double, _ tol: Double) -> Bool { abs(remainder(a - b, 2 * .pi)) <= tol }

    // Reference: the cubic's point, velocity and arc length written out from the Bernstein form.
    func bezier(_ p: [V], _ u: Double) -> V {
        let s = 1 - u
        return s * s * s * p[0] + 3 * s * s * u * p[1] + 3 * s * u * u * p[2] + u * u * u * p[3]
    }
    func velocity(_ p: [V], _ u: Double) -> V {
        let s = 1 - u
        return 3 * (s * s * (p[1] - p[0]) + 2 * s * u * (p[2] - p[1]) + u * u * (p[3] - p[2]))
    }
    func simpsonLength(_ p: [V], to end: Double, steps: Int = 20_000) -> Double {
        let h = end / Double(steps)
        func speed(_ u: Double) -> Double { let v = velocity(p, u); return (v.x * v.x + v.y * v.y).squareRoot() }
        var sum = speed(0) + speed(end)
        for i in 1..<steps { sum += speed(Double(i) * h) * (i % 2 == 1 ? 4 : 2) }
        return sum * h / 3
    }

    @Test func symmetricCurvesAreHalfWayAtTheirMiddleWithTheirTrueTangent() {
        // A cubic symmetric about y = x (a quarter circle's usual approximation): half its arc length is at
        // u = 0.5, the point (P0 + 3 P1 + 3 P2 + P3) / 8, heading along (-1, 1), i.e. 3 pi / 4 (y down).
        let k = 10 * 0.552_284_749_8
        let quarter = [V(10, 0), V(10, k), V(k, 10), V(0, 10)]
        let middle = (quarter[0] + 3 * quarter[1] + 3 * quarter[2] + quarter[3]) / 8
        let (p, angle) = shown(cubic(quarter), at: 2)
        #expect(abs(p.x - middle.x) < 1e-9 && abs(p.y - middle.y) < 1e-9, "\(p) vs \(middle)")
        #expect(angleNear(angle, 3 * .pi / 4, 1e-9), "angle \(angle)")
        // A quadratic symmetric about x = 50: half way is (50, 50), heading along +x.
        let arch = CGMutablePath()
        arch.move(to: .zero)
        arch.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
        let (q, flat) = shown(arch, at: 2)
        #expect(abs(q.x - 50) < 1e-9 && abs(q.y - 50) < 1e-9, "\(q)")
        #expect(angleNear(flat, 0, 1e-9), "angle \(flat)")
    }

    @Test func anUnevenCubicIsWalkedByArcLength() {
        // At each fraction f of the time, the point whose arc length from the start is f times the whole
        // (found by bisection on Simpson's rule), and the direction of the velocity there.
        let p = [V(0, 0), V(30, 80), V(90, -40), V(100, 20)]
        let total = simpsonLength(p, to: 1)
        for f in [0.1, 0.3, 0.55, 0.9] {
            var lo = 0.0, hi = 1.0
            for _ in 0..<60 {
                let mid = (lo + hi) / 2
                if simpsonLength(p, to: mid, steps: 2_000) < f * total { lo = mid } else { hi = mid }
            }
            let u = (lo + hi) / 2
            let expected = bezier(p, u), v = velocity(p, u)
            let (shownPoint, angle) = shown(cubic(p), at: 4 * f)
            #expect(abs(shownPoint.x - expected.x) < 1e-6 && abs(shownPoint.y - expected.y) < 1e-6,
                    "f = \(f): \(shownPoint) vs \(expected)")
            #expect(angleNear(angle, atan2(v.y, v.x), 1e-6), "f = \(f): angle \(angle)")
        }
    }

    @Test func pacedTimeSpansALineAndACurveAtOneSpeed() {
        // A 30-point line, then the symmetric quarter cubic from (30, 0): paced, the layer covers the same
        // distance each second, so it reaches the cubic's middle at 4 (30 + L / 2) / (30 + L) s.
        let k = 10 * 0.552_284_749_8
        let quarter = [V(30, 0), V(30 + k, 0), V(40, 10 - k), V(40, 10)]
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 30, y: 0))
        path.addCurve(to: CGPoint(x: 40, y: 10), control1: CGPoint(x: 30 + k, y: 0), control2: CGPoint(x: 40, y: 10 - k))
        let length = simpsonLength(quarter, to: 1)
        let middle = (quarter[0] + 3 * quarter[1] + 3 * quarter[2] + quarter[3]) / 8
        let (p, angle) = shown(path, at: 4 * (30 + length / 2) / (30 + length), mode: .paced)
        #expect(abs(p.x - middle.x) < 1e-6 && abs(p.y - middle.y) < 1e-6, "\(p) vs \(middle)")
        #expect(angleNear(angle, .pi / 4, 1e-6), "angle \(angle)")
        // Half way through the line's share of the time, half way along the line, heading along +x.
        let (onLine, lineAngle) = shown(path, at: 4 * 15 / (30 + length), mode: .paced)
        #expect(abs(onLine.x - 15) < 1e-6 && abs(onLine.y) < 1e-9 && angleNear(lineAngle, 0, 1e-9))
    }
}
