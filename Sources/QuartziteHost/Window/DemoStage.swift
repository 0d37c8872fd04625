import Foundation
import Quartzite

/// One demo shown at full size in the window: its player, restarted, rebuilt for a new canvas, stepped and
/// scrubbed. A seek replays the demo from its start to the time asked for exactly as a headless capture
/// does (`Capture.frame`: its script, its display links at 60 Hz, its ended animations' callbacks), so a
/// scrubbed frame shows what a capture at that time shows.
@MainActor
package final class DemoStage {
    package let type: any Demo.Type
    package private(set) var player: DemoPlayer
    private var canvas: CGSize
    /// Pointer events the demo gets at fixed demo times (`--pointer`), in every run of it.
    private let pointerScript: [ScriptedPointer]
    /// Demo seconds a Shift-drag across the window's whole width spans.
    package static let scrubSpan: CFTimeInterval = 10
    /// One frame, for the arrow keys' steps: the 60 Hz of captures.
    package static let frameInterval: CFTimeInterval = 1.0 / 60

    /// Starts `type` on a canvas of `canvas` points at media time `now`, with `pointerScript`'s events.
    package init(_ type: any Demo.Type, canvas: CGSize, now: CFTimeInterval, pointerScript: [ScriptedPointer] = []) {
        self.type = type
        self.canvas = canvas
        self.pointerScript = pointerScript
        player = DemoPlayer(type, size: canvas, startTime: now, pointerScript: pointerScript)
    }

    /// The demo's layer tree.
    package var root: CALayer { player.demo.rootLayer }

    /// The demo's time at media time `now`.
    package func time(at now: CFTimeInterval) -> CFTimeInterval { now - player.startTime }

    /// Runs the demo's script and update for the frame at media time `now`.
    package func advance(to now: CFTimeInterval) { player.advance(to: now - player.startTime) }

    /// Starts the demo again from scratch at `now`.
    package func restart(at now: CFTimeInterval) { player.restart(at: now) }

    /// Rebuilds the demo for a canvas of `size` points, keeping its start (layers have no autoresizing).
    package func resize(to size: CGSize) {
        canvas = size
        player = DemoPlayer(type, size: size, startTime: player.startTime, pointerScript: pointerScript)
    }

    /// Shows the demo at demo time `t` (clamped at 0) from media time `now` on: a new run replayed to `t`.
    package func seek(to t: CFTimeInterval, now: CFTimeInterval) {
        let target = t.isFinite ? max(t, 0) : 0
        player = DemoPlayer(type, size: canvas, startTime: now - target, pointerScript: pointerScript)
        player.runDisplayFrames(upTo: target, interval: Self.frameInterval)
        player.advance(to: target)
        player.settle(before: target)
    }
}
