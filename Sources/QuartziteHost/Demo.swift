import Foundation
import Quartzite

/// A pointer event in canvas points (origin top-left).
public struct PointerEvent: Sendable, Equatable {
    /// What happened.
    public enum Phase: Sendable { case down, moved, up }
    public var phase: Phase
    public var location: CGPoint
    public init(phase: Phase, location: CGPoint) { self.phase = phase; self.location = location }
}

/// One demo: a layer tree and a script of events in demo time (seconds since it started). The same demo runs
/// in a window (events at real time), headless (events at exactly their scheduled times) and in benchmarks.
@MainActor
public protocol Demo: AnyObject {
    /// The name on the command line (`quartzite demo NAME`).
    static var name: String { get }
    /// One line about what it shows.
    static var summary: String { get }
    /// The canvas size it was designed for, in points.
    static var preferredSize: CGSize { get }
    /// Builds the layer tree for a canvas of `size` points; the media clock reads the demo's t = 0. A demo
    /// that adds display links (`CADisplayLink`) invalidates them when it goes (in its deinitialiser): a
    /// restart, a resized window or each capture makes a new demo, and a link left running keeps the window's
    /// loop awake.
    init(size: CGSize)
    /// The root of the layer tree.
    var rootLayer: CALayer { get }
    /// Scripted events.
    var timeline: DemoTimeline { get }
    /// Pointer input (a no-op unless the demo is interactive).
    func handlePointer(_ event: PointerEvent)
    /// Called before every frame with the frame's demo time, for model changes an app makes each frame
    /// (a path recomputed from live data); the clock reads that time. A no-op unless the demo needs it:
    /// the timeline only runs events at fixed times.
    func update(at t: CFTimeInterval)
    /// The earliest demo time at or after `t` at which `update(at:)` may change the model, or nil when it
    /// changes nothing until input arrives. A window with nothing animating sleeps until the earliest such
    /// time, so answering too early costs a wake-up and answering too late freezes the demo: the default is
    /// `t` (every frame), which is always safe.
    func nextUpdate(after t: CFTimeInterval) -> CFTimeInterval?
}

extension Demo {
    public func handlePointer(_ event: PointerEvent) {}
    public func update(at t: CFTimeInterval) {}
    public func nextUpdate(after t: CFTimeInterval) -> CFTimeInterval? { t }
}

/// Events at fixed demo times, run in time order.
@MainActor
public final class DemoTimeline {
    struct Event {
        let time: CFTimeInterval
        let order: Int
        let action: () -> Void
    }
    private(set) var events: [Event] = []

    /// An empty timeline.
    public init() {}

    /// Runs `action` at demo time `time`.
    public func at(_ time: CFTimeInterval, _ action: @escaping () -> Void) {
        events.append(Event(time: time, order: events.count, action: action))
        events.sort { ($0.time, $0.order) < ($1.time, $1.order) }
    }

    /// Runs `action(t)` every `interval` seconds from `start` through `end` (inclusive, by whole steps, so
    /// the times carry no accumulated rounding error).
    public func every(_ interval: CFTimeInterval, from start: CFTimeInterval, through end: CFTimeInterval,
                      _ action: @escaping (CFTimeInterval) -> Void) {
        guard interval > 0, interval.isFinite, start.isFinite, end.isFinite, end >= start else { return }
        let steps = Int(((end - start) / interval).rounded(.down) + 1e-9)
        for i in 0...steps {
            let t = start + Double(i) * interval
            at(t) { action(t) }
        }
    }
}

/// A pointer event at a demo time: input a script gives a window in place of a hand (`quartzite demo
/// --pointer`), for compositors with no input device to drive, such as a headless Weston.
package struct ScriptedPointer: Sendable, Equatable {
    /// Demo time of the event, in seconds since the demo started.
    package var time: CFTimeInterval
    /// The event, its location in window points.
    package var event: PointerEvent

    /// `event` at demo time `time`.
    package init(time: CFTimeInterval, event: PointerEvent) {
        self.time = time
        self.event = event
    }
}

