import Foundation
import Quartzite
import QuartziteRender

/// Runs a demo headless for a number of frames, 1/60 s of demo time apart, timing each stage.
@MainActor
public enum Benchmark {
    /// Times `frames` frames of `type` at `size` points, scale 1, with `samples` per pixel (4: the
    /// renderer's default MSAA; 1: none), with the floor measured on the same context. `batchesFills` false
    /// gives each solid fill its own draw call, to measure what batching saves.
    public static func runHeadless(_ type: any Demo.Type, size: CGSize, frames: Int, samples: Int = 4,
                                   batchesFills: Bool = true, skipsUnchangedFrames: Bool = true) throws -> BenchmarkReport {
        let renderer = try HeadlessRenderer(size: size, scale: 1, samples: samples)
        renderer.batchesFills = batchesFills
        defer { renderer.close() }
        // The floors draw every frame (their trees never change, and they measure drawing).
        renderer.skipsUnchangedFrames = false
        let (floorClear, floorQuad) = try floors(renderer, size: size)
        renderer.skipsUnchangedFrames = skipsUnchangedFrames

        let player = DemoPlayer(type, size: size, startTime: 0)
        var timings: [FrameTimings] = [], updates: [Double] = []
        timings.reserveCapacity(frames)
        for i in 0..<max(frames, 1) {
            let t = Double(i) / 60
            // The app's share: the demo's per-frame update and scripted events (what S3's paths cost).
            let start = DispatchTime.now().uptimeNanoseconds
            player.advance(to: t)
            updates.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            timings.append(try renderer.renderTimed(player.demo.rootLayer, at: t))
        }
        let steady = Percentile.steady(timings)
        let steadyUpdates = Percentile.steady(updates)
        let totals = zip(steady, steadyUpdates).map { ($0.total + $1) * 1000 }.sorted()
        func median(_ values: [Double]) -> Double { Percentile.of(values.sorted(), 0.5) * 1000 }
        let medianMs = Percentile.of(totals, 0.5)
        var report = BenchmarkReport(
            scene: type.name, renderer: renderer.glRenderer, samples: max(renderer.samples, 1), width: renderer.pixelWidth, height: renderer.pixelHeight,
            frames: steady.count, medianMs: medianMs, p95Ms: Percentile.of(totals, 0.95),
            p99Ms: Percentile.of(totals, 0.99), maxMs: totals.last ?? 0, fps: 1000 / max(medianMs, 1e-9),
            updateMs: median(steadyUpdates), evaluateMs: median(steady.map(\.evaluate)),
            tessellateMs: median(steady.map(\.tessellate)), encodeMs: median(steady.map(\.encode)),
            gpuMs: median(steady.map(\.gpu)),
            verticesPerFrame: Int(Percentile.of(steady.map { Double($0.vertices) }.sorted(), 0.5)),
            drawCallsPerFrame: Int(Percentile.of(steady.map { Double($0.drawCalls) }.sorted(), 0.5)),
            floorClearMs: floorClear, floorQuadMs: floorQuad, reference: nil)
        report.reusedFrames = steady.filter(\.reused).count
        return report
    }

    /// Medians of 30 frames each: an empty tree (clear + finish), and one layer showing a canvas-sized image
    /// (one full-canvas textured quad through the same pipeline).
    static func floors(_ renderer: HeadlessRenderer, size: CGSize) throws -> (clear: Double, quad: Double) {
        let empty = CALayer()
        var clear: [Double] = []
        for i in 0..<30 { clear.append(try renderer.renderTimed(empty, at: Double(i) / 60).total) }

        let quad = CALayer()
        quad.frame = CGRect(origin: .zero, size: size)
        let w = renderer.pixelWidth, h = renderer.pixelHeight
        // A grey ramp, so the texture is not one flat colour a driver could shortcut.
        var pixels = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h { for x in 0..<w { let v = UInt8((x + y) & 0xFF); let o = (y * w + x) * 4; pixels[o] = v; pixels[o + 1] = v; pixels[o + 2] = v } }
        quad.contents = try CGImage(width: w, height: h, premultipliedRGBA: pixels)
        var textured: [Double] = []
        for i in 0..<35 { textured.append(try renderer.renderTimed(quad, at: Double(i) / 60).total) }
        return (Percentile.of(clear.sorted(), 0.5) * 1000, Percentile.of(Percentile.steady(textured).sorted(), 0.5) * 1000)
    }
}
