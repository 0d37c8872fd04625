import Foundation
import Testing
import Quartzite

@Suite struct SpringSolverTests {
    /// Independent reference: integrate m·y'' = -k(y - 1) - c·y' from y = 0, y' = v0 with
    /// classic RK4 at a small step.
    func integrate(mass m: Double, stiffness k: Double, damping c: Double, velocity v0: Double, until t: Double) -> Double {
        var y = 0.0, v = v0
        let steps = max(1, Int(t / 1e-4))
        let h = t / Double(steps)
        func acc(_ y: Double, _ v: Double) -> Double { (-k * (y - 1) - c * v) / m }
        for _ in 0..<steps {
            let k1y = v, k1v = acc(y, v)
            let k2y = v + h / 2 * k1v, k2v = acc(y + h / 2 * k1y, v + h / 2 * k1v)
            let k3y = v + h / 2 * k2v, k3v = acc(y + h / 2 * k2y, v + h / 2 * k2v)
            let k4y = v + h * k3v, k4v = acc(y + h * k3y, v + h * k3v)
            y += h / 6 * (k1y + 2 * k2y + 2 * k3y + k4y)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return y
    }

    @Test(arguments: [
        (1.0, 100.0, 5.0, 0.0), (1.0, 100.0, 10.0, 0.0), (2.0, 300.0, 15.0, 3.0),
        (1.0, 100.0, 20.0, 0.0),  // critical: c = 2√(km)
        (1.0, 100.0, 20.0, -4.0), (0.5, 50.0, 1.0, 10.0),
    ])
    func matchesNumericIntegration(_ p: (Double, Double, Double, Double)) {
        let s = SpringSolver(mass: p.0, stiffness: p.1, damping: p.2, initialVelocity: p.3)
        for t in [0.05, 0.2, 0.5, 1.0, 2.0] {
            let want = integrate(mass: p.0, stiffness: p.1, damping: p.2, velocity: p.3, until: t)
            #expect(abs(s.value(at: t) - want) < 1e-7, "t=\(t)")
        }
    }

    @Test func overdampingOnlyWhenAllowed() {
        var s = SpringSolver(mass: 1, stiffness: 100, damping: 50, initialVelocity: 0)
        // By default clamped to critical damping (c = 20).
        let critical = SpringSolver(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0)
        #expect(s.value(at: 0.3) == critical.value(at: 0.3))
        s.allowsOverdamping = true
        for t in [0.1, 0.5, 1.5] {
            #expect(abs(s.value(at: t) - integrate(mass: 1, stiffness: 100, damping: 50, velocity: 0, until: t)) < 1e-7)
        }
    }

    @Test func endsAndBadInput() {
        let s = SpringSolver(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)
        #expect(s.value(at: 0) == 0 && s.value(at: -1) == 0 && s.value(at: .nan) == 0)
        #expect(s.value(at: .infinity) == 1)
        #expect(abs(s.value(at: 30) - 1) < 1e-12)
        let bad = SpringSolver(mass: .nan, stiffness: -1, damping: .infinity, initialVelocity: .nan)
        #expect(bad == SpringSolver(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0))
        #expect(bad.value(at: 0.5).isFinite)
    }

    @Test func settlingMatchesApplesDocumentedFigures() {
        // Apple's settlingDuration docs: mass 1, stiffness 100, damping 5 -> about 2.85 s;
        // damping 15 -> just over 1 s.
        let five = SpringSolver(mass: 1, stiffness: 100, damping: 5, initialVelocity: 0).settlingDuration
        #expect(abs(five - 2.85) < 0.01)
        let fifteen = SpringSolver(mass: 1, stiffness: 100, damping: 15, initialVelocity: 0).settlingDuration
        #expect(fifteen > 1 && fifteen < 1.1)
        #expect(SpringSolver(mass: 1, stiffness: 100, damping: 0, initialVelocity: 0).settlingDuration == .infinity)
    }

    @Test func staysSettledAfterSettlingDuration() {
        for c in [2.0, 5, 10, 15, 19, 20, 40] {
            let s = SpringSolver(mass: 1, stiffness: 100, damping: c, initialVelocity: 2)
            let d = s.settlingDuration
            #expect(d.isFinite && d > 0)
            for i in 0...200 {
                let t = d + Double(i) * 0.01
                #expect(abs(s.value(at: t) - 1) <= SpringSolver.settlingEpsilon, "c=\(c) t=\(t)")
            }
        }
    }

    @Test func perceptualDurationAndBounce() {
        let s = SpringSolver(perceptualDuration: 0.5, bounce: 0)
        #expect(s.mass == 1)
        #expect(abs(s.stiffness - pow(2 * .pi / 0.5, 2)) < 1e-9)
        #expect(abs(s.damping - 4 * .pi / 0.5) < 1e-9)
        #expect(abs(s.dampingRatio - 1) < 1e-12)  // bounce 0 is critically damped
        let bouncy = SpringSolver(perceptualDuration: 1, bounce: 0.3)
        #expect(abs(bouncy.dampingRatio - 0.7) < 1e-12)
        let flat = SpringSolver(perceptualDuration: 1, bounce: -0.5)
        #expect(abs(flat.dampingRatio - 2) < 1e-12)  // 1 / (1 - 0.5)
    }
}
