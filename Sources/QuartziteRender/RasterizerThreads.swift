import Foundation

/// How many threads Mesa's llvmpipe (the software rasteriser of a machine without a GPU, CI's) rasterises
/// with. Its default is one per processor. Measured on 2 cores, twice that cuts a frame's p99 by a quarter to
/// a half with the median unchanged (BENCHMARKS.md): with one thread per core, now and then a frame takes
/// about twice the median, the extra time all in waiting for the rasteriser (a thread descheduled or woken
/// late, most likely, with the frame's last tiles behind it); with more threads than cores those frames
/// mostly disappear.
///
/// `setenv` is not safe while other threads read the environment: an executable calls `prepare()` first
/// thing in `main`; the renderer calls it again before its first EGL display or GLFW window, for programs
/// that did not (where it runs once, at that point).
package enum RasterizerThreads {
    /// The environment variable llvmpipe reads.
    package static let variable = "LP_NUM_THREADS"

    /// Sets `LP_NUM_THREADS` as `value(existing:processors:)` says, once per process. llvmpipe reads it when
    /// its screen is created, so this runs before the first EGL display or GLFW window; other drivers
    /// ignore it.
    package static func prepare() {
        _ = once
    }

    /// The value to set: twice the processors, at most 16; nil when the environment already names one (a
    /// user's choice stands).
    static func value(existing: String?, processors: Int) -> String? {
        if let existing, !existing.isEmpty { return nil }
        return String(min(2 * max(processors, 1), 16))
    }

    private static let once: Void = {
        let existing = getenv(variable).map { String(cString: $0) }
        if let value = value(existing: existing, processors: ProcessInfo.processInfo.activeProcessorCount) {
            setenv(variable, value, 1)
        }
    }()
}
