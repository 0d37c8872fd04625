import Foundation

/// A timer in step with the display: it calls a closure, or a target's selector, once for each frame the
/// display shows, so per-frame work (a physics step, a value read from live data, a layer moved by the
/// clock) runs exactly as often as frames are drawn.
///
/// ```swift
/// let link = CADisplayLink { link in
///     CATransaction.setDisableActions(true)   // follow the clock, no implicit animation
///     dot.position.x = 100 * link.timestamp   // where the dot is in this frame
/// }
/// link.preferredFramesPerSecond = 30          // every other frame of a 60 Hz display
/// link.add(to: .main, forMode: .common)
/// // ...
/// link.invalidate()                           // stops it and releases the closure
/// ```
///
/// Each frame, before the frame's changes are committed and drawn, the frame loop (a window's, or the
/// headless clock of `Capture` and `HeadlessRenderer`) calls every link that is added to a run loop in
/// `.default` or `.common` mode, not paused and not invalidated, and whose frame rate is due. The callback
/// runs on the thread that renders, with the media clock frozen at the frame's time (so captures are the same
/// on every run; a callback that waits for `CACurrentMediaTime()` to reach `targetTimestamp` waits for
/// ever), outside the layer tree's lock; what it changes shows in the frame it is called for.
///
/// - `timestamp` is the frame's time on the media clock (`CACurrentMediaTime()`), `targetTimestamp` the time
///   of the next frame the link is due for, and `duration` the display's refresh interval.
/// - `preferredFrameRateRange` and `preferredFramesPerSecond` pick a rate among the display's rate divided by
///   a whole number (60, 30, 20, 15 ... on a 60 Hz display), and the link skips the frames in between.
/// - A live link keeps a window's frame loop waking for its frames; a paused or invalidated one lets it sleep.
///
/// Every member may be called from any thread: the link's state is guarded by the layer tree's lock.
///
/// Deliberately different from Core Animation: Linux has no Objective-C message dispatch, so
/// `init(target:selector:)` calls the selector through `CADisplayLinkTarget`, which the target adopts (or use
/// the closure form, `init(handler:)`); every link fires on the thread that renders, whichever run loop it
/// was added to; and the run loop modes that fire are `.default` and `.common` (the frame loop runs in no
/// other mode).
public final class CADisplayLink {
    /// What the link calls each frame.
    private enum Action {
        case handler((CADisplayLink) -> Void)
        case target(any CADisplayLinkTarget, Selector)
    }

    /// One `add(to:forMode:)`: the run loop (by identity) and the mode.
    private struct Registration: Hashable {
        let runLoop: ObjectIdentifier
        let mode: RunLoop.Mode
    }

    /// Everything that changes, read and written holding `LayerTreeLock`.
    private struct State {
        /// nil once invalidated, or for a target that cannot be called.
        var action: Action?
        /// The target as given, held until `invalidate()` as Core Animation holds it.
        var target: Any?
        var registrations: Set<Registration> = []
        var isPaused = false
        var isInvalidated = false
        var frameRateRange = CAFrameRateRange.default
        var timestamp: CFTimeInterval = 0
        var targetTimestamp: CFTimeInterval = 0
        var duration: CFTimeInterval = 0
        var schedule = DisplayLinkSchedule()
    }

    private var state: State

    /// A display link that calls `handler` with the link each frame, once added to a run loop
    /// (`add(to:forMode:)`). The link holds the closure until `invalidate()`: capture the objects it changes
    /// weakly, or invalidate the link, so that neither keeps the other alive.
    ///
    /// The closure form is Quartzite's addition for Swift on Linux, beside `init(target:selector:)`.
    public init(handler: @escaping (CADisplayLink) -> Void) {
        state = State(action: .handler(handler))
    }

