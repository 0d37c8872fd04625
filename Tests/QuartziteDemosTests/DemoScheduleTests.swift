import Foundation
import Testing
import Quartzite
@testable import QuartziteHost
@testable import QuartziteDemos

/// When a window may sleep (`DemoPlayer.nextScheduledChange`): the seed demos' scripts, per-frame updates and
/// animations, as DEMOS.md's timelines give them. Frames are played as the window plays them: the script and
/// the update for the frame's time, then the end of the frame.
@MainActor
@Suite(.serialized)
struct DemoScheduleTests {
    let start: CFTimeInterval = 100

    /// Plays a frame at demo time `t` and returns the next change in media time (nil: none until input).
    func frame(_ player: DemoPlayer, at t: CFTimeInterval) -> CFTimeInterval? {
        player.advance(to: t)
        MediaClock.performFrozen(at: start + t) { Evaluator.finishFrame(player.demo.rootLayer, at: start + t) }
        return player.nextScheduledChange(after: start + t)
    }

    @Test func theSwitchSleepsBetweenItsScriptedMoves() {
        // Script: toggle at 0.5 and 2, drag 3.5 ... 4.5 then release, toggle at 6; each snap runs 0.3 s. Its
        // layers' clocks are paused (speed 0), so only the script and the snaps move it.
        let player = DemoPlayer(SwitchDemo.self, size: SwitchDemo.preferredSize, startTime: start)
        #expect(frame(player, at: 0.1) == start + 0.5)
        #expect(frame(player, at: 0.6) == start + 0.6)
        #expect(frame(player, at: 1.0) == start + 2.0)
        #expect(frame(player, at: 5.0) == start + 6.0)
        #expect(frame(player, at: 6.1) == start + 6.1)
        #expect(frame(player, at: 7.0) == nil)
    }

    @Test func aPointerScriptWakesTheWindowAndReachesTheDemo() {
        // After its own script the switch sleeps for good; a scripted tap at 8 s wakes it and toggles it on,
        // and a restart plays the tap again.
        let tap = CGPoint(x: 160, y: 100)
        let script = [ScriptedPointer(time: 8, event: PointerEvent(phase: .down, location: tap)),
                      ScriptedPointer(time: 8, event: PointerEvent(phase: .up, location: tap))]
        let player = DemoPlayer(SwitchDemo.self, size: SwitchDemo.preferredSize, startTime: start,
                                pointerScript: script)
        #expect(frame(player, at: 7.0) == start + 8.0)
        #expect(player.pointerEventsHandled == 0)
        _ = frame(player, at: 8.0)
        #expect(player.pointerEventsHandled == 2)
        _ = frame(player, at: 8.4)
        #expect((player.demo as? SwitchDemo)?.progress == 1)
        player.restart(at: start + 10)
        #expect(player.pointerEventsHandled == 0)
        player.advance(to: 8.0)
        #expect(player.pointerEventsHandled == 2)
    }

    @Test func theLoaderRunsUntilItsRevealEndsThenSleeps() {
        // Progress ticks every 0.1 s until the reveal at 2 s, which runs 1 s; its end removes the mask.
        let player = DemoPlayer(CircularLoaderDemo.self, size: CircularLoaderDemo.preferredSize, startTime: start)
        #expect(frame(player, at: 1.0) == start + 1.0)
        #expect(frame(player, at: 2.5) == start + 2.5)
        _ = frame(player, at: 3.1)
        #expect(frame(player, at: 4.0) == nil)
    }
}
