import Foundation

/// Remembers, for the direct plans (`DirectBasicPlan`), what the timing step gave: local time -> progress
/// (`TimingCore.progress`) -> eased fraction (the plan's curve), and what cos and sin gave for a z rotation.
/// Many animations in a tree share their timing (a grid of tiles started together, with the same duration
/// and timing function) and read the same parent time, so a frame computes each distinct timing once
/// instead of once per animation.
///
/// Every input of the computation is part of the key, compared bit for bit (the parent time, every
/// `TimingCore` field, the curve's control points, whether there is a curve), and the computation is a pure
/// function of them, so a hit returns exactly what computing would have returned; nothing needs resetting
/// between frames (last frame's entries carry last frame's time and simply stop matching). A direct-mapped
/// table: a miss or a collision computes and overwrites, so its size bounds only the hit rate. It allocates
/// once (`Evaluator.timingMemo`), never per frame.
struct TimingMemo {
    /// One remembered timing step.
    struct Entry {
        var isUsed = false
        /// `TimingMemo.staticHash` of the timing and curve (a quick first comparison).
        var hash: UInt64 = 0
        var parentTime: UInt64 = 0
        var timing = MediaTiming().core
        var x1: UInt64 = 0, y1: UInt64 = 0, x2: UInt64 = 0, y2: UInt64 = 0
        var hasCurve = false
        /// The result: no progress (the animation has no effect now), or the eased fraction and iteration.
        var hasProgress = false
        var fraction = 0.0
        var iteration = 0
    }

    /// One remembered cos / sin pair, keyed by the angle's bits.
    struct Turn {
        var isUsed = false
        var angle: UInt64 = 0
        var cos = 0.0
        var sin = 0.0
    }

    private let entries: UnsafeMutablePointer<Entry>
    private let turns: UnsafeMutablePointer<Turn>
    /// 64 - log2 of the slots in each table.
    private let shift: UInt64

    /// A new, empty memo of 2^`slotBits` slots per table (tests use 0, one slot, to make every key collide).
    /// Its tables live as long as the process (the Evaluator makes one).
    init(slotBits: Int = 8) {
        let bits = min(16, max(0, slotBits))
        shift = UInt64(64 - bits)
        entries = .allocate(capacity: 1 << bits)
        entries.initialize(repeating: Entry(), count: 1 << bits)
        turns = .allocate(capacity: 1 << bits)
        turns.initialize(repeating: Turn(), count: 1 << bits)
    }

    /// The slot of a multiplied key: its top bits (the best mixed ones).
    private func slotIndex(_ h: UInt64) -> Int { Int(truncatingIfNeeded: h >> shift) }

    /// A hash of everything but the parent time, made once per plan.
    static func staticHash(timing: TimingCore, curve: UnitBezier, hasCurve: Bool) -> UInt64 {
        var h: UInt64 = 0x243F_6A88_85A3_08D3
        func mix(_ v: UInt64) { h = (h ^ v) &* 0x9E37_79B9_7F4A_7C15; h ^= h >> 29 }
        mix(timing.beginTime.bitPattern)
        mix(timing.duration.bitPattern)
        mix(UInt64(timing.speed.bitPattern) << 32 | UInt64(timing.repeatCount.bitPattern))
        mix(timing.timeOffset.bitPattern)
        mix(timing.repeatDuration.bitPattern)
        mix((timing.autoreverses ? 1 : 0) | (timing.fillsForwards ? 2 : 0) | (timing.fillsBackwards ? 4 : 0)
            | (hasCurve ? 8 : 0))
        mix(curve.x1.bitPattern)
        mix(curve.y1.bitPattern)
        mix(curve.x2.bitPattern)
        mix(curve.y2.bitPattern)
        return h
    }

    /// Every timing field the same, bit for bit.
    private static func same(_ a: TimingCore, _ b: TimingCore) -> Bool {
        a.beginTime.bitPattern == b.beginTime.bitPattern && a.duration.bitPattern == b.duration.bitPattern
            && a.speed.bitPattern == b.speed.bitPattern && a.timeOffset.bitPattern == b.timeOffset.bitPattern
            && a.repeatCount.bitPattern == b.repeatCount.bitPattern
            && a.repeatDuration.bitPattern == b.repeatDuration.bitPattern && a.autoreverses == b.autoreverses
            && a.fillsForwards == b.fillsForwards && a.fillsBackwards == b.fillsBackwards
    }

    /// The eased fraction and iteration of `timing` with `curve` (applied when `hasCurve`) at `parentTime`,
    /// nil when the animation has no effect then: `TimingMemo.compute`'s answer, remembered.
    func eased(_ timing: TimingCore, curve: UnitBezier, hasCurve: Bool, hash: UInt64,
               parentTime: Double) -> (fraction: Double, iteration: Int)? {
        let time = parentTime.bitPattern
        let slot = entries + slotIndex((hash ^ time) &* 0x9E37_79B9_7F4A_7C15)
        if slot.pointee.isUsed && slot.pointee.hash == hash && slot.pointee.parentTime == time
            && slot.pointee.hasCurve == hasCurve && slot.pointee.x1 == curve.x1.bitPattern
            && slot.pointee.y1 == curve.y1.bitPattern && slot.pointee.x2 == curve.x2.bitPattern
            && slot.pointee.y2 == curve.y2.bitPattern && Self.same(slot.pointee.timing, timing) {
            return slot.pointee.hasProgress ? (slot.pointee.fraction, slot.pointee.iteration) : nil
        }
        let result = Self.compute(timing, curve: curve, hasCurve: hasCurve, parentTime: parentTime)
        slot.pointee = Entry(isUsed: true, hash: hash, parentTime: time, timing: timing,
                             x1: curve.x1.bitPattern, y1: curve.y1.bitPattern, x2: curve.x2.bitPattern,
                             y2: curve.y2.bitPattern, hasCurve: hasCurve, hasProgress: result != nil,
                             fraction: result?.fraction ?? 0, iteration: result?.iteration ?? 0)
        return result
    }

    /// The timing step itself, uncached: progress at `parentTime`, then the curve.
    static func compute(_ timing: TimingCore, curve: UnitBezier, hasCurve: Bool,
                        parentTime: Double) -> (fraction: Double, iteration: Int)? {
        guard let progress = timing.progress(atParentTime: parentTime) else { return nil }
        var fraction = progress.fraction
        if hasCurve { fraction = curve.y(forX: fraction) }
        return (fraction, progress.iteration)
    }

    /// cos and sin of `angle`, remembered.
    func cosSin(_ angle: Double) -> (cos: Double, sin: Double) {
        let bits = angle.bitPattern
        let slot = turns + slotIndex(bits &* 0x9E37_79B9_7F4A_7C15)
        if slot.pointee.isUsed && slot.pointee.angle == bits { return (slot.pointee.cos, slot.pointee.sin) }
        let c = Foundation.cos(angle), s = Foundation.sin(angle)
        slot.pointee = Turn(isUsed: true, angle: bits, cos: c, sin: s)
        return (c, s)
    }
}
