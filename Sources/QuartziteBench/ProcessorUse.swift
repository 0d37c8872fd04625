import Foundation

/// The processor time the whole process spent (every thread: ours, the driver's, llvmpipe's rasteriser
/// threads) over a stretch of frames, against the wall time of that stretch. On a software rasteriser the
/// driver's threads share the cores with the app, so a frame cannot on average take less wall time than its
/// processor time over the cores: `floorMs` is that bound, and `coresBusy` how much of the machine the frames
/// kept busy (the cores less it: time a core waited).
public struct ProcessorUse: Sendable, Codable, Equatable {
    /// Processor milliseconds a frame, user and system, all threads: the mean over the stretch.
    public var cpuMsPerFrame: Double
    /// Wall milliseconds a frame: the mean over the same stretch.
    public var wallMsPerFrame: Double
    /// The processors the process could run on.
    public var cores: Int

    /// Figures for `frames` frames that took `cpuSeconds` of processor time in `wallSeconds`, on `cores`.
    public init(frames: Int, cpuSeconds: Double, wallSeconds: Double, cores: Int) {
        let n = Double(max(frames, 1))
        cpuMsPerFrame = max(cpuSeconds, 0) / n * 1000
        wallMsPerFrame = max(wallSeconds, 0) / n * 1000
        self.cores = max(cores, 1)
    }

    /// The least mean wall time a frame could take if every core were busy all the time.
    public var floorMs: Double { cpuMsPerFrame / Double(cores) }
    /// Cores busy on average over the stretch (at most `cores`, up to the clocks' granularity).
    public var coresBusy: Double { cpuMsPerFrame / max(wallMsPerFrame, 1e-9) }

    /// Processor seconds this process has used so far, user and system, all threads (`getrusage`).
    static func processSeconds() -> Double {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The start of a stretch: the process's processor time and the wall clock now.
    struct Start {
        let cpu = ProcessorUse.processSeconds()
        let wall = DispatchTime.now().uptimeNanoseconds

        /// The stretch from this start to now, of `frames` frames.
        func end(frames: Int) -> ProcessorUse {
            let wallSeconds = Double(DispatchTime.now().uptimeNanoseconds - wall) / 1e9
            return ProcessorUse(frames: frames, cpuSeconds: ProcessorUse.processSeconds() - cpu, wallSeconds: wallSeconds,
                                cores: ProcessInfo.processInfo.activeProcessorCount)
        }
    }
}
