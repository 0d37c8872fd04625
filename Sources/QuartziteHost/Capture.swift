import Foundation
import Quartzite
import QuartziteRender

/// Headless frames of a demo: the demo starts at media time 0 and its script runs up to the requested time,
/// each event at exactly its scheduled time, and its display links (`CADisplayLink`) are called at every
/// frame of a 60 Hz display up to it (`HeadlessRenderer.refreshRate`), so a capture at t is the same image on
/// every run.
@MainActor
public enum Capture {
    /// The frame of `type` at demo time `time`.
    /// `samples`: 4 for 4x MSAA, 1 for coverage antialiasing (one sample per pixel).
    public static func frame(_ type: any Demo.Type, size: CGSize, scale: CGFloat = 1, samples: Int = 1,
                             at time: CFTimeInterval) throws -> Bitmap {
        let renderer = try HeadlessRenderer(size: size, scale: scale, samples: samples)
        defer { renderer.close() }
        UIScreen.main.setScale(renderer.scale)
        let player = DemoPlayer(type, size: size, startTime: 0)
        return try frame(of: player, renderer: renderer, at: time)
    }

    /// Frames from `start` through `end` at `fps`, handed to `body` with their index and time in order (so a
    /// long sequence is written as it goes, not held in memory).
    public static func sequence(_ type: any Demo.Type, size: CGSize, scale: CGFloat = 1, samples: Int = 1,
                                from start: CFTimeInterval, to end: CFTimeInterval, fps: Double,
                                _ body: (Int, CFTimeInterval, Bitmap) throws -> Void) throws {
        guard let count = frameCount(from: start, to: end, fps: fps) else {
            throw RenderError.invalidArgument("a sequence from \(start) to \(end) s at \(fps) fps is not 1 to 1,000,000 frames")
        }
        let renderer = try HeadlessRenderer(size: size, scale: scale, samples: samples)
        defer { renderer.close() }
        UIScreen.main.setScale(renderer.scale)
        let player = DemoPlayer(type, size: size, startTime: 0)
        for i in 0..<count {
            let t = start + Double(i) / fps
            try body(i, t, try frame(of: player, renderer: renderer, at: t))
        }
    }

    /// How many frames `sequence` makes from `start` through `end` at `fps`: frame i is at start + i / fps,
    /// for every i whose time is at most `end`. A millionth of a frame of slack keeps decimal times whole
    /// (0 to 2.3 s at 10 fps ends with the frame at 2.3 s, though 2.3 x 10 is 22.999999999999996). Nil when
    /// an input is not finite, `fps` is not above 0, `end` is before `start`, or that is over 1,000,000
    /// frames.
    package static func frameCount(from start: CFTimeInterval, to end: CFTimeInterval, fps: Double) -> Int? {
        guard start.isFinite, end.isFinite, fps.isFinite, fps > 0, end >= start else { return nil }
        let last = ((end - start) * fps + 1e-6).rounded(.down)
        guard last.isFinite, last >= 0, last < 1_000_000 else { return nil }
        return Int(last) + 1
    }

    /// The frame at `time`, after the display frames before it (their script events and display links, at
    /// the renderer's refresh rate) that earlier frames of `player` have not run.
    private static func frame(of player: DemoPlayer, renderer: HeadlessRenderer,
                              at time: CFTimeInterval) throws -> Bitmap {
        player.runDisplayFrames(upTo: time, interval: renderer.refreshInterval)
        player.advance(to: time)
        player.settle(before: time)
        return try renderer.render(player.demo.rootLayer, at: player.startTime + time)
    }
}
