import Foundation
import Testing
@testable import Quartzite

/// The Evaluator's timing memo (`TimingMemo`): animations that share their timing get it computed once per
/// frame, and an animation that differs in any one timing field, the curve or the parent time gets its own
/// value. Expected values are worked out by hand from the CAMediaTiming rules (and, for the curve, by a
/// bisection written here), not read from the code under test.
@MainActor
@Suite(.serialized)
struct TimingMemoTests {
    /// Begins at 10, runs 2 s once, no fill, no offset, speed 1.
    nonisolated static let base = TimingCore(beginTime: 10, duration: 2, speed: 1, timeOffset: 0, repeatCount: 0,
                                 repeatDuration: 0, autoreverses: false, fillsForwards: false,
                                 fillsBackwards: false)
    nonisolated static let easeIn = UnitBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)

    /// y at x on the curve, by bisection on the Bernstein form (independent of the solver).
    static func bisectedY(_ c: UnitBezier, _ x: Double) -> Double {
        func bez(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if bez(c.x1, c.x2, mid) < x { lo = mid } else { hi = mid }
        }
        return bez(c.y1, c.y2, (lo + hi) / 2)
    }

    /// One case: a timing (with curve), a parent time, and what it must give (nil: no effect).
    struct Case {
        var name: String
        var timing = TimingMemoTests.base
        var curve = UnitBezier(x1: 0, y1: 0, x2: 1, y2: 1)
        var hasCurve = false
        var time: Double
        var expected: (fraction: Double, iteration: Int)?
    }

    /// The base timing and, for each input of the timing step, a timing differing in that one input, each
    /// at a time where the difference shows (and the base's own value at that time).
    static var cases: [Case] {
        var cases: [Case] = []
        func vary(_ name: String, time: Double, _ expected: (Double, Int)?, _ change: (inout Case) -> Void) {
            var c = Case(name: name, time: time, expected: expected)
            change(&c)
            cases.append(c)
        }
        // 0.5 s into 2 s: a quarter.
        vary("base", time: 10.5, (0.25, 0)) { _ in }
        // Later begin: 0.25 s into 2 s.
        vary("beginTime", time: 10.5, (0.125, 0)) { $0.timing.beginTime = 10.25 }
        // Longer duration: 0.5 s into 4 s.
        vary("duration", time: 10.5, (0.125, 0)) { $0.timing.duration = 4 }
        // Double speed: 1 s of local time into 2 s.
        vary("speed", time: 10.5, (0.5, 0)) { $0.timing.speed = 2 }
        // Offset 0.5 s: phase 1 s of 2 s.
        vary("timeOffset", time: 10.5, (0.5, 0)) { $0.timing.timeOffset = 0.5 }
        // At 12.5 the base has ended (no fill): nothing.
        vary("base, ended", time: 12.5, nil) { _ in }
        // Two repeats: 2.5 s is a quarter into the second pass.
        vary("repeatCount", time: 12.5, (0.25, 1)) { $0.timing.repeatCount = 2 }
        // Repeating for 3 s: the same.
        vary("repeatDuration", time: 12.5, (0.25, 1)) { $0.timing.repeatDuration = 3 }
        // Autoreversing: one cycle is 4 s; 2.5 s is 0.5 s into the way back, 1.5 / 2 of the way.
        vary("autoreverses", time: 12.5, (0.75, 0)) { $0.timing.autoreverses = true }
        // Filling forwards: the end, fraction 1.
        vary("fillsForwards", time: 12.5, (1, 0)) { $0.timing.fillsForwards = true }
        // Before the begin: nothing, or the start when filling backwards.
        vary("base, early", time: 9, nil) { _ in }
        vary("fillsBackwards", time: 9, (0, 0)) { $0.timing.fillsBackwards = true }
        // The same linear fraction through easeIn, then the easeIn points without the curve switched on.
        vary("curve", time: 10.5, (bisectedY(easeIn, 0.25), 0)) { $0.curve = easeIn; $0.hasCurve = true }
        vary("curve unused", time: 10.5, (0.25, 0)) { $0.curve = easeIn }
        // A second later: three quarters.
        vary("parent time", time: 11.5, (0.75, 0)) { _ in }
        return cases
    }

    func check(_ got: (fraction: Double, iteration: Int)?, _ c: Case, _ tolerance: Double = 1e-12) {
        switch (got, c.expected) {
        case (nil, nil): break
        case let (g?, e?):
            #expect(abs(g.fraction - e.fraction) <= tolerance, "\(c.name): \(g.fraction), expected \(e.fraction)")
            #expect(g.iteration == e.iteration, "\(c.name): iteration \(g.iteration)")
        default: Issue.record(Comment(rawValue: "\(c.name): \(String(describing: got)), expected \(String(describing: c.expected))"))
        }
    }

    /// The memo's answer for a case, its timing entered in `table`.
    func eased(_ c: Case, _ memo: TimingMemo, _ table: TimingTable) throws -> (fraction: Double, iteration: Int)? {
        let entered: Int32? = table.index(of: c.timing, curve: c.curve, hasCurve: c.hasCurve)
        let index = try #require(entered)
        return memo.eased(index, timings: table.entries, parentTime: c.time)
    }

    @Test func everyInputOfTheTimingStepIsPartOfTheKey() throws {
        // A one-slot memo: every case lands on the entry the case before left, so only the comparison of the
        // keys (the table's index, which must differ for every differing input, and the time) tells them apart.
        let memo = TimingMemo(slotBits: 0)
        let table = TimingTable(capacity: 64)
        let cases = Self.cases
        for round in 0..<3 {
            for c in cases {
                let got = try eased(c, memo, table)
                check(got, c)
                // Asked again straight away (a hit): the same bits.
                let again = try eased(c, memo, table)
                #expect(again?.fraction.bitPattern == got?.fraction.bitPattern && again?.iteration == got?.iteration,
                        "\(c.name), round \(round)")
                // And bit for bit what the uncached step gives.
                let direct = TimingMemo.compute(c.timing, curve: c.curve, hasCurve: c.hasCurve, parentTime: c.time)
                #expect(direct?.fraction.bitPattern == got?.fraction.bitPattern && direct?.iteration == got?.iteration,
                        "\(c.name)")
            }
        }
    }

    @Test func sharedAndDistinctTimingsInATableOfManySlots() throws {
        // The real hash and table: all cases interleaved many times over, as layers sharing and not sharing
        // timings are in one frame.
        let memo = TimingMemo()
        let table = TimingTable(capacity: 64)
        let cases = Self.cases
        for i in 0..<(cases.count * 20) {
            let c = cases[(i * 7) % cases.count]
            check(try eased(c, memo, table), c)
        }
    }

    @Test func theTableGivesOneIndexPerDistinctTiming() throws {
        let table = TimingTable(capacity: 64)
        // The cases' timings: "base", "base, ended", "base, early" and "parent time" share the base's timing
        // and curve; every other case differs from it in one field of the timing or the curve.
        var indices: [String: Int32] = [:]
        for c in Self.cases {
            let entered: Int32? = table.index(of: c.timing, curve: c.curve, hasCurve: c.hasCurve)
            let index = try #require(entered)
            indices[c.name] = index
        }
        let sharing = ["base", "base, ended", "base, early", "parent time"]
        #expect(Set(sharing.compactMap { indices[$0] }).count == 1)
        let distinct = indices.filter { !sharing.contains($0.key) }
        #expect(Set(distinct.values).count == distinct.count)
        #expect(!distinct.values.contains(indices["base"] ?? -1))
        #expect(table.count == distinct.count + 1)
        // Asked again: the same indices, nothing added.
        for c in Self.cases {
            #expect(table.index(of: c.timing, curve: c.curve, hasCurve: c.hasCurve) == indices[c.name])
        }
        #expect(table.count == distinct.count + 1)
    }

    @Test func aFullTableRefusesNewTimingsUntilItIsEmptied() {
        let table = TimingTable(capacity: 2)
        var timing = Self.base
        let curve = Self.easeIn
        #expect(table.index(of: timing, curve: curve, hasCurve: true) == 0)
        #expect(!table.resetIfFull())
        timing.duration = 3
        #expect(table.index(of: timing, curve: curve, hasCurve: true) == 1)
        timing.duration = 4
        #expect(table.index(of: timing, curve: curve, hasCurve: true) == nil)
        // Timings already in still have their index.
        timing.duration = 3
        #expect(table.index(of: timing, curve: curve, hasCurve: true) == 1)
        #expect(table.resetIfFull())
        #expect(table.count == 0)
        // Emptied: the first timing now entered gets index 0, whatever had it before.
        timing.duration = 4
        #expect(table.index(of: timing, curve: curve, hasCurve: true) == 0)
        #expect(table.entries[0].timing.duration == 4)
    }

    @Test func negativeZeroIsItsOwnKey() throws {
        // Parent time -0 and +0 compare equal but are different inputs; with a one-slot memo, each must be
        // computed for itself. A timing starting at 0: elapsed -0 and +0, both at the start of the window,
        // fraction 0.
        let memo = TimingMemo(slotBits: 0)
        let table = TimingTable(capacity: 4)
        var timing = Self.base
        timing.beginTime = 0
        for t in [0.0, -0.0, 0.0, -0.0] {
            let got = try eased(Case(name: "zero", timing: timing, curve: Self.easeIn, time: t), memo, table)
            #expect(got?.fraction == 0 && got?.iteration == 0)
        }
        // cos / sin: sin(-0) is -0, sin(+0) is +0.
        for angle in [0.0, -0.0, 0.0, -0.0] {
            let (c, s) = memo.cosSin(angle)
            #expect(c == 1)
            #expect(s == 0 && s.sign == angle.sign, "sin(\(angle))")
        }
    }

    @Test func cosAndSinAreRememberedPerAngle() {
        let memo = TimingMemo(slotBits: 0)
        let angles: [(angle: Double, cos: Double, sin: Double)] = [
            (Double.pi / 3, 0.5, 3.0.squareRoot() / 2), (Double.pi / 2, 0, 1), (Double.pi / 6, 3.0.squareRoot() / 2, 0.5),
            (-Double.pi / 4, 0.5.squareRoot(), -0.5.squareRoot()), (Double.pi, -1, 0),
        ]
        for _ in 0..<3 {
            for a in angles {
                let (c, s) = memo.cosSin(a.angle)
                #expect(abs(c - a.cos) < 1e-15 && abs(s - a.sin) < 1e-15, "angle \(a.angle)")
            }
        }
    }

    @Test func layersSharingTimingsGetTheirOwnValuesInATree() {
        // Twelve layers under one root: opacity 0 -> 1 linear and rotation.z 0 -> pi, with durations 2 or 4 and
        // offsets 0 or 0.5 s in every combination, three layers per timing; at 1 s after the stamp each
        // layer shows (1 + offset) / duration of the way.
        MediaClock.freeze(at: 100)
        CATransaction.flush()
        let root = CALayer()
        var expected: [Double] = []
        for i in 0..<12 {
            let layer = CALayer()
            let duration = i % 2 == 0 ? 2.0 : 4.0
            let offset = (i / 2) % 2 == 0 ? 0.0 : 0.5
            for (key, to) in [("opacity", 1.0), ("transform.rotation.z", Double.pi)] {
                let animation = CABasicAnimation(keyPath: key)
                animation.fromValue = 0.0
                animation.toValue = to
                animation.duration = duration
                animation.timeOffset = offset
                layer.add(animation, forKey: key)
            }
            root.addSublayer(layer)
            expected.append((1 + offset) / duration)
        }
        CATransaction.flush()
        for _ in 0..<2 {
            let tree = Evaluator.presentationTree(of: root, at: 101)
            #expect(tree.sublayers.count == 12)
            for (node, f) in zip(tree.sublayers, expected) {
                #expect(abs(Double(node.properties.opacity) - f) < 1e-6)
                let angle = Double.pi * f
                #expect(abs(Double(node.properties.transform.m11) - cos(angle)) < 1e-12)
                #expect(abs(Double(node.properties.transform.m12) - sin(angle)) < 1e-12)
                #expect(abs(Double(node.properties.transform.m21) + sin(angle)) < 1e-12)
            }
        }
    }
}
