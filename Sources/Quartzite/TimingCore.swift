/// The CAMediaTiming rules (active duration, repeats, autoreverse, fill, `timeOffset` wrapping) over plain
/// values: `MediaTiming` with its fill mode read into two flags. Holding no string, it is copied and kept in
/// per-frame structures (see `DirectBasicPlan`) without reference counting; `MediaTiming`'s public timing
/// members forward here, so there is one implementation of the rules.
struct TimingCore: Equatable, Sendable {
    var beginTime: Double
    var duration: Double
    var speed: Float
    var timeOffset: Double
    var repeatCount: Float
    var repeatDuration: Double
    var autoreverses: Bool
    var fillsForwards: Bool
    var fillsBackwards: Bool

    /// The simple duration an animation actually runs: `duration`, or 0.25 s when that is not
    /// positive and finite.
    var effectiveDuration: Double {
        duration > 0 && duration.isFinite ? duration : MediaTiming.defaultAnimationDuration
    }

    /// Length of one repeat cycle: the effective duration, twice it when autoreversing.
    var cycleDuration: Double {
        autoreverses ? 2 * effectiveDuration : effectiveDuration
    }

    /// The active duration of an animation, in its local time: one cycle (`effectiveDuration`,
    /// doubled when it autoreverses) times `repeatCount` (0 meaning 1; fractions play part of a
    /// cycle, so 0.5 plays half), or `repeatDuration` when that is set; with both set, the
    /// shorter (as SMIL does; Apple leaves the combination undefined). `.infinity` when
    /// repeating forever (`repeatCount` infinite or `greatestFiniteMagnitude`).
    var activeDuration: Double {
        let cycle = cycleDuration
        let count = Double(repeatCount)
        // Apple documents greatestFiniteMagnitude (`HUGE`, `MAXFLOAT`) as repeating forever, as infinity does.
        let forever = repeatCount.isInfinite || repeatCount == .greatestFiniteMagnitude
        let byCount: Double? = count > 0 ? (forever ? .infinity : cycle * count) : nil
        let byDuration: Double? = repeatDuration > 0 ? repeatDuration : nil
        switch (byCount, byDuration) {
        case let (c?, d?): return min(c, d)
        case let (c?, nil): return c
        case let (nil, d?): return d
        case (nil, nil): return cycle
        }
    }

    /// Time elapsed since `beginTime`, in local units and without `timeOffset`: the clock the
    /// active window is measured on. NaN when anything involved is NaN.
    func activeTime(atParentTime t: Double) -> Double {
        let s = Double(speed)
        // Speed 0 freezes the clock at the start even for an infinite parent time (inf * 0 = NaN).
        if s == 0 && !t.isNaN && !beginTime.isNaN { return 0 }
        return (t - beginTime) * s
    }

    /// True once parent time t is past the end of the active duration (used to fire
    /// animationDidStop and remove the animation when isRemovedOnCompletion). The end itself
    /// counts as finished. False for NaN times and for frozen (speed 0) or infinite animations.
    func isFinished(atParentTime t: Double) -> Bool {
        let a = activeTime(atParentTime: t)
        return !a.isNaN && a >= activeDuration
    }

    /// Where an animation is at parent time t (see `MediaTiming.progress(atParentTime:)`).
    func progress(atParentTime t: Double) -> TimingProgress? {
        let elapsed = activeTime(atParentTime: t)
        let active = activeDuration
        guard !elapsed.isNaN, timeOffset.isFinite, !active.isNaN else { return nil }
        if elapsed < 0 {
            return fillsBackwards ? state(atElapsed: 0, active: active) : nil
        }
        if elapsed >= active {
            return fillsForwards ? endState(active: active) : nil
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
