import Foundation
import Testing
@testable import Quartzite

/// Keyframe animations and groups take one of two paths: the direct plans (`DirectKeyframePlan`,
/// `DirectGroupPlan`) or the general applier (`AnimationApplier`). This runs a broad table of keyframe
/// animations (keys, modes, key times, segment curves, additive, cumulative, repeats) and of groups (fill
/// modes, children with and without their own duration and begin time, a group curve, basic and keyframe
/// children) through both and requires the same properties, bit for bit, at many times; and checks a few
/// values in closed form.
@Suite(.serialized)
struct DirectGroupPathsTests {
    /// The model the animations run over: the basic animations' table's, values away from the defaults, so
    /// additive cases show.
    static var model: LayerProperties { BasicAnimationPathsTests().model }

    static let easeOut = CAMediaTimingFunction(name: .easeOut)
    static let custom = CAMediaTimingFunction(controlPoints: 0.25, 0, 0.2, 1)

    /// A keyframe animation of `key` with the given mode and options.
    static func keyframe(_ key: String, mode: CAAnimationCalculationMode = .linear, keyTimes: [NSNumber]? = nil,
                         curves: Bool = false, additive: Bool = false, cumulative: Bool = false) -> CAKeyframeAnimation {
        let a = CAKeyframeAnimation(keyPath: key)
        a.values = key == "position"
            ? [CGPoint(x: 0, y: 0), CGPoint(x: 40, y: 10), CGPoint(x: 10, y: 50), CGPoint(x: 30, y: -20)]
            : [0.0, 1.0, 0.45, 0.9]
        a.calculationMode = mode
        a.keyTimes = keyTimes
        if curves { a.timingFunctions = [Self.custom, Self.easeOut, CAMediaTimingFunction(name: .linear)] }
        a.isAdditive = additive
        a.isCumulative = cumulative
        return a
    }

    static let keys = ["opacity", "position.x", "position", "strokeEnd", "transform.scale", "transform.rotation.z",
                       "transform.translation.y"]

