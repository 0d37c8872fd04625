import Foundation
import Testing
@testable import Quartzite

/// Seed 004, the percent-driven switch: every animated layer has speed 0, each group lasts 1 s and stays
/// (removedOnCompletion false, fillMode .both as DEMOS.md recommends), and scrubbing sets
/// timeOffset = progress x 1.0. Expected values: Apple's local-time formula (T2), T1 for the children, and
/// the children's easeInEaseOut applied to progress (ease(.25) = 0.129162, ease(.5) = 0.5, ease(.75) = 0.870838).
@MainActor
@Suite(.serialized)
struct SeedSwitchTests {
    let s = CGColor(red: 230 / 255, green: 230 / 255, blue: 230 / 255, alpha: 1)
    let g = CGColor(red: 111 / 255, green: 216 / 255, blue: 100 / 255, alpha: 1)
    let ease = CAMediaTimingFunction(name: .easeInEaseOut)

    /// One group of duration 1 holding `children` (which set no duration: T1), added to a paused layer.
    func addGroup(_ children: [CAAnimation], to layer: CALayer, fill: CAMediaTimingFillMode = .both) {
        let group = CAAnimationGroup()
        group.animations = children
        group.duration = 1
        group.isRemovedOnCompletion = false
        group.fillMode = fill
        layer.add(group, forKey: "switch")
    }

    func basic(_ keyPath: String, _ from: Any, _ to: Any) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: keyPath)
        a.fromValue = from
        a.toValue = to
        a.timingFunction = ease
        return a
    }

    @Test func thumbPositionFollowsProgressThroughTheEasing() {
        MediaClock.freeze(at: 50)
        let thumb = CAShapeLayer()
        thumb.speed = 0  // set before adding, as DEMOS.md says
        CATransaction.flush()
        addGroup([basic("position", CGPoint.zero, CGPoint(x: 25, y: 0))], to: thumb)
        CATransaction.flush()
        // The paused layer's time is its timeOffset (0), so the group is stamped with beginTime 0.
        #expect(thumb.animation(forKey: "switch")?.beginTime == 0)
        // progress -> layer local time -> eased fraction -> thumb x (25 x ease(p)).
        let table: [(p: Double, eased: Double)] = [(0, 0), (0.25, 0.129162), (0.5, 0.5), (0.75, 0.870838), (1, 1)]
        for (i, row) in table.enumerated() {
            thumb.timeOffset = row.p
            MediaClock.freeze(at: 50 + Double(i) * 3.7)  // wall time is irrelevant while paused
            #expect(thumb.convertTime(CACurrentMediaTime(), from: nil) == row.p)
            let x = Double(thumb.presentation()!.position.x)
            #expect(abs(x - 25 * row.eased) < 2e-5, "p = \(row.p): x = \(x)")
            #expect(thumb.presentation()!.position.y == 0)
        }
    }

    @Test func withoutFillTheEndOfTheGroupShowsTheModel() {
        // The active interval is [begin, begin + duration): at p = 1 a group without fillMode forwards has
        // ended, so the model value (0) shows; this is the flaw DEMOS.md warns about.
        MediaClock.freeze(at: 50)
        let thumb = CALayer()
        thumb.speed = 0
        CATransaction.flush()
        addGroup([basic("position.x", 0, 25)], to: thumb, fill: .removed)
        CATransaction.flush()
        thumb.timeOffset = 0.999
        #expect(abs(Double(thumb.presentation()!.position.x) - 25 * ease.evaluate(0.999)) < 1e-9)
        thumb.timeOffset = 1
        #expect(thumb.presentation()!.position.x == 0)
        // Still attached: removedOnCompletion is false.
        Evaluator.finishFrame(thumb, at: CACurrentMediaTime())
        #expect(thumb.animationKeys() == ["switch"])
    }

    @Test func strokeGroupMixesColoursComponentWise() {
        MediaClock.freeze(at: 50)
        let stroke = CAShapeLayer()
        stroke.speed = 0
        CATransaction.flush()
        addGroup([basic("strokeColor", s, g), basic("fillColor", CGColor.white, g)], to: stroke)
        CATransaction.flush()
        for (p, k) in [(0.0, 0.0), (0.25, 0.129162), (0.5, 0.5), (0.75, 0.870838), (1.0, 1.0)] {
            stroke.timeOffset = p
            let presented = stroke.presentation()!
            let strokeRGB = presented.strokeColor!.rgba, fillRGB = presented.fillColor!.rgba
            for c in 0..<3 {
                let expectedStroke = s.rgba[c] + (g.rgba[c] - s.rgba[c]) * k
                let expectedFill = 1 + (g.rgba[c] - 1) * k
                #expect(abs(strokeRGB[c] - expectedStroke) < 1e-5, "p \(p) stroke channel \(c)")
                #expect(abs(fillRGB[c] - expectedFill) < 1e-5, "p \(p) fill channel \(c)")
            }
        }
    }

    @Test func backgroundPathKeyframeMorphsPointWise() {
        // The white capsule (1,1,58,33) collapses to (30,17.5); at p = .5 it is (15.5, 9.25, 29, 16.5).
        MediaClock.freeze(at: 50)
        let background = CAShapeLayer()
        background.speed = 0
        CATransaction.flush()
        let open = CGPath(rect: CGRect(x: 1, y: 1, width: 58, height: 33))
        let closed = CGPath(rect: CGRect(x: 30, y: 17.5, width: 0, height: 0))
        let morph = CAKeyframeAnimation(keyPath: "path")
        morph.values = [open, closed]
        morph.keyTimes = [0, 1]
        morph.timingFunction = ease
        addGroup([morph], to: background)
        CATransaction.flush()
        for (p, k) in [(0.0, 0.0), (0.25, 0.129162), (0.5, 0.5), (1.0, 1.0)] {
            background.timeOffset = p
            let box = background.presentation()!.path!.boundingBox
            let expected = CGRect(x: 1 + 29 * k, y: 1 + 16.5 * k, width: 58 * (1 - k), height: 33 * (1 - k))
            #expect(abs(box.minX - expected.minX) < 1e-4 && abs(box.minY - expected.minY) < 1e-4, "p \(p)")
            #expect(abs(box.width - expected.width) < 1e-4 && abs(box.height - expected.height) < 1e-4, "p \(p)")
        }
    }
}
