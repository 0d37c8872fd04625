import Foundation

/// The distinct timings of the direct plans (`DirectBasicPlan`, `DirectKeyframePlan`, `DirectGroupPlan`), each
/// stored once and named by its index.
/// Thousands of animations usually share a handful of timings (a grid of tiles started together, with the
/// same duration and timing function); a plan holding an index instead of its own copy of the timing and
/// curve is a quarter the size, so a frame reads a quarter of the memory for it, and the timing memo
/// (`TimingMemo`) can key on the index and the parent time alone.
///
/// Two timings share an index only when every field is the same bit for bit (`Key`), so what is computed
/// from an index is what the plan's own copy would have given. The entries live in one allocation that
/// never moves (pages are touched only as entries are used), so a frame may read them through `entries`
/// while new plans are added. When it is full, new plans get no index (the general path applies them,
/// with the same result) until `resetIfFull()` empties it at the start of the next evaluation.
final class TimingTable {
    /// One distinct timing: the `TimingCore`, the curve, and whether the curve is applied.
    struct Entry {
        var timing: TimingCore
        var curve: UnitBezier
        var hasCurve: Bool
    }

    /// Every input of the timing step, bit for bit (so NaNs and -0 are keys like any other value).
    private struct Key: Hashable {
        var bits: [UInt64]

        init(_ timing: TimingCore, curve: UnitBezier, hasCurve: Bool) {
            let flags: UInt64 = (timing.autoreverses ? 1 : 0) | (timing.fillsForwards ? 2 : 0)
                | (timing.fillsBackwards ? 4 : 0) | (hasCurve ? 8 : 0)
            bits = [timing.beginTime.bitPattern, timing.duration.bitPattern,
                    UInt64(timing.speed.bitPattern) << 32 | UInt64(timing.repeatCount.bitPattern),
                    timing.timeOffset.bitPattern, timing.repeatDuration.bitPattern, flags,
                    curve.x1.bitPattern, curve.y1.bitPattern, curve.x2.bitPattern, curve.y2.bitPattern]
        }
    }

    /// The entries, `count` of them initialized.
    let entries: UnsafeMutablePointer<Entry>
    /// How many entries fit.
    let capacity: Int
    /// How many entries are in use.
    private(set) var count = 0
    private var indices: [Key: Int32] = [:]

    /// An empty table of `capacity` entries, allocated once (the Evaluator keeps one for the process).
    init(capacity: Int = 16_384) {
        self.capacity = max(1, min(capacity, Int(Int32.max)))
        entries = .allocate(capacity: self.capacity)
    }

    /// The index of this timing, added when new; nil when the table is full.
    func index(of timing: TimingCore, curve: UnitBezier, hasCurve: Bool) -> Int32? {
        let key = Key(timing, curve: curve, hasCurve: hasCurve)
        if let index = indices[key] { return index }
        guard count < capacity else { return nil }
        (entries + count).initialize(to: Entry(timing: timing, curve: curve, hasCurve: hasCurve))
        let index = Int32(count)
        indices[key] = index
        count += 1
        return index
    }

    /// The index of `animation`'s timing (`timing`, or its own when nil) with its timing function's curve.
    func index(of animation: CAAnimation, timing: TimingCore? = nil) -> Int32? {
        index(of: timing ?? animation.mediaTiming.core, curve: animation.timingFunction?.curve ?? Self.linear,
              hasCurve: animation.timingFunction != nil)
    }

    private static let linear = UnitBezier(x1: 0, y1: 0, x2: 1, y2: 1)

    /// Empties the table when it is full, and says whether it did: every index handed out is then void,
    /// so the caller must drop the plans holding them (and what it remembered by index) before the next
    /// plan is applied.
    func resetIfFull() -> Bool {
        guard count >= capacity else { return false }
        entries.deinitialize(count: count)
        count = 0
        indices = [:]
        return true
    }
}
