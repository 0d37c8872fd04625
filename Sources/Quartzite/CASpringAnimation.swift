import Foundation

/// A basic animation driven by a damped spring instead of a timing function: the value at local time t is
/// `from + (to - from) · x(t)`, where x is the closed-form solution of `m·x'' + c·x' + k·x = 0` moving from 0
/// to 1 (`SpringSolver`), so it may overshoot. `timingFunction` is ignored. The animation lasts `duration`
/// as for any animation (0.25 s by default); set it to `settlingDuration` to let the spring come to rest.
open class CASpringAnimation: CABasicAnimation {
    /// The mass of the object on the spring (default 1; must be positive).
    open var mass: CGFloat = 1
    /// The spring's stiffness (default 100; must be positive).
    open var stiffness: CGFloat = 100
    /// The damping coefficient (default 10; must not be negative).
    open var damping: CGFloat = 10
    /// The initial speed, in units of the whole distance per second; positive moves towards the target.
    open var initialVelocity: CGFloat = 0
    /// Whether a damping above critical really overdamps (the default, false, treats it as critical).
    open var allowsOverdamping = false

    public required init() { super.init() }

    /// A spring with Apple's perceptual parameters (iOS 17): mass 1, stiffness (2π / perceptualDuration)²,
    /// damping from `bounce` (0 critical, up to 1 undamped, below 0 overdamped). The animation's duration is
    /// set to the spring's settling duration.
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let solver = SpringSolver(perceptualDuration: perceptualDuration, bounce: Double(bounce))
        mass = CGFloat(solver.mass)
        stiffness = CGFloat(solver.stiffness)
        damping = CGFloat(solver.damping)
        allowsOverdamping = solver.allowsOverdamping
        let settling = solver.settlingDuration
        duration = settling.isFinite ? settling : perceptualDuration
    }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let other = other as? CASpringAnimation {
            mass = other.mass
            stiffness = other.stiffness
            damping = other.damping
            initialVelocity = other.initialVelocity
            allowsOverdamping = other.allowsOverdamping
        }
    }

    /// The time the spring takes to come to rest (within 0.001 of the target) with the current parameters.
    open var settlingDuration: CFTimeInterval { solver.settlingDuration }

    /// The perceptual duration these parameters correspond to: 2π / √(stiffness / mass).
    open var perceptualDuration: CFTimeInterval { 2 * Double.pi / solver.omega0 }

    /// The bounce these parameters correspond to (1 - damping ratio, or 1 / ratio - 1 when overdamped).
    open var bounce: CGFloat {
        let ratio = damping / (2 * (stiffness * mass).squareRoot())
        return ratio <= 1 || !allowsOverdamping ? 1 - min(ratio, 1) : 1 / ratio - 1
    }

    /// The solver for the current parameters (invalid ones fall back to Apple's defaults).
    var solver: SpringSolver {
        var s = SpringSolver(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
                             initialVelocity: Double(initialVelocity))
        s.allowsOverdamping = allowsOverdamping
        return s
    }
}
