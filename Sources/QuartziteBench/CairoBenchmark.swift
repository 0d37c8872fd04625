import Foundation
import Quartzite
import QuartziteHost
import QuartziteDemos

/// Runs a benchmark scene through cairo: the same frames, 1/60 s apart, as `Benchmark.runHeadless`, timing
/// the scene's primitives and cairo's drawing together (each frame's whole CPU cost).
@MainActor
public enum CairoBenchmark {
    /// Times `frames` frames of `type` at `size` points (one pixel per point).
    public static func run(_ type: any BenchScene.Type, size: CGSize, frames: Int) throws -> ReferenceReport {
        let renderer = try CairoSceneRenderer(width: Int(size.width.rounded()), height: Int(size.height.rounded()))
        let player = DemoPlayer(type, size: size, startTime: 0)
        guard let scene = player.demo as? any BenchScene else {
            throw CairoBenchError(description: "\(type.name) is not a benchmark scene")
        }
        var totals: [Double] = [], making: [Double] = []
        for i in 0..<max(frames, 1) {
            let t = Double(i) / 60
            let t0 = DispatchTime.now().uptimeNanoseconds
            let primitives = scene.primitives(at: t)
            let t1 = DispatchTime.now().uptimeNanoseconds
            renderer.draw(primitives)
            let t2 = DispatchTime.now().uptimeNanoseconds
            totals.append(Double(t2 - t0) / 1e6)
            making.append(Double(t1 - t0) / 1e6)
        }
        // The same steady-state rule as the GL run.
        let sorted = Percentile.steady(totals).sorted()
        return ReferenceReport(renderer: "cairo", frames: sorted.count, medianMs: Percentile.of(sorted, 0.5),
                               p95Ms: Percentile.of(sorted, 0.95), p99Ms: Percentile.of(sorted, 0.99),
                               maxMs: sorted.last ?? 0, sceneMs: Percentile.of(Percentile.steady(making).sorted(), 0.5))
    }

    /// Draws the frame of `type` at demo time `t` and writes it as PNG.
    public static func capture(_ type: any BenchScene.Type, size: CGSize, at t: CFTimeInterval, to path: String) throws {
        let renderer = try CairoSceneRenderer(width: Int(size.width.rounded()), height: Int(size.height.rounded()))
        let player = DemoPlayer(type, size: size, startTime: 0)
        guard let scene = player.demo as? any BenchScene else {
            throw CairoBenchError(description: "\(type.name) is not a benchmark scene")
        }
        renderer.draw(scene.primitives(at: t))
        try renderer.writePNG(to: path)
    }
}
