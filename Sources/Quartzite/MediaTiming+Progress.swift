extension MediaTiming {
    /// Where an ANIMATION is at parent time t: nil if it has no effect now (before its begin
    /// without backwards fill, after its end without forwards fill), else the fraction of its
    /// simple duration in 0...1 (before any timing function), with repeats, autoreverse,
    /// fractional repeatCount, repeatDuration, and timeOffset wrapping within the active duration
    /// as Apple documents.
    ///
    /// The active window is `[beginTime, beginTime + activeDuration / speed)` in parent time; the
    /// offset only moves the phase: phase = (elapsed + timeOffset) wrapped into
    /// `[0, activeDuration)`, or modulo one cycle when repeating forever. So duration 3, repeat
    /// forever, offset 2.1 is at phase (e + 2.1) mod 3 after e seconds.
    ///
    /// Fill: before the window, `.backwards`/`.both` show the state at elapsed 0; from the end of
    /// the window on, `.forwards`/`.both` show the state just before the end (fraction 1, or 0
    /// after a whole number of autoreversed cycles, or the part played of a fractional cycle).
    /// NaN inputs give nil. A negative speed runs the clock backwards, so the window then lies
    /// before `beginTime` in parent time.
    public func progress(atParentTime t: Double) -> TimingProgress? {
        let elapsed = activeTime(atParentTime: t)
        let active = activeDuration
        guard !elapsed.isNaN, timeOffset.isFinite, !active.isNaN else { return nil }
        if elapsed < 0 {
            return fillMode.fillsBackwards ? state(atElapsed: 0, active: active) : nil
        }
        if elapsed >= active {
            return fillMode.fillsForwards ? endState(active: active) : nil
        }
        return state(atElapsed: elapsed, active: active)
    }

    /// `x` modulo `m` into `[0, m)`, also for negative `x`.
    static func wrap(_ x: Double, _ m: Double) -> Double {
        guard m > 0, m.isFinite, x.isFinite else { return x.isFinite ? x : 0 }
        var r = x.truncatingRemainder(dividingBy: m)
        if r < 0 { r += m }
        // Rounding can push r to exactly m.
        return r >= m ? 0 : r
    }

    /// The state at an elapsed time inside the window: phase = elapsed + timeOffset, wrapped into
    /// the active duration (a phase on a cycle boundary is the start of the next cycle). When
    /// repeating forever there is nothing to wrap into, so the phase wraps per cycle and the
    /// iteration counts cycles since the offset phase 0.
    private func state(atElapsed elapsed: Double, active: Double) -> TimingProgress {
        let shifted = elapsed + timeOffset
        let cycle = cycleDuration
        if active.isFinite {
            let p = Self.wrap(shifted, active)
            let iteration = (p / cycle).rounded(.down)
            return fractionInCycle(max(0, p - iteration * cycle), iteration: iteration)
        }
        let within = Self.wrap(shifted, cycle)
        let iteration = max(0, ((shifted - within) / cycle).rounded())
        return fractionInCycle(within, iteration: iteration.isFinite ? iteration : 0)
    }

    /// The state just before the end of the active duration: the left limit, so a phase that
    /// lands on a cycle boundary counts as the end of the previous cycle, not the start of the
    /// next.
    private func endState(active: Double) -> TimingProgress {
        let cycle = cycleDuration
        guard active.isFinite else {
            // Only reachable with a frozen infinite animation; show its start.
            return fractionInCycle(0, iteration: 0)
        }
        var p = Self.wrap(active + timeOffset, active)
        if p == 0 { p = active }
        var iteration = (p / cycle).rounded(.down)
        var within = p - iteration * cycle
        if within <= 0 && iteration > 0 {
            iteration -= 1
            within = cycle
        }
        return fractionInCycle(within, iteration: iteration)
    }

    /// Maps time within one cycle (0...cycle) to a fraction, reflecting the reverse half.
    private func fractionInCycle(_ within: Double, iteration: Double) -> TimingProgress {
        let d = effectiveDuration
        // Guard the Int conversion: it traps on NaN or values beyond Int.
        let count = iteration.isNaN || iteration <= 0 ? 0 : (iteration < Double(Int.max) ? Int(iteration) : Int.max)
        if autoreverses && within > d {
            return TimingProgress(fraction: clamp01((2 * d - within) / d), iteration: count, isReversed: true)
        }
        return TimingProgress(fraction: clamp01(within / d), iteration: count, isReversed: false)
    }

    private func clamp01(_ x: Double) -> Double { min(1, max(0, x)) }
}
