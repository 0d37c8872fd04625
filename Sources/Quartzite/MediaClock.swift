import Foundation

/// The clock every animation reads. Live, it is the monotonic system clock; frozen, it returns the time it was
/// frozen at, so a capture or a test at time t sees exactly the same frame on every run.
///
/// A freeze holds for the whole process, and on the thread that made it the thread's own freeze comes first:
/// work frozen at different times on different threads (tests running side by side, a capture beside a
/// window) each sees its own time, while a thread the freezing code starts still sees the process's.
public enum MediaClock {
    /// Lock-protected state: the clock is read from tests running on several threads.
    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var frozenAt: CFTimeInterval?
        /// The live clock's playback: media time = anchorMedia + (system - anchorSystem) x rate.
        var rate: Double = 1
        var anchorSystem: CFTimeInterval = 0
        var anchorMedia: CFTimeInterval = 0
    }
    private static let state = State()
    /// The key of a thread's own freeze in its thread dictionary.
    private static let threadKey = "quartzite.MediaClock.frozenAt"

    /// The current media time in seconds.
    public static func now() -> CFTimeInterval {
        if let frozen = threadFrozenAt { return frozen }
        state.lock.lock()
        defer { state.lock.unlock() }
        if let frozen = state.frozenAt { return frozen }
        return state.anchorMedia + (monotonicSeconds() - state.anchorSystem) * state.rate
    }

    /// How fast the live clock runs: 1 normally, 0.1 for a window's slow motion, 0 while it is paused. Every
    /// reader of the clock (animations, display links, scripts, other threads) sees the same slowed time, as
    /// the iOS Simulator's Slow Animations slows a whole app; the time does not jump when the rate changes.
    package static var rate: Double {
        state.lock.lock()
        defer { state.lock.unlock() }
        return state.rate
    }

    /// Sets the live clock's rate from now on (a rate that is negative or not finite is ignored).
    package static func setRate(_ rate: Double) {
        guard rate.isFinite, rate >= 0 else { return }
        reanchor { $0.rate = rate }
    }

    /// Moves the live clock forward by `seconds` at once (a paused window's step to its next frame).
    package static func skip(by seconds: CFTimeInterval) {
        guard seconds.isFinite, seconds > 0 else { return }
        reanchor { $0.anchorMedia += seconds }
    }

    /// The system seconds until the live clock reads `seconds` later than now: nil when it is paused.
    package static func systemInterval(forMedia seconds: CFTimeInterval) -> CFTimeInterval? {
        let r = rate
        return r > 0 ? seconds / r : nil
    }

    /// Anchors the live clock at this instant, then applies `change`.
    private static func reanchor(_ change: (State) -> Void) {
        state.lock.lock()
        defer { state.lock.unlock() }
        let system = monotonicSeconds()
        state.anchorMedia += (system - state.anchorSystem) * state.rate
        state.anchorSystem = system
        change(state)
    }

    /// Stops the clock at `time`: `CACurrentMediaTime()` returns it until `thaw()`. Non-finite times are ignored.
    public static func freeze(at time: CFTimeInterval) {
        guard time.isFinite else { return }
        setFrozen(time, onThread: time)
    }

    /// Lets the clock run again from the system clock.
    public static func thaw() {
        setFrozen(nil, onThread: nil)
    }

    /// Whether the clock is frozen.
    public static var isFrozen: Bool {
        if threadFrozenAt != nil { return true }
        state.lock.lock()
        defer { state.lock.unlock() }
        return state.frozenAt != nil
    }

    /// Runs `body` with the clock frozen at `time`, then restores the clock as it was. Scripted events use it
    /// so that an event scheduled at t happens at exactly t, whether the clock is live or frozen.
    public static func performFrozen<T>(at time: CFTimeInterval, _ body: () throws -> T) rethrows -> T {
        state.lock.lock()
        let previous = state.frozenAt
        state.lock.unlock()
        let previousOnThread = threadFrozenAt
        if time.isFinite { setFrozen(time, onThread: time) }
        defer { setFrozen(previous, onThread: previousOnThread) }
        return try body()
    }

    /// Sets the process's freeze and this thread's.
    private static func setFrozen(_ time: CFTimeInterval?, onThread threadTime: CFTimeInterval?) {
        state.lock.lock()
        state.frozenAt = time
        state.lock.unlock()
        threadFrozenAt = threadTime
    }

    /// This thread's own freeze.
    private static var threadFrozenAt: CFTimeInterval? {
        get { (Thread.current.threadDictionary[threadKey] as? NSNumber)?.doubleValue }
        set { Thread.current.threadDictionary[threadKey] = newValue.map { NSNumber(value: $0) } }
    }

    private static func monotonicSeconds() -> CFTimeInterval {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return CFTimeInterval(ts.tv_sec) + CFTimeInterval(ts.tv_nsec) / 1e9
    }
}

/// The current media time (Core Animation's spelling): reads `MediaClock`.
public func CACurrentMediaTime() -> CFTimeInterval { MediaClock.now() }
