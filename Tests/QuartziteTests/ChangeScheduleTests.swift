import Foundation
import Testing
@testable import Quartzite

/// When a tree can next look different (`ChangeSchedule`), against Apple's timing rules: local time =
/// (parent time - beginTime) x speed + timeOffset per layer, an animation active from its beginTime for its
/// activeDuration / speed, a constant fill outside that window.
@MainActor
@Suite(.serialized)
struct ChangeScheduleTests {
    /// A committed root with one committed sublayer carrying `animation` (its beginTime set, so no stamp).
    func tree(_ animation: CAAnimation, configure: (CALayer) -> Void = { _ in }) -> (root: CALayer, layer: CALayer) {
        MediaClock.freeze(at: 0)
        let root = CALayer()
        let layer = CALayer()
        configure(layer)
        root.addSublayer(layer)
        layer.add(animation, forKey: "a")
        CATransaction.flush()
        return (root, layer)
    }

    func fade(begin: Double, duration: Double = 1) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0
        a.toValue = 1
        a.beginTime = begin
        a.duration = duration
        return a
    }

    @Test func aStillTreeNeverChanges() {
        MediaClock.freeze(at: 0)
        let root = CALayer()
        root.addSublayer(CALayer())
        CATransaction.flush()
        #expect(ChangeSchedule.nextAnimationChange(in: root, after: 3) == nil)
    }

    @Test func aLaterAnimationWakesAtItsBegin() {
        let (root, _) = tree(fade(begin: 10))
        #expect(ChangeSchedule.nextAnimationChange(in: root, after: 4) == 10)
    }

    @Test func anActiveAnimationChangesNow() {
        let (root, _) = tree(fade(begin: 10, duration: 2))
        Evaluator.finishFrame(root, at: 10.5)
        #expect(ChangeSchedule.nextAnimationChange(in: root, after: 10.5) == 10.5)
        #expect(ChangeSchedule.nextAnimationChange(in: root, after: 11.99) == 11.99)
    }

    @Test func aFinishedHeldAnimationIsStill() {
        let held = fade(begin: 1)
        held.fillMode = .forwards
        held.isRemovedOnCompletion = false
        let (root, layer) = tree(held)
        // Its stop is not marked yet: the next frame's end delivers animationDidStop.
        #expect(ChangeSchedule.nextAnimationChange(in: root, after: 5) == 5)
        Evaluator.finishFrame(root, at: 5)
        #expect(layer.animationKeys() == ["a"])
        #expect(ChangeSchedule.nextAnimationChange(in: root, after: 5) == nil)
        #expect(ChangeSchedule.nextAnimationChange(in: root, after: 500) == nil)
    }

    @Test func aRemovedAnimationLeavesNothing() {
        let (root, layer) = tree(fade(begin: 1))
        Evaluator.finishFrame(root, at: 5)
        #expect(layer.animationKeys() == nil)
        #expect(ChangeSchedule.nextAnimationChange(in: root, after: 5) == nil)
    }

    @Test func repeatingForeverNeverSettles() {
        let spin = fade(begin: 1)
        spin.repeatCount = .infinity
        let (root, _) = tree(spin)
        Evaluator.finishFrame(root, at: 1000)
        #expect(ChangeSchedule.nextAnimationChange(in: root, after: 1000) == 1000)
    }

    @Test func aLayerClockMapsTheBegin() {
        // Layer: beginTime 1, speed 2, so local = (t - 1) x 2, and local 10 is t = 6.
        let (root, _) = tree(fade(begin: 10)) { layer in
            layer.beginTime = 1
            layer.speed = 2
        }
        let wake = ChangeSchedule.nextAnimationChange(in: root, after: 2)
        #expect(wake.map { abs($0 - 6) < 1e-12 } == true)
    }

    @Test func anAnimationSpeedShortensItsWindow() {
        // Speed 4 plays 2 s of duration in 0.5 s: active in [10, 10.5], then removed.
        let quick = fade(begin: 10, duration: 2)
        quick.speed = 4
        let (root, _) = tree(quick)
        Evaluator.finishFrame(root, at: 10.4)
        #expect(ChangeSchedule.nextAnimationChange(in: root, after: 10.4) == 10.4)
        Evaluator.finishFrame(root, at: 10.6)
        #expect(ChangeSchedule.nextAnimationChange(in: root, after: 10.6) == nil)
    }

    @Test func aBackwardsClockReachesTheWindowFromAbove() {
        // Layer speed -1: local = -t. At t = 0 the window [-5, -4] lies behind local time (stopped, held, as
        // the Evaluator counts it); local time runs down into it when -t = -4, at t = 4.
        let held = fade(begin: -5)
        held.isRemovedOnCompletion = false
        let (root, _) = tree(held) { layer in layer.speed = -1 }
        Evaluator.finishFrame(root, at: 0)
        #expect(ChangeSchedule.nextAnimationChange(in: root, after: 0) == 4)
    }

    @Test func aFrozenClockNeverReachesIt() {
        // Speed 0 above: local time stands at timeOffset (seed 004's scrubbing), whatever the global time.
        let (root, _) = tree(fade(begin: 10)) { layer in layer.speed = 0 }
        #expect(ChangeSchedule.nextAnimationChange(in: root, after: 4) == nil)
        // Scrubbed into the window, it is still: only a model change (a new timeOffset) moves it.
        let (scrubbed, _) = tree(fade(begin: 0, duration: 1)) { layer in
            layer.speed = 0
            layer.timeOffset = 0.5
        }
        Evaluator.finishFrame(scrubbed, at: 4)
        #expect(ChangeSchedule.nextAnimationChange(in: scrubbed, after: 4) == nil)
    }

    @Test func aMaskRunsOnItsOwnersClock() {
        MediaClock.freeze(at: 0)
        let root = CALayer()
        let owner = CALayer()
        let mask = CALayer()
        owner.beginTime = 2
        owner.mask = mask
        root.addSublayer(owner)
        mask.add(fade(begin: 3), forKey: "a")
        CATransaction.flush()
        // The mask's local time is its owner's: t - 2, so local 3 is t = 5.
        #expect(ChangeSchedule.nextAnimationChange(in: root, after: 1) == 5)
    }

    @Test func theEarliestOfSeveralWins() {
        let (root, layer) = tree(fade(begin: 30))
        let other = CALayer()
        layer.addSublayer(other)
        other.add(fade(begin: 20), forKey: "b")
        CATransaction.flush()
        #expect(ChangeSchedule.nextAnimationChange(in: root, after: 1) == 20)
    }

    @Test func anOpenTransactionMeansNow() {
        MediaClock.freeze(at: 0)
        let root = CALayer()
        CATransaction.flush()
        CATransaction.begin()
        root.opacity = 0.5
        #expect(ChangeSchedule.nextChange(in: root, after: 7) == 7)
        CATransaction.commit()
        CATransaction.flush()
    }

    @Test func anUnstampedAnimationMeansNow() {
        MediaClock.freeze(at: 0)
        let root = CALayer()
        CATransaction.flush()
        CATransaction.begin()
        root.add(fade(begin: 0), forKey: "a")
        // Still in the open transaction: its begin is the commit's time, not known yet.
        #expect(ChangeSchedule.nextAnimationChange(in: root, after: 7) == 7)
        CATransaction.commit()
    }

    @Test func anotherThreadsChangeWakesTheObserver() {
        let calls = ObserverCalls()
        let observing = pthread_self()
        CATransaction.observeChanges { calls.record(observing: observing) }
        defer { CATransaction.stopObservingChanges() }
        // The observing thread's own changes: its loop commits them itself.
        let local = CALayer()
        local.opacity = 0.5
        CATransaction.flush()
        let done = DispatchSemaphore(value: 0)
        let worker = Thread {
            calls.recordWorker()
            // Opens the thread's implicit transaction (one wake-up), which flush commits; then an explicit
            // transaction, whose outermost commit is a second.
            let layer = CALayer()
            layer.opacity = 0.5
            CATransaction.flush()
            CATransaction.begin()
            layer.opacity = 0.25
            CATransaction.commit()
            done.signal()
        }
        worker.start()
        done.wait()
        #expect(calls.fromWorker == 2)
        #expect(calls.fromObserver == 0)
    }
}

/// Wake-ups seen by `anotherThreadsChangeWakesTheObserver`, by the thread that made them (other suites' threads
/// may change layers meanwhile, so only the two threads of the test are counted).
final class ObserverCalls: @unchecked Sendable {
    private let lock = NSLock()
    private var worker: pthread_t?
    private(set) var fromWorker = 0
    private(set) var fromObserver = 0

    /// Marks the calling thread as the test's worker.
    func recordWorker() {
        let thread = pthread_self()
        lock.lock()
        defer { lock.unlock() }
        worker = thread
    }

    func record(observing: pthread_t) {
        let thread = pthread_self()
        lock.lock()
        defer { lock.unlock() }
        if let worker, pthread_equal(thread, worker) != 0 { fromWorker += 1 }
        if pthread_equal(thread, observing) != 0 { fromObserver += 1 }
    }
}
