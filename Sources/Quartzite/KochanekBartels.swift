/// Kochanek–Bartels (TCB) cubic interpolation for .cubic mode
///
/// The Hermite segment from `p1` (t = 0) to `p2` (t = 1), with `p0` and `p3` the neighbours
/// that shape the tangents. The outgoing tangent at p1 and incoming tangent at p2 are
/// `(1-T)(1+B)(1±C)/2 · (incoming chord) + (1-T)(1-B)(1∓C)/2 · (outgoing chord)`, so
/// T = C = B = 0 gives Catmull–Rom (Core Animation's default for `.cubic`), tension 1 gives zero
/// tangents, continuity breaks the corner, bias leans the tangent towards one chord (the convention of
/// Kochanek and Bartels' paper). This applies one set to both ends of the segment; the variant below takes
/// each keyframe's own. The tangents assume evenly timed keyframes (the variant with scales corrects them
/// for uneven `keyTimes`).
package func kochanekBartels(
    _ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, t: Double,
    tension: Double, continuity: Double, bias: Double
) -> Double {
    let tcb = TCB(tension: tension, continuity: continuity, bias: bias)
    return kochanekBartels(p0, p1, p2, p3, t: t, start: tcb, end: tcb)
}

/// Tension, continuity and bias of one keyframe.
package struct TCB: Equatable, Sendable {
    package var tension: Double, continuity: Double, bias: Double
    /// A keyframe's parameters; non-finite values read as 0.
    package init(tension: Double = 0, continuity: Double = 0, bias: Double = 0) {
        self.tension = tension.isFinite ? tension : 0
        self.continuity = continuity.isFinite ? continuity : 0
        self.bias = bias.isFinite ? bias : 0
    }
}

/// The Kochanek–Bartels segment from p1 to p2 with each end's own parameters, as Apple's per-keyframe
/// `tensionValues`, `continuityValues` and `biasValues` give them: `start` shapes the tangent leaving p1,
/// `end` the tangent arriving at p2.
package func kochanekBartels(
    _ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, t: Double, start: TCB, end: TCB
) -> Double {
    kochanekBartels(p0, p1, p2, p3, t: t, start: start, end: end, outScale: 1, inScale: 1)
}

/// The segment with its two tangents scaled, for keyframes not evenly spaced in time: Kochanek and Bartels'
/// adjustment for the parameter step, `2 N_i / (N_(i-1) + N_i)` for the tangent leaving p1 and
/// `2 N_i / (N_i + N_(i+1))` for the one arriving at p2, where N are the segments' durations. The velocity
/// through each keyframe is then the same on both sides in time, not just in each segment's own parameter.
func kochanekBartels(
    _ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, t: Double, start: TCB, end: TCB,
    outScale: Double, inScale: Double
) -> Double {
    let a = 1 - start.tension, b = start.bias, c = start.continuity
    // Outgoing tangent at p1 (chords p1-p0 and p2-p1).
    let out1 = a * (1 + b) * (1 + c) / 2 * (p1 - p0) + a * (1 - b) * (1 - c) / 2 * (p2 - p1)
    let a2 = 1 - end.tension, b2 = end.bias, c2 = end.continuity
    // Incoming tangent at p2 (chords p2-p1 and p3-p2).
    let in2 = a2 * (1 + b2) * (1 - c2) / 2 * (p2 - p1) + a2 * (1 - b2) * (1 + c2) / 2 * (p3 - p2)
    let out1Scaled = out1 * outScale, in2Scaled = in2 * inScale
    let s = t, s2 = t * t, s3 = t * t * t
    let h00 = 2 * s3 - 3 * s2 + 1
    let h10 = s3 - 2 * s2 + s
    let h01 = -2 * s3 + 3 * s2
    let h11 = s3 - s2
    return h00 * p1 + h10 * out1Scaled + h01 * p2 + h11 * in2Scaled
}
