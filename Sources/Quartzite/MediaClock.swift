import Foundation

/// The clock every animation reads. Live, it is the monotonic system clock; frozen, it returns the time it was
/// frozen at, so a capture or a test at time t sees exactly the same frame on every run.
public enum MediaClock {
    /// Lock-protected state: the clock is read from tests running on several threads.
    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var frozenAt: CFTimeInterval?
    }
    private static let state = State()

    /// The current media time in seconds.
    public static func now() -> CFTimeInterval {
        state.lock.lock()
        defer { state.lock.unlock() }
        if let frozen = state.frozenAt { return frozen }
        return monotonicSeconds()
    }

    /// Stops the clock at `time`: `CACurrentMediaTime()` returns it until `thaw()`. Non-finite times are ignored.
    public static func freeze(at time: CFTimeInterval) {
        guard time.isFinite else { return }
        state.lock.lock()
        state.frozenAt = time
        state.lock.unlock()
    }

    /// Lets the clock run again from the system clock.
    public static func thaw() {
        state.lock.lock()
        state.frozenAt = nil
        state.lock.unlock()
    }

    /// Whether the clock is frozen.
    public static var isFrozen: Bool {
        state.lock.lock()
        defer { state.lock.unlock() }
        return state.frozenAt != nil
    }

    /// Runs `body` with the clock frozen at `time`, then restores the clock as it was. Scripted events use it
    /// so that an event scheduled at t happens at exactly t, whether the clock is live or frozen.
    public static func performFrozen<T>(at time: CFTimeInterval, _ body: () throws -> T) rethrows -> T {
        state.lock.lock()
        let previous = state.frozenAt
        state.frozenAt = time.isFinite ? time : previous
        state.lock.unlock()
        defer {
            state.lock.lock()
            state.frozenAt = previous
            state.lock.unlock()
        }
        return try body()
    }

    private static func monotonicSeconds() -> CFTimeInterval {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return CFTimeInterval(ts.tv_sec) + CFTimeInterval(ts.tv_nsec) / 1e9
    }
}

/// The current media time (Core Animation's spelling): reads `MediaClock`.
public func CACurrentMediaTime() -> CFTimeInterval { MediaClock.now() }
