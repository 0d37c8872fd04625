import Foundation

/// How many threads Mesa's llvmpipe (the software rasteriser of a machine without a GPU, CI's) rasterises
/// with. Its default is one per processor; measured on 2 cores, twice that cuts a frame's p99 by a quarter to
/// a half with the median unchanged (BENCHMARKS.md, stop 12): llvmpipe hands out 64x64-pixel tiles one at a
/// time, and with one thread per core a thread that is descheduled or woken late leaves its tiles waiting
/// for the others to finish theirs, so a frame now and then takes twice as long. With more threads than
/// cores the late thread's share is smaller and the others take the rest.
public enum RasterizerThreads {
    /// The environment variable llvmpipe reads.
    public static let variable = "LP_NUM_THREADS"

    /// Sets `LP_NUM_THREADS` as `value(existing:processors:)` says, once per process. llvmpipe reads it when
    /// its screen is created, so this runs before the first EGL display or GLFW window; other drivers
    /// ignore it.
    public static func prepare() {
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
