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
    package func progress(atParentTime t: Double) -> TimingProgress? { core.progress(atParentTime: t) }
}
