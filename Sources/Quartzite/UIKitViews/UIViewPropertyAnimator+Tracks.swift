import Foundation

/// A property animator's clock: where in its time it is (seconds from its start, negative during a start
/// delay), whether that time runs, in which direction and how fast.
struct AnimatorClock {
    var running = false
    var reversed = false
    var delay: Double = 0
    private(set) var rate: Double = 1
    private var base: Double = 0
    private var since: Double = 0

    mutating func pause(at time: Double) {
        running = false
        base = time
    }

    mutating func resume(from time: Double, at now: Double, rate: Double) {
        running = true
        base = time
        since = now
        self.rate = rate
    }

    /// The animator's time at media time `now`, held between its start (or the delay before it) and `end`.
    func time(at now: Double, end: Double) -> Double {
        guard running else { return base }
        let t = base + (now - since) * rate * (reversed ? -1 : 1)
        return reversed ? max(t, min(base, 0)) : min(t, max(end, base))
    }
}

/// How a property animator installs its tracks now (`ViewAnimationTrack.animation(at:...)`).
struct TrackInstallation {
    let time: Double
    let reversed: Bool
    let rate: Double
    let linear: Bool
    let generation: Int

    static let generationKey = "quartzite.animatorGeneration"

    func apply(to track: ViewAnimationTrack, observer: CAAnimationDelegate) {
        guard let animation = track.animation(at: time, reversed: reversed, rate: rate, linear: linear) else { return }
        animation.delegate = observer
        animation.setValue(generation, forKey: Self.generationKey)
        track.layer.add(animation, forKey: track.key)
    }
}

/// Tells a property animator when its tracks stop. The layers' animations retain it, so a running
/// animator lives until it ends, as UIKit keeps running animators alive.
final class PropertyAnimatorObserver: CAAnimationDelegate, @unchecked Sendable {
    let animator: UIViewPropertyAnimator
    init(_ animator: UIViewPropertyAnimator) { self.animator = animator }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { animator.trackStopped(anim) }
}

/// What a call leaves to do once the animator's lock is released.
enum PauseAction {
    case none, runWaiting, reinstall
}

extension UIViewPropertyAnimator: ViewAnimationSink {
    func record(_ track: ViewAnimationTrack) {
        guard track.duration > 0 else { return }
        let installation = lock.withLock { () -> TrackInstallation? in
            tracks.append(track)
            guard status == .active else { return nil }
            pendingTracks += 1
            return currentInstallation(now: CACurrentMediaTime())
        }
        installation?.apply(to: track, observer: PropertyAnimatorObserver(self))
    }

    /// The installation for now (the lock held).
    func currentInstallation(now: Double) -> TrackInstallation {
        TrackInstallation(time: clock.time(at: now, end: endTime), reversed: clock.reversed,
                          rate: clock.running ? clock.rate : 0, linear: scrubbing && linearScrub && !clock.running,
                          generation: generation)
    }