    /// A display link that calls `sel` on `target` each frame, once added to a run loop, as Core Animation's
    /// does. The link holds the target until `invalidate()`.
    ///
    /// Linux has no Objective-C message dispatch (and no `#selector`): the target adopts
    /// `CADisplayLinkTarget` and performs the selector itself, for example
    /// `CADisplayLink(target: self, selector: Selector("step:"))` with
    /// `func perform(_ selector: Selector, with link: CADisplayLink) { step(link) }`. A target that does not
    /// adopt it is reported (`Diagnostics`) and the link never fires.
    public init(target: Any, selector sel: Selector) {
        if let dispatching = target as? any CADisplayLinkTarget {
            state = State(action: .target(dispatching, sel), target: target)
        } else {
            state = State(action: nil, target: target)
            Diagnostics.report("CADisplayLink(target:selector:): \(type(of: target)) does not adopt CADisplayLinkTarget, so \(sel) cannot be called (Linux has no Objective-C message dispatch); the link never fires. Adopt CADisplayLinkTarget, or use CADisplayLink { link in ... }")
        }
    }

    // MARK: Run loops

    /// Registers the link with `runloop` in `mode`; it fires while registered in `.default` or `.common`
    /// mode (the frame loop runs in the default mode, which the common modes include). A link may be
    /// registered in several modes; registering it again in the same one changes nothing. The registration
    /// holds the link until it is removed from every mode or invalidated. On an invalidated link it does
    /// nothing.
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        let registration = Registration(runLoop: ObjectIdentifier(runloop), mode: mode)
        let added = LayerTreeLock.withLock { () -> Bool in
            guard !state.isInvalidated else { return false }
            state.registrations.insert(registration)
            DisplayLinkRegistry.register(self)
            return true
        }
        if added { CATransaction.notifyChangeObserver() }
    }

    /// Removes the link from `runloop` for `mode` (a mode it was not added in changes nothing). Removed from
    /// every mode, it stops firing and is no longer held by the run loop.
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        let registration = Registration(runLoop: ObjectIdentifier(runloop), mode: mode)
        LayerTreeLock.withLock {
            state.registrations.remove(registration)
            if state.registrations.isEmpty { DisplayLinkRegistry.unregister(self) }
        }
    }

    /// Removes the link from every run loop and mode and releases its closure or target, for good: an
    /// invalidated link never fires again and cannot be added again. Safe from any thread, and from the
    /// link's own callback (the current call finishes; no further one starts).
    public func invalidate() {
        let released = LayerTreeLock.withLock { () -> (Action?, Any?) in
            let held = (state.action, state.target)
            state.action = nil
            state.target = nil
            state.isInvalidated = true
            state.registrations.removeAll()
            DisplayLinkRegistry.unregister(self)
            return held
        }
        // Released here, outside the lock: what the closure captured may have a deinitialiser that takes it
        // on another thread's behalf, or waits for one that does.
        withExtendedLifetime(released) {}
    }

    // MARK: Frame times

    /// The time of the frame the link was last called for, on the media clock (`CACurrentMediaTime()`): in a
    /// capture, exactly the display frame's time; in a window, when the frame loop ran that frame. 0 before
    /// the first call.
    public var timestamp: CFTimeInterval { LayerTreeLock.withLock { state.timestamp } }

    /// The time of the next frame the link is due to be called for: `timestamp` plus as many refresh
    /// intervals as its frame rate skips (on a display's frame grid, so in a window it may lie less than a
    /// whole interval ahead when the loop ran a frame late). 0 before the first call.
    public var targetTimestamp: CFTimeInterval { LayerTreeLock.withLock { state.targetTimestamp } }

    /// The display's refresh interval (1/60 s on a 60 Hz display), whatever frame rate the link asks for;
    /// `targetTimestamp - timestamp` is the time between the link's calls. 0 before the first call (Core
    /// Animation leaves it undefined until then).
    public var duration: CFTimeInterval { LayerTreeLock.withLock { state.duration } }

    // MARK: Frame rate

    /// Whether the link is paused (default false): a paused link is not called, and does not keep a
    /// window's frame loop awake. Unpaused, it is called at the next frame and counts its frame rate from
    /// there.
    public var isPaused: Bool {
        get { LayerTreeLock.withLock { state.isPaused } }
        set {
            let resumed = LayerTreeLock.withLock { () -> Bool in
                let wasPaused = state.isPaused
                state.isPaused = newValue
                if newValue { state.schedule = DisplayLinkSchedule() }
                return wasPaused && !newValue
            }
            if resumed { CATransaction.notifyChangeObserver() }
        }
    }

    /// The frame rates the link would like (default `.default`: every frame of the display). The link is
    /// called at the display's rate divided by a whole number: of those rates inside the range (all of them,
    /// when none is), the one nearest `preferred` (or, without a preference, `maximum`; the higher on a tie).
    /// On a 60 Hz display a preferred 30 is every other frame, 20 every third, and 120 every frame. Bounds
    /// that are not finite or not positive count as absent.
    public var preferredFrameRateRange: CAFrameRateRange {
        get { LayerTreeLock.withLock { state.frameRateRange } }
        set {
            LayerTreeLock.withLock { state.frameRateRange = newValue }
            // A sleeping frame loop may now be due sooner.
            CATransaction.notifyChangeObserver()
        }
    }

    /// The frame rate the link would like, in frames per second (default 0: the display's own rate). It is
    /// `preferredFrameRateRange` with minimum, maximum and preferred all set to it (0 or less:
    /// `.default`); read back, it is the range's preferred rate, else its maximum, rounded.
    public var preferredFramesPerSecond: Int {
        get {
            let range = preferredFrameRateRange
            let rate = DisplayLinkRate.positive(range.preferred) ?? DisplayLinkRate.positive(range.maximum) ?? 0
            return Int(min(rate, 1e9).rounded())
        }
        set {
            let rate = Float(newValue)
            preferredFrameRateRange = newValue > 0
                ? CAFrameRateRange(minimum: rate, maximum: rate, preferred: rate) : .default
        }
    }

    // MARK: Firing (the frame loop's side)

    /// Whether the link fires at all now: registered in a mode the frame loop runs, not paused, not
    /// invalidated, and with something to call. Call holding `LayerTreeLock`.
    var isRunning: Bool {
        guard state.action != nil, !state.isPaused, !state.isInvalidated else { return false }
        return state.registrations.contains { $0.mode == .default || $0.mode == .common }
    }

    /// The earliest media time at or after `time` at which the link may fire: `time` before its first call,
    /// else its target (a frame loop that wakes then calls it). nil when it is not running. Call holding
    /// `LayerTreeLock`.
    func nextFire(after time: CFTimeInterval) -> CFTimeInterval? {
        guard isRunning else { return nil }
        return max(time, state.schedule.target ?? time)
    }

    /// For the display frame at `time` of a display refreshing every `interval` seconds: when the link is
    /// running and due, records the frame's times and returns what to call (outside the lock); else nil.
    /// Call holding `LayerTreeLock`.
    func prepareToFire(at time: CFTimeInterval, interval: CFTimeInterval) -> (() -> Void)? {
        guard isRunning, let action = state.action else { return nil }
        let rate = DisplayLinkRate.framesPerCall(for: state.frameRateRange, refreshInterval: interval)
        guard let target = state.schedule.fire(at: time, interval: interval, framesPerCall: rate) else {
            return nil
        }
        state.timestamp = time
        state.targetTimestamp = target
        state.duration = interval
        switch action {
        case .handler(let handler):
            return { handler(self) }
        case .target(let target, let selector):
            return { target.perform(selector, with: self) }
        }
    }
}

/// What a target of `CADisplayLink(target:selector:)` adopts on Linux, where there is no Objective-C message
/// dispatch: the link calls `perform(_:with:)` each frame with the selector it was made with, and the
/// target calls the method the selector names.
///
/// ```swift
/// final class Spinner: CADisplayLinkTarget {
///     func start() {
///         let link = CADisplayLink(target: self, selector: Selector("step:"))
///         link.add(to: .main, forMode: .common)
///     }
///     func step(_ link: CADisplayLink) { ... }
///     func perform(_ selector: Selector, with link: CADisplayLink) { step(link) }
/// }
/// ```
///
/// A `@MainActor` class adopts it as `@preconcurrency CADisplayLinkTarget`: links fire on the thread that
/// runs frames, the main thread, as on iOS.
public protocol CADisplayLinkTarget {
    /// Calls the method `selector` names, with the link that fired.
    func perform(_ selector: Selector, with link: CADisplayLink)
}
