import Foundation
import Testing
@testable import Quartzite

/// CAKeyframeAnimation through the layer API: calculation modes, splines, paths and rotation modes, bad
/// keyTimes. Expected values from Apple's documented rules, worked out by hand or by textbook formulas.
@MainActor
@Suite(.serialized)
struct KeyframeAnimationTests {
    /// A committed layer with `animation` (4 s, begun at 100) added.
    func layer(with animation: CAKeyframeAnimation, duration: Double = 4) -> CALayer {
        MediaClock.freeze(at: 100)
        let layer = CALayer()
        CATransaction.flush()
        animation.duration = duration
        layer.add(animation, forKey: "k")
        CATransaction.flush()
        return layer
    }

    func presented(_ layer: CALayer, at t: Double) -> CALayer {
        MediaClock.freeze(at: 100 + t)
        return layer.presentation()!
    }

    func near(_ a: CGPoint, _ b: CGPoint, _ tol: CGFloat = 1e-9) -> Bool { abs(a.x - b.x) <= tol && abs(a.y - b.y) <= tol }

    @Test func pacedGivesEachSegmentTimeByItsLength() {
        // Lengths 10 and 30: the first segment takes a quarter of the 4 s; keyTimes are ignored.
        let move = CAKeyframeAnimation(keyPath: "position")
        move.values = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 30)]
        move.keyTimes = [0, 0.9, 1]
        move.calculationMode = .paced
        let l = layer(with: move)
        for (t, p) in [(0.5, CGPoint(x: 5, y: 0)), (1, CGPoint(x: 10, y: 0)), (2.5, CGPoint(x: 10, y: 15)), (3.9, CGPoint(x: 10, y: 29))] {
            #expect(near(presented(l, at: t).position, p), "t = \(t)")
        }
    }

    @Test func cubicIsCatmullRomWithTheEndKeyframesRepeated() {
        let values = [0.0, 10, 0, 10]
        let move = CAKeyframeAnimation(keyPath: "position.x")
        move.values = values
        move.calculationMode = .cubic
        let l = layer(with: move, duration: 3)  // one second per segment
        func catmullRom(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, _ s: Double) -> Double {
            0.5 * (2 * p1 + (-p0 + p2) * s + (2 * p0 - 5 * p1 + 4 * p2 - p3) * s * s + (-p0 + 3 * p1 - 3 * p2 + p3) * s * s * s)
        }
        let table: [(t: Double, x: Double)] = [
            (0, 0), (0.5, catmullRom(0, 0, 10, 0, 0.5)), (1, 10), (1.25, catmullRom(0, 10, 0, 10, 0.25)),
            (2.5, catmullRom(10, 0, 10, 10, 0.5)), (2.99, catmullRom(10, 0, 10, 10, 0.99)),
        ]
        for row in table {
            #expect(abs(Double(presented(l, at: row.t).position.x) - row.x) < 1e-6, "t = \(row.t)")
        }
        #expect(abs(catmullRom(0, 0, 10, 0, 0.5) - 5.625) < 1e-12)  // the table's first value, by hand
    }

    @Test func cubicTensionOneIsASmoothStepOnEachComponent() {
        let move = CAKeyframeAnimation(keyPath: "position")
        move.values = [CGPoint(x: 0, y: 4), CGPoint(x: 10, y: 0), CGPoint(x: 30, y: 8)]
        move.calculationMode = .cubic
        move.tensionValues = [1, 1, 1]
        let l = layer(with: move, duration: 2)
        for s in [0.1, 0.5, 0.8] {
            let h = 3 * s * s - 2 * s * s * s
            let p = presented(l, at: 1 + s).position
            #expect(abs(Double(p.x) - (10 + 20 * h)) < 1e-9 && abs(Double(p.y) - 8 * h) < 1e-9, "s = \(s)")
        }
    }

    @Test func cubicUsesEachKeyframesContinuityAndBias() {
        // Keyframe 1 with bias 1 leaves along the incoming chord only: tangent 1 x (p1 - p0) = 10.
        let move = CAKeyframeAnimation(keyPath: "position.x")
        move.values = [0, 10, 12, 30]
        move.calculationMode = .cubic
        move.biasValues = [0, 1, 0, 0]
        move.continuityValues = [0, 0, 0.5, 0]
        let l = layer(with: move, duration: 3)
        let s = 0.3
        let out1 = 10.0  // (1 + 1)(1 + 0)/2 (10 - 0) + 0
        let in2 = 1.0 * 0.5 / 2 * (12 - 10) + 1.0 * 1.5 / 2 * (30 - 12)  // c = 0.5 at keyframe 2
        let h00 = 2 * s * s * s - 3 * s * s + 1, h10 = s * s * s - 2 * s * s + s
        let h01 = -2 * s * s * s + 3 * s * s, h11 = s * s * s - s * s
        let expected = h00 * 10 + h10 * out1 + h01 * 12 + h11 * in2
        #expect(abs(Double(presented(l, at: 1 + s).position.x) - expected) < 1e-9)
    }

    @Test func cubicPacedMovesMonotoneSplinesAtPacedTimes() {
        // [0, 1, 4]: both spline segments are monotone, so their lengths are 1 and 3, as for .paced.
        let move = CAKeyframeAnimation(keyPath: "position.x")
        move.values = [0, 1, 4]
        move.calculationMode = .cubicPaced
        let l = layer(with: move)
        #expect(abs(Double(presented(l, at: 1).position.x) - 1) < 1e-3)
        #expect(abs(Double(presented(l, at: 4).position.x) - 4) < 1e-9 || presented(l, at: 4).position.x == 0)
    }

    @Test func pathWalksItsSegmentsAndTurnsWithRotateAuto() {
        // The square (0,0,10,10): four segments of 10; no keyTimes, so a second each (y down).
        let walk = CAKeyframeAnimation(keyPath: "position")
        walk.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        walk.rotationMode = .rotateAuto
        let l = layer(with: walk)
        let table: [(t: Double, p: CGPoint, angle: Double)] = [
            (0.5, CGPoint(x: 5, y: 0), 0), (1.5, CGPoint(x: 10, y: 5), .pi / 2),
            (2.25, CGPoint(x: 7.5, y: 10), .pi), (3.5, CGPoint(x: 0, y: 5), -.pi / 2),
        ]
        for row in table {
            let p = presented(l, at: row.t)
            #expect(near(p.position, row.p, 1e-9), "t = \(row.t)")
            let angle = Double(p.transform.value(forComponent: "rotation.z")!)
            #expect(abs(remainder(angle - row.angle, 2 * .pi)) < 1e-9, "t = \(row.t): angle \(angle)")
        }
        // rotateAutoReverse adds half a turn.
        let back = CAKeyframeAnimation(keyPath: "position")
        back.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        back.rotationMode = .rotateAutoReverse
        let r = layer(with: back)
        let angle = Double(presented(r, at: 0.5).transform.value(forComponent: "rotation.z")!)
        #expect(abs(remainder(angle - .pi, 2 * .pi)) < 1e-9)
        // Without rotationMode the transform is left alone.
        let plain = CAKeyframeAnimation(keyPath: "position")
        plain.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(CATransform3DIsIdentity(presented(layer(with: plain), at: 1.5).transform))
    }

    @Test func pathKeyTimesPacingAndCurves() {
        let lShape = CGMutablePath()
        lShape.move(to: .zero)
        lShape.addLine(to: CGPoint(x: 30, y: 0))
        lShape.addLine(to: CGPoint(x: 30, y: 10))
        let timed = CAKeyframeAnimation(keyPath: "position")
        timed.path = lShape
        timed.keyTimes = [0, 0.5, 1]  // vertex times
        let a = layer(with: timed)
        #expect(near(presented(a, at: 1).position, CGPoint(x: 15, y: 0)))
        #expect(near(presented(a, at: 3).position, CGPoint(x: 30, y: 5)))
        let paced = CAKeyframeAnimation(keyPath: "position")
        paced.path = lShape
        paced.calculationMode = .paced  // 30 + 10: constant speed of 10 per second
        let b = layer(with: paced)
        #expect(near(presented(b, at: 1.5).position, CGPoint(x: 15, y: 0)))
        #expect(near(presented(b, at: 3.5).position, CGPoint(x: 30, y: 5)))
        let discrete = CAKeyframeAnimation(keyPath: "position")
        discrete.path = lShape
        discrete.calculationMode = .discrete  // three vertices, 4/3 s each
        let c = layer(with: discrete)
        #expect(near(presented(c, at: 1).position, .zero) && near(presented(c, at: 2).position, CGPoint(x: 30, y: 0)))
        // A quarter circle of radius 10 (clockwise on screen from 3 to 6 o'clock): the half-way point and the
        // tangent there, within the flattening tolerance.
        let arc = CGMutablePath()
        arc.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)  // Core Graphics sense
        let round = CAKeyframeAnimation(keyPath: "position")
        round.path = arc
        round.calculationMode = .paced
        round.rotationMode = .rotateAuto
        let d = presented(layer(with: round), at: 2)
        #expect(near(d.position, CGPoint(x: 10 / 2.0.squareRoot(), y: 10 / 2.0.squareRoot()), 0.05))
        #expect(abs(Double(d.transform.value(forComponent: "rotation.z")!) - 3 * .pi / 4) < 0.05)
    }

    @Test func badKeyTimesFallBackToEvenSpacingWithAMessage() {
        let cases: [[NSNumber]] = [[0, 1], [0, 0.8, 0.4, 1], [-0.2, 0.5, 0.7, 1], [0, 0.5, 0.7, 1.5]]
        for keyTimes in cases {
            let move = CAKeyframeAnimation(keyPath: "position.x")
            move.values = [0, 10, 20, 30]
            move.keyTimes = keyTimes
            let l = layer(with: move, duration: 3)
            #expect(abs(Double(presented(l, at: 1.5).position.x) - 15) < 1e-9, "\(keyTimes)")
            #expect(Diagnostics.messages.contains { $0.contains("keyTimes \(keyTimes.map(\.doubleValue))") })
        }
    }

    @Test func emptyOrWrongValuesAreReportedAndDoNothing() {
        let empty = CAKeyframeAnimation(keyPath: "anchorPointZ")
        empty.values = []
        let a = layer(with: empty)
        #expect(presented(a, at: 1).anchorPointZ == 0)
        #expect(Diagnostics.messages.contains { $0.contains("CAKeyframeAnimation(\"anchorPointZ\") has no values") })
        let wrong = CAKeyframeAnimation(keyPath: "zPosition")
        wrong.values = [1.0, CGPoint(x: 1, y: 1)]
        let b = layer(with: wrong)
        #expect(presented(b, at: 1).zPosition == 0)
        #expect(Diagnostics.messages.contains { $0.contains("CAKeyframeAnimation(\"zPosition\").values: expected number values, got a CGPoint") })
        let pathOnNumber = CAKeyframeAnimation(keyPath: "shadowRadius")
        pathOnNumber.path = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1))
        _ = presented(layer(with: pathOnNumber), at: 1)
        #expect(Diagnostics.messages.contains { $0.contains("CAKeyframeAnimation(\"shadowRadius\").path animates points only") })
        let single = CAKeyframeAnimation(keyPath: "cornerRadius")
        single.values = [7]  // one value holds for the whole duration
        #expect(presented(layer(with: single), at: 2).cornerRadius == 7)
    }

    @Test func cumulativePathMovesByItsEndToEndOffsetPerRepeat() {
        let line = CGMutablePath()
        line.move(to: .zero)
        line.addLine(to: CGPoint(x: 10, y: 2))
        let hop = CAKeyframeAnimation(keyPath: "position")
        hop.path = line
        hop.repeatCount = 3
        hop.isCumulative = true
        let l = layer(with: hop, duration: 1)
        #expect(near(presented(l, at: 2.5).position, CGPoint(x: 25, y: 5)))
    }
}
