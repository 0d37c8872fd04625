import Testing
import Quartzite

@Suite struct KeyframeTimingTests {
    func seg(_ k: KeyframeTiming, _ f: Double) -> (Int, Double) {
        let s = k.segment(at: f)
        return (s.index, s.t)
    }
    func same(_ a: (Int, Double), _ b: (Int, Double)) -> Bool { a.0 == b.0 && abs(a.1 - b.1) < 1e-9 }

    @Test func evenSpacingWithoutKeyTimes() {
        // T5: keyTimes nil -> evenly spaced; 3 values = 2 segments of half the time each.
        let k = KeyframeTiming(count: 3, keyTimes: nil, timingFunctions: nil, calculationMode: .linear, segmentLengths: nil)
        #expect(same(seg(k, 0), (0, 0)))
        #expect(same(seg(k, 0.25), (0, 0.5)))
        #expect(same(seg(k, 0.5), (1, 0)))
        #expect(same(seg(k, 0.75), (1, 0.5)))
        #expect(same(seg(k, 1), (1, 1)))
        #expect(same(seg(k, 7), (1, 1)) && same(seg(k, -1), (0, 0)) && same(seg(k, .nan), (0, 0)))
    }

    @Test func keyTimesAndPerSegmentTimingFunctions() {
        // Seed 001's line group: keyTimes [0, 5/6, 1], functions [strokeEndTF, circleTF].
        let tf0 = CAMediaTimingFunction(controlPoints: 1, 0, 0.35, 1)
        let tf1 = CAMediaTimingFunction(controlPoints: 0.65, 0, 0.4, 1)
        let k = KeyframeTiming(count: 3, keyTimes: [0, 5.0 / 6, 1], timingFunctions: [tf0, tf1], calculationMode: .linear, segmentLengths: nil)
        #expect(same(seg(k, 5.0 / 12), (0, tf0.evaluate(0.5))))
        #expect(same(seg(k, 11.0 / 12), (1, tf1.evaluate(0.5))))
        #expect(same(seg(k, 5.0 / 6), (1, 0)))
    }

    @Test func invalidKeyTimesFallBackToEvenSpacing() {
        let bad: [[Double]] = [[0, 0.5], [0, 0.7, 0.6], [0, .nan, 1], [0, 0.5, 1.2], [-0.1, 0.5, 1]]
        for keyTimes in bad {
            let k = KeyframeTiming(count: 3, keyTimes: keyTimes, timingFunctions: nil, calculationMode: .linear, segmentLengths: nil)
            #expect(k.boundaries == [0, 0.5, 1], "\(keyTimes)")
        }
    }

    @Test func keyTimesMayStartLateAndEndEarly() {
        // The end values hold outside the key times, as on iOS.
        let k = KeyframeTiming(count: 3, keyTimes: [0.2, 0.4, 0.6], timingFunctions: nil, calculationMode: .linear, segmentLengths: nil)
        #expect(k.boundaries == [0.2, 0.4, 0.6])
        #expect(same(seg(k, 0.1), (0, 0)) && same(seg(k, 0.3), (0, 0.5)))
        #expect(same(seg(k, 0.5), (1, 0.5)) && same(seg(k, 0.8), (1, 1)))
        let d = KeyframeTiming(count: 2, keyTimes: [0.2, 0.4, 0.6], timingFunctions: nil, calculationMode: .discrete, segmentLengths: nil)
        #expect(seg(d, 0.1).0 == 0 && seg(d, 0.5).0 == 1 && seg(d, 0.9).0 == 1)
    }

    @Test func equalKeyTimesJump() {
        let k = KeyframeTiming(count: 4, keyTimes: [0, 0.5, 0.5, 1], timingFunctions: nil, calculationMode: .linear, segmentLengths: nil)
        #expect(same(seg(k, 0.49), (0, 0.98)))
        #expect(same(seg(k, 0.5), (2, 0)))
    }

    @Test func discrete() {
        // No keyTimes: 3 values hold a third each.
        let even = KeyframeTiming(count: 3, keyTimes: nil, timingFunctions: nil, calculationMode: .discrete, segmentLengths: nil)
        #expect(seg(even, 0).0 == 0 && seg(even, 0.3).0 == 0 && seg(even, 0.34).0 == 1)
        #expect(seg(even, 0.67).0 == 2 && seg(even, 1).0 == 2)
        // Apple's documented form: count + 1 key times.
        let documented = KeyframeTiming(count: 2, keyTimes: [0, 0.2, 1], timingFunctions: nil, calculationMode: .discrete, segmentLengths: nil)
        #expect(seg(documented, 0.1).0 == 0 && seg(documented, 0.2).0 == 1 && seg(documented, 0.9).0 == 1)
        // The common form: count key times, the last value holds to the end.
        let common = KeyframeTiming(count: 3, keyTimes: [0, 0.1, 0.5], timingFunctions: nil, calculationMode: .discrete, segmentLengths: nil)
        #expect(seg(common, 0.05).0 == 0 && seg(common, 0.3).0 == 1 && seg(common, 0.5).0 == 2)
    }

