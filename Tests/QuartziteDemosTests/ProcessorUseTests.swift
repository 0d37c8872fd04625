import Foundation
import Testing
@testable import QuartziteBench

/// `bench`'s processor line: every thread's processor time a frame, against the frames' wall time.
struct ProcessorUseTests {
    /// 100 frames, 2.4 s of processor time in 1.5 s on 2 cores: 24 ms a frame against 15 ms of wall time,
    /// 1.6 cores busy, and 12 ms a frame at the least with both cores busy throughout.
    @Test func figuresFollowFromTheTotals() {
        let use = ProcessorUse(frames: 100, cpuSeconds: 2.4, wallSeconds: 1.5, cores: 2)
        #expect(abs(use.cpuMsPerFrame - 24) < 1e-9)
        #expect(abs(use.wallMsPerFrame - 15) < 1e-9)
        #expect(abs(use.floorMs - 12) < 1e-9)
        #expect(abs(use.coresBusy - 1.6) < 1e-9)
    }

    /// No frames, no cores or a clock that ran backwards give finite figures, not a division by zero.
    @Test func degenerateStretchesStayFinite() {
        let use = ProcessorUse(frames: 0, cpuSeconds: -1, wallSeconds: 0, cores: 0)
        #expect(use.cpuMsPerFrame == 0 && use.wallMsPerFrame == 0 && use.cores == 1)
        #expect(use.floorMs.isFinite && use.coresBusy.isFinite)
    }

    /// A stretch in which this thread computes counts at least the processor time the thread's own clock
    /// (CLOCK_THREAD_CPUTIME_ID) gives it: the process's time includes every thread's.
    @Test func aBusyStretchCountsItsThreadsTime() {
        func threadSeconds() -> Double {
            var t = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
            return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
        }
        let start = ProcessorUse.Start()
        let thread0 = threadSeconds()
        var x = 0.5
        while threadSeconds() - thread0 < 0.05 { for _ in 0..<10_000 { x = x * 3.9 * (1 - x) } }
        let threadMs = (threadSeconds() - thread0) * 1000
        let use = start.end(frames: 1)
        #expect(x.isFinite)
        #expect(use.cpuMsPerFrame >= threadMs * 0.98, "process \(use.cpuMsPerFrame) ms, thread \(threadMs) ms")
        #expect(use.wallMsPerFrame >= threadMs * 0.98, "wall \(use.wallMsPerFrame) ms, thread \(threadMs) ms")
    }
}
