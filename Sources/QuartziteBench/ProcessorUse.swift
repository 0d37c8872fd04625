import Foundation

/// The processor time the whole process spent (every thread: ours, the driver's, llvmpipe's rasteriser
/// threads) in a set of frames, against their wall time. Each frame ends with its wait for the GPU, so its
/// rasteriser's work falls within it. On a software rasteriser the driver's threads share the cores with the
/// app, so the frames' mean wall time cannot be less than their mean processor time over the cores:
/// `floorMs` is that bound, and `coresBusy` how much of the machine the frames kept busy (the cores less it:
/// time a core waited).
public struct ProcessorUse: Sendable, Codable, Equatable {
    /// Processor milliseconds a frame, user and system, all threads: the mean over the frames.
    public var cpuMsPerFrame: Double
    /// Wall milliseconds a frame: the mean over the same frames.
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

    /// The least mean wall time of the frames if every core were busy all the time.
    public var floorMs: Double { cpuMsPerFrame / Double(max(cores, 1)) }
    /// Cores busy on average over the frames (0 for frames of no wall time).
    public var coresBusy: Double { wallMsPerFrame > 0 ? cpuMsPerFrame / wallMsPerFrame : 0 }

    /// Processor seconds this process has used so far, user and system, all threads (`getrusage`); nil
    /// where the system does not say.
    static func processSeconds() -> Double? {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return nil }
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// One frame's processor and wall time, in seconds.
    struct Sample: Sendable {
        let cpu: Double
        let wall: Double
    }

    /// The frames of `samples` together (on `cores`); nil for none, or where one frame's time is unknown.
    init?(summing samples: [Sample?], cores: Int = ProcessInfo.processInfo.activeProcessorCount) {
        guard !samples.isEmpty else { return nil }
        var cpu = 0.0, wall = 0.0
        for sample in samples {
            guard let sample else { return nil }
            cpu += sample.cpu
            wall += sample.wall
        }
        self.init(frames: samples.count, cpuSeconds: cpu, wallSeconds: wall, cores: cores)
    }

    /// The start of a frame: the process's processor time and the wall clock now.
    struct Start {
        let cpu = ProcessorUse.processSeconds()
        let wall = DispatchTime.now().uptimeNanoseconds

        /// The frame from this start to now; nil where the processor time is unknown.
        func sample() -> Sample? {
            let wallSeconds = Double(DispatchTime.now().uptimeNanoseconds - wall) / 1e9
            guard let cpu, let now = ProcessorUse.processSeconds() else { return nil }
            return Sample(cpu: now - cpu, wall: wallSeconds)
        }
    }

    private enum CodingKeys: String, CodingKey { case cpuMsPerFrame, wallMsPerFrame, cores }
    private enum DerivedKeys: String, CodingKey { case floorMs, coresBusy }

    /// The stored figures and, for scripts, the derived ones (`floorMs`, `coresBusy`).
    public func encode(to encoder: any Encoder) throws {
        var stored = encoder.container(keyedBy: CodingKeys.self)
        try stored.encode(cpuMsPerFrame, forKey: .cpuMsPerFrame)
        try stored.encode(wallMsPerFrame, forKey: .wallMsPerFrame)
        try stored.encode(cores, forKey: .cores)
        var derived = encoder.container(keyedBy: DerivedKeys.self)
        try derived.encode(floorMs, forKey: .floorMs)
        try derived.encode(coresBusy, forKey: .coresBusy)
    }
}
