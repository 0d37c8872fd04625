import Foundation

/// The kind of timing a `UITimingCurveProvider` supplies (UIKit's raw values).
public enum UITimingCurveType: Int, Sendable {
    /// One of the system curves (`UIView.AnimationCurve`).
    case builtin = 0
    /// A cubic Bézier curve of the caller's control points.
    case cubic = 1
    /// A spring.
    case spring = 2
    /// A cubic curve and a spring together: here the spring's, as a property animator runs one of them.
    case composed = 3
}

/// What a property animator's timing is made of: a cubic curve, a spring, or both.
public protocol UITimingCurveProvider: Sendable {
    /// Which of the parameters apply.
    var timingCurveType: UITimingCurveType { get }
    /// The cubic curve, when there is one.
    var cubicTimingParameters: UICubicTimingParameters? { get }
    /// The spring, when there is one.
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// A cubic Bézier timing curve from (0, 0) to (1, 1), one of the system curves or of two control points.
public final class UICubicTimingParameters: UITimingCurveProvider {
    /// The system curve this stands for (`.easeInOut` for a curve of custom control points).
    public let animationCurve: UIView.AnimationCurve
    /// The first control point.
    public let controlPoint1: CGPoint
    /// The second control point.
    public let controlPoint2: CGPoint
    private let isCustom: Bool

    /// The default curve, ease in and out.
    public convenience init() { self.init(animationCurve: .easeInOut) }

    /// One of the system curves.
    public init(animationCurve curve: UIView.AnimationCurve) {
        animationCurve = curve
        let points = Self.controlPoints(of: curve.timingFunction)
        controlPoint1 = points.0
        controlPoint2 = points.1
        isCustom = false
    }

    /// A curve of two control points; x values are clamped to [0, 1] and a coordinate that is not a finite
    /// number reads as the linear curve's, as `CAMediaTimingFunction(controlPoints:)` does.
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut
        let function = CAMediaTimingFunction(controlPoints: Float(point1.x), Float(point1.y),
                                             Float(point2.x), Float(point2.y))
        let points = Self.controlPoints(of: function)
        controlPoint1 = points.0
        controlPoint2 = points.1
        isCustom = true
    }

    /// `.builtin` for a system curve, `.cubic` for one of custom control points.
    public var timingCurveType: UITimingCurveType { isCustom ? .cubic : .builtin }
    /// These parameters.
    public var cubicTimingParameters: UICubicTimingParameters? { self }
    /// None: a cubic curve has no spring.
    public var springTimingParameters: UISpringTimingParameters? { nil }

    /// The Core Animation curve of these parameters.
    var timingFunction: CAMediaTimingFunction {
        CAMediaTimingFunction(controlPoints: Float(controlPoint1.x), Float(controlPoint1.y),
                              Float(controlPoint2.x), Float(controlPoint2.y))
    }

    private static func controlPoints(of function: CAMediaTimingFunction) -> (CGPoint, CGPoint) {
        var c1: [Float] = [0, 0], c2: [Float] = [0, 0]
        function.getControlPoint(at: 1, values: &c1)
        function.getControlPoint(at: 2, values: &c2)
        return (CGPoint(x: CGFloat(c1[0]), y: CGFloat(c1[1])), CGPoint(x: CGFloat(c2[0]), y: CGFloat(c2[1])))
    }
}

/// A damped spring: either a damping ratio, coming to rest at the animator's duration, or a mass,
/// stiffness and damping, lasting until the spring settles (the animator's duration is then ignored, as
/// UIKit documents).
public final class UISpringTimingParameters: UITimingCurveProvider {
    /// The initial velocity, in whole distances per second; the animations use `dx`.
    public let initialVelocity: CGVector
    /// The damping ratio (1 when made from mass, stiffness and damping): taken as 0.01 to 1.
    let dampingRatio: Double
    /// Mass-1 stiffness and damping, when made from them (not a ratio).
    let physical: (stiffness: Double, damping: Double)?

    /// A critically damped spring (ratio 1) from rest.
    public convenience init() { self.init(dampingRatio: 1, initialVelocity: .zero) }

    /// A spring of `ratio` (1: no overshoot; towards 0: more oscillation; taken as 0.01 to 1, NaN as 1)
    /// from rest.
    public convenience init(dampingRatio ratio: CGFloat) { self.init(dampingRatio: ratio, initialVelocity: .zero) }

    /// A spring of `ratio` starting at `velocity`.
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        dampingRatio = ratio.isFinite ? min(max(Double(ratio), 0.01), 1) : 1
        initialVelocity = Self.finite(velocity)
        physical = nil
    }

    /// A spring of `mass`, `stiffness` and `damping` starting at `velocity`. A mass or stiffness that is not
    /// a positive finite number reads as 1 and 100, a damping that is not a finite number ≥ 0 as 10
    /// (`CASpringAnimation`'s defaults).
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        let m = mass.isFinite && mass > 0 ? Double(mass) : 1
        let k = stiffness.isFinite && stiffness > 0 ? Double(stiffness) : 100
        let c = damping.isFinite && damping >= 0 ? Double(damping) : 10
        physical = (k / m, c / m)
        dampingRatio = min(c / (2 * (k * m).squareRoot()), 1)
        initialVelocity = Self.finite(velocity)
    }

    /// `.spring`.
    public var timingCurveType: UITimingCurveType { .spring }
    /// None: a spring has no cubic curve.
    public var cubicTimingParameters: UICubicTimingParameters? { nil }
    /// These parameters.
    public var springTimingParameters: UISpringTimingParameters? { self }

    private static func finite(_ v: CGVector) -> CGVector {
        CGVector(dx: v.dx.isFinite ? v.dx : 0, dy: v.dy.isFinite ? v.dy : 0)
    }
}
