/// Kochanek–Bartels (TCB) cubic interpolation for .cubic mode
///
/// The Hermite segment from `p1` (t = 0) to `p2` (t = 1), with `p0` and `p3` the neighbours
/// that shape the tangents. The outgoing tangent at p1 and incoming tangent at p2 are
/// `(1-T)(1+B)(1±C)/2 · (incoming chord) + (1-T)(1-B)(1∓C)/2 · (outgoing chord)`, so
/// T = C = B = 0 gives Catmull–Rom (Core Animation's default for `.cubic`), tension 1 gives zero
/// tangents, continuity breaks the corner, bias leans the tangent towards one chord. Apple's
/// `tensionValues` etc. are per keyframe; this applies one set to both ends of the segment.
/// The tangents assume evenly timed keyframes.
public func kochanekBartels(
    _ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, t: Double,
    tension: Double, continuity: Double, bias: Double
) -> Double {
    let a = 1 - tension
    // Outgoing tangent at p1 (chords p1-p0 and p2-p1).
    let out1 = a * (1 + bias) * (1 + continuity) / 2 * (p1 - p0) + a * (1 - bias) * (1 - continuity) / 2 * (p2 - p1)
    // Incoming tangent at p2 (chords p2-p1 and p3-p2).
    let in2 = a * (1 + bias) * (1 - continuity) / 2 * (p2 - p1) + a * (1 - bias) * (1 + continuity) / 2 * (p3 - p2)
    let s = t, s2 = t * t, s3 = t * t * t
    let h00 = 2 * s3 - 3 * s2 + 1
    let h10 = s3 - 2 * s2 + s
    let h01 = -2 * s3 + 3 * s2
    let h11 = s3 - s2
    return h00 * p1 + h10 * out1 + h01 * p2 + h11 * in2
}