    /// Every key in every mode and option the direct plan covers, with its own timing.
    static var keyframeCases: [CAKeyframeAnimation] {
        var all: [CAKeyframeAnimation] = []
        for key in keys {
            for mode in [CAAnimationCalculationMode.linear, .discrete, .paced] {
                for (keyTimes, curves) in [(nil, false), ([0, 0.3, 0.8, 1] as [NSNumber], true), ([0, 0.2, 0.5, 0.7], false)] {
                    for (additive, cumulative) in [(false, false), (true, false), (false, true)] {
                        let a = keyframe(key, mode: mode, keyTimes: keyTimes, curves: curves, additive: additive,
                                         cumulative: cumulative)
                        a.duration = 1.5
                        a.beginTime = 2
                        a.repeatCount = 3
                        a.autoreverses = cumulative
                        a.fillMode = .both
                        if curves { a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut) }
                        all.append(a)
                    }
                }
            }
        }
        return all
    }

    /// Groups: fill modes, a group curve, children with their own duration and begin time or none, basic
    /// and keyframe children.
    static var groupCases: [CAAnimationGroup] {
        var all: [CAAnimationGroup] = []
        for fill in [CAMediaTimingFillMode.removed, .forwards, .backwards, .both] {
            for variant in 0..<4 {
                let scale = keyframe("transform.scale", keyTimes: [0, 0.61, 0.7, 1], curves: true)
                let opacity = keyframe("opacity", mode: variant == 2 ? .discrete : .linear)
                let basic = CABasicAnimation(keyPath: "position.y")
                basic.fromValue = 5.0
                basic.toValue = 25.0
                var children: [CAAnimation] = [scale, opacity, basic]
                if variant == 1 {
                    opacity.duration = 0.8
                    opacity.beginTime = 0.3
                    basic.duration = 4
                    basic.fillMode = .forwards
                }
                if variant == 3 { children = [opacity] }
                let group = CAAnimationGroup()
                group.animations = children
                group.duration = 3
                group.beginTime = 1.25
                group.fillMode = fill
                group.repeatCount = variant == 1 ? 1.5 : 2
                group.timeOffset = variant == 2 ? 1.05 : 0
                group.isRemovedOnCompletion = false
                if variant == 3 { group.timingFunction = Self.custom }
                all.append(group)
            }
        }
        return all
    }

    /// The direct plan of `animation` (nil when it has none) and the general path's plan.
    static func plans(_ animation: CAAnimation) -> (direct: DirectGroupPlan?, plan: CompiledAnimation) {
        let plan = CompiledAnimation.make(animation, model: model)
        return (DirectGroupPlan.make(animation, plan: plan, timings: Evaluator.timingTable,
                                     shared: Evaluator.keyframesTable), plan)
    }

    /// Both paths over `animation` at times from before its start to after its end: the properties, bit for
    /// bit. Returns how many times were compared.
    static func compareBothPaths(_ animation: CAAnimation, model: LayerProperties = model,
                                 label: String) -> Int {
        let (direct, plan) = plans(animation)
        guard let direct else {
            Issue.record("\(label): no direct plan for a case it covers")
            return 0
        }
        var compared = 0
        for t in stride(from: 0.9, through: 14.0, by: 0.173) {
            var general = model, fast = model
            AnimationApplier.apply(animation, plan: plan, timing: animation.mediaTiming, parentTime: t, to: &general)
            let applied = direct.apply(parentTime: t, timings: Evaluator.timingTable.entries,
                                       memo: Evaluator.timingMemo, to: &fast)
            #expect(applied, "\(label) at \(t)")
            #expect(general == fast, "\(label) at \(t)")
            compared += 1
        }
        return compared
    }

    @Test func keyframeAnimationsTakeEitherPathAlike() {
        var compared = 0
        LayerTreeLock.withLock {
            for (index, animation) in Self.keyframeCases.enumerated() {
                compared += Self.compareBothPaths(animation, label: "keyframe case \(index) \(animation.keyPath ?? "")")
            }
        }
        // 7 keys x 3 modes x 3 key-time sets x 3 flag sets, 76 times each.
        #expect(compared == 7 * 3 * 3 * 3 * 76)
    }

    @Test func groupsTakeEitherPathAlike() {
        var compared = 0
        LayerTreeLock.withLock {
            for (index, group) in Self.groupCases.enumerated() {
                compared += Self.compareBothPaths(group, label: "group case \(index) fill \(group.fillMode.rawValue)")
            }
        }
        #expect(compared == 4 * 4 * 76)
    }

    /// A group of keyframe opacity [0, 1, 0.5] at key times [0, 0.5, 1], linear, in a 2 s group that begins
    /// at 10: at 10.5 the child is a quarter through (halfway to 1: 0.5), at 11.5 three quarters (0.75), and
    /// once the group has ended with fill .forwards it holds the last value, 0.5.
    @Test func aGroupOfKeyframesInClosedForm() {
        let opacity = CAKeyframeAnimation(keyPath: "opacity")
        opacity.values = [0.0, 1.0, 0.5]
        opacity.keyTimes = [0, 0.5, 1]
        let group = CAAnimationGroup()
        group.animations = [opacity]
        group.duration = 2
        group.beginTime = 10
        group.fillMode = .forwards
        LayerTreeLock.withLock {
            guard let direct = Self.plans(group).direct else {
                Issue.record("no direct plan")
                return
            }
            for (time, expected) in [(10.5, Float(0.5)), (11.5, 0.75), (13, 0.5), (9, 0.5)] {
                var p = Self.model
                #expect(direct.apply(parentTime: time, timings: Evaluator.timingTable.entries,
                                     memo: Evaluator.timingMemo, to: &p))
                // Before the group begins (no backward fill) the model's opacity, 0.5, shows.
                #expect(abs(p.opacity - expected) < 1e-6, "at \(time)")
            }
        }
    }

    /// Cumulative keyframes add the last value less the first for each earlier iteration: values [2, 6]
    /// over 1 s, at 2.25 s (third iteration, a quarter in) 3 + 2 x 4 = 11.
    @Test func cumulativeKeyframesInClosedForm() {
        let a = CAKeyframeAnimation(keyPath: "position.x")
        a.values = [2.0, 6.0]
        a.duration = 1
        a.beginTime = 0.001
        a.repeatCount = 5
        a.isCumulative = true
        LayerTreeLock.withLock {
            guard let direct = Self.plans(a).direct else {
                Issue.record("no direct plan")
                return
            }
            var p = Self.model
            #expect(direct.apply(parentTime: 2.251, timings: Evaluator.timingTable.entries, memo: Evaluator.timingMemo,
                                 to: &p))
            #expect(abs(p.position.x - 11) < 1e-9)
        }
    }

    /// Two transform components in one group: the second finds the first's transform, which only the
    /// general path composes with, so the direct plan declines with the properties as they were, and the
    /// Evaluator's result is the general path's.
    @Test func aGroupThatDeclinesLeavesThePropertiesAsTheyWere() {
        let scale = Self.keyframe("transform.scale")
        let turn = Self.keyframe("transform.rotation.z")
        let fade = Self.keyframe("opacity")
        let group = CAAnimationGroup()
        group.animations = [fade, scale, turn]
        group.duration = 2
        group.beginTime = 1
        LayerTreeLock.withLock {
            let (direct, plan) = Self.plans(group)
            guard let direct else {
                Issue.record("no direct plan")
                return
            }
            var p = Self.model
            #expect(!direct.apply(parentTime: 1.7, timings: Evaluator.timingTable.entries, memo: Evaluator.timingMemo,
                                  to: &p))
            #expect(p == Self.model)
            var general = Self.model
            AnimationApplier.apply(group, plan: plan, timing: group.mediaTiming, parentTime: 1.7, to: &general)
            #expect(general.opacity != Self.model.opacity)
            #expect(!CATransform3DIsIdentity(general.transform))
        }
        // A layer made in the open transaction: setting its values animates nothing.
        let layer = CALayer()
        layer.opacity = 0.5
        layer.position = CGPoint(x: 12, y: -7)
        layer.add(group, forKey: "g")
        let shown = Evaluator.presentationProperties(of: layer, atGlobalTime: layer.convertTime(1.7, to: nil))
        var expected = layer.modelValues
        LayerTreeLock.withLock {
            AnimationApplier.apply(group, plan: Self.plans(group).plan, timing: group.mediaTiming, parentTime: 1.7,
                                   to: &expected)
        }
        #expect(shown == expected)
    }

    /// Changing an attached group's child's timing (which Apple forbids, but code does) shows in the next
    /// frame: the children are marked attached with the group, so the layer's plans are remade.
    @Test func aChildsTimingChangedAfterAddingShows() {
        let opacity = CAKeyframeAnimation(keyPath: "opacity")
        opacity.values = [0.0, 1.0]
        let group = CAAnimationGroup()
        group.animations = [opacity]
        group.duration = 2
        group.beginTime = 10
        let layer = CALayer()
        layer.add(group, forKey: "g")
        let time = layer.convertTime(11, to: nil)
        // The child runs the group's 2 s: at 1 s, halfway.
        #expect(abs(Evaluator.presentationProperties(of: layer, atGlobalTime: time).opacity - 0.5) < 1e-6)
        guard let attached = layer.animation(forKey: "g") as? CAAnimationGroup,
              let child = attached.animations?.first else {
            Issue.record("no attached group")
            return
        }
        child.duration = 4
        // Now 4 s long: at 1 s, a quarter.
        #expect(abs(Evaluator.presentationProperties(of: layer, atGlobalTime: time).opacity - 0.25) < 1e-6)
    }

    /// Replacing an attached group's children (as forbidden as changing a timing, and as possible) shows in
    /// the next frame, and so does a later timing change on the new children.
    @Test func childrenReplacedAfterAddingShow() {
        func opacity(duration: Double) -> CAKeyframeAnimation {
            let a = CAKeyframeAnimation(keyPath: "opacity")
            a.values = [0.0, 1.0]
            a.duration = duration
            return a
        }
        let group = CAAnimationGroup()
        group.animations = [opacity(duration: 2)]
        group.duration = 8
        group.beginTime = 10
        group.fillMode = .both
        let layer = CALayer()
        layer.add(group, forKey: "g")
        let time = layer.convertTime(11, to: nil)
        // 1 s into a 2 s child: halfway.
        #expect(abs(Evaluator.presentationProperties(of: layer, atGlobalTime: time).opacity - 0.5) < 1e-6)
        guard let attached = layer.animation(forKey: "g") as? CAAnimationGroup else {
            Issue.record("no attached group")
            return
        }
        attached.animations = [opacity(duration: 4)]
        #expect(abs(Evaluator.presentationProperties(of: layer, atGlobalTime: time).opacity - 0.25) < 1e-6)
        attached.animations?.first?.duration = 8
        #expect(abs(Evaluator.presentationProperties(of: layer, atGlobalTime: time).opacity - 0.125) < 1e-6)
    }
}

