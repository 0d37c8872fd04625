import Foundation
import Testing
import Quartzite

/// `CADisplayLink` against the frames of a display: when it is called, with which times, and what stops it.
/// Frames are driven here as the frame loop drives them (`DisplayLinkRegistry.fireLinks`, one call per display
/// frame, at k / rate); expected counts and times are closed forms. Main actor and serialized: every frame
/// loop calls every registered link, and renders happen on the main actor, so no other frame can run while a
/// test here has a link registered (each invalidates its links before it ends).
@MainActor
@Suite(.serialized)
struct DisplayLinkTests {
    /// Records each call of a link: its timestamp, target timestamp and duration.
    final class Calls {
        var timestamps: [CFTimeInterval] = []
        var targets: [CFTimeInterval] = []
        var durations: [CFTimeInterval] = []
        var clockReadings: [CFTimeInterval] = []
        var count: Int { timestamps.count }

        func record(_ link: CADisplayLink) {
            timestamps.append(link.timestamp)
            targets.append(link.targetTimestamp)
            durations.append(link.duration)
            clockReadings.append(CACurrentMediaTime())
        }
    }

    /// A link recording its calls into a fresh `Calls`, added to the main run loop in the common modes.
    func recordingLink() -> (CADisplayLink, Calls) {
        let calls = Calls()
        let link = CADisplayLink { link in calls.record(link) }
        link.add(to: .main, forMode: .common)
        return (link, calls)
    }

    /// Display frames `range` of a display refreshing `rate` times a second, at media times k / rate.
    func runFrames(_ range: Range<Int>, rate: Double = 60) {
        for k in range { DisplayLinkRegistry.fireLinks(at: Double(k) / rate, refreshInterval: 1 / rate) }
    }

    // MARK: Once per frame, with the frame's times

    @Test func isCalledOncePerDisplayFrameWithThatFramesTimes() {
        let (link, calls) = recordingLink()
        defer { link.invalidate() }
        runFrames(0..<90)
        #expect(calls.count == 90)
        // timestamp: the frame's time; targetTimestamp: the next frame's; duration: the refresh interval.
        for k in 0..<calls.count {
            #expect(calls.timestamps[k] == Double(k) / 60)
            #expect(abs(calls.targets[k] - Double(k + 1) / 60) < 1e-12)
            #expect(calls.durations[k] == 1.0 / 60)
            // The media clock reads the frame's time during the call.
            #expect(calls.clockReadings[k] == Double(k) / 60)
        }
    }

    @Test func timesAreUndefinedZerosBeforeTheFirstCall() {
        let (link, calls) = recordingLink()
        defer { link.invalidate() }
        #expect(link.timestamp == 0 && link.targetTimestamp == 0 && link.duration == 0)
        runFrames(0..<1, rate: 120)
        #expect(calls.count == 1)
        #expect(link.duration == 1.0 / 120)
        #expect(abs(link.targetTimestamp - link.timestamp - 1.0 / 120) < 1e-12)
    }

    @Test func aLinkNotAddedToARunLoopIsNeverCalled() {
        let calls = Calls()
        let link = CADisplayLink { calls.record($0) }
        defer { link.invalidate() }
        runFrames(0..<10)
        #expect(calls.count == 0)
    }

    @Test func aLinkAddedDuringAFrameIsFirstCalledAtTheNextFrame() {
        let later = Calls()
        var added: CADisplayLink?
        let (first, _) = recordingLink()
        defer { first.invalidate(); added?.invalidate() }
        let starter = CADisplayLink { starter in
            guard added == nil else { return }
            let link = CADisplayLink { later.record($0) }
            link.add(to: .main, forMode: .default)
            added = link
        }
        starter.add(to: .main, forMode: .common)
        defer { starter.invalidate() }
        runFrames(0..<1)
        #expect(later.count == 0)
        runFrames(1..<4)
        let expected: [CFTimeInterval] = (1...3).map { Double($0) / 60 }
        #expect(later.timestamps == expected)
    }

    // MARK: Frame rates

    /// The number of calls over `frames` display frames at `displayRate` of a link asking for `fps`, and the
    /// display frames they came at.
    func calls(preferring fps: Int, frames: Int, displayRate: Double) -> (count: Int, frames: [Int], gaps: Set<Double>) {
        let (link, calls) = recordingLink()
        defer { link.invalidate() }
        link.preferredFramesPerSecond = fps
        runFrames(0..<frames, rate: displayRate)
        let indices = calls.timestamps.map { Int(($0 * displayRate).rounded()) }
        let gaps = Set(zip(calls.timestamps, calls.targets).map { (($1 - $0) * displayRate * 1e6).rounded() / 1e6 })
        return (calls.count, indices, gaps)
    }

