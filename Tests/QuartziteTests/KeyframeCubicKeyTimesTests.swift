import Foundation
import Testing
@testable import Quartzite

/// `.cubic` keyframes unevenly spaced by `keyTimes`: the spline's tangents are scaled by the segments'
/// durations (Kochanek and Bartels' step-size adjustment), so the velocity through a keyframe is the same on
/// both sides in time.
@MainActor
@Suite(.serialized)
struct KeyframeCubicKeyTimesTests {
    /// position.x shown at `t` seconds into a 4 s cubic keyframe animation begun at 100.
    func x(values: [Double], keyTimes: [NSNumber]?, at t: Double) -> Double {
        MediaClock.freeze(at: 100)
        let layer = CALayer()
        CATransaction.flush()
        let animation = CAKeyframeAnimation(keyPath: "position.x")
        animation.values = values
        animation.keyTimes = keyTimes
        animation.calculationMode = .cubic
        animation.duration = 4
        layer.add(animation, forKey: "k")
        CATransaction.flush()
        MediaClock.freeze(at: 100 + t)
        return Double(layer.presentation()!.position.x)
    }

    @Test func velocityThroughAnUnevenKeyframeIsTheSameOnBothSides() {
        // Values 0, 1, 4 at 0, 1 and 4 s lie on x = t. At the middle keyframe Catmull-Rom's tangent is
        // (4 - 0) / 2 = 2 per unit of segment parameter in even spacing; scaled by 2 * 1 / (1 + 3) on the
        // 1 s segment and 2 * 3 / (1 + 3) on the 3 s one, it is 1 per second on both: the line's slope.
        // (Unscaled it would be 2 per second before and 2/3 after.)
        let values = [0.0, 1, 4], keyTimes: [NSNumber] = [0, 0.25, 1]
        let h = 1e-5
        let at = x(values: values, keyTimes: keyTimes, at: 1)
        let before = (at - x(values: values, keyTimes: keyTimes, at: 1 - h)) / h
        let after = (x(values: values, keyTimes: keyTimes, at: 1 + h) - at) / h
        #expect(abs(at - 1) < 1e-12)
        #expect(abs(before - 1) < 1e-4, "velocity before: \(before)")
        #expect(abs(after - 1) < 1e-4, "velocity after: \(after)")
    }

    @Test func evenKeyTimesChangeNothing() {
        // Evenly spaced keyTimes scale every tangent by 1: the same curve as with no keyTimes.
        let values = [0.0, 3, 1, 5]
        for t in [0.3, 1.1, 2.0, 2.9, 3.7] {
            let even = x(values: values, keyTimes: [0, NSNumber(value: 1.0 / 3), NSNumber(value: 2.0 / 3), 1], at: t)
            let none = x(values: values, keyTimes: nil, at: t)
            #expect(abs(even - none) < 1e-12, "t = \(t): \(even) vs \(none)")
        }
    }
}
