import Testing
import Quartzite

@Suite struct LocalTimeTests {
    @Test func applesFormula() {
        // local = (t - beginTime) * speed + timeOffset.
        let m = MediaTiming(beginTime: 2, speed: 2, timeOffset: 1)
        #expect(m.localTime(fromParent: 2) == 1)
        #expect(m.localTime(fromParent: 3) == 3)
        #expect(m.localTime(fromParent: 0) == -3)
        #expect(m.parentTime(fromLocal: 3) == 3)
        #expect(m.parentTime(fromLocal: -3) == 0)
        #expect(MediaTiming().localTime(fromParent: 42) == 42)
    }

    @Test func speedZeroFreezesAtTimeOffset() {
        // T2: a layer with speed 0 is always at its timeOffset (seed 004 scrubbing).
        let layer = MediaTiming(speed: 0, timeOffset: 0.37)
        for t in [0.0, 1, 1000, -5] { #expect(layer.localTime(fromParent: t) == 0.37) }
        // No inverse: documented placeholder is beginTime.
        #expect(MediaTiming(beginTime: 4, speed: 0).parentTime(fromLocal: 9) == 4)
    }

    @Test func roundTrips() {
        let m = MediaTiming(beginTime: 1.5, speed: 0.5, timeOffset: -0.25)
        for t in [-3.0, 0, 1.5, 2.75, 100] {
            #expect(abs(m.parentTime(fromLocal: m.localTime(fromParent: t)) - t) < 1e-12)
        }
    }

    @Test func activeDurationTable() {
        #expect(MediaTiming(duration: 2).activeDuration == 2)
        #expect(MediaTiming().activeDuration == 0.25)  // 0 means Apple's default 0.25 s
        #expect(MediaTiming(duration: -1).activeDuration == 0.25)
        #expect(MediaTiming(duration: .nan).activeDuration == 0.25)
        #expect(MediaTiming(duration: 2, repeatCount: 3).activeDuration == 6)
        #expect(MediaTiming(duration: 2, repeatCount: 1.5).activeDuration == 3)
        #expect(MediaTiming(duration: 2, repeatCount: 0.5).activeDuration == 1)
        #expect(MediaTiming(duration: 2, autoreverses: true).activeDuration == 4)
        #expect(MediaTiming(duration: 2, repeatCount: 1.5, autoreverses: true).activeDuration == 6)
        #expect(MediaTiming(duration: 2, repeatDuration: 5).activeDuration == 5)
        #expect(MediaTiming(duration: 2, repeatCount: 10, repeatDuration: 5).activeDuration == 5)
        #expect(MediaTiming(duration: 2, repeatCount: .infinity).activeDuration == .infinity)
        #expect(MediaTiming(duration: 2, repeatDuration: .infinity).activeDuration == .infinity)
    }
}
