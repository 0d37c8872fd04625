import Foundation
import Quartzite
import QuartziteRender
import QuartziteHost

/// Runs a demo for a number of frames, 1/60 s of demo time apart, timing each stage: headless (EGL,
/// offscreen) or in a window (GLFW, vsync off, the swap timed too).
@MainActor
public enum Benchmark {
    /// Times `frames` frames of `type` at `size` points, scale 1, with `samples` per pixel (4: the
    /// renderer's default MSAA; 1: none), with the floor measured on the same context. `batchesFills` false
    /// gives each solid fill its own draw call, to measure what batching saves.
    /// `hud`: with the window's frame-time HUD over the demo, fed each frame's timings (its cost counts in the
    /// app's share and in the frame), on every frame or on every other one (its cost measured as the mean
    /// frame with it less the mean without, in one run: `BenchmarkReport.hudCost`).
    public static func runHeadless(_ type: any Demo.Type, size: CGSize, frames: Int, samples: Int = 1,
                                   batchesFills: Bool = true, skipsUnchangedFrames: Bool = true,
                                   hud: BenchHUD = .hidden) throws -> BenchmarkReport {
        let renderer = try HeadlessRenderer(size: size, scale: 1, samples: samples)
        renderer.batchesFills = batchesFills
        defer { renderer.close() }
        // As the window does before its first frame.
        try renderer.warmUp()
        let target = Target(name: renderer.glRenderer, samples: max(renderer.samples, 1), pixelWidth: renderer.pixelWidth,
                            pixelHeight: renderer.pixelHeight, setSkipping: { renderer.skipsUnchangedFrames = $0 },
                            setCountingInk: { renderer.countsInk = $0 }, render: { try renderer.renderTimed($0, at: $1) })
        return try measure(type, size: size, frames: frames, on: target, skipsUnchangedFrames: skipsUnchangedFrames,
                           hud: hud)
    }

    /// Times frames drawn in a window of `size` points with vsync off, so a frame costs what it costs rather
    /// than the display's interval; each frame is drawn, waited for (glFinish) and swapped (the swap counts as
    /// `present`). Throws `WindowError` when there is no display.
    public static func runWindowed(_ type: any Demo.Type, size: CGSize, frames: Int, samples: Int = 1,
                                   batchesFills: Bool = true, skipsUnchangedFrames: Bool = true) throws -> BenchmarkReport {
        let window = try Window(width: Int(clampingPixel: size.width), height: Int(clampingPixel: size.height),
                                title: "Quartzite bench — \(type.name)",
                                samples: samples, vsync: false)
        defer { window.close() }
        let points = window.pointSize, pixels = window.pixelSize
        let canvas = CGSize(width: max(points.width, 1), height: max(points.height, 1))
        let renderer = try FrameRenderer(canvasSize: canvas, contentScale: CGFloat(pixels.width) / canvas.width)
        defer { renderer.release() }
        renderer.batchesFills = batchesFills
        renderer.warmUp()
        let target = Target(
            name: renderer.glRendererName, samples: max(renderer.samplesOfBoundTarget, 1), pixelWidth: pixels.width,
            pixelHeight: pixels.height, setSkipping: { renderer.skipsUnchangedFrames = $0 },
            setCountingInk: { renderer.countsInk = $0 }, render: { layer, time in
                _ = window.pollEvents()
                if window.takeDamage() { renderer.invalidateLastFrame() }
                // The display links, as `quartzite demo` and the headless renderer call them (frames are
                // 1/60 s apart), outside the frame's timings as in the headless renderer.
                if DisplayLinkRegistry.fireLinks(at: time, refreshInterval: 1.0 / 60) { window.makeContextCurrent() }
                var timings = renderer.renderFrame(layer, at: time, pixelWidth: pixels.width, pixelHeight: pixels.height,
                                                   waitForGPU: true)
                // A frame equal to the one shown is neither drawn nor swapped, as in `quartzite demo`.
                guard !timings.reused else { return timings }
                let start = DispatchTime.now().uptimeNanoseconds
                window.swapBuffers()
                timings.present = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                return timings
            })
        return try measure(type, size: canvas, frames: frames, on: target, skipsUnchangedFrames: skipsUnchangedFrames)
    }

