/// Where an animation is within its simple duration at some moment.
package struct TimingProgress: Equatable, Sendable {
    /// Fraction of the simple duration in 0...1, before any timing function. Already reflected
    /// for the backward half of an autoreversing cycle.
    package var fraction: Double
    /// How many whole repeat cycles have completed (a cycle includes the reverse half when the
    /// animation autoreverses); `isCumulative` animations add this many times the delta.
    package var iteration: Int
    /// True while playing the backward half of an autoreversing cycle.
    package var isReversed: Bool

    /// A progress value.
    package init(fraction: Double, iteration: Int = 0, isReversed: Bool = false) {
        self.fraction = fraction
        self.iteration = iteration
        self.isReversed = isReversed
    }
}