    @Test func preferredRatesSkipFramesOfA60HzDisplay() {
        // Over 60 frames from frame 0, a link called every n frames is called ceil(60 / n) times, at frames
        // 0, n, 2n, ...; its targetTimestamp lies n frames after its timestamp.
        let thirty = calls(preferring: 30, frames: 60, displayRate: 60)
        #expect(thirty.count == 30)
        #expect(thirty.frames == Array(stride(from: 0, to: 60, by: 2)))
        #expect(thirty.gaps == [2])
        let sixty = calls(preferring: 60, frames: 60, displayRate: 60)
        #expect(sixty.count == 60 && sixty.gaps == [1])
        // Faster than the display: every frame, no more.
        let oneTwenty = calls(preferring: 120, frames: 60, displayRate: 60)
        #expect(oneTwenty.count == 60 && oneTwenty.gaps == [1])
        let twenty = calls(preferring: 20, frames: 60, displayRate: 60)
        #expect(twenty.frames == Array(stride(from: 0, to: 60, by: 3)))
        // 0: the display's own rate.
        #expect(calls(preferring: 0, frames: 60, displayRate: 60).count == 60)
    }

    @Test func preferredRatesSkipFramesOfA120HzDisplay() {
        let thirty = calls(preferring: 30, frames: 120, displayRate: 120)
        #expect(thirty.count == 30 && thirty.gaps == [4])
        #expect(thirty.frames == Array(stride(from: 0, to: 120, by: 4)))
        let sixty = calls(preferring: 60, frames: 120, displayRate: 120)
        #expect(sixty.count == 60 && sixty.gaps == [2])
        let oneTwenty = calls(preferring: 120, frames: 120, displayRate: 120)
        #expect(oneTwenty.count == 120 && oneTwenty.gaps == [1])
    }

    @Test func aRangePicksTheDisplayRateDividedByAWholeNumber() {
        // Rates on a 60 Hz display: 60, 30, 20, 15, 12, 10 ... (60 / n).
        func divisor(_ range: CAFrameRateRange, display: Double = 60) -> Int {
            DisplayLinkRate.framesPerCall(for: range, refreshInterval: 1 / display)
        }
        #expect(divisor(.default) == 1)
        #expect(divisor(CAFrameRateRange(minimum: 30, maximum: 30, preferred: 30)) == 2)
        // Nearest to the preferred 24 inside [15, 60]: 20 (distance 4) beats 30 (distance 6).
        #expect(divisor(CAFrameRateRange(minimum: 15, maximum: 60, preferred: 24)) == 3)
        // No preference: the maximum, 30.
        #expect(divisor(CAFrameRateRange(minimum: 10, maximum: 30)) == 2)
        // 45 lies halfway between 60 and 30: the higher rate.
        #expect(divisor(CAFrameRateRange(minimum: 45, maximum: 45, preferred: 45)) == 1)
        // Inside the range beats nearer outside it: [10, 25] preferring 28 gives 20, not 30.
        #expect(divisor(CAFrameRateRange(minimum: 10, maximum: 25, preferred: 28)) == 3)
        // Nothing inside [70, 90] on a 60 Hz display: the nearest to 80 of all, 60.
        #expect(divisor(CAFrameRateRange(minimum: 70, maximum: 90, preferred: 80)) == 1)
        // Slow rates are whole divisors too: once a second is every 60th frame, 0.001 every 60,000th.
        #expect(divisor(CAFrameRateRange(minimum: 1, maximum: 1, preferred: 1)) == 60)
        #expect(divisor(CAFrameRateRange(minimum: 0.001, maximum: 0.001, preferred: 0.001)) == 60_000)
        // Bounds that are not numbers count as absent.
        #expect(divisor(CAFrameRateRange(minimum: .nan, maximum: .infinity, preferred: -5)) == 1)
        // On 120 Hz, 40 is 120 / 3.
        #expect(divisor(CAFrameRateRange(minimum: 40, maximum: 40, preferred: 40), display: 120) == 3)
    }

