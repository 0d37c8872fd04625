import Foundation

/// Closed-form damped harmonic oscillator used by CASpringAnimation: from 0 to 1.
///
/// `m·x'' + c·x' + k·x = 0` for the distance `x = 1 - value` still to go, starting at `x(0) = 1`
/// with `value'(0) = initialVelocity` (in units of the whole distance per second, so positive
/// moves towards the target, as Apple documents). Like Core Animation, a damping above critical
/// is treated as critical unless `allowsOverdamping` is set.
package struct SpringSolver: Equatable, Sendable {
    /// Mass of the object on the spring (> 0; anything else reads as 1).
    package var mass: Double
    /// Spring stiffness k (> 0; anything else reads as 100, Core Animation's default).
    package var stiffness: Double
    /// Damping coefficient c (>= 0; anything else reads as 10, Core Animation's default).
    package var damping: Double
    /// Starting speed towards the target, in distances per second (non-finite reads as 0).
    package var initialVelocity: Double
    /// Whether a damping above critical really overdamps; Core Animation's default, false,
    /// clamps it to critical damping.
    package var allowsOverdamping: Bool = false

    /// Core Animation's settling threshold: the distance to the target counted as at rest.
    package static let settlingEpsilon = 0.001

    /// A spring with Core Animation's parameters; invalid values fall back to Apple's defaults
    /// (mass 1, stiffness 100, damping 10, velocity 0) so evaluation never produces NaN.
    package init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
        self.mass = mass > 0 && mass.isFinite ? mass : 1
        self.stiffness = stiffness > 0 && stiffness.isFinite ? stiffness : 100
        self.damping = damping >= 0 && damping.isFinite ? damping : 10
        self.initialVelocity = initialVelocity.isFinite ? initialVelocity : 0
    }

    /// Apple's iOS 17 mapping (`CASpringAnimation(perceptualDuration:bounce:)`, SwiftUI's
    /// `Spring(duration:bounce:)`): mass 1, stiffness (2π / duration)², damping 4π·ζ / duration
    /// with damping ratio ζ = 1 - bounce for bounce >= 0 and 1 / (1 + bounce) below 0 (overdamped).
    /// Bounce is clamped to (-1, 1]; a non-positive or non-finite duration reads as 0.5 s.
    package init(perceptualDuration: Double, bounce: Double) {
        let duration = perceptualDuration > 0 && perceptualDuration.isFinite ? perceptualDuration : 0.5
        let b = bounce.isFinite ? min(1, max(-0.999, bounce)) : 0
        let ratio = b >= 0 ? 1 - b : 1 / (1 + b)
        let omega = 2 * Double.pi / duration
        self.init(mass: 1, stiffness: omega * omega, damping: 4 * Double.pi * ratio / duration, initialVelocity: 0)
        allowsOverdamping = b < 0
    }

    /// Undamped angular frequency ω0 = √(k/m).
    var omega0: Double { (stiffness / mass).squareRoot() }

    /// Damping ratio ζ = c / (2√(km)) as used: clamped to 1 unless `allowsOverdamping`.
    package var dampingRatio: Double {
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        return allowsOverdamping ? zeta : min(zeta, 1)
    }

    /// The value at time t seconds: 0 at t <= 0, tending to 1. NaN gives 0; +infinity gives 1.
    package func value(at t: Double) -> Double {
        if t.isNaN || t <= 0 { return 0 }
        if t == .infinity { return 1 }
        return 1 - displacement(at: t)
    }

    /// x(t), the distance still to go, in closed form for the three damping regimes.
    func displacement(at t: Double) -> Double {
        let w0 = omega0, zeta = dampingRatio
        let x0 = 1.0, v0 = -initialVelocity
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (v0 + zeta * w0 * x0) / wd
            return exp(-zeta * w0 * t) * (x0 * cos(wd * t) + b * sin(wd * t))
        }
        if zeta == 1 {
            return (x0 + (v0 + w0 * x0) * t) * exp(-w0 * t)
        }
        let root = w0 * (zeta * zeta - 1).squareRoot()
        let r1 = -zeta * w0 + root, r2 = -zeta * w0 - root
        let c2 = (v0 - r1 * x0) / (r2 - r1)
        let c1 = x0 - c2
        return c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }

    /// Apple's estimate of when the spring is at rest: the time after which it stays within
    /// `settlingEpsilon` (0.001) of the target. Below critical damping it is the closed form at
    /// which the envelope `(|x0| + |B|)·e^(-ζω0 t)` of `e^(-ζω0 t)(x0 cos + B sin)` reaches
    /// epsilon; this gives Apple's documented figures (mass 1, stiffness 100: damping 5 about
    /// 2.85 s, damping 15 just over 1 s). At or above critical damping it walks in steps of
    /// 0.1 s over the envelope of the critically damped solution, as Core Animation does.
    /// `.infinity` when it never settles (no damping; Apple returns FLT_MAX).
    package var settlingDuration: Double {
        let eps = Self.settlingEpsilon
        let w0 = omega0, zeta = dampingRatio
        let x0 = 1.0, v0 = -initialVelocity
        guard zeta > 0 else { return .infinity }
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (v0 + zeta * w0 * x0) / wd
            return max(0, log((abs(x0) + abs(b)) / eps) / (zeta * w0))
        }
        let b = v0 + w0 * x0
        var t = 0.0
        // 1e6 steps is 27 hours of animation: beyond that, call it unsettled.
        for _ in 0..<1_000_000 {
            if (abs(x0) + abs(b) * t) * exp(-w0 * t) < eps { return t }
            t += 0.1
        }
        return .infinity
    }
}
