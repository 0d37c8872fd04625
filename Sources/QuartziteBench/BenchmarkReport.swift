import Foundation

/// Frame-time statistics of a benchmark run, in milliseconds.
public struct BenchmarkReport: Sendable, Codable {
    public var scene: String
    public var renderer: String
    /// Samples per pixel of the target (1: coverage antialiasing; 4: MSAA 4x).
    public var samples: Int
    public var width: Int
    public var height: Int
    public var frames: Int
    public var medianMs: Double
    public var p95Ms: Double
    public var p99Ms: Double
    public var maxMs: Double
    public var fps: Double
    /// Median of each stage: the app's per-frame model update, then the renderer's stages.
    public var updateMs: Double
    public var evaluateMs: Double
    public var tessellateMs: Double
    public var encodeMs: Double
    public var gpuMs: Double
    /// Median time of the window's buffer swap (windowed runs only).
    public var presentMs: Double?
    /// Median GPU time from GL timer queries (GL_TIME_ELAPSED), where the driver has them.
    public var gpuTimerMs: Double?
    /// Median vertices uploaded and draw calls issued per frame.
    public var verticesPerFrame: Int
    public var drawCallsPerFrame: Int
    /// Frames that equalled the frame before and were not drawn again (the target kept its pixels).
    public var reusedFrames = 0
    /// The floor on the same context and size: clear + glFinish (an empty tree).
    public var floorClearMs: Double
    /// The other floor: one full-canvas textured quad (a layer showing a canvas-sized image).
    public var floorQuadMs: Double
    /// The median frame's ink: pixels its draws wrote or blended, overdraw counted (`FrameTimings.inkPixels`).
    public var inkPixels: Int?
    /// The floor for that ink: as many pixels of textured quads, timed as a frame on the same context.
    public var inkFloorMs: Double?
    /// The same frames drawn by a CPU reference renderer in the same run, when measured.
    public var reference: ReferenceReport?
    /// Every frame of the run, the first ones and the unchanged ones too, in order (`bench --frame-csv`).
    public var frameRows: [BenchFrameRow]?
    /// Elements drawn (tiles, polylines, stars) for a scene whose count can change (`bench --count`), else nil.
    public var elements: Int?
    /// The HUD's cost, from a run that shows it on every other frame (`bench --hud-cost`).
    public var hudCost: HUDCost?
    /// The processor time of the frames the percentiles use, every thread's, against their wall time.
    public var processor: ProcessorUse?

    /// The median frame over the quad floor: a figure that carries across machines better than ms.
    public var overFloor: Double { medianMs / max(floorQuadMs, 1e-9) }
    /// The median frame over its ink floor: how far the frame is from drawing its pixels at the pipeline's
    /// cheapest (1: as cheap as plain textured quads).
    public var overInkFloor: Double? { inkFloorMs.map { medianMs / max($0, 1e-9) } }
    /// The reference renderer's median over ours (above 1: we are faster).
    public var referenceOverUs: Double? { reference.map { $0.medianMs / max(medianMs, 1e-9) } }

    /// A human-readable table.
    public var table: String {
        func f(_ v: Double) -> String { String(format: "%8.3f", v) }
        var lines = [
            "scene \(scene)\(elements.map { " (\($0) elements)" } ?? "") at \(width)x\(height) on \(renderer), \(samples == 1 ? "1 sample per pixel (coverage antialiasing)" : "\(samples) samples per pixel (MSAA)"), \(frames) frames drawn, \(reusedFrames) unchanged",
            frames == 0 ? "  frame ms   none drawn: every frame equalled the one before (nothing to time)"
                : "  frame ms   median \(f(medianMs))  p95 \(f(p95Ms))  p99 \(f(p99Ms))  max \(f(maxMs))  (\(String(format: "%.1f", fps)) fps)",
            "  split ms   update \(f(updateMs))  evaluate \(f(evaluateMs))  tessellate \(f(tessellateMs))  encode \(f(encodeMs))  gpu \(f(gpuMs))",
            "  present    " + (presentMs.map { "\(f($0)) ms (window buffer swap, vsync off)" } ?? "none (headless)"),
            "  gpu timer  " + (gpuTimerMs.map { "\(f($0)) ms (GL_TIME_ELAPSED query; the gpu split above is bounded by glFinish)" } ?? "no GL timer queries on this driver"),
            "  per frame  \(verticesPerFrame) vertices, \(drawCallsPerFrame) draw calls; \(reusedFrames) frame(s) unchanged, not redrawn",
            "  floor ms   clear+finish \(f(floorClearMs))  textured quad \(f(floorQuadMs))  (frame / quad floor = \(String(format: "%.2f", overFloor)))",
        ]
        if let ink = inkPixels, let floor = inkFloorMs, let ratio = overInkFloor {
            let canvases = Double(ink) / Double(max(width * height, 1))
            lines.append("  ink        \(ink) pixels a frame (\(String(format: "%.2f", canvases)) canvases, overdraw counted); floor for that ink \(f(floor)) ms (frame / ink floor = \(String(format: "%.2f", ratio)))")
        }
        if let p = processor {
            lines.append("  processor  \(f(p.cpuMsPerFrame)) ms a frame, all threads, over \(f(p.wallMsPerFrame)) ms of wall time (means): \(String(format: "%.2f", p.coresBusy)) of \(p.cores) cores busy; with every core busy the mean frame would take at least \(f(p.floorMs)) ms")
        }
        if let h = hudCost {
            lines.append("  hud        \(f(h.costMs)) ms a frame: mean \(f(h.withMs)) with it, \(f(h.withoutMs)) without; median \(f(h.medianWithMs)) and \(f(h.medianWithoutMs)) (\(h.framesEach) frames each, alternated)")
        }
        if let r = reference, let ratio = referenceOverUs {
            lines.append("  \(r.renderer) ms  median \(f(r.medianMs))  p95 \(f(r.p95Ms))  p99 \(f(r.p99Ms))  max \(f(r.maxMs))  (scene \(f(r.sceneMs)); \(r.renderer) / GL = \(String(format: "%.2f", ratio)))")
        }
        return lines.joined(separator: "\n")
    }
}

/// Frame times of the same scene drawn by a reference renderer (cairo on the CPU), in milliseconds.
public struct ReferenceReport: Sendable, Codable {
    /// Which renderer, for example "cairo".
    public var renderer: String
    public var frames: Int
    public var medianMs: Double
    public var p95Ms: Double
    public var p99Ms: Double
    public var maxMs: Double
    /// Median time the scene took to produce the frame's primitives (part of each frame's time).
    public var sceneMs: Double

    /// A report from its figures.
    public init(renderer: String, frames: Int, medianMs: Double, p95Ms: Double, p99Ms: Double, maxMs: Double,
                sceneMs: Double) {
        self.renderer = renderer; self.frames = frames; self.medianMs = medianMs; self.p95Ms = p95Ms
        self.p99Ms = p99Ms; self.maxMs = maxMs; self.sceneMs = sceneMs
    }
}

/// Percentiles of frame times, by the nearest rank.
public enum Percentile {
    /// The value at fraction `p` (0...1) of `sorted` (ascending), or 0 for no values: the nearest rank on
    /// (count - 1) · p. Every benchmark's medians and percentiles come from here.
    public static func of(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }

    /// The first frames pay for shader compilation and first uploads; reports are about steady state.
    public static func steady<T>(_ frames: [T]) -> [T] {
        frames.count > 20 ? Array(frames.dropFirst(5)) : frames
    }
}