    @Test func preferredFramesPerSecondIsAOneRateRange() {
        let link = CADisplayLink { _ in }
        #expect(link.preferredFramesPerSecond == 0)
        #expect(link.preferredFrameRateRange == .default)
        link.preferredFramesPerSecond = 30
        #expect(link.preferredFrameRateRange == CAFrameRateRange(minimum: 30, maximum: 30, preferred: 30))
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 48)
        #expect(link.preferredFramesPerSecond == 48)
        link.preferredFramesPerSecond = -3
        #expect(link.preferredFrameRateRange == .default)
    }

    @Test func changingTheRateTakesEffectFromTheNextCall() {
        let (link, calls) = recordingLink()
        defer { link.invalidate() }
        runFrames(0..<4)                        // frames 0, 1, 2, 3
        link.preferredFramesPerSecond = 30
        runFrames(4..<12)                       // then every other: 4, 6, 8, 10
        #expect(calls.timestamps.map { Int(($0 * 60).rounded()) } == [0, 1, 2, 3, 4, 6, 8, 10])
    }

    // MARK: A loop that runs late or around the grid

    @Test func aLateLoopCallsOncePerFrameWithoutCatchingUp() {
        // Frames 2.3 display intervals apart: each frame is due, but the link is called once per frame, and its
        // target lies on its own grid more than half an interval ahead.
        let (link, calls) = recordingLink()
        defer { link.invalidate() }
        for k in 0..<8 { DisplayLinkRegistry.fireLinks(at: Double(k) * 2.3 / 60, refreshInterval: 1.0 / 60) }
        #expect(calls.count == 8)
        for (time, target) in zip(calls.timestamps, calls.targets) {
            #expect(target - time > 0.5 / 60 && target - time <= 1.5 / 60 + 1e-12)
        }
    }

    @Test func framesFasterThanTheDisplayCallOncePerRefreshInterval() {
        // An unpaced loop (a virtual display has no vertical blank) running 1000 frames a second for 1 s calls
        // a 60 Hz link about 60 times: at the first frame, then at the first frame within half an interval of
        // each later target of its grid (8.3 ms, 25 ms, 41.7 ms ...): 61 calls, one refresh interval apart
        // to within the loop's 1 ms, but for the first gap of half an interval.
        let (link, calls) = recordingLink()
        defer { link.invalidate() }
        for k in 0..<1000 { DisplayLinkRegistry.fireLinks(at: Double(k) / 1000, refreshInterval: 1.0 / 60) }
        #expect(calls.count == 61)
        let gaps = zip(calls.timestamps.dropFirst(), calls.timestamps).map { $0 - $1 }
        #expect(abs(gaps[0] - 0.5 / 60) < 0.0011)
        #expect(gaps.dropFirst().allSatisfy { abs($0 - 1.0 / 60) < 0.0011 })
    }

    @Test func aClockThatGoesBackStartsTheGridAgain() {
        // Two captures of one demo each run from demo time 0.
        let (link, calls) = recordingLink()
        defer { link.invalidate() }
        runFrames(0..<30)
        runFrames(0..<30)
        #expect(calls.count == 60)
        #expect(calls.timestamps[30] == 0)
    }

    // MARK: Paused, removed, invalidated

    @Test func aPausedLinkIsNotCalledAndResumesAtTheNextFrame() {
        let (link, calls) = recordingLink()
        defer { link.invalidate() }
        link.preferredFramesPerSecond = 30
        runFrames(0..<10)                       // 0, 2, 4, 6, 8
        link.isPaused = true
        #expect(link.isPaused)
        runFrames(10..<21)
        #expect(calls.count == 5)
        link.isPaused = false
        runFrames(21..<26)                      // resumes at 21, then every other frame: 23, 25
        #expect(calls.timestamps.map { Int(($0 * 60).rounded()) } == [0, 2, 4, 6, 8, 21, 23, 25])
    }

    @Test func removalFromEveryModeStopsIt() {
        let calls = Calls()
        let link = CADisplayLink { calls.record($0) }
        defer { link.invalidate() }
        link.add(to: .main, forMode: .common)
        link.add(to: .main, forMode: .default)
        link.add(to: .main, forMode: .default)       // again: no second call per frame
        runFrames(0..<3)
        #expect(calls.count == 3)
        link.remove(from: .main, forMode: .common)
        runFrames(3..<6)
        #expect(calls.count == 6)                    // still in the default mode
        link.remove(from: .main, forMode: RunLoop.Mode("never-added"))
        runFrames(6..<7)
        #expect(calls.count == 7)
        link.remove(from: .main, forMode: .default)
        runFrames(7..<12)
        #expect(calls.count == 7)
        // Added again, it is called again.
        link.add(to: .main, forMode: .default)
        runFrames(12..<14)
        #expect(calls.count == 9)
    }

    @Test func onlyTheModesTheFrameLoopRunsFire() {
        let calls = Calls()
        let link = CADisplayLink { calls.record($0) }
        defer { link.invalidate() }
        link.add(to: .main, forMode: RunLoop.Mode("UITrackingRunLoopMode"))
        runFrames(0..<5)
        #expect(calls.count == 0)
        #expect(DisplayLinkRegistry.nextFire(after: 1) == nil)
    }

    @Test func invalidateStopsItForGoodAndReleasesTheClosure() {
        final class Token {}
        weak var weakToken: Token?
        let calls = Calls()
        var link: CADisplayLink?
        do {
            let token = Token()
            weakToken = token
            link = CADisplayLink { link in
                _ = token
                calls.record(link)
            }
        }
        link?.add(to: .main, forMode: .common)
        runFrames(0..<3)
        #expect(calls.count == 3)
        #expect(weakToken != nil)       // the link holds its closure, and the closure the token
        link?.invalidate()
        #expect(weakToken == nil)
        runFrames(3..<6)
        link?.add(to: .main, forMode: .common)  // an invalidated link cannot be added again
        runFrames(6..<9)
        #expect(calls.count == 3)
        #expect(DisplayLinkRegistry.nextFire(after: 0) == nil)
    }

    @Test func theRunLoopHoldsAnAddedLinkUntilItIsInvalidated() {
        weak var weakLink: CADisplayLink?
        let calls = Calls()
        do {
            let link = CADisplayLink { calls.record($0) }
            link.add(to: .main, forMode: .common)
            weakLink = link
        }
        runFrames(0..<2)
        #expect(calls.count == 2)
        #expect(weakLink != nil)
        weakLink?.invalidate()
        #expect(weakLink == nil)
    }

    @Test func aCallbackCanInvalidateItsOwnLinkAndAnother() {
        let other = Calls()
        let second = CADisplayLink { other.record($0) }
        var count = 0
        let first = CADisplayLink { link in
            count += 1
            if count == 3 {
                link.invalidate()
                second.invalidate()
            }
        }
        defer { first.invalidate(); second.invalidate() }
        first.add(to: .main, forMode: .common)
        second.add(to: .main, forMode: .common)
        runFrames(0..<6)
        #expect(count == 3)
        // The first is called before the second in each frame, so the second is not called in frame 2.
        #expect(other.count == 2)
    }

    // MARK: Target and selector

    final class Stepper: CADisplayLinkTarget {
        var steps: [(Selector, CFTimeInterval)] = []
        func step(_ link: CADisplayLink) { steps.append((Selector("step:"), link.timestamp)) }
        func perform(_ selector: Selector, with link: CADisplayLink) {
            if selector == Selector("step:") { step(link) } else { steps.append((selector, link.timestamp)) }
        }
    }

    @Test func aTargetAdoptingCADisplayLinkTargetPerformsTheSelector() {
        let stepper = Stepper()
        let link = CADisplayLink(target: stepper, selector: Selector("step:"))
        defer { link.invalidate() }
        link.add(to: .main, forMode: .common)
        runFrames(0..<3)
        let expected: [CFTimeInterval] = (0...2).map { Double($0) / 60 }
        #expect(stepper.steps.map(\.1) == expected)
        #expect(stepper.steps.allSatisfy { $0.0.name == "step:" })
        // A string literal names a selector as on Apple's platforms.
        let literal = CADisplayLink(target: stepper, selector: "tick")
        defer { literal.invalidate() }
        literal.add(to: .main, forMode: .common)
        runFrames(3..<4)
        #expect(stepper.steps.last?.0 == Selector("tick"))
    }

    @Test func invalidateReleasesTheTarget() {
        weak var weakStepper: Stepper?
        var link: CADisplayLink?
        do {
            let stepper = Stepper()
            weakStepper = stepper
            link = CADisplayLink(target: stepper, selector: "step:")
        }
        #expect(weakStepper != nil)     // the link holds its target, as Core Animation's does
        link?.invalidate()
        #expect(weakStepper == nil)
    }

    final class PlainTarget {}

    @Test func aTargetThatCannotPerformIsReportedAndNeverCalled() {
        let target = PlainTarget()
        let link = CADisplayLink(target: target, selector: Selector("step:"))
        defer { link.invalidate() }
        link.add(to: .main, forMode: .common)
        runFrames(0..<3)
        #expect(link.timestamp == 0)
        #expect(Diagnostics.messages.contains { $0.contains("PlainTarget does not adopt CADisplayLinkTarget") })
        #expect(DisplayLinkRegistry.nextFire(after: 0) == nil)
    }

    // MARK: Keeping a frame loop awake

    @Test func aRunningLinkSaysWhenItIsNextDueAndAStoppedOneDoesNot() {
        let (link, _) = recordingLink()
        defer { link.invalidate() }
        // Not called yet: due at once.
        #expect(DisplayLinkRegistry.nextFire(after: 5) == 5)
        link.preferredFramesPerSecond = 30
        DisplayLinkRegistry.fireLinks(at: 10, refreshInterval: 1.0 / 60)
        // Next due two refresh intervals on.
        #expect(abs((DisplayLinkRegistry.nextFire(after: 10) ?? 0) - (10 + 2.0 / 60)) < 1e-12)
        #expect(DisplayLinkRegistry.hasRunningLinks)
        link.isPaused = true
        #expect(DisplayLinkRegistry.nextFire(after: 10) == nil)
        #expect(!DisplayLinkRegistry.hasRunningLinks)
        link.isPaused = false
        #expect(DisplayLinkRegistry.nextFire(after: 11) == 11)
        link.invalidate()
        #expect(DisplayLinkRegistry.nextFire(after: 11) == nil)
    }

    // MARK: Threads

    /// Carries a link to another thread (links are not `Sendable`, as Core Animation's are not; their state is
    /// guarded by the layer tree's lock).
    struct Carried: @unchecked Sendable { let link: CADisplayLink }

    /// Runs `body` on a new thread and waits for it.
    func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        Thread {
            body()
            done.signal()
        }.start()
        done.wait()
    }

    @Test func registrationPauseAndInvalidationFromAnotherThread() {
        let calls = Calls()
        let carried = Carried(link: CADisplayLink { calls.record($0) })
        defer { carried.link.invalidate() }
        onAnotherThread { carried.link.add(to: RunLoop.current, forMode: .default) }
        runFrames(0..<2)
        // Called on the thread that runs the frames, whichever run loop it was added to.
        #expect(calls.count == 2)
        onAnotherThread { carried.link.isPaused = true }
        runFrames(2..<4)
        #expect(calls.count == 2)
        onAnotherThread { carried.link.isPaused = false }
        runFrames(4..<5)
        #expect(calls.count == 3)
        onAnotherThread { carried.link.invalidate() }
        runFrames(5..<8)
        #expect(calls.count == 3)
    }

    @Test func concurrentChangesWhileFramesRun() {
        // Four threads add, remove, pause and re-rate their own links while this thread runs frames; the links
        // that end up running are called from then on. (The thread sanitizer run catches any race.)
        let links = (0..<4).map { _ in Carried(link: CADisplayLink { _ in }) }
        let finished = DispatchSemaphore(value: 0)
        for (i, carried) in links.enumerated() {
            Thread {
                for j in 0..<200 {
                    let link = carried.link
                    link.add(to: .main, forMode: j.isMultiple(of: 2) ? .common : .default)
                    link.preferredFramesPerSecond = [0, 30, 20, 60][(i + j) % 4]
                    link.isPaused = j.isMultiple(of: 3)
                    _ = (link.timestamp, link.targetTimestamp, link.duration)
                    link.remove(from: .main, forMode: .common)
                }
                finished.signal()
            }.start()
        }
        // Frames run until every thread is done.
        var done = 0, frame = 0
        while done < links.count {
            DisplayLinkRegistry.fireLinks(at: Double(frame) / 60, refreshInterval: 1.0 / 60)
            frame += 1
            if finished.wait(timeout: .now()) == .success { done += 1 }
        }
        // Each thread's last iteration (j = 199) left its link in the default mode, unpaused (199 is not a
        // multiple of 3), at one of the rates; from frame 400 every one is due at once.
        let counter = Calls()
        let probe = CADisplayLink { counter.record($0) }
        probe.add(to: .main, forMode: .default)
        defer { probe.invalidate(); links.forEach { $0.link.invalidate() } }
        #expect(links.allSatisfy { !$0.link.isPaused })
        #expect(DisplayLinkRegistry.hasRunningLinks)
        DisplayLinkRegistry.fireLinks(at: 1000, refreshInterval: 1.0 / 60)
        #expect(counter.count == 1)
        #expect(links.allSatisfy { $0.link.timestamp == 1000 })
    }
}
