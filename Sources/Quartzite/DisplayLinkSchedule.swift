import Foundation

/// When one display link is next due, on the frame grid of the display it runs on.
///
/// Rules, so that a link is called once per step of its rate whether frames come exactly on the grid (the
/// headless clock) or around it (a window's loop, late or early by a few milliseconds):
/// 1. The first call, and the first after a pause, a change of refresh interval or a clock that went back,
///    is at the first display frame; the link's grid starts there.
/// 2. A display frame calls the link when it lies no more than half a refresh interval before the target.
/// 3. After a call, the target moves on by whole steps of `framesPerCall` refresh intervals until it lies
///    more than half an interval after the frame: a loop that ran late skips the steps it missed instead of
///    calling the link again to catch up, as a display does.
struct DisplayLinkSchedule {
    /// The time of the frame the grid starts at; nil before the first call.
    private var anchor: CFTimeInterval?
    /// The refresh interval the grid is counted in.
    private var interval: CFTimeInterval = 0
    /// Refresh intervals from the anchor to the target.
    private var framesToTarget = 0
    /// The time of the last call.
    private var lastCall: CFTimeInterval = 0

    /// The time of the next frame the link is due for; nil before the first call.
    var target: CFTimeInterval? { anchor.map { $0 + Double(framesToTarget) * interval } }

    /// For a display frame at `time` of a display refreshing every `d` seconds: nil when the link is not
    /// due, else the call's target timestamp (and the schedule moves on). `time` and `d` are finite, `d`
    /// positive, `framesPerCall` at least 1.
    mutating func fire(at time: CFTimeInterval, interval d: CFTimeInterval, framesPerCall n: Int) -> CFTimeInterval? {
        let half = d / 2
        if let target, interval == d, time >= lastCall - half {
            guard time >= target - half else { return nil }
            // Whole steps of n frames until the target lies more than half an interval after `time`.
            let steps = ((time + half - target) / d / Double(n)).rounded(.down) + 1
            // A gap of a million steps or a grid counted past 2^40 frames starts a new grid (rule 1).
            if steps <= 1_000_000, framesToTarget <= 1 << 40 {
                framesToTarget += Int(steps) * n
                lastCall = time
                return self.target
            }
        }
        anchor = time
        interval = d
        framesToTarget = n
        lastCall = time
        return self.target
    }
}

/// How a display link's requested frame rate becomes a number of display frames between calls.
package enum DisplayLinkRate {
    /// `value` when it is a finite positive rate, else nil (absent).
    package static func positive(_ value: Float?) -> Float? {
        guard let value, value.isFinite, value > 0 else { return nil }
        return value
    }

    /// How many display frames apart the calls of a link asking for `range` are, on a display refreshing
    /// every `refreshInterval` seconds. The link's rate is the display's divided by a whole number n (at
    /// most a million): of those inside `[minimum, maximum]` (every one, when none is), the one nearest the
    /// preferred rate, or the maximum without one, the higher rate on a tie; n = 1 when the range asks for
    /// nothing (`.default`). Rate n and n + 1 bracket the goal, so only those two are compared.
    package static func framesPerCall(for range: CAFrameRateRange, refreshInterval: CFTimeInterval) -> Int {
        let display = 1 / refreshInterval
        let minimum = positive(range.minimum).map(Double.init)
        let maximum = positive(range.maximum).map(Double.init)
        guard let goal = positive(range.preferred).map(Double.init) ?? maximum else { return 1 }
        let limit = 1_000_000.0
        // Divisors whose rate lies inside the range, with a little slack for the display's rate being a
        // quotient (1 / (1 / 60) is not exactly 60).
        var low = 1.0, high = limit
        if let maximum { low = max(low, (display / maximum * (1 - 1e-9)).rounded(.up)) }
        if let minimum { high = min(high, (display / minimum * (1 + 1e-9)).rounded(.down)) }
        if !(low <= high) { low = 1; high = limit }
        let ideal = min(max(display / goal, 1), limit)
        let below = min(max(ideal.rounded(.down), low), high)
        let above = min(max(ideal.rounded(.up), low), high)
        let distanceBelow = abs(display / below - goal), distanceAbove = abs(display / above - goal)
        // `below` is the smaller divisor, the higher rate: it wins a tie.
        return Int(distanceAbove < distanceBelow * (1 - 1e-9) ? above : below)
    }
}

/// The display links added to a run loop (`CADisplayLink.add(to:forMode:)`), which the frame loop calls
/// each frame: a window's loop and the headless clock through `FrameRenderer`, and `Capture` for the display
/// frames between the frames it captures. The registry holds each link as Core Animation's run loop does,
/// until it is removed from every mode or invalidated; all of it is guarded by `LayerTreeLock`.
package enum DisplayLinkRegistry {
    private struct Registered {
        /// In the order they were first added; a link calls in that order within a frame.
        var links: [CADisplayLink] = []
        /// Whether a frame is calling links now (a callback that renders a frame calls none again).
        var isFiring = false
    }

    private static let registered = LockedGlobal(Registered())

    /// The refresh interval used for an interval that is not a finite positive number.
    package static let defaultRefreshInterval: CFTimeInterval = 1.0 / 60

    /// Holds `link` (once).
    static func register(_ link: CADisplayLink) {
        registered.withValue { registered in
            if !registered.links.contains(where: { $0 === link }) { registered.links.append(link) }
        }
    }

    /// Lets go of `link`.
    static func unregister(_ link: CADisplayLink) {
        registered.withValue { $0.links.removeAll { $0 === link } }
    }

    /// One display frame at media time `time` of a display refreshing every `refreshInterval` seconds:
    /// calls each running link whose rate is due, once, in the order they were added, on the calling
    /// thread, with the media clock frozen at `time` and outside the layer tree's lock. A link added by a
    /// callback is first called at the next frame; one paused or invalidated by an earlier callback of the
    /// same frame is not called. Called from inside a callback (a callback that renders), it calls nothing.
    /// Returns whether it called any.
    ///
    /// - Complexity: O(registered links) besides the callbacks.
    @discardableResult
    package static func fireLinks(at time: CFTimeInterval, refreshInterval: CFTimeInterval) -> Bool {
        guard time.isFinite else { return false }
        let interval = refreshInterval.isFinite && refreshInterval > 0 ? refreshInterval : defaultRefreshInterval
        if interval != refreshInterval {
            Diagnostics.report("a display refresh interval of \(refreshInterval) s is not a positive number; display links use 1/60 s")
        }
        let links = registered.withValue { registered -> [CADisplayLink] in
            guard !registered.isFiring, !registered.links.isEmpty else { return [] }
            registered.isFiring = true
            return registered.links
        }
        guard !links.isEmpty else { return false }
        defer { registered.withValue { $0.isFiring = false } }
        return MediaClock.performFrozen(at: time) {
            var called = false
            for link in links {
                guard let call = LayerTreeLock.withLock({ link.prepareToFire(at: time, interval: interval) }) else {
                    continue
                }
                call()
                called = true
            }
            return called
        }
    }

    /// The earliest media time at or after `time` at which a running link may be called (`time` for one
    /// not called yet), or nil when no link runs: a frame loop with nothing else to do sleeps until then.
    package static func nextFire(after time: CFTimeInterval) -> CFTimeInterval? {
        registered.withValue { registered in
            registered.links.compactMap { $0.nextFire(after: time) }.min()
        }
    }

    /// Whether any link runs (added in a mode the frame loop runs, not paused, not invalidated).
    package static var hasRunningLinks: Bool {
        registered.withValue { registered in registered.links.contains { $0.isRunning } }
    }
}