    /// Where frames are drawn: a description of the target and how to draw one frame there.
    struct Target {
        let name: String
        let samples: Int
        let pixelWidth: Int
        let pixelHeight: Int
        let setSkipping: (Bool) -> Void
        let setCountingInk: (Bool) -> Void
        let render: (CALayer, CFTimeInterval) throws -> FrameTimings
    }

    /// The floors, then the demo's frames, summarised.
    static func measure(_ type: any Demo.Type, size: CGSize, frames: Int, on target: Target,
                        skipsUnchangedFrames: Bool, hud showsHUD: BenchHUD = .hidden) throws -> BenchmarkReport {
        // The floors draw every frame (their trees never change, and they measure drawing).
        target.setSkipping(false)
        let (floorClear, floorQuad) = try floors(target, size: size)
        target.setSkipping(skipsUnchangedFrames)

        let (timings, updates, usage) = try play(type, size: size, frames: frames, on: target, hud: showsHUD)
        // Figures describe drawn frames only: an unchanged frame is not drawn, and counting its near-zero
        // time would report the speed of skipping, not of drawing. The unchanged ones are counted apart.
        let steadyPairs = Array(zip(Percentile.steady(timings), Percentile.steady(updates)))
        let drawnPairs = steadyPairs.filter { !$0.0.reused }
        let drawn = drawnPairs.map(\.0), drawnUpdates = drawnPairs.map(\.1)
        let totals = drawnPairs.map { ($0.total + $1) * 1000 }.sorted()
        func median(_ values: [Double]) -> Double { Percentile.of(values.sorted(), 0.5) * 1000 }
        let medianMs = Percentile.of(totals, 0.5)
        var report = BenchmarkReport(
            scene: type.name, renderer: target.name, samples: target.samples, width: target.pixelWidth,
            height: target.pixelHeight, frames: drawn.count, medianMs: medianMs, p95Ms: Percentile.of(totals, 0.95),
            p99Ms: Percentile.of(totals, 0.99), maxMs: totals.last ?? 0, fps: totals.isEmpty ? 0 : 1000 / max(medianMs, 1e-9),
            updateMs: median(drawnUpdates), evaluateMs: median(drawn.map(\.evaluate)),
            tessellateMs: median(drawn.map(\.tessellate)), encodeMs: median(drawn.map(\.encode)),
            gpuMs: median(drawn.map(\.gpu)),
            verticesPerFrame: Int(Percentile.of(drawn.map { Double($0.vertices) }.sorted(), 0.5)),
            drawCallsPerFrame: Int(Percentile.of(drawn.map { Double($0.drawCalls) }.sorted(), 0.5)),
            floorClearMs: floorClear, floorQuadMs: floorQuad, reference: nil)
        report.reusedFrames = steadyPairs.count - drawn.count
        report.processor = ProcessorUse(summing: zip(steadyPairs, Percentile.steady(usage)).filter { !$0.0.0.reused }.map(\.1))
        report.frameRows = zip(timings, updates).enumerated().map { BenchFrameRow(index: $0, timings: $1.0, update: $1.1) }
        if showsHUD == .everyOtherFrame { report.hudCost = HUDCost(frames: timings, updates: updates) }
        let queried = drawn.compactMap(\.gpuElapsed)
        if !queried.isEmpty { report.gpuTimerMs = median(queried) }
        let presented = drawn.map(\.present)
        if presented.contains(where: { $0 > 0 }) { report.presentMs = median(presented) }
        try measureInk(of: type, size: size, frames: frames, on: target, hud: showsHUD, into: &report)
        return report
    }

