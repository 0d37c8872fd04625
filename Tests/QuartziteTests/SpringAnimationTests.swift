import Foundation
import Testing
@testable import Quartzite

/// CASpringAnimation against the closed-form damped oscillator x'' + (c/m) x' + (k/m) x = 0, written out
/// here independently of SpringSolver.
@MainActor
@Suite(.serialized)
struct SpringAnimationTests {
    /// Fraction of the way to the target at time t (distance to go x(0) = 1, x'(0) = -v0).
    func closedForm(m: Double, k: Double, c: Double, v0: Double, t: Double) -> Double {
        let w0 = (k / m).squareRoot(), zeta = c / (2 * (k * m).squareRoot())
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            return 1 - exp(-zeta * w0 * t) * (cos(wd * t) + (zeta * w0 - v0) / wd * sin(wd * t))
        }
        if zeta == 1 { return 1 - exp(-w0 * t) * (1 + (w0 - v0) * t) }
        let r1 = -zeta * w0 + w0 * (zeta * zeta - 1).squareRoot(), r2 = -zeta * w0 - w0 * (zeta * zeta - 1).squareRoot()
        let b = (-v0 - r1) / (r2 - r1)
        return 1 - ((1 - b) * exp(r1 * t) + b * exp(r2 * t))
    }

    func layer(with spring: CASpringAnimation) -> CALayer {
        MediaClock.freeze(at: 100)
        let layer = CALayer()
        CATransaction.flush()
        layer.add(spring, forKey: "spring")
        CATransaction.flush()
        return layer
    }

    func x(_ layer: CALayer, at t: Double) -> Double {
        MediaClock.freeze(at: 100 + t)
        return Double(layer.presentation()!.position.x)
    }

    @Test func underdampedSpringFollowsTheClosedFormAndIgnoresTheTimingFunction() {
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.fromValue = 0
        spring.toValue = 100
        spring.damping = 5
        spring.timingFunction = CAMediaTimingFunction(name: .easeIn)
        spring.duration = spring.settlingDuration
        #expect(abs(spring.settlingDuration - 2.85) < 0.05)  // Apple's documented figure for damping 5
        let l = layer(with: spring)
        for t in [0.05, 0.1, 0.2, 0.35, 0.5, 1, 2] {
            #expect(abs(x(l, at: t) - 100 * closedForm(m: 1, k: 100, c: 5, v0: 0, t: t)) < 1e-9, "t = \(t)")
        }
        #expect(x(l, at: 0.3) > 100)  // it overshoots
    }

    @Test func massVelocityAndDampingRegimes() {
        // (mass, stiffness, damping, velocity, allowsOverdamping) -> the regime the closed form uses.
        let rows: [(m: Double, k: Double, c: Double, v: Double, over: Bool, cUsed: Double)] = [
            (2, 50, 4, 3, false, 4),           // underdamped, with an initial push
            (1, 100, 20, 0, false, 20),        // critical
            (1, 100, 40, 0, false, 20),        // above critical, clamped to critical by default
            (1, 100, 40, -2, true, 40),        // really overdamped, starting away from the target
        ]
        for row in rows {
            let spring = CASpringAnimation(keyPath: "position.x")
            spring.fromValue = 10
            spring.toValue = 20
            (spring.mass, spring.stiffness, spring.damping) = (row.m, row.k, row.c)
            spring.initialVelocity = row.v
            spring.allowsOverdamping = row.over
            spring.duration = 5
            let l = layer(with: spring)
            for t in [0.1, 0.4, 1.3] {
                let expected = 10 + 10 * closedForm(m: row.m, k: row.k, c: row.cUsed, v0: row.v, t: t)
                #expect(abs(x(l, at: t) - expected) < 1e-9, "\(row) t = \(t)")
            }
        }
    }

    @Test func perceptualDurationAndBounce() {
        // bounce 0: critical damping, stiffness (2 pi / d)^2; bounce 0.3: damping ratio 0.7.
        let calm = CASpringAnimation(perceptualDuration: 1, bounce: 0)
        #expect(abs(calm.stiffness - 4 * .pi * .pi) < 1e-9 && abs(calm.damping - 4 * .pi) < 1e-9 && calm.mass == 1)
        #expect(abs(calm.perceptualDuration - 1) < 1e-12 && abs(calm.bounce) < 1e-12)
        #expect(calm.duration == calm.settlingDuration)
        let lively = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3)
        #expect(abs(lively.damping / (2 * lively.stiffness.squareRoot()) - 0.7) < 1e-12)
        #expect(abs(lively.bounce - 0.3) < 1e-12)
        lively.keyPath = "position.x"
        lively.fromValue = 0
        lively.toValue = 1
        let l = layer(with: lively)
        let k = Double(lively.stiffness), c = Double(lively.damping)
        for t in [0.1, 0.25, 0.6] {
            #expect(abs(x(l, at: t) - closedForm(m: 1, k: k, c: c, v0: 0, t: t)) < 1e-9)
        }
        // The copy made by add(_:forKey:) keeps the spring's parameters.
        let copy = l.animation(forKey: "spring") as? CASpringAnimation
        #expect(copy?.stiffness == lively.stiffness && copy?.damping == lively.damping)
    }
}
