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
        let instant = ProcessorUse(frames: 1, cpuSeconds: 0.01, wallSeconds: 0, cores: 2)
        #expect(instant.coresBusy == 0)
    }

    /// The JSON carries the derived figures beside the stored ones, and reads back.
    @Test func theJSONCarriesTheDerivedFigures() throws {
        let use = ProcessorUse(frames: 10, cpuSeconds: 0.3, wallSeconds: 0.2, cores: 2)
        let data = try JSONEncoder().encode(use)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(abs((object["floorMs"] as? Double ?? 0) - 15) < 1e-9)
        #expect(abs((object["coresBusy"] as? Double ?? 0) - 1.5) < 1e-9)
        #expect(try JSONDecoder().decode(ProcessorUse.self, from: data) == use)
    }

    /// Frames summed: 3 frames of 10 ms of processor time in 8 ms each; no frames, or one unknown, give none.
    @Test func framesAreSummed() throws {
        let frame = ProcessorUse.Sample(cpu: 0.010, wall: 0.008)
        let use = try #require(ProcessorUse(summing: [frame, frame, frame], cores: 2))
        #expect(abs(use.cpuMsPerFrame - 10) < 1e-9 && abs(use.wallMsPerFrame - 8) < 1e-9 && use.cores == 2)
        #expect(ProcessorUse(summing: []) == nil && ProcessorUse(summing: [frame, nil]) == nil)
    }

    /// A frame in which this thread computes counts at least the processor time the thread's own clock
    /// (CLOCK_THREAD_CPUTIME_ID) gives it: the process's time includes every thread's.
    @Test func aBusyStretchCountsItsThreadsTime() throws {
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
        let use = try #require(ProcessorUse(summing: [start.sample()]))
        #expect(x.isFinite)
        #expect(use.cpuMsPerFrame >= threadMs * 0.98, "process \(use.cpuMsPerFrame) ms, thread \(threadMs) ms")
        #expect(use.wallMsPerFrame >= threadMs * 0.98, "wall \(use.wallMsPerFrame) ms, thread \(threadMs) ms")
        // No more than every online processor busy for the whole stretch: the units are milliseconds.
        let most = use.wallMsPerFrame * Double(ProcessInfo.processInfo.processorCount) * 1.05 + 1
        #expect(use.cpuMsPerFrame <= most, "process \(use.cpuMsPerFrame) ms in \(use.wallMsPerFrame) ms of wall time")
    }
}
