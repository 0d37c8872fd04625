/// The CAMediaTiming values of one object (a layer or an animation), as a value.
///
/// Layers use it only to map time (`localTime(fromParent:)`); animations also use the duration,
/// repeat, autoreverse and fill values to find where they are (`progress(atParentTime:)`).
package struct MediaTiming: Equatable, Sendable {
    /// Start, in the parent's time.
    package var beginTime: Double = 0
    /// Simple duration of one pass; for an animation, 0 (or anything not positive and finite)
    /// means Core Animation's default of 0.25 s.
    package var duration: Double = 0
    /// Local time units per parent time unit; 0 freezes local time at `timeOffset`.
    package var speed: Float = 1
    /// Added to local time; for an animation it shifts the phase, wrapping within the active
    /// duration.
    package var timeOffset: Double = 0
    /// Number of passes, may be fractional; 0 means once; `.infinity` repeats forever.
    package var repeatCount: Float = 0
    /// Total time to repeat for, in local time; 0 means unused.
    package var repeatDuration: Double = 0
    /// Whether each pass plays forwards and then backwards.
    package var autoreverses = false
    /// What shows before the begin time and after the active duration.
    package var fillMode: CAMediaTimingFillMode = .removed

    /// Timing values; all default to Core Animation's defaults.
    package init(
        beginTime: Double = 0, duration: Double = 0, speed: Float = 1, timeOffset: Double = 0,
        repeatCount: Float = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
        fillMode: CAMediaTimingFillMode = .removed
    ) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// Core Animation's duration for an animation whose `duration` is left at 0.
    package static let defaultAnimationDuration: Double = 0.25

    /// Parent time -> this object's local time: (t - beginTime) * speed + timeOffset (Apple's
    /// formula, for layers and animations alike). With speed 0 this is `timeOffset` at every
    /// parent time, which is how `layer.speed = 0; layer.timeOffset = p` scrubs.
    package func localTime(fromParent t: Double) -> Double {
        (t - beginTime) * Double(speed) + timeOffset
    }

    /// The inverse of `localTime(fromParent:)`: (t - timeOffset) / speed + beginTime. With speed 0
    /// every parent time maps to the same local time, so there is no inverse: this returns
    /// `beginTime`, a documented placeholder (callers scheduling against a frozen clock should
    /// treat such times as "never").
    package func parentTime(fromLocal t: Double) -> Double {
        guard speed != 0 else { return beginTime }
        return (t - timeOffset) / Double(speed) + beginTime
    }

    /// The values the timing rules read, as plain numbers and flags (see `TimingCore`).
    var core: TimingCore {
        TimingCore(beginTime: beginTime, duration: duration, speed: speed, timeOffset: timeOffset,
                   repeatCount: repeatCount, repeatDuration: repeatDuration, autoreverses: autoreverses,
                   fillsForwards: fillMode.fillsForwards, fillsBackwards: fillMode.fillsBackwards)
    }

    /// The simple duration an animation actually runs: `duration`, or 0.25 s when that is not
    /// positive and finite.
    package var effectiveDuration: Double { core.effectiveDuration }

    /// The active duration of an animation, in its local time: one cycle (`effectiveDuration`,
    /// doubled when it autoreverses) times `repeatCount` (0 meaning 1; fractions play part of a
    /// cycle, so 0.5 plays half), or `repeatDuration` when that is set; with both set, the
    /// shorter (as SMIL does; Apple leaves the combination undefined). `.infinity` when
    /// repeating forever.
    package var activeDuration: Double { core.activeDuration }

    /// True once parent time t is past the end of the active duration (used to fire
    /// animationDidStop and remove the animation when isRemovedOnCompletion). The end itself
    /// counts as finished. False for NaN times and for frozen (speed 0) or infinite animations.
    package func isFinished(atParentTime t: Double) -> Bool { core.isFinished(atParentTime: t) }
}