    /// The time to resume from on the cubic curve `next` (the lock held): the time at which `next` shows
    /// the progress shown now (linear in time after a linear scrub), so the motion goes on from where it
    /// shows without a jump. Springs, and times outside the duration (a start delay), resume as they are.
    func resumeTime(at now: Double, on next: CAMediaTimingFunction?) -> Double {
        let t = clock.time(at: now, end: endTime)
        guard duration > 0, t >= 0, t <= duration, let next, let current = curve else { return t }
        let f = t / duration
        let shown = scrubbing && linearScrub && !clock.running ? f : current.evaluate(f)
        var low = 0.0, high = 1.0
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if next.evaluate(mid) < shown { low = mid } else { high = mid }
        }
        return duration * (low + high) / 2
    }

    /// When the last track ends, in animator time (the lock held).
    var endTime: Double { max(duration, tracks.map { $0.begin + $0.duration }.max() ?? 0) }

    /// The fraction of the duration at media time `now` (the lock held).
    func fraction(at now: Double) -> Double {
        guard duration > 0 else { return 0 }
        return min(max(clock.time(at: now, end: endTime) / duration, 0), 1)
    }

    func start(delay: Double) {
        let action = lock.withLock { () -> PauseAction in
            let now = CACurrentMediaTime()
            switch status {
            case .inactive:
                status = .active
                clock.delay = delay
                clock.resume(from: -delay, at: now, rate: 1)
                return .runWaiting
            case .active where !clock.running:
                clock.resume(from: resumeTime(at: now, on: curve), at: now, rate: clock.rate)
                scrubbing = false
                return .reinstall
            default:
                return .none
            }
        }
        perform(action)
    }

    func scrub(to value: Double) {
        guard !value.isNaN else { return }
        let f = min(max(value, 0), 1)
        let action = lock.withLock { () -> PauseAction in
            guard status == .inactive || (status == .active && !clock.running) else { return .none }
            let wasInactive = status == .inactive
            status = .active
            clock.pause(at: f * duration)
            scrubbing = true
            return wasInactive ? .runWaiting : .reinstall
        }
        perform(action)
    }

    func setReversed(_ reversed: Bool) {
        let action = lock.withLock { () -> PauseAction in
            guard status != .stopped, reversed != clock.reversed else { return .none }
            let now = CACurrentMediaTime()
            let t = clock.time(at: now, end: endTime)
            clock.reversed = reversed
            if clock.running { clock.resume(from: t, at: now, rate: clock.rate) } else { clock.pause(at: t) }
            return status == .active ? .reinstall : .none
        }
        perform(action)
    }

    func perform(_ action: PauseAction) {
        switch action {
        case .none: return
        case .runWaiting: runWaiting()
        case .reinstall: reinstall()
        }
    }

    /// Runs the animation closures added before the start, each in a block that records its changes here.
    private func runWaiting() {
        let list = lock.withLock { () -> [(animations: () -> Void, delayFactor: Double)] in
            defer { waiting = [] }
            return waiting
        }
        for (animations, factor) in list {
            runBlock(animations, begin: duration * factor, duration: duration * (1 - factor))
        }
        let empty = lock.withLock { tracks.isEmpty && status == .active && clock.running ? generation : nil }
        if let empty { PendingEvents.enqueue { [self] in finishIfEmpty(generation: empty) } }
    }

    /// Runs animations added to an active animator: over the time left, from now.
    func runNow(_ animations: () -> Void, delayFactor: Double) {
        let now = lock.withLock { max(clock.time(at: CACurrentMediaTime(), end: endTime), 0) }
        let left = max(duration - now, 0)
        runBlock(animations, begin: now + left * delayFactor, duration: left * (1 - delayFactor))
    }

    private func runBlock(_ animations: () -> Void, begin: Double, duration: Double) {
        withoutActuallyEscaping(animations) { animations in
            ViewAnimationBlock(timing: blockTiming(begin: begin, duration: duration), completion: nil, sink: self)
                .run(animations)
        }
    }

    /// The timing of a block of this animator's changes: its curve or spring over `duration` from `begin`.
    private func blockTiming(begin: Double, duration: Double) -> ViewAnimationBlock.Timing {
        var timing = ViewAnimationBlock.Timing(duration: duration, delay: begin, curve: .easeInOut, options: [], spring: nil)
        if let spring = timingParameters?.springTimingParameters {
            let v = Double(spring.initialVelocity.dx)
            if let physical = spring.physical {
                timing.spring = (physical.stiffness, physical.damping, v)
                timing.springDuration = Self.settlingDuration(of: spring)
            } else if let fitted = SpringForDuration(dampingRatio: spring.dampingRatio, velocity: v, duration: duration) {
                timing.spring = (fitted.stiffness, fitted.damping, v)
            }
        } else if let curve {
            timing.function = curve
        }
        return timing
    }

    /// How long a spring of mass, stiffness and damping takes to settle; nil for a ratio-made spring or one
    /// that never settles.
    static func settlingDuration(of spring: UISpringTimingParameters) -> Double? {
        guard let physical = spring.physical else { return nil }
        let model = CASpringAnimation()
        model.stiffness = CGFloat(physical.stiffness)
        model.damping = CGFloat(physical.damping)
        model.initialVelocity = spring.initialVelocity.dx
        let settling = model.settlingDuration
        return settling.isFinite && settling > 0 ? settling : nil
    }

    /// Installs every track afresh for the clock as it is now; the animations they replace are ignored.
    func reinstall() {
        let (list, installation) = lock.withLock { () -> ([ViewAnimationTrack], TrackInstallation) in
            generation += 1
            pendingTracks = tracks.count
            return (tracks, currentInstallation(now: CACurrentMediaTime()))
        }
        let observer = PropertyAnimatorObserver(self)
        for track in list { installation.apply(to: track, observer: observer) }
    }

    func trackStopped(_ animation: CAAnimation) {
        let done = lock.withLock { () -> Bool in
            guard animation.value(forKey: TrackInstallation.generationKey) as? Int == generation,
                  status == .active, clock.running, pendingTracks > 0 else { return false }
            pendingTracks -= 1
            return pendingTracks == 0
        }
        if done { reachedEnd() }
    }

    private func finishIfEmpty(generation expected: Int) {
        let run = lock.withLock { generation == expected && tracks.isEmpty && status == .active && clock.running }
        if run { reachedEnd() }
    }

    /// Every track has run to its end: the animator finishes there (`.start` when reversed), or with
    /// `pausesOnCompletion` stays paused there.
    private func reachedEnd() {
        let ending = lock.withLock { () -> ([ViewAnimationTrack], [(UIViewAnimatingPosition) -> Void], UIViewAnimatingPosition)? in
            let position: UIViewAnimatingPosition = clock.reversed ? .start : .end
            guard !pausesAtEnd else {
                clock.pause(at: clock.reversed ? 0 : endTime)
                return nil
            }
            let (finished, blocks) = takeEverything()
            return (finished, blocks, position)
        }
        guard let ending else { return }
        let (finished, blocks, position) = ending
        Self.settle(finished, at: position)
        for block in blocks { block(position) }
    }

    /// Makes the animator inactive and hands over its tracks and completions (the lock held).
    func takeEverything() -> ([ViewAnimationTrack], [(UIViewAnimatingPosition) -> Void]) {
        generation += 1
        status = .inactive
        clock.pause(at: 0)
        scrubbing = false
        defer { tracks = []; completions = []; waiting = [] }
        return (tracks, completions)
    }

    /// Removes the tracks' animations and sets the model values to where `position` says: the values on
    /// screen, the end values, or the start values (the first track's, when a key changed more than once).
    static func settle(_ tracks: [ViewAnimationTrack], at position: UIViewAnimatingPosition) {
        let values: [(layer: CALayer, keyPath: String, value: Any?)] = switch position {
        case .current: tracks.map { ($0.layer, $0.keyPath, $0.layer.presentation()?.value(forKeyPath: $0.keyPath)) }
        case .end: tracks.map { ($0.layer, $0.keyPath, $0.newModel?.anyValue) }
        case .start: tracks.reversed().map { ($0.layer, $0.keyPath, $0.oldModel?.anyValue) }
        }
        for track in tracks { track.layer.removeAnimation(forKey: track.key) }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for entry in values {
            if let value = entry.value { entry.layer.setValue(value, forKeyPath: entry.keyPath) }
        }
        CATransaction.commit()
    }
}