    /// Plays `frames` frames of a new `type`, 1/60 s apart, each rendered by the target; with the app's share
    /// of each frame: the demo's per-frame update and scripted events (what S3's paths cost), and the HUD's
    /// graph and text when it shows. With each frame's processor and wall time, the app's share included.
    static func play(_ type: any Demo.Type, size: CGSize, frames: Int, on target: Target, hud showsHUD: BenchHUD)
        throws -> (timings: [FrameTimings], updates: [Double], usage: [ProcessorUse.Sample?]) {
        UIScreen.main.setScale(CGFloat(target.pixelWidth) / max(size.width, 1))
        let player = DemoPlayer(type, size: size, startTime: 0)
        let hud = showsHUD == .hidden ? nil : FrameHUD()
        let root = hud.map { Self.root(showing: player.demo.rootLayer, under: $0, size: size) } ?? player.demo.rootLayer
        var timings: [FrameTimings] = [], updates: [Double] = [], usage: [ProcessorUse.Sample?] = []
        timings.reserveCapacity(frames)
        for i in 0..<max(frames, 1) {
            let begun = ProcessorUse.Start()
            let t = Double(i) / 60
            let start = DispatchTime.now().uptimeNanoseconds
            player.advance(to: t)
            if let hud {
                // Shown on every other frame, the HUD's clock runs at 120 frames a second of its own, so it
                // redraws as often among the frames it shows as in a 120 Hz window.
                let clock = showsHUD == .everyOtherFrame ? Double(i / 2) / 120 : t
                if showsHUD == .everyOtherFrame { hud.isVisible = HUDCost.shows(frame: i) }
                if let last = timings.last { hud.record(last, at: clock) }
                hud.refresh(at: clock, clock: String(format: "t %.2f s", t))
            }
            updates.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            timings.append(try target.render(root, t))
            usage.append(begun.sample())
        }
        return (timings, updates, usage)
    }

    /// The frames' ink and its floor: the same frames played again with their ink counted (a count slows
    /// the fragments it counts, so the timed frames do not count), the median over the frames drawn; then
    /// that many pixels through the floor's textured quads, timed as a frame.
    static func measureInk(of type: any Demo.Type, size: CGSize, frames: Int, on target: Target, hud: BenchHUD,
                           into report: inout BenchmarkReport) throws {
        target.setCountingInk(true)
        let counted = try play(type, size: size, frames: frames, on: target, hud: hud).timings
        target.setCountingInk(false)
        let inks = Percentile.steady(counted).filter { !$0.reused }.compactMap(\.inkPixels).map(Double.init)
        guard !inks.isEmpty else { return }
        let ink = Percentile.of(inks.sorted(), 0.5)
        report.inkPixels = Int(ink)
        target.setSkipping(false)
        report.inkFloorMs = try InkFloor.time(pixels: ink, on: target, size: size)
    }

    /// A layer holding the demo's tree with the HUD shown above it, as a window shows them.
    static func root(showing demo: CALayer, under hud: FrameHUD, size: CGSize) -> CALayer {
        let host = CALayer()
        host.frame = CGRect(origin: .zero, size: size)
        host.addSublayer(demo)
        hud.layer.position = CGPoint(x: 8, y: 8)
        hud.isVisible = true
        host.addSublayer(hud.layer)
        return host
    }

    /// Medians of 30 frames each: an empty tree (clear + finish), and one layer showing a canvas-sized image
    /// (one full-canvas textured quad through the same pipeline).
    static func floors(_ target: Target, size: CGSize) throws -> (clear: Double, quad: Double) {
        let empty = CALayer()
        var clear: [Double] = []
        for i in 0..<30 { clear.append(try target.render(empty, Double(i) / 60).total) }
        let quad = CALayer()
        quad.frame = CGRect(origin: .zero, size: size)
        quad.contents = try InkFloor.rampImage(width: target.pixelWidth, height: target.pixelHeight)
        return (Percentile.of(clear.sorted(), 0.5) * 1000, try InkFloor.median(of: quad, on: target))
    }
}
