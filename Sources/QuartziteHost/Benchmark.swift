import Foundation
import Quartzite
import QuartziteRender

/// Frame-time statistics of a benchmark run, in milliseconds.
public struct BenchmarkReport: Sendable, Codable {
    public var scene: String
    public var renderer: String
    public var width: Int
    public var height: Int
    public var frames: Int
    public var medianMs: Double
    public var p95Ms: Double
    public var p99Ms: Double
    public var maxMs: Double
    public var fps: Double
    /// Median of each stage.
    public var evaluateMs: Double
    public var tessellateMs: Double
    public var encodeMs: Double
    public var gpuMs: Double
    public var verticesPerFrame: Int
    public var drawCallsPerFrame: Int
    /// The floor on the same context: clear + glFinish.
    public var floorClearMs: Double

    /// A human-readable table.
    public var table: String {
        func f(_ v: Double) -> String { String(format: "%8.3f", v) }
        return """
        scene \(scene) at \(width)x\(height) on \(renderer), \(frames) frames
          frame ms   median \(f(medianMs))  p95 \(f(p95Ms))  p99 \(f(p99Ms))  max \(f(maxMs))  (\(String(format: "%.1f", fps)) fps)
          split ms   evaluate \(f(evaluateMs))  tessellate \(f(tessellateMs))  encode \(f(encodeMs))  gpu \(f(gpuMs))
          per frame  \(verticesPerFrame) vertices, \(drawCallsPerFrame) draw calls
          floor ms   clear+finish \(f(floorClearMs))  (frame / floor = \(String(format: "%.2f", medianMs / max(floorClearMs, 1e-9))))
        """
    }
}

/// Runs a demo headless for a number of frames, 1/60 s of demo time apart, timing each stage.
@MainActor
public enum Benchmark {
    public static func runHeadless(_ type: any Demo.Type, size: CGSize, frames: Int) throws -> BenchmarkReport {
        let renderer = try HeadlessRenderer(size: size, scale: 1)
        defer { renderer.close() }
        let player = DemoPlayer(type, size: size, startTime: 0)
        // The floor: an empty layer tree is a clear and a finish.
        let empty = CALayer()
        var floor: [Double] = []
        for i in 0..<30 { floor.append(try renderer.renderTimed(empty, at: Double(i) / 60).total) }

        var timings: [FrameTimings] = []
        timings.reserveCapacity(frames)
        for i in 0..<max(frames, 1) {
            let t = Double(i) / 60
            player.advance(to: t)
            timings.append(try renderer.renderTimed(player.demo.rootLayer, at: t))
        }
        // The first frames pay for shader compilation and first uploads; the report is about steady state.
        let steady = timings.count > 20 ? Array(timings.dropFirst(5)) : timings
        let totals = steady.map(\.total).sorted()
        func pct(_ values: [Double], _ p: Double) -> Double {
            values[min(values.count - 1, Int((Double(values.count - 1) * p).rounded()))] * 1000
        }
        func median(_ values: [Double]) -> Double { pct(values.sorted(), 0.5) }
        return BenchmarkReport(
            scene: type.name, renderer: renderer.glRenderer, width: renderer.pixelWidth, height: renderer.pixelHeight,
            frames: steady.count, medianMs: pct(totals, 0.5), p95Ms: pct(totals, 0.95), p99Ms: pct(totals, 0.99),
            maxMs: (totals.last ?? 0) * 1000, fps: 1000 / max(pct(totals, 0.5), 1e-9),
            evaluateMs: median(steady.map(\.evaluate)), tessellateMs: median(steady.map(\.tessellate)),
            encodeMs: median(steady.map(\.encode)), gpuMs: median(steady.map(\.gpu)),
            verticesPerFrame: steady.last?.vertices ?? 0, drawCallsPerFrame: steady.last?.drawCalls ?? 0,
            floorClearMs: median(floor))
    }
}