/// Plays a demo against the media clock: the demo's t = 0 is the media time it was started at, and each
/// scripted event runs with the clock frozen at exactly its scheduled time, so a capture at t and a live run
/// that reaches t have run the same script.
@MainActor
package final class DemoPlayer {
    /// The demo being played.
    package private(set) var demo: any Demo
    /// Media time of the demo's t = 0.
    package private(set) var startTime: CFTimeInterval
    private let demoType: any Demo.Type
    private let size: CGSize
    private var nextEvent = 0
    /// The first display frame `runDisplayFrames(upTo:interval:)` has not run, counted from the demo's t = 0.
    private var nextDisplayFrame = 0
    private let pointerScript: [ScriptedPointer]
    /// Pointer events the current demo has been given, scripted or through `handlePointer(_:)`, since it was
    /// made (a restart makes a new one).
    package private(set) var pointerEventsHandled = 0

    /// Starts `type` on a canvas of `size` points at media time `startTime`. The events of `pointerScript`
    /// reach the demo at their demo times as events of its own script do, so they run with the clock at
    /// exactly their time and wake a sleeping window.
    package init(_ type: any Demo.Type, size: CGSize, startTime: CFTimeInterval,
                 pointerScript: [ScriptedPointer] = []) {
        demoType = type
        self.size = size
        self.startTime = startTime
        self.pointerScript = pointerScript
        demo = MediaClock.performFrozen(at: startTime) {
            let d = type.init(size: size)
            CATransaction.flush()
            return d
        }
        schedulePointerScript()
    }

    /// Gives the demo a pointer event, and counts it.
    package func handlePointer(_ event: PointerEvent) {
        pointerEventsHandled += 1
        demo.handlePointer(event)
    }

    /// Adds the pointer script to the current demo's timeline. The actions hold the player weakly: the
    /// timeline belongs to the demo, and a demo kept alive by its own timeline would keep its display links.
    private func schedulePointerScript() {
        for scripted in pointerScript {
            demo.timeline.at(scripted.time) { [weak self] in self?.handlePointer(scripted.event) }
        }
    }

    /// Runs every event scheduled at or before demo time `t`, then the demo's per-frame update for `t`.
    package func advance(to t: CFTimeInterval) {
        runEvents(through: t)
        // After the events, so what they started (a snap, a drag) already shows in this frame.
        let now = startTime + t
        MediaClock.performFrozen(at: now) {
            demo.update(at: t)
            CATransaction.flush()
        }
    }

    /// Runs every event scheduled at or before demo time `t` not run yet, each with the clock at its time.
    private func runEvents(through t: CFTimeInterval) {
        let events = demo.timeline.events
        while nextEvent < events.count, events[nextEvent].time <= t {
            let event = events[nextEvent]
            nextEvent += 1
            let when = startTime + event.time
            MediaClock.performFrozen(at: when) {
                // Callbacks of animations that ended before this event have been delivered by then, as frames
                // in a live run would have.
                Evaluator.finishFrame(demo.rootLayer, at: when)
                event.action()
                CATransaction.flush()
            }
        }
    }

    /// The most display frames one call of `runDisplayFrames(upTo:interval:)` runs (about 4.6 hours of a
    /// 60 Hz display); a capture further on starts its display links that many frames before it.
    package static var displayFrameBudget = 1_000_000

    /// Runs the display frames, one every `interval` seconds of demo time from t = 0, that come before a frame
    /// at demo time `t` and have not run yet, as a display would have shown them: at each, the script's
    /// events due by then, the display links (`CADisplayLink`), a commit and the end-of-frame callbacks, all
    /// with the clock at the display frame's time; the demo's `update(at:)` runs only for the frames the
    /// caller renders (`advance(to:)`). The display frame nearest `t` is the frame at `t` itself, which the
    /// caller then renders (it calls the links due at `t`). While no link runs, it skips ahead to the next
    /// scripted event, so a demo without links costs nothing here.
    ///
    /// - Complexity: O(display frames run + scripted events), at most `displayFrameBudget` frames.
    package func runDisplayFrames(upTo t: CFTimeInterval, interval: CFTimeInterval) {
        guard t.isFinite, interval.isFinite, interval > 0 else { return }
        // Display frames more than half an interval before `t`; the last one is `end - 1`.
        let end = Int(min(max((t / interval - 0.5).rounded(.up), 0), 1e15))
        if end - nextDisplayFrame > Self.displayFrameBudget {
            Diagnostics.report("display links replay at most \(Self.displayFrameBudget) display frames before a capture; those before demo time \(Double(end - Self.displayFrameBudget) * interval) s are skipped")
            nextDisplayFrame = end - Self.displayFrameBudget
        }
        var frame = nextDisplayFrame
        while frame < end {
            let time = Double(frame) * interval
            runEvents(through: time)
            guard DisplayLinkRegistry.hasRunningLinks else {
                // Nothing to call until an event starts a link: on to the event's display frame.
                let events = demo.timeline.events
                let eventFrame = nextEvent < events.count
                    ? Int(min(max((events[nextEvent].time / interval).rounded(.up), 0), 1e15)) : end
                frame = max(frame + 1, eventFrame)
                continue
            }
            let when = startTime + time
            DisplayLinkRegistry.fireLinks(at: when, refreshInterval: interval)
            MediaClock.performFrozen(at: when) {
                CATransaction.flush()
                Evaluator.finishFrame(demo.rootLayer, at: when)
            }
            frame += 1
        }
        // The frame at `t` stands for the display frame nearest it, when there is one.
        if t / interval + 0.5 > 0 { nextDisplayFrame = max(end + 1, nextDisplayFrame) }
    }

    /// Delivers the callbacks of animations that ended before demo time `t`, as the frames leading up to a
    /// frame at `t` would have (one millisecond earlier, so nothing still showing at t is removed).
    package func settle(before t: CFTimeInterval) {
        let when = startTime + t - 0.001
        MediaClock.performFrozen(at: when) { Evaluator.finishFrame(demo.rootLayer, at: when) }
    }

    /// The earliest media time at or after `time` (a frame's, after that frame) at which the demo may look
    /// different without input: `time` itself while something moves or a transaction is open on any thread
    /// (its commit is still to come), else the earliest of its next scripted event, its next per-frame update
    /// (`Demo.nextUpdate`), the next change its layer tree's animations schedule (`ChangeSchedule`) and the
    /// next frame a running display link is due for (`CADisplayLink`); nil when nothing changes until input
    /// arrives.
    package func nextChange(after time: CFTimeInterval) -> CFTimeInterval? {
        CATransaction.hasUncommittedChanges ? time : nextScheduledChange(after: time)
    }

    /// `nextChange(after:)` from the demo's script, its update, its committed layer tree and the display links
    /// alone.
    func nextScheduledChange(after time: CFTimeInterval) -> CFTimeInterval? {
        let t = time - startTime
        let events = demo.timeline.events
        let candidates: [CFTimeInterval?] = [
            nextEvent < events.count ? startTime + events[nextEvent].time : nil,
            demo.nextUpdate(after: t).map { startTime + $0 },
            ChangeSchedule.nextAnimationChange(in: demo.rootLayer, after: time),
            DisplayLinkRegistry.nextFire(after: time),
        ]
        // A time in the past, or not a number, asks for the next frame.
        return candidates.compactMap { $0.map { $0.isNaN ? time : max($0, time) } }.min()
    }

    /// Starts the demo again from scratch at media time `startTime`.
    package func restart(at startTime: CFTimeInterval) {
        self.startTime = startTime
        nextEvent = 0
        nextDisplayFrame = 0
        pointerEventsHandled = 0
        let type = demoType, size = size
        demo = MediaClock.performFrozen(at: startTime) {
            let d = type.init(size: size)
            CATransaction.flush()
            return d
        }
        schedulePointerScript()
    }
}
