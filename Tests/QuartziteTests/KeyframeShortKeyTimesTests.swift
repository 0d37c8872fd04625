import Foundation
import Testing
@testable import Quartzite

/// Keyframe animations whose `keyTimes` end before 1 (`[0, 0.7]`, `[0, 0.4, 0.567]`, as animation
/// libraries ship them) or start after 0: as on iOS, the last value is reached at the last key time and
/// holds to the end of the duration, and the first value holds before the first key time. Expected
/// values are closed form: linear interpolation between key times, eased per segment by
/// `timingFunctions`.
@MainActor
@Suite(.serialized)
struct KeyframeShortKeyTimesTests {
    /// `position.x` of a layer running `animation` (1 s, begun at 100) at each of `times`.
    func x(_ animation: CAKeyframeAnimation, at times: [Double]) -> [Double] {
        MediaClock.freeze(at: 100)
        let layer = CALayer()
        CATransaction.flush()
        animation.duration = 1
        layer.add(animation, forKey: "k")
        CATransaction.flush()
        return times.map { t in
            MediaClock.freeze(at: 100 + t)
            return Double(layer.presentation()?.position.x ?? .nan)
        }
    }

    func animation(_ values: [Double], keyTimes: [NSNumber], mode: CAAnimationCalculationMode = .linear)
        -> CAKeyframeAnimation {
        let move = CAKeyframeAnimation(keyPath: "position.x")
        move.values = values
        move.keyTimes = keyTimes
        move.calculationMode = mode
        return move
    }

    func expectClose(_ got: [Double], _ expected: [Double], _ label: String) {
        for (g, e) in zip(got, expected) { #expect(abs(g - e) < 1e-9, "\(label): got \(got), expected \(expected)") }
    }

    @Test func twoValuesReachTheLastAtSevenTenthsAndHold() {
        let got = x(animation([0, 10], keyTimes: [0, 0.7]), at: [0.175, 0.35, 0.7, 0.8, 0.99])
        expectClose(got, [2.5, 5, 10, 10, 10], "[0, 0.7]")
        #expect(!Diagnostics.messages.contains { $0.contains("keyTimes [0.0, 0.7]") })
    }

    @Test func threeValuesEndingAtPoint567() {
        // Segments 0...0.4 (0 -> 1) and 0.4...0.567 (1 -> 0.5), then 0.5 to the end.
        let got = x(animation([0, 1, 0.5], keyTimes: [0, 0.4, 0.567]), at: [0.2, 0.4, 0.4835, 0.6, 0.9])
        expectClose(got, [0.5, 1, 0.75, 0.5, 0.5], "[0, 0.4, 0.567]")
    }

    @Test func timingFunctionsStillEaseEachSegment() {
        let move = animation([0, 1, 0.5], keyTimes: [0, 0.4, 0.567])
        let easeIn = CAMediaTimingFunction(name: .easeIn), easeOut = CAMediaTimingFunction(name: .easeOut)
        move.timingFunctions = [easeIn, easeOut]
        let got = x(move, at: [0.2, 0.4835, 0.8])
        expectClose(got, [easeIn.evaluate(0.5), 1 - 0.5 * easeOut.evaluate(0.5), 0.5], "eased")
    }

    @Test func firstValueHoldsBeforeALateFirstKeyTime() {
        let got = x(animation([0, 10, 30], keyTimes: [0.2, 0.6, 1]), at: [0.1, 0.2, 0.4, 0.8])
        expectClose(got, [0, 0, 5, 20], "[0.2, 0.6, 1]")
    }

    @Test func discreteHoldsTheLastValueAfterShortKeyTimes() {
        // One key time per value: each shows from its key time on, the last to the end.
        let common = x(animation([1, 2, 3], keyTimes: [0, 0.4, 0.567], mode: .discrete), at: [0.3, 0.5, 0.6, 0.9])
        expectClose(common, [1, 2, 3, 3], "discrete, count key times")
        // Apple's form, one more key time than values, starting late and ending early.
        let documented = x(animation([1, 2, 3], keyTimes: [0.1, 0.3, 0.5, 0.8], mode: .discrete),
                           at: [0.05, 0.2, 0.4, 0.6, 0.9])
        expectClose(documented, [1, 1, 2, 3, 3], "discrete, count + 1 key times")
    }

    @Test func cubicReachesTheLastValueAtTheLastKeyTime() {
        // Two keyframes: a Catmull-Rom segment with its end points doubled, symmetric about its middle.
        let got = x(animation([0, 10], keyTimes: [0, 0.7], mode: .cubic), at: [0.35, 0.7, 0.9])
        expectClose(got, [5, 10, 10], "cubic [0, 0.7]")
    }

    @Test func pacedIgnoresShortKeyTimes() {
        // Apple: paced modes ignore keyTimes; one segment then takes the whole duration.
        let got = x(animation([0, 10], keyTimes: [0, 0.7], mode: .paced), at: [0.35, 0.7, 0.9])
        expectClose(got, [3.5, 7, 9], "paced [0, 0.7]")
    }
}