    @Test func pacedIgnoresKeyTimesAndUsesLengths() {
        // Lengths 1 and 3: the first segment gets a quarter of the time.
        let tf = [CAMediaTimingFunction(name: .easeIn)]
        let k = KeyframeTiming(count: 3, keyTimes: [0, 0.9, 1], timingFunctions: tf, calculationMode: .paced, segmentLengths: [1, 3])
        #expect(same(seg(k, 0.125), (0, 0.5)))
        #expect(same(seg(k, 0.25), (1, 0)))
        #expect(same(seg(k, 0.625), (1, 0.5)))
        let noLengths = KeyframeTiming(count: 3, keyTimes: nil, timingFunctions: nil, calculationMode: .cubicPaced, segmentLengths: nil)
        #expect(noLengths.boundaries == [0, 0.5, 1])
        let zero = KeyframeTiming(count: 3, keyTimes: nil, timingFunctions: nil, calculationMode: .paced, segmentLengths: [0, 0])
        #expect(zero.boundaries == [0, 0.5, 1])
    }

    @Test func degenerateCounts() {
        for n in [-1, 0, 1] {
            let k = KeyframeTiming(count: n, keyTimes: [0, 1], timingFunctions: nil, calculationMode: .linear, segmentLengths: nil)
            #expect(same(seg(k, 0.5), (0, 0)))
            let d = KeyframeTiming(count: n, keyTimes: nil, timingFunctions: nil, calculationMode: .discrete, segmentLengths: nil)
            #expect(same(seg(d, 0.5), (0, 0)))
        }
        let unknown = KeyframeTiming(count: 2, keyTimes: nil, timingFunctions: nil, calculationMode: CAAnimationCalculationMode(rawValue: "x"), segmentLengths: nil)
        #expect(unknown.calculationMode == .linear)
        #expect(CAAnimationCalculationMode.cubicPaced.rawValue == "cubicPaced")
    }
}

@Suite struct KochanekBartelsTests {
    @Test func zeroParametersIsCatmullRom() {
        let p = (1.0, 4.0, 2.0, 5.0)
        for i in 0...10 {
            let s = Double(i) / 10
            // Catmull-Rom in its textbook polynomial form.
            let cr = 0.5 * (2 * p.1 + (-p.0 + p.2) * s + (2 * p.0 - 5 * p.1 + 4 * p.2 - p.3) * s * s
                + (-p.0 + 3 * p.1 - 3 * p.2 + p.3) * s * s * s)
            let kb = kochanekBartels(p.0, p.1, p.2, p.3, t: s, tension: 0, continuity: 0, bias: 0)
            #expect(abs(kb - cr) < 1e-12)
        }
    }

    @Test func endpointsAndSpecialCases() {
        #expect(kochanekBartels(0, 1, 3, 2, t: 0, tension: 0.3, continuity: -0.2, bias: 0.5) == 1)
        #expect(abs(kochanekBartels(0, 1, 3, 2, t: 1, tension: 0.3, continuity: -0.2, bias: 0.5) - 3) < 1e-12)
        // Evenly spaced collinear points: Catmull-Rom is exactly linear.
        #expect(abs(kochanekBartels(0, 1, 2, 3, t: 0.3, tension: 0, continuity: 0, bias: 0) - 1.3) < 1e-12)
        // Tension 1: zero tangents, smoothstep between p1 and p2.
        let s = 0.3
        let smooth = 1 + 2 * (3 * s * s - 2 * s * s * s)
        #expect(abs(kochanekBartels(0, 1, 3, 2, t: s, tension: 1, continuity: 0, bias: 0) - smooth) < 1e-12)
        // Bias 1 uses only the incoming chord at p1 (slope p1 - p0 = 10 there).
        let h = 1e-6
        let slope = (kochanekBartels(-9, 1, 3, 2, t: h, tension: 0, continuity: 0, bias: 1) - 1) / h
        #expect(abs(slope - 10) < 1e-3)
    }
}
