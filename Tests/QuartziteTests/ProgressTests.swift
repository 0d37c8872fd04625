import Testing
import Quartzite

/// Tables of parent time -> fraction, worked out by hand from Apple's CAMediaTiming documentation.
@Suite struct ProgressTests {
    @Test func singlePass() {
        // begin 1, duration 2: local elapsed = t - 1, fraction = elapsed / 2.
        let m = MediaTiming(beginTime: 1, duration: 2)
        #expect(failures(m, [
            Row(t: 0.5, fraction: nil), Row(t: 1, fraction: 0), Row(t: 2, fraction: 0.5),
            Row(t: 2.5, fraction: 0.75), Row(t: 2.998, fraction: 0.999),
            Row(t: 3, fraction: nil),  // the end itself is finished
            Row(t: 9, fraction: nil),
        ]) == [])
        #expect(!m.isFinished(atParentTime: 2.999))
        #expect(m.isFinished(atParentTime: 3))
    }

    @Test func zeroDurationMeansAQuarterSecond() {
        #expect(failures(MediaTiming(), [
            Row(t: 0, fraction: 0), Row(t: 0.125, fraction: 0.5), Row(t: 0.25, fraction: nil),
        ]) == [])
    }

    @Test func repeatCountOneAndAHalf() {
        // duration 1, 1.5 passes: active 1.5 s; second pass stops halfway.
        var m = MediaTiming(duration: 1, repeatCount: 1.5)
        #expect(failures(m, [
            Row(t: 0.5, fraction: 0.5), Row(t: 0.999, fraction: 0.999),
            Row(t: 1, fraction: 0, iteration: 1), Row(t: 1.25, fraction: 0.25, iteration: 1),
            Row(t: 1.5, fraction: nil),
        ]) == [])
        m.fillMode = .forwards
        #expect(failures(m, [Row(t: 1.5, fraction: 0.5, iteration: 1), Row(t: 100, fraction: 0.5, iteration: 1)]) == [])
    }

    @Test func wholeRepeatsEndAtOne() {
        let m = MediaTiming(duration: 1, repeatCount: 3, fillMode: .forwards)
        #expect(failures(m, [
            Row(t: 2.5, fraction: 0.5, iteration: 2), Row(t: 3, fraction: 1, iteration: 2),
        ]) == [])
    }

    @Test func autoreverseOnce() {
        // A cycle is forward 1 s then backward 1 s; forwards fill holds the start again.
        let m = MediaTiming(duration: 1, autoreverses: true, fillMode: .forwards)
        #expect(failures(m, [
            Row(t: 0.25, fraction: 0.25), Row(t: 1, fraction: 1),
            Row(t: 1.25, fraction: 0.75, reversed: true), Row(t: 1.75, fraction: 0.25, reversed: true),
            Row(t: 2, fraction: 0, reversed: true), Row(t: 5, fraction: 0, reversed: true),
        ]) == [])
        #expect(m.isFinished(atParentTime: 2))
    }

    @Test func autoreverseWithRepeatCountOneAndAHalf() {
        // 1.5 cycles of (forward, backward) = forward, backward, forward: 3 s, ending at 1.
        var m = MediaTiming(duration: 1, repeatCount: 1.5, autoreverses: true)
        #expect(failures(m, [
            Row(t: 0.5, fraction: 0.5), Row(t: 1.5, fraction: 0.5, reversed: true),
            Row(t: 2, fraction: 0, iteration: 1), Row(t: 2.25, fraction: 0.25, iteration: 1),
            Row(t: 2.75, fraction: 0.75, iteration: 1), Row(t: 3, fraction: nil),
        ]) == [])
        m.fillMode = .both
        #expect(failures(m, [Row(t: -1, fraction: 0), Row(t: 3, fraction: 1, iteration: 1)]) == [])
        // 2 whole autoreversed cycles end back at 0.
        m.repeatCount = 2
        #expect(failures(m, [Row(t: 4, fraction: 0, iteration: 1, reversed: true)]) == [])
    }

    @Test func repeatDuration() {
        // duration 1 repeated for 2.5 s.
        let m = MediaTiming(duration: 1, repeatDuration: 2.5, fillMode: .forwards)
        #expect(failures(m, [
            Row(t: 0.5, fraction: 0.5), Row(t: 2.25, fraction: 0.25, iteration: 2),
            Row(t: 2.5, fraction: 0.5, iteration: 2),
        ]) == [])
    }

    @Test func speedTwoHalvesWallTime() {
        let m = MediaTiming(beginTime: 1, duration: 1, speed: 2)
        #expect(failures(m, [
            Row(t: 0.9, fraction: nil), Row(t: 1.25, fraction: 0.5), Row(t: 1.45, fraction: 0.9),
            Row(t: 1.5, fraction: nil),
        ]) == [])
        #expect(m.isFinished(atParentTime: 1.5))
    }

    @Test func fillModesBeforeAndAfter() {
        let base = MediaTiming(beginTime: 2, duration: 1)
        var m = base
        #expect(failures(m, [Row(t: 0, fraction: nil), Row(t: 3, fraction: nil)]) == [])
        m.fillMode = .backwards
        #expect(failures(m, [Row(t: 0, fraction: 0), Row(t: 3, fraction: nil)]) == [])
        m.fillMode = .forwards
        #expect(failures(m, [Row(t: 0, fraction: nil), Row(t: 3, fraction: 1), Row(t: 1e9, fraction: 1)]) == [])
        m.fillMode = .both
        #expect(failures(m, [Row(t: 0, fraction: 0), Row(t: 2.5, fraction: 0.5), Row(t: 3, fraction: 1)]) == [])
        // An unknown fill mode behaves as removed.
        m.fillMode = CAMediaTimingFillMode(rawValue: "sideways")
        #expect(failures(m, [Row(t: 0, fraction: nil), Row(t: 3, fraction: nil)]) == [])
    }

    @Test func timeOffsetWrapsASinglePass() {
        // duration 1, offset 0.5: plays 0.5 -> 1, wraps to 0, plays to 0.5 (Apple's documented wrap);
        // the active window is still [0, 1) from beginTime.
        var m = MediaTiming(duration: 1, timeOffset: 0.5)
        #expect(failures(m, [
            Row(t: 0, fraction: 0.5), Row(t: 0.25, fraction: 0.75), Row(t: 0.5, fraction: 0),
            Row(t: 0.75, fraction: 0.25), Row(t: 1, fraction: nil),
        ]) == [])
        m.fillMode = .both
        // Backwards shows the state at begin (phase 0.5); forwards the state just before the end.
        #expect(failures(m, [Row(t: -1, fraction: 0.5), Row(t: 1, fraction: 0.5)]) == [])
        // A negative offset wraps the same way.
        m.timeOffset = -0.25
        #expect(failures(m, [Row(t: 0, fraction: 0.75), Row(t: 0.25, fraction: 0)]) == [])
    }

    @Test func seed001InfiniteRepeatWithOffset() {
        // Seed 001: duration 3, repeat forever, timeOffset 2.1 => phase (e + 2.1) mod 3.
        let m = MediaTiming(beginTime: 10, duration: 3, timeOffset: 2.1, repeatCount: .infinity)
        #expect(failures(m, [
            Row(t: 10, fraction: 0.7),  // 2.1 / 3
            Row(t: 10.35, fraction: 2.45 / 3),  // = 0.816667
            Row(t: 10.9, fraction: 0, iteration: 1),
            Row(t: 11.0, fraction: 0.1 / 3, iteration: 1),
            Row(t: 13.4, fraction: 2.5 / 3, iteration: 1),
        ], tol: 1e-9) == [])
        #expect(close(m.progress(atParentTime: 10.35)?.fraction ?? -1, 0.81667, 1e-5))
        // After 100 s: (100 + 2.1) mod 3 = 0.1.
        #expect(close(m.progress(atParentTime: 110)?.fraction ?? -1, 0.1 / 3, 1e-9))
        #expect(!m.isFinished(atParentTime: 1e12))
        #expect(m.progress(atParentTime: 9) == nil)
    }

    @Test func seed004ScrubbingWithASpeedZeroLayer() {
        // Layer speed 0, timeOffset p: the layer's time is p whatever the parent time. The group
        // (duration 1, begun at layer time 0, fill both, not removed) is then at fraction p.
        for p in [0.0, 0.25, 0.5, 0.75, 1] {
            let layer = MediaTiming(speed: 0, timeOffset: p)
            let group = MediaTiming(beginTime: 0, duration: 1, fillMode: .both)
            let layerTime = layer.localTime(fromParent: 12345.6)
            #expect(layerTime == p)
            #expect(group.progress(atParentTime: layerTime)?.fraction == p)
        }
        // Without forwards fill, p = 1 reaches the end: finished, no effect (the flaw DEMOS notes).
        #expect(MediaTiming(duration: 1).progress(atParentTime: 1) == nil)
    }

    @Test func speedZeroAnimationFreezesAtItsOffset() {
        let m = MediaTiming(beginTime: 5, duration: 2, speed: 0, timeOffset: 0.5)
        for t in [0.0, 5, 6, 1e9, .infinity] {
            #expect(m.progress(atParentTime: t)?.fraction == 0.25)
        }
        #expect(!m.isFinished(atParentTime: 1e9))
    }

    @Test func nonFiniteInputsNeverCrash() {
        let m = MediaTiming(duration: 1, fillMode: .both)
        #expect(m.progress(atParentTime: .nan) == nil)
        #expect(!m.isFinished(atParentTime: .nan))
        #expect(MediaTiming(beginTime: .nan).progress(atParentTime: 0) == nil)
        #expect(MediaTiming(speed: .nan).progress(atParentTime: 0) == nil)
        #expect(MediaTiming(timeOffset: .nan).progress(atParentTime: 0) == nil)
        #expect(MediaTiming(repeatCount: .nan).progress(atParentTime: 0.1)?.fraction == 0.4)
        #expect(m.progress(atParentTime: .infinity)?.fraction == 1)
        #expect(m.progress(atParentTime: -.infinity)?.fraction == 0)
        let forever = MediaTiming(duration: 1, repeatCount: .infinity)
        #expect(forever.progress(atParentTime: 1e300) != nil || forever.isFinished(atParentTime: 1e300) == false)
        _ = forever.progress(atParentTime: .infinity)
        _ = MediaTiming(duration: 1e-300, repeatCount: .infinity).progress(atParentTime: 1e300)
    }

    @Test func fractionalRepeatBelowOnePlaysPart() {
        let m = MediaTiming(duration: 2, repeatCount: 0.5, fillMode: .forwards)
        #expect(failures(m, [Row(t: 0.5, fraction: 0.25), Row(t: 1, fraction: 0.5), Row(t: 3, fraction: 0.5)]) == [])
    }
}

@Suite struct MoreProgressTests {
    func requireSendable<T: Sendable>(_: T.Type) {}

    @Test func backwardsFillWithAutoreverseAndOffset() {
        // Before begin, backwards fill shows the state at the begin: phase = offset.
        let m = MediaTiming(beginTime: 1, duration: 1, timeOffset: 1.5, autoreverses: true, fillMode: .backwards)
        #expect(failures(m, [Row(t: 0, fraction: 0.5, reversed: true), Row(t: 1.25, fraction: 0.25, reversed: true)]) == [])
    }

    @Test func typesAreSendable() {
        requireSendable(MediaTiming.self)
        requireSendable(TimingProgress.self)
        requireSendable(CAMediaTimingFunction.self)
        requireSendable(SpringSolver.self)
        requireSendable(KeyframeTiming.self)
    }
}
