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
        let player = DemoPlayer(type, size: size, startTime: 0)
        return try frame(of: player, renderer: renderer, at: time)
    }

    /// Frames from `start` through `end` at `fps`, handed to `body` with their index and time in order (so a
    /// long sequence is written as it goes, not held in memory).
    public static func sequence(_ type: any Demo.Type, size: CGSize, scale: CGFloat = 1, samples: Int = 1,
                                from start: CFTimeInterval, to end: CFTimeInterval, fps: Double,
                                _ body: (Int, CFTimeInterval, Bitmap) throws -> Void) throws {
        let renderer = try HeadlessRenderer(size: size, scale: scale, samples: samples)
        defer { renderer.close() }
        let player = DemoPlayer(type, size: size, startTime: 0)
        let frames = ((end - start) * fps).rounded(.down)
        guard start.isFinite, fps.isFinite, fps > 0, frames.isFinite, frames >= 0, frames < 1_000_000 else {
            throw RenderError.invalidArgument("a sequence from \(start) to \(end) s at \(fps) fps is not 1 to 1,000,000 frames")
        }
        let count = Int(frames) + 1
        for i in 0..<count {
            let t = start + Double(i) / fps
            try body(i, t, try frame(of: player, renderer: renderer, at: t))
        }
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
