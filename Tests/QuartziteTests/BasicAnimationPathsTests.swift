import Foundation
import Testing
@testable import Quartzite

/// A basic animation takes one of two paths: the fast plan (`DirectBasicPlan`, the common keys between
/// fixed values) or the general applier (`AnimationApplier`). Both compute `BasicAnimationValue.basicValue`;
/// this runs a broad table of from / to / by, additive and cumulative cases through both and requires the
/// same properties, bit for bit, at many times.
@Suite(.serialized)
struct BasicAnimationPathsTests {
    /// The values an animation is given: (fromValue, toValue, byValue).
    typealias Values = (from: Any?, to: Any?, by: Any?)

    static var numberValues: [Values] { [(0.2, 0.9, nil), (0.7, nil, 0.25), (nil, 0.3, 0.5), (1.5, -0.5, nil)] }
    static var pointValues: [Values] { [
        (CGPoint(x: 10, y: 20), CGPoint(x: 90, y: -40), nil),
        (CGPoint(x: 5, y: 5), nil, CGPoint(x: 30, y: -12)),
        (nil, CGPoint(x: 70, y: 80), CGPoint(x: -20, y: 10)),
    ] }
    static let numberKeys = ["opacity", "position.x", "position.y", "strokeStart", "strokeEnd", "transform.rotation.z",
                             "transform.scale", "transform.scale.x", "transform.scale.y", "transform.translation.x",
                             "transform.translation.y"]

    /// Every key with every set of values, additive or not, cumulative or not, eased or not.
    static var cases: [(key: String, values: Values, additive: Bool, cumulative: Bool, eased: Bool)] {
        var all: [(String, Values, Bool, Bool, Bool)] = []
        let keyed = numberKeys.flatMap { key in numberValues.map { (key, $0) } } + pointValues.map { ("position", $0) }
        for (key, values) in keyed {
            for additive in [false, true] {
                for cumulative in [false, true] {
                    for eased in [false, true] { all.append((key, values, additive, cumulative, eased)) }
                }
            }
        }
        return all
    }

    /// The model the animations run over: values away from the defaults, so additive cases show.
    var model: LayerProperties {
        var p = LayerProperties()
        p.opacity = 0.5
        p.position = CGPoint(x: 12, y: -7)
        p.strokeStart = 0.1
        p.strokeEnd = 0.8
        return p
    }

    func animation(_ c: (key: String, values: Values, additive: Bool, cumulative: Bool, eased: Bool)) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: c.key)
        a.fromValue = c.values.from
        a.toValue = c.values.to
        a.byValue = c.values.by
        a.isAdditive = c.additive
        a.isCumulative = c.cumulative
        a.duration = 1.5
        a.beginTime = 2
        a.repeatCount = 3
        a.autoreverses = c.eased
        if c.eased { a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut) }
        return a
    }

    @Test func bothPathsGiveTheSameValues() {
        var compared = 0
        LayerTreeLock.withLock {
            for c in Self.cases {
                let animation = animation(c)
                let plan = CompiledAnimation.make(animation, model: model)
                guard let direct = DirectBasicPlan.make(animation, plan: plan, timings: Evaluator.timingTable) else {
                    Issue.record("\(c.key) \(c.values): no fast plan for a case it covers")
                    continue
                }
                for t in stride(from: 1.9, through: 12.0, by: 0.37) {
                    var general = model, fast = model
                    AnimationApplier.apply(animation, plan: plan, timing: animation.mediaTiming, parentTime: t, to: &general)
                    let applied = direct.apply(parentTime: t, timings: Evaluator.timingTable.entries,
                                               memo: Evaluator.timingMemo, to: &fast)
                    #expect(applied)
                    #expect(general == fast, "\(c.key) \(c.values) additive \(c.additive) cumulative \(c.cumulative) eased \(c.eased) at \(t)")
                    compared += 1
                }
            }
        }
        // 12 keys x 4 (or 3) value sets x 8 flag combinations x 28 times.
        #expect(compared == (11 * 4 + 3) * 8 * 28)
    }

    /// The rule itself, on numbers: from + (to - from) · f, plus (to - from) per earlier iteration when
    /// cumulative.
    @Test func theRuleInClosedForm() {
        #expect(Double.basicValueForTest(from: 2, to: 6, fraction: 0.25, iteration: 0, isCumulative: true) == 3)
        #expect(Double.basicValueForTest(from: 2, to: 6, fraction: 0.25, iteration: 2, isCumulative: true) == 11)
        #expect(Double.basicValueForTest(from: 2, to: 6, fraction: 0.25, iteration: 2, isCumulative: false) == 3)
    }
}

private extension Double {
    static func basicValueForTest(from: Double, to: Double, fraction: Double, iteration: Int, isCumulative: Bool) -> Double {
        SIMD2.basicValue(from: SIMD2(from, 0), to: SIMD2(to, 0), fraction: fraction, iteration: iteration,
                         isCumulative: isCumulative).x
    }
}
