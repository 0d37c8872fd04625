import Foundation

/// A value a basic animation moves between. The general path's `AnimatableValue` and the fast path's plain
/// vectors (`DirectBasicPlan`) are both one, so Core Animation's rule for a basic animation's value is
/// written once (`basicValue`), and the two paths compute it with the same expressions in the same order.
protocol BasicAnimationValue {
    /// self + (other - self) · fraction.
    func interpolated(to other: Self, fraction: Double) -> Self
    /// self + other.
    func adding(_ other: Self) -> Self
    /// self · k.
    func scaled(by k: Double) -> Self
}

extension BasicAnimationValue {
    /// A basic animation's value at `fraction` (eased, or a spring's displacement) of iteration `iteration`
    /// (0 for the first): from + (to - from) · fraction, and for a cumulative animation (Apple's
    /// `isCumulative`) (to - from) more for each iteration before this one. An additive animation then adds
    /// the value to the presentation value so far; that is the caller's.
    @inline(__always)
    static func basicValue(from: Self, to: Self, fraction: Double, iteration: Int, isCumulative: Bool) -> Self {
        from.interpolated(to: to, fraction: fraction).accumulated(from: from, to: to, iteration: iteration,
                                                                  isCumulative: isCumulative)
    }

    /// Core Animation's cumulative rule: `self` plus (to - from) for each iteration before `iteration` when
    /// cumulative, else `self`. A basic animation's ends are its from and to values; a keyframe animation's,
    /// its first and last values.
    @inline(__always)
    func accumulated(from: Self, to: Self, iteration: Int, isCumulative: Bool) -> Self {
        guard isCumulative, iteration > 0 else { return self }
        return to.adding(from.scaled(by: -1)).scaled(by: Double(iteration)).adding(self)
    }
}

extension AnimatableValue: BasicAnimationValue {}

extension SIMD2: BasicAnimationValue where Scalar == Double {
    @inline(__always)
    func interpolated(to other: SIMD2<Double>, fraction: Double) -> SIMD2<Double> { self + (other - self) * fraction }
    @inline(__always)
    func adding(_ other: SIMD2<Double>) -> SIMD2<Double> { self + other }
    @inline(__always)
    func scaled(by k: Double) -> SIMD2<Double> { self * k }
}
