import Foundation
import ArgumentParser
import Quartzite
import QuartziteRender
import QuartziteHost
import QuartziteDemos
import QuartziteBench
import QuartziteExport

/// Looks a demo up, or fails with the list of names.
@MainActor
func demoType(named name: String?) throws -> any Demo.Type {
    guard let name else { return DemoCatalog.all[0] }
    guard let type = DemoCatalog.demo(named: name) else {
        throw ValidationError("unknown demo '\(name)'; the demos are: \(DemoCatalog.names.joined(separator: ", "))")
    }
    return type
}

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the demos, one a line.")

    func run() throws {
        MainActor.assumeIsolated {
            for type in DemoCatalog.all { print("\(type.name)\t\(type.summary)") }
        }
    }
}

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo", abstract: "Open a demo in a window, or with no name the gallery of them all.",
        discussion: "Keys in the window:\n" + WindowKeys.helpText)

    @Argument(help: "The demo (see `quartzite list`); the gallery of every demo when omitted.")
    var name: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Window size in points, WIDTHxHEIGHT.", valueName: "WxH"), transform: CanvasSize.parse)
    var size: CanvasSize?
    @Option(parsing: .unconditional, help: "Close the window after this many seconds (for scripted runs).")
    var duration: Double?
    @Option(parsing: .unconditional, help: "Samples per pixel: 1 (edges antialiased by coverage, the default) or 4 (MSAA 4x).")
    var msaa: Int = 1
    @Option(parsing: .unconditionalSingleValue,
            help: ArgumentHelp("A pointer event the demo gets at a demo time, as if from a hand (for windows no input device reaches, such as under a headless Weston); repeat it for a script. PHASE: down, move or up; X, Y in window points.", valueName: "TIME,PHASE,X,Y"),
            transform: PointerArgument.parse)
    var pointer: [ScriptedPointer] = []

    func validate() throws {
        if let duration { try Check.time(duration, "--duration") }
        guard msaa == 1 || msaa == 4 else { throw ValidationError("--msaa must be 1 or 4, not \(msaa)") }
    }

    func run() throws {
        try MainActor.assumeIsolated {
            do {
                guard let name else {
                    let size = size?.cgSize ?? CGSize(width: 1280, height: 720)
                    try DemoWindow.runGallery(DemoCatalog.gallery, size: size, duration: duration, samples: msaa)
                    return
                }
                let type = try demoType(named: name)
                try DemoWindow.run(type, size: size?.cgSize ?? type.preferredSize, duration: duration, samples: msaa,
                                   pointerScript: pointer, reportStatistics: true)
            } catch let error as WindowError {
                throw CommandFailure(error.description)
            }
        }
    }
}

