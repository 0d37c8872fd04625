import Foundation
import QuartziteRender

/// One frame of a benchmark run, in milliseconds: where a slow frame's time went.
public struct BenchFrameRow: Sendable, Codable {
    /// The frame's number; its demo time is index / 60 s.
    public var index: Int
    /// The app's update, then the renderer's stages, and their sum (the frame's time as the report counts it).
    public var updateMs: Double
    public var evaluateMs: Double
    public var tessellateMs: Double
    public var encodeMs: Double
    public var gpuMs: Double
    public var totalMs: Double
    public var drawCalls: Int
    /// Whether it equalled the frame before and was not drawn.
    public var reused: Bool

    init(index: Int, timings t: FrameTimings, update: Double) {
        self.index = index
        updateMs = update * 1000
        evaluateMs = t.evaluate * 1000
        tessellateMs = t.tessellate * 1000
        encodeMs = t.encode * 1000
        gpuMs = t.gpu * 1000
        totalMs = (t.total + update) * 1000
        drawCalls = t.drawCalls
        reused = t.reused
    }

    /// The CSV header `csvLine` matches.
    public static let csvHeader = "frame,time_s,total_ms,update_ms,evaluate_ms,tessellate_ms,encode_ms,gpu_ms,draw_calls,unchanged"

    /// The row as a CSV line.
    public var csvLine: String {
        String(format: "%d,%.4f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%d,%d", index, Double(index) / 60, totalMs, updateMs,
               evaluateMs, tessellateMs, encodeMs, gpuMs, drawCalls, reused ? 1 : 0)
    }
}
