import Foundation

/// When a layer tree can next look different without anyone touching it, so a frame loop with nothing to
/// draw can sleep until then instead of waking every display tick.
///
/// Rules, each erring towards waking too early rather than too late (a late wake-up freezes an animation):
/// 1. An uncommitted transaction on any thread, or an animation not yet stamped, means "now": the next frame
///    commits it, and what it changes is unknown until then.
/// 2. An animation's effect can change only while its layer's local time lies in its active window
///    `[beginTime, beginTime + activeDuration / speed]` (either order for a negative speed), ends included;
///    before it and after it the animation shows a constant fill or nothing (`TimingCore.progress`), however
///    it repeats, reverses or offsets its phase inside. Inside the window means "now".
/// 3. Outside the window, the next change is the parent-clock time at which the layer's local time reaches the
///    window, found through the product of the speeds from the root down (each layer's local time is an affine
///    function of the global time). A frozen clock anywhere above (a speed of 0) never reaches it.
/// 4. An emitter layer whose clock runs changes continuously (its particles move): "now".
/// 5. A start or a stop that has happened but that the end of a frame has not marked yet (the delegate's
///    `animationDidStart` / `animationDidStop`, removal on completion) means "now".
/// 6. Below a replicator with an instance delay, copy i sees its layers' times i x delay behind copy 0's: a
///    layer's local time is then a span (from its earliest copy's to its latest's), and its animations can
///    change while any point of the span lies in their window (gaps between copies' windows are counted as
///    changing: early, never late).
package enum ChangeSchedule {
    /// The earliest global media time at or after `time` at which the presentation of the tree under `root`
    /// (or the delegate calls of its animations) may differ from what a frame at `time` gave; `time` itself
    /// when it changes continuously, nil when nothing changes until the model does.
    ///
    /// - Complexity: O(layers + animations), one visit each, with an explicit stack (any depth).
    package static func nextChange(in root: CALayer, after time: CFTimeInterval) -> CFTimeInterval? {
        CATransaction.hasUncommittedChanges ? time : nextAnimationChange(in: root, after: time)
    }

    /// `nextChange(in:after:)` from the committed tree alone (rules 2 to 4): what its animations schedule,
    /// whatever transactions are open.
    package static func nextAnimationChange(in root: CALayer, after time: CFTimeInterval) -> CFTimeInterval? {
        LayerTreeLock.withLock {
            var earliest: CFTimeInterval?
            var visited = Set<ObjectIdentifier>()
            // Each layer with its timing parent's local time (a span below a delaying replicator: the
            // earliest copy's and the latest copy's) and that clock's rate against global time.
            var stack: [(layer: CALayer, parentTime: Double, parentSpan: ClosedRange<Double>?, parentRate: Double)]
                = [(root, time, nil, 1)]
            while let (layer, parentTime, parentSpan, parentRate) = stack.popLast() {
                guard visited.insert(ObjectIdentifier(layer)).inserted else { continue }
                let localTime = layer.timing.localTime(fromParent: parentTime)
                let span = parentSpan.map { localSpan(of: layer, fromParent: $0) }
                let rate = parentRate * Double(layer.timing.speed)
                // An emitter's particles move whenever its clock runs.
                if layer.layerKind == .emitter && rate != 0 && !rate.isNaN && !localTime.isNaN { return time }
                for entry in layer.animationEntries {
                    guard let wake = nextChange(of: entry, localTime: localTime, span: span, rate: rate, now: time) else {
                        continue
                    }
                    if wake <= time { return time }
                    earliest = min(earliest ?? wake, wake)
                }
                let childSpan = copiesSpan(of: layer, localTime: localTime, span: span)
                for child in layer.children { stack.append((child, localTime, childSpan, rate)) }
                if let mask = layer.maskStorage { stack.append((mask, localTime, span, rate)) }
            }
            return earliest
        }
    }

    /// A layer's local times for the span of its parent's copies' times (the ends mapped by its clock, which
    /// may run backwards).
    private static func localSpan(of layer: CALayer, fromParent span: ClosedRange<Double>) -> ClosedRange<Double> {
        let a = layer.timing.localTime(fromParent: span.lowerBound), b = layer.timing.localTime(fromParent: span.upperBound)
        guard !a.isNaN, !b.isNaN else { return span }
        return min(a, b)...max(a, b)
    }

    /// The span of times a replicator's copies show its sublayers at (copy i at local time - i x delay), with
    /// the span it already has; nil for a layer that does not replicate with a delay and has no span.
    private static func copiesSpan(of layer: CALayer, localTime: Double, span: ClosedRange<Double>?) -> ClosedRange<Double>? {
        let own = span ?? localTime...localTime
        guard layer.layerKind == .replicator, let values = layer.modelValues.replicator,
              values.drawnInstanceCount > 1, values.instanceDelay.isFinite, values.instanceDelay != 0,
              !own.lowerBound.isNaN else { return span }
        let reach = Double(values.instanceDelay) * Double(values.drawnInstanceCount - 1)
        let low = reach > 0 ? own.lowerBound - reach : own.lowerBound
        let high = reach > 0 ? own.upperBound : own.upperBound - reach
        // (A range's ends must be ordered numbers.)
        return low <= high ? low...high : span
    }

    /// When one animation can next change anything, as `nextChange(in:after:)` says, given its layer's local
    /// time at global time `now` (and the span of its copies' times, below a delaying replicator) and the rate
    /// of that layer's clock against global time.
    static func nextChange(of entry: AnimationEntry, localTime: Double, span: ClosedRange<Double>? = nil, rate: Double,
                           now: CFTimeInterval) -> CFTimeInterval? {
        if entry.needsStamp { return now }
        let timing = entry.animation.mediaTiming.core
        if !entry.didStart && localTime >= timing.beginTime { return now }
        if !entry.didStop && timing.isFinished(atParentTime: localTime) { return now }
        // A NaN clock stays NaN as time passes, so nothing it drives changes.
        guard !localTime.isNaN, !rate.isNaN else { return nil }
        let (start, end) = window(of: timing)
        guard !start.isNaN, !end.isNaN else { return nil }
        let low = min(start, end), high = max(start, end)
        let earliest = span?.lowerBound ?? localTime, latest = span?.upperBound ?? localTime
        if low <= latest && earliest <= high { return rate == 0 ? nil : now }
        let wake: Double
        if rate > 0 && latest < low {
            wake = now + (low - latest) / rate
        } else if rate < 0 && earliest > high {
            wake = now + (high - earliest) / rate
        } else {
            return nil
        }
        return wake.isNaN ? now : wake
    }

    /// The animation's active window in its layer's local time: from its begin time to the end of its active
    /// duration at its speed (an infinite end when it repeats forever; the begin time alone at speed 0, where
    /// its clock stands at its start).
    static func window(of timing: TimingCore) -> (start: Double, end: Double) {
        let speed = Double(timing.speed)
        guard speed != 0 else { return (timing.beginTime, timing.beginTime) }
        return (timing.beginTime, timing.beginTime + timing.activeDuration / speed)
    }
}