struct CaptureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Render frames of a demo headless (no display needed) to PNG, GIF or APNG.",
        discussion: """
            One frame: --at SECONDS --output FILE.png. A sequence: --from A --to B --fps N --output FILE.gif, \
            FILE.apng (animations that loop) or DIR (numbered PNG frames); the output's extension picks the \
            format. Frames are at A, A + 1/N, ... up to B; a GIF plays at most 50 frames a second.
            """)

    @Argument(help: "The demo (see `quartzite list`).")
    var name: String
    @Option(parsing: .unconditional, help: "Demo time of a single frame, in seconds.")
    var at: Double?
    @Option(parsing: .unconditional, help: "First time of a sequence.")
    var from: Double?
    @Option(parsing: .unconditional, help: "Last time of a sequence.")
    var to: Double?
    @Option(parsing: .unconditional, help: "Frames per second of a sequence.")
    var fps: Double?
    @Option(parsing: .unconditional, help: ArgumentHelp("Canvas size in points, WIDTHxHEIGHT.", valueName: "WxH"), transform: CanvasSize.parse)
    var size: CanvasSize?
    @Option(parsing: .unconditional, help: "Pixels per point.")
    var scale: Double = 1
    @Option(help: "The file to write (.png; or .gif / .apng, for a sequence or one frame) or, for a sequence, the folder of PNG frames.")
    var output: String
    @Flag(help: "Draw a benchmark scene's single frame with cairo instead (to compare the two by eye).")
    var cairo = false
    @Option(parsing: .unconditional, help: "Samples per pixel: 1 (edges antialiased by coverage, the default) or 4 (MSAA 4x).")
    var msaa: Int = 1

    func validate() throws {
        try Check.scale(scale)
        guard msaa == 1 || msaa == 4 else { throw ValidationError("--msaa must be 1 or 4, not \(msaa)") }
        let sequence = from != nil || to != nil || fps != nil
        if cairo, at == nil { throw ValidationError("--cairo draws a single frame: give --at SECONDS") }
        if let at {
            guard !sequence else { throw ValidationError("give either --at or --from/--to/--fps, not both") }
            try Check.time(at, "--at")
        } else {
            guard let from, let to, let fps else {
                throw ValidationError("give --at SECONDS for one frame, or --from, --to and --fps for a sequence")
            }
            try Check.time(from, "--from")
            try Check.time(to, "--to")
            guard to >= from else { throw ValidationError("--to (\(to)) must not be before --from (\(from))") }
            guard fps.isFinite, fps > 0, fps <= 1000 else { throw ValidationError("--fps must be above 0 and at most 1000, not \(fps)") }
            guard (to - from) * fps <= 100_000 else { throw ValidationError("that sequence has over 100000 frames") }
        }
        let format = try outputFormat()
        if cairo, format != .png { throw ValidationError("--cairo writes a PNG: name the output .png") }
        if format == .gif, let fps, fps > FrameDelays.gifMaximumFPS {
            throw ValidationError("a GIF plays at most \(Int(FrameDelays.gifMaximumFPS)) frames a second (its delays are whole hundredths of a second, and browsers play one under 2 as 10): give --fps \(Int(FrameDelays.gifMaximumFPS)) or less, or write an .apng")
        }
    }

    /// The format the output's name asks for; an unknown extension is a usage error.
    private func outputFormat() throws -> ExportFormat {
        do {
            return try ExportFormat.of(path: output, sequence: at == nil)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        try MainActor.assumeIsolated {
            let type = try demoType(named: name)
            let canvas = size?.cgSize ?? type.preferredSize
            guard canvas.width * scale <= 16384, canvas.height * scale <= 16384 else {
                throw ValidationError("--size x --scale must be at most 16384 pixels a side")
            }
            if cairo, let at {
                guard scale == 1 else {
                    throw ValidationError("--cairo draws one pixel per point; leave out --scale (\(scale)) with it")
                }
                guard let scene = type as? any BenchScene.Type else {
                    throw ValidationError("--cairo works for the benchmark scenes only, not \(type.name)")
                }
                do {
                    try CairoBenchmark.capture(scene, size: canvas, at: at, to: output)
                } catch let error as CairoBenchError {
                    throw CommandFailure(error.description)
                }
                print("wrote \(output) (cairo, \(type.name) at t = \(at) s)")
                return
            }
            do {
                let format = try outputFormat()
                if format.isAnimation {
                    // One frame as an animation: a sequence of one, shown for a second.
                    try writeAnimation(type, format: format, canvas: canvas, from: at ?? from ?? 0, to: at ?? to ?? 0, fps: at == nil ? fps ?? 1 : 1)
                } else if let at {
                    let bitmap = try Capture.frame(type, size: canvas, scale: CGFloat(scale), samples: msaa, at: at)
                    try write(bitmap, to: URL(fileURLWithPath: output))
                    print("wrote \(output) (\(bitmap.width)x\(bitmap.height), \(type.name) at t = \(at) s)")
                } else if let from, let to, let fps {
                    try writeFolder(type, canvas: canvas, from: from, to: to, fps: fps)
                }
            } catch let error as RenderError {
                throw CommandFailure("cannot render headless: \(error)")
            }
        }
    }

    /// The frames as numbered PNG files in the output folder; a failure part-way names the frames written.
    @MainActor
    private func writeFolder(_ type: any Demo.Type, canvas: CGSize, from: Double, to: Double, fps: Double) throws {
        let folder = URL(fileURLWithPath: output, isDirectory: true)
        try makeFolder(folder)
        guard let total = Capture.frameCount(from: from, to: to, fps: fps) else {
            throw ValidationError("a sequence from \(from) to \(to) s at \(fps) fps is not 1 to 1,000,000 frames")
        }
        let bar = ProgressBar(total: total, label: "capturing \(type.name)")
        defer { bar.finish() }
        // Frames are encoded and written while the next ones render; a failure stops the queue.
        let pixels = canvas.width * CGFloat(scale) * canvas.height * CGFloat(scale)
        let writer = FrameFolderWriter(frameBytes: Int(clampingPixel: pixels * 4))
        do {
            try Capture.sequence(type, size: canvas, scale: CGFloat(scale), samples: msaa, from: from, to: to, fps: fps) { i, _, bitmap in
                let file = folder.appendingPathComponent(String(format: "frame-%05d.png", i))
                try mapWriteFailure { try writer.write(bitmap, index: i, to: file) }
                bar.update(done: i + 1)
            }
            try mapWriteFailure { try writer.finish() }
        } catch let failure as CommandFailure {
            // The frames queued before the failure finish first, so the count below is final.
            try? writer.finish()
            let written = writer.writtenFromStart
            let kept = written == 0 ? "no frame was written" : "frames 0 to \(written - 1) of \(total) were written"
            throw CommandFailure("\(failure.description); \(kept)")
        } catch {
            // A render that failed: the frames being written land (or their temporary files go) first.
            try? writer.finish()
            throw error
        }
        bar.finish()
        print("wrote \(total) frames to \(output)")
    }

    /// The frames as one animated GIF or APNG file, with a progress bar on a terminal.
    @MainActor
    private func writeAnimation(_ type: any Demo.Type, format: ExportFormat, canvas: CGSize, from: Double, to: Double,
                                fps: Double) throws {
        let bar = ProgressBar(total: Capture.frameCount(from: from, to: to, fps: fps) ?? 1, label: "capturing \(type.name)")
        defer { bar.finish() }
        let summary: AnimationExport.Summary
        do {
            summary = try AnimationExport.write(type, format: format, to: URL(fileURLWithPath: output), size: canvas,
                                                scale: CGFloat(scale), samples: msaa, from: from, to: to, fps: fps) { done, _ in
                bar.update(done: done)
            }
        } catch let error as OutputError {
            throw CommandFailure(error.description)
        } catch let error as ExportError {
            throw CommandFailure("cannot write \(output): \(error.description)")
        } catch let error as RenderError {
            throw CommandFailure("cannot render headless: \(error)")
        } catch {
            throw CommandFailure("cannot write \(output): \(AtomicFile.readable(error))")
        }
        bar.finish()
        let frames = max(summary.frames, 1)
        print(String(format: "wrote %@ (%d frames, %dx%d, %.0f KB; per frame %.1f ms to render, %.1f ms to encode)",
                     output, summary.frames, summary.width, summary.height, Double(summary.bytes) / 1024,
                     summary.renderSeconds * 1000 / Double(frames), summary.encodeSeconds * 1000 / Double(frames)))
    }

    private func write(_ bitmap: Bitmap, to url: URL) throws {
        do {
            try bitmap.writePNG(to: url)
        } catch {
            throw Self.failure(writing: url, error)
        }
    }

    /// Runs `body`, turning a frame the folder writer could not write into one readable line.
    private func mapWriteFailure(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let failure as FrameWriteFailure {
            throw Self.failure(writing: failure.url, failure.underlying)
        }
    }

    private static func failure(writing url: URL, _ error: any Error) -> CommandFailure {
        if let error = error as? OutputError { return CommandFailure(error.description) }
        return CommandFailure("cannot write \(url.path): \(AtomicFile.readable(error))")
    }

    /// The sequence's folder, made if missing; a file in its place is refused in words.
    private func makeFolder(_ folder: URL) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), !isFolder.boolValue {
            throw CommandFailure("cannot write frames into \(folder.path): it is a file, not a folder")
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("cannot make the folder \(folder.path): \(obstacle(to: folder) ?? AtomicFile.readable(error))")
        }
    }

    /// What keeps `folder` from being made, found on the disk: its nearest existing ancestor is a file or not
    /// writable (Foundation reports either as an unknown write error).
    private func obstacle(to folder: URL) -> String? {
        var ancestor = folder.deletingLastPathComponent()
        for _ in 0..<4096 {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isFolder) {
                if !isFolder.boolValue { return "\(ancestor.path) is a file, not a folder" }
                return access(ancestor.path, W_OK) == 0 ? nil : "the folder \(ancestor.path) is not writable"
            }
            let parent = ancestor.deletingLastPathComponent()
            if parent.path == ancestor.path { return nil }
            ancestor = parent
        }
        return nil
    }
}

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure frame times of a demo: median / p95 / p99 / max, split by stage, against the floor.",
        discussion: "For the benchmark scenes s1 ... s5 the same frames are then drawn by cairo on the CPU.")

    @Argument(help: "The demo or scene (see `quartzite list`; s1 ... s5 are the fixed scenes), `evaluator`, `tessellation`, `shadows`, `emitter`, `replicator`, `labels`, `gallery` or `trees`.")
    var name: String
    @Option(parsing: .unconditional, help: "Frames to render.")
    var frames: Int = 300
    @Option(parsing: .unconditional, help: ArgumentHelp("Canvas size in points, WIDTHxHEIGHT (one pixel per point).", valueName: "WxH"), transform: CanvasSize.parse)
    var size: CanvasSize?
    @Flag(help: "Render offscreen with EGL (no window, no display needed); without it, a window with vsync off.")
    var headless = false
    @Option(parsing: .unconditional, help: "Samples per pixel: 1 (edges antialiased by coverage, the default) or 4 (MSAA 4x).")
    var msaa: Int = 1
    @Flag(inversion: .prefixedNo, help: "Join consecutive solid fills into one draw call (--no-batch: one each).")
    var batch = true
    @Flag(inversion: .prefixedNo, help: "Leave a frame equal to the last one as drawn (--no-skip-unchanged: redraw it).")
    var skipUnchanged = true
    @Flag(inversion: .prefixedNo, help: "Also draw a benchmark scene with cairo and report the ratio.")
    var cairo = true
    @Flag(help: "Print JSON instead of a table.")
    var json = false
    @Flag(help: "Draw the window's frame-time HUD over the demo, updated each frame (headless only).")
    var hud = false
    @Flag(help: "Show the HUD on every other frame and report its cost: the median frame with it less the median without, in one run (headless only).")
    var hudCost = false
    @Option(parsing: .unconditional, help: ArgumentHelp("Elements of a scene that scales (s1 tiles, s3 polylines, s4 stars), 1 to 100000, in the same seeded layout; without it, the scene's own count.", valueName: "N"))
    var count: Int?
    @Option(parsing: .unconditional, help: ArgumentHelp("Also write every frame's times (update, evaluate, tessellate, encode, gpu, total, draw calls) to FILE as CSV, to find the slow frames.", valueName: "FILE"))
    var frameCsv: String?

    func validate() throws {
        if (hud || hudCost) && !headless { throw ValidationError("--hud and --hud-cost need --headless") }
        if hud && hudCost { throw ValidationError("--hud shows the HUD on every frame, --hud-cost on every other: choose one") }
        if let frameCsv {
            let folder = URL(fileURLWithPath: frameCsv).deletingLastPathComponent().path
            var isFolder: ObjCBool = false
            guard !frameCsv.isEmpty, FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError("--frame-csv needs a file in a folder that exists, not '\(frameCsv)'")
            }
        }
        if let count { try Check.sceneCount(count, of: name) }
        guard frames >= 1, frames <= 1_000_000 else { throw ValidationError("--frames must be 1 to 1000000, not \(frames)") }
        guard msaa == 1 || msaa == 4 else { throw ValidationError("--msaa must be 1 or 4, not \(msaa)") }
    }

    func run() throws {
        try MainActor.assumeIsolated {
            switch name {
            case "evaluator": runEvaluator()
            case "trees": try runTrees()
            case "tessellation": try runTessellation()
            case "shadows": try runShadows()
            case "emitter": try runEmitter()
            case "replicator": try runReplicator()
            case "labels": try runLabels()
            case "gallery": try runGallery()
            default: try runDemo()
            }
        }
    }

    /// The Evaluator alone (no GL): 10,000 layers with 3 running animations each.
    @MainActor
    private func runEvaluator() {
        let result = EvaluatorBenchmark.runEvaluator(frames: frames)
        print(String(format: "evaluator: 10000 layers x 3 animations, %d frames: median %.3f ms, p99 %.3f ms",
                     frames, result.medianMs, result.p99Ms))
        print(result.allocationsNote)
    }

    /// Trees far past any real one: a 100,000-deep chain and a 100,000-wide list.
    @MainActor
    private func runTrees() throws {
        let rows = try TreeShapeBenchmark.run(layers: 100_000, size: size?.cgSize ?? CGSize(width: 256, height: 256))
        try printResult(rows) { TreeShapeBenchmark.table($0) }
    }

    /// The geometry engine alone (no GL): 1,000 strokes and 500 star fills a frame.
    @MainActor
    private func runTessellation() throws {
        try printResult(TessellationBenchmark.run(frames: frames)) { $0.table }
    }

    /// The first frame of 20,000 small shadowed layers, headless: alike (one shared blur), then each
    /// different (a blur each).
    @MainActor
    private func runShadows() throws {
        for alike in [true, false] {
            do {
                let r = try ShadowBenchmark.run(layers: 20_000, alike: alike)
                let f = r.firstFrame
                print(String(format: "shadows: %d layers, %@: first frame %.0f ms (%d blurs; evaluate %.0f, tessellate %.0f, encode %.0f, gpu %.0f), second %.0f ms",
                             r.layers, alike ? "alike" : "each different", r.firstFrameMs, f.blurs,
                             f.evaluate * 1000, f.tessellate * 1000, f.encode * 1000, f.gpu * 1000, r.secondFrameMs))
            } catch let error as RenderError {
                throw CommandFailure("cannot render headless: \(error)")
            }
        }
    }

    /// The replicator grid, from two nested replicators and built by hand, alternated frame by frame.
    @MainActor
    private func runReplicator() throws {
        let canvas = size?.cgSize ?? CGSize(width: 1280, height: 720)
        do {
            let r = try ReplicatorBenchmark.run(size: canvas, frames: frames)
            for (label, side) in [("replicated", r.replicated), ("hand-built", r.handBuilt)] {
                let m = side.median
                print(String(format: "replicator grid, %d cells at %.0fx%.0f, %@: median %.2f ms, p99 %.2f ms (median frame: evaluate %.2f, encode %.2f, gpu %.2f; %d vertices, %d draws)",
                             r.cells, canvas.width, canvas.height, label, side.medianMs, side.p99Ms,
                             m.evaluate * 1000, m.encode * 1000, m.gpu * 1000, m.vertices, m.drawCalls))
            }
            print(String(format: "replicated / hand-built: %.2f", r.replicated.medianMs / max(r.handBuilt.medianMs, 1e-9)))
        } catch let error as RenderError {
            throw CommandFailure("cannot render headless: \(error)")
        }
    }

    /// 200 text labels scrolling: frame times, and labels laid out again after the first frame.
    @MainActor
    private func runLabels() throws {
        do {
            let r = try LabelsBenchmark.run(frames: frames)
            let m = r.median
            print(String(format: "labels: %d text layers scrolling at 375x667, %d frames: median %.2f ms, p99 %.2f ms (median frame: evaluate %.2f, encode %.2f, gpu %.2f; %d draws); rasterised %d in the first frame, %d in the %d frames after it",
                         r.labels, frames, r.medianMs, r.p99Ms, m.evaluate * 1000, m.encode * 1000, m.gpu * 1000, m.drawCalls,
                         r.firstFrameRasterizations, r.laterRasterizations, frames))
        } catch let error as RenderError {
            throw CommandFailure("cannot render headless: \(error)")
        }
    }

    /// An emitter at 1,000 and 5,000 live particles of 12 points from the middle, 5,000 from all over the
    /// canvas, and 5,000 of 6 points, headless: frame times, the simulation alone, and the quad floor.
    @MainActor
    private func runEmitter() throws {
        for (particles, side, spread) in [(1_000, 12, false), (5_000, 12, false), (5_000, 12, true), (5_000, 6, false)] {
            do {
                let r = try EmitterBenchmark.run(particles: particles, side: side, spread: spread, frames: frames)
                let m = r.median
                print(String(format: "emitter: %d live particles of %d pt from %@, %d frames: median %.2f ms, p99 %.2f ms (median frame: evaluate %.2f, encode %.2f, gpu %.2f; %d vertices, %d draws); simulation alone %.2f ms; quad floor %.2f ms",
                             r.particles, side, spread ? "all over" : "the middle", frames, r.medianMs, r.p99Ms, m.evaluate * 1000, m.encode * 1000, m.gpu * 1000,
                             m.vertices, m.drawCalls, r.simulationMedianMs, r.quadFloorMs))
            } catch let error as RenderError {
                throw CommandFailure("cannot render headless: \(error)")
            }
        }
    }

    /// The gallery: every demo live in one window's grid (1280x720 unless --size says otherwise).
    @MainActor
    private func runGallery() throws {
        var report = try measure(GalleryDemo.self, canvas: size?.cgSize ?? GalleryDemo.preferredSize)
        try writeFrameRows(of: &report)
        try printResult(BenchmarkJSON(report)) { $0.report.table }
    }

    /// A demo or scene's frame times, then for a scene the same frames drawn by cairo.
    @MainActor
    private func runDemo() throws {
        let type = try demoType(named: name)
        let canvas = size?.cgSize ?? type.preferredSize
        // Both renderers build the scene inside the count's scope, so they draw the same elements.
        var report = try BenchSceneCount.with(count) { try measure(type, canvas: canvas) }
        if let scene = type as? any BenchScene.Type, let defaultCount = scene.defaultCount {
            report.elements = count ?? defaultCount
        }
        if cairo, let scene = type as? any BenchScene.Type {
            do {
                report.reference = try BenchSceneCount.with(count) {
                    try CairoBenchmark.run(scene, size: canvas, frames: frames)
                }
            } catch let error as CairoBenchError {
                throw CommandFailure(error.description)
            }
        }
        try writeFrameRows(of: &report)
        try printResult(BenchmarkJSON(report)) { $0.report.table }
    }

    /// The frame times of `type` on a `canvas`, headless or in a window; failures as one human line.
    @MainActor
    private func measure(_ type: any Demo.Type, canvas: CGSize) throws -> BenchmarkReport {
        do {
            return headless
                ? try Benchmark.runHeadless(type, size: canvas, frames: frames, samples: msaa, batchesFills: batch,
                                            skipsUnchangedFrames: skipUnchanged, hud: hudCost ? .everyOtherFrame : hud ? .shown : .hidden)
                : try Benchmark.runWindowed(type, size: canvas, frames: frames, samples: msaa, batchesFills: batch,
                                            skipsUnchangedFrames: skipUnchanged)
        } catch let error as RenderError {
            throw CommandFailure("cannot render\(headless ? " headless" : ""): \(error)")
        } catch WindowError.noDisplay(let detail) {
            throw CommandFailure("no display to open a benchmark window on (\(detail)); run under xvfb-run, or benchmark offscreen with --headless")
        } catch let error as WindowError {
            throw CommandFailure("\(error); benchmark offscreen with --headless instead")
        }
    }

    /// Writes the report's frames to `--frame-csv`'s file, atomically, and takes them off the report.
    private func writeFrameRows(of report: inout BenchmarkReport) throws {
        defer { report.frameRows = nil }
        guard let frameCsv, let rows = report.frameRows else { return }
        let text = ([BenchFrameRow.csvHeader] + rows.map(\.csvLine)).joined(separator: "\n") + "\n"
        do {
            try AtomicFile.write(Data(text.utf8), to: URL(fileURLWithPath: frameCsv))
        } catch {
            throw CommandFailure("cannot write the frame times to \(frameCsv): \(error)")
        }
    }

    /// Prints `value` as JSON with `--json`, else as `table` makes it.
    private func printResult<T: Encodable>(_ value: T, table: (T) -> String) throws {
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(value), as: UTF8.self))
        } else {
            print(table(value))
        }
    }
}

/// The JSON of a run: the report plus its derived ratios, so a script needs no arithmetic.
struct BenchmarkJSON: Encodable {
    let report: BenchmarkReport
    init(_ report: BenchmarkReport) { self.report = report }

    private enum Keys: String, CodingKey { case overFloor, overInkFloor, referenceOverUs }

    func encode(to encoder: any Encoder) throws {
        try report.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(report.overFloor, forKey: .overFloor)
        try container.encodeIfPresent(report.overInkFloor, forKey: .overInkFloor)
        try container.encodeIfPresent(report.referenceOverUs, forKey: .referenceOverUs)
    }
}

/// A failure at run time (not a usage error): one line, exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
