import Foundation

/// The spring of UIKit's `usingSpringWithDamping` animations: mass 1 and the given damping ratio (0 < ζ ≤ 1),
/// with the stiffness that brings it to rest at the animation's duration T: the envelope of what remains
/// of the distance, `SpringSolver`'s measure of rest, is `SpringSolver.settlingEpsilon` (0.001) at T. That
/// envelope is (1 + |B|)·e^(-ζωT) below critical damping and (1 + |v₀ + ω|·T)·e^(-ωT) at it, each falling
/// as ω grows, so ω is found by bisection.
struct SpringForDuration {
    let stiffness: Double
    let damping: Double

    /// Nil when the duration is not a positive finite number (nothing animates then).
    init?(dampingRatio zeta: Double, velocity: Double, duration: Double) {
        guard duration.isFinite, duration > 0 else { return nil }
        var low = 1e-3, high = 1e7
        for _ in 0..<200 {
            let mid = (low * high).squareRoot()
            if Self.remaining(omega: mid, zeta: zeta, velocity: velocity, at: duration) > SpringSolver.settlingEpsilon {
                low = mid
            } else {
                high = mid
            }
        }
        stiffness = high * high
        damping = 2 * zeta * high
    }

    /// The envelope of the distance left at time t (as a fraction of the whole) for ω₀ = `omega`.
    private static func remaining(omega: Double, zeta: Double, velocity: Double, at t: Double) -> Double {
        let v0 = -velocity
        if zeta < 1 {
            let damped = omega * (1 - zeta * zeta).squareRoot()
            let b = (v0 + zeta * omega) / damped
            return (1 + abs(b)) * exp(-zeta * omega * t)
        }
        return (1 + abs(v0 + omega) * t) * exp(-omega * t)
    }
}