/// Equal keyframes share one `DirectKeyframes`, so a tree of layers running the same animation reads one copy.
@Suite(.serialized)
struct DirectKeyframesTableTests {
    static func timing(_ keyTimes: [Double]?, count: Int = 3) -> KeyframeTiming {
        KeyframeTiming(count: count, keyTimes: keyTimes, timingFunctions: nil, calculationMode: .linear,
                       segmentLengths: nil)
    }

    @Test func equalKeyframesShareOneCopyAndOthersDoNot() {
        let table = DirectKeyframesTable()
        let values: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(1, 0), SIMD2(0.5, 0)]
        let a = table.keyframes(timing: Self.timing(nil), values: values)
        #expect(table.keyframes(timing: Self.timing(nil), values: values) === a)
        #expect(table.keyframes(timing: Self.timing([0, 0.2, 1]), values: values) !== a)
        #expect(table.keyframes(timing: Self.timing(nil), values: [SIMD2(0, 0), SIMD2(1, 0), SIMD2(0.25, 0)]) !== a)
        // -0 and 0 are different bits, so they are different keyframes.
        #expect(table.keyframes(timing: Self.timing(nil), values: [SIMD2(-0.0, 0), SIMD2(1, 0), SIMD2(0.5, 0)]) !== a)
    }

    /// A full table forgets what it shares; what it hands out stays right.
    @Test func aFullTableStartsAgain() {
        let table = DirectKeyframesTable(capacity: 1)
        let first: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(4, 0)]
        let second: [SIMD2<Double>] = [SIMD2(2, 0), SIMD2(6, 0)]
        let a = table.keyframes(timing: Self.timing(nil, count: 2), values: first)
        let b = table.keyframes(timing: Self.timing(nil, count: 2), values: second)
        #expect(a !== b)
        // Halfway: 2 and 4.
        #expect(a.value(at: 0.5, iteration: 0, isCumulative: false).x == 2)
        #expect(b.value(at: 0.5, iteration: 0, isCumulative: false).x == 4)
        #expect(table.keyframes(timing: Self.timing(nil, count: 2), values: first) !== a)
    }

    /// Two layers given the same ripple share their keyframes.
    @Test func layersRunningTheSameAnimationShareIt() {
        func ripple(_ begin: Double) -> CAAnimationGroup {
            let opacity = CAKeyframeAnimation(keyPath: "opacity")
            opacity.values = [0.0, 1.0, 0.45]
            let group = CAAnimationGroup()
            group.animations = [opacity]
            group.duration = 3
            group.beginTime = begin
            return group
        }
        LayerTreeLock.withLock {
            let plans = [ripple(1), ripple(1.2)].compactMap { group in
                DirectGroupPlan.make(group, plan: CompiledAnimation.make(group, model: LayerProperties()),
                                     timings: Evaluator.timingTable, shared: Evaluator.keyframesTable)
            }
            #expect(plans.count == 2)
            #expect(plans.first?.keyframes.first != nil && plans.first?.keyframes.first === plans.last?.keyframes.first)
        }
    }
}
