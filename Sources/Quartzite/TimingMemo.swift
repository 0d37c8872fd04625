import Foundation

/// Remembers, for the direct plans (`DirectBasicPlan` and the keyframe and group plans), what the timing step
/// gave: local time -> progress (`TimingCore.progress`) -> eased fraction (the plan's curve), and what cos and
/// sin gave for a z rotation.
/// Many animations in a tree share their timing (a grid of tiles started together, with the same duration
/// and timing function) and read the same parent time, so a frame computes each distinct timing once
/// instead of once per animation.
///
/// The key is the timing's index in the `TimingTable` (which gives one index to timings equal bit for bit
/// in every field, curve included) and the parent time's bits, and the computation is a pure function of
/// them, so a hit returns exactly what computing would have returned; nothing needs resetting between
/// frames (last frame's entries carry last frame's time and simply stop matching). Only when the table is
/// emptied (its indices then mean other timings) is the memo cleared (`clear()`). A direct-mapped table: a
/// miss or a collision computes and overwrites, so its size bounds only the hit rate. It allocates once
/// (`Evaluator.timingMemo`), never per frame.
struct TimingMemo {
    /// One remembered timing step.
    struct Entry {
        var isUsed = false
        /// The result: no progress (the animation has no effect now), or the eased fraction and iteration.
        var hasProgress = false
        /// The timing's index in the `TimingTable`.
        var timing: Int32 = 0
        var parentTime: UInt64 = 0
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
    private let slots: Int

    /// A new, empty memo of 2^`slotBits` slots per table (tests use 0, one slot, to make every key collide).
    /// Its tables live as long as the process (the Evaluator makes one).
    init(slotBits: Int = 8) {
        let bits = min(16, max(0, slotBits))
        shift = UInt64(64 - bits)
        slots = 1 << bits
        entries = .allocate(capacity: slots)
        entries.initialize(repeating: Entry(), count: slots)
        turns = .allocate(capacity: slots)
        turns.initialize(repeating: Turn(), count: slots)
    }

    /// Forgets the timing steps (not the angles), for when the timing table's indices change meaning.
    func clear() {
        entries.update(repeating: Entry(), count: slots)
    }

    /// The slot of a multiplied key: its top bits (the best mixed ones).
    private func slotIndex(_ h: UInt64) -> Int { Int(truncatingIfNeeded: h >> shift) }

    /// The eased fraction and iteration of timing `index` of `timings` at `parentTime`, nil when the
    /// animation has no effect then: `TimingMemo.compute`'s answer for that entry, remembered.
    func eased(_ index: Int32, timings: UnsafePointer<TimingTable.Entry>,
               parentTime: Double) -> (fraction: Double, iteration: Int)? {
        let time = parentTime.bitPattern
        let key = (UInt64(UInt32(bitPattern: index)) &* 0xD6E8_FEB8_6659_FD93) ^ time
        let slot = entries + slotIndex(key &* 0x9E37_79B9_7F4A_7C15)
        if slot.pointee.isUsed && slot.pointee.timing == index && slot.pointee.parentTime == time {
            return slot.pointee.hasProgress ? (slot.pointee.fraction, slot.pointee.iteration) : nil
        }
        let entry = timings + Int(index)
        let result = Self.compute(entry.pointee.timing, curve: entry.pointee.curve, hasCurve: entry.pointee.hasCurve,
                                  parentTime: parentTime)
        slot.pointee = Entry(isUsed: true, hasProgress: result != nil, timing: index, parentTime: time,
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
