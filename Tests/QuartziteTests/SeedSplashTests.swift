import Foundation
import Testing
@testable import Quartzite

/// Seed 001, the Fuber splash: looping groups (duration 3, repeatCount .infinity, beginTime T0, timeOffset
/// 2.1), children with their own beginTime inside a group, fill modes (T6), keyframes with keyTimes and
/// per-segment timing functions. The presentation values of the layers are checked at DEMOS.md's
/// checkpoints; each expectation is worked out from the phase tau = (e + 2.1) mod 3.
@MainActor
@Suite(.serialized)
struct SeedSplashTests {
    static let t0 = 1000.0
    let blue = CGColor(red: 15 / 255, green: 78 / 255, blue: 101 / 255, alpha: 1)
    let strokeEndTF = CAMediaTimingFunction(controlPoints: 1, 0, 0.35, 1)
    let squareTF = CAMediaTimingFunction(controlPoints: 0.25, 0, 0.2, 1)
    let circleTF = CAMediaTimingFunction(controlPoints: 0.65, 0, 0.4, 1)
    let fadeInSquareTF = CAMediaTimingFunction(controlPoints: 0.15, 0, 0.85, 1)

    @MainActor struct Logo {
        let circle: CAShapeLayer, line: CAShapeLayer, square: CALayer, mask: CALayer
        init() { (circle, line, square, mask) = (CAShapeLayer(), CAShapeLayer(), CALayer(), CALayer()) }
    }

    func loopingGroup(_ children: [CAAnimation], removedOnCompletion: Bool = true,
                      fill: CAMediaTimingFillMode = .removed) -> CAAnimationGroup {
        let group = CAAnimationGroup()
        group.animations = children
        group.beginTime = Self.t0
        group.timeOffset = 2.1
        group.duration = 3
        group.repeatCount = .infinity
        group.isRemovedOnCompletion = removedOnCompletion
        group.fillMode = fill
        return group
    }

    func makeLogo() -> Logo {
        MediaClock.freeze(at: Self.t0)
        let logo = Logo()
        logo.circle.strokeEnd = 1
        logo.square.bounds = CGRect(x: 0, y: 0, width: 21, height: 21)
        logo.square.backgroundColor = blue
        logo.mask.bounds = CGRect(x: 0, y: 0, width: 75, height: 75)
        CATransaction.flush()

        let strokeEnd = CAKeyframeAnimation(keyPath: "strokeEnd")
        strokeEnd.values = [0.0, 1.0]
        strokeEnd.keyTimes = [0, 1]
        strokeEnd.timingFunction = strokeEndTF
        strokeEnd.duration = 2.5
        let turn = CABasicAnimation(keyPath: "transform")
        turn.fromValue = CATransform3DScale(CATransform3DMakeRotation(-.pi / 4, 0, 0, 1), 0.25, 0.25, 1)
        turn.toValue = CATransform3DIdentity
        turn.timingFunction = strokeEndTF
        turn.duration = 2.5
        logo.circle.add(loopingGroup([strokeEnd, turn]), forKey: "circle")

        let width = CAKeyframeAnimation(keyPath: "lineWidth")
        width.values = [0, 5, 0]
        width.keyTimes = [0, NSNumber(value: 5.0 / 6), 1]
        width.timingFunctions = [strokeEndTF, circleTF]
        width.duration = 3
        logo.line.add(loopingGroup([width], removedOnCompletion: false), forKey: "line")

        let size = CAKeyframeAnimation(keyPath: "bounds")
        size.values = [14.0, 21, 0].map { CGRect(x: 0, y: 0, width: $0, height: $0) }
        size.keyTimes = [0, NSNumber(value: 5.0 / 6), 1]
        size.timingFunctions = [fadeInSquareTF, squareTF]
        let colour = CABasicAnimation(keyPath: "backgroundColor")
        colour.fromValue = CGColor.white
        colour.toValue = blue
        colour.timingFunction = squareTF
        colour.fillMode = .both
        colour.beginTime = 1.0 / 3
        colour.duration = 1.2
        logo.square.add(loopingGroup([size, colour], removedOnCompletion: false), forKey: "square")

        let maskSize = CABasicAnimation(keyPath: "bounds")
        maskSize.fromValue = CGRect(x: 0, y: 0, width: 75, height: 75)
        maskSize.toValue = CGRect(x: 0, y: 0, width: 14, height: 14)
        let corner = CABasicAnimation(keyPath: "cornerRadius")
        corner.fromValue = 37.5
        corner.toValue = 2
        for child in [maskSize, corner] {
            child.beginTime = 2.5
            child.duration = 0.5
            child.timingFunction = circleTF
        }
        logo.mask.add(loopingGroup([maskSize, corner], removedOnCompletion: false, fill: .both), forKey: "mask")
        CATransaction.flush()
        return logo
    }

    func at(_ e: Double) { MediaClock.freeze(at: Self.t0 + e) }

    func colourClose(_ a: CGColor?, _ b: CGColor, _ tol: CGFloat = 1e-6) -> Bool {
        guard let a else { return false }
        return zip(a.rgba, b.rgba).allSatisfy { abs($0 - $1) <= tol }
    }

    @Test func atE035TheDiscIsFullTheLineWideAndTheSquareBlue() {
        let logo = makeLogo()
        at(0.35)  // tau = 2.45
        let square = logo.square.presentation()!
        // The colour child ran 1/3 ... 1.533 and fills forwards (fillMode .both).
        #expect(colourClose(square.backgroundColor, blue))
        // bounds: 2.45 / 3 = 0.81667 is in segment 0 (key times 0 ... 5/6) at t = 0.98.
        let side = 14 + 7 * fadeInSquareTF.evaluate(0.98)
        #expect(abs(Double(square.bounds.width) - side) < 1e-9 && abs(side - 20.97) < 0.01)
        // lineWidth 0 -> 5 over the same segment, eased by strokeEndTF.
        let line = logo.line.presentation()!
        #expect(abs(Double(line.lineWidth) - 5 * strokeEndTF.evaluate(0.98)) < 1e-9)
        // The circle's children (2.5 s) are still running: strokeEnd at 2.45 / 2.5.
        #expect(abs(Double(logo.circle.presentation()!.strokeEnd) - strokeEndTF.evaluate(0.98)) < 1e-9)
        // The mask's children start at 2.5 and have no fill of their own (T6): the model shows.
        let mask = logo.mask.presentation()!
        #expect(mask.bounds.width == 75 && mask.cornerRadius == 0)
    }

    @Test func atE050TheCircleShowsItsModel() {
        let logo = makeLogo()
        at(0.5)  // tau = 2.6: past the circle children's 2.5 s, inside the group (T6)
        let circle = logo.circle.presentation()!
        #expect(circle.strokeEnd == 1)
        #expect(CATransform3DIsIdentity(circle.transform))
    }

    @Test func atE065TheMaskShrinksWithRoundedCorners() {
        let logo = makeLogo()
        at(0.65)  // tau = 2.75: the mask children are half way through (0.25 of 0.5 s)
        let k = circleTF.evaluate(0.5)
        let mask = logo.mask.presentation()!
        #expect(abs(Double(mask.bounds.width) - (75 - 61 * k)) < 1e-9)
        #expect(abs(Double(mask.cornerRadius) - (37.5 - 35.5 * k)) < 1e-9)
        // DEMOS.md: about 47.5 wide with corner radius 21.5.
        #expect(abs(Double(mask.bounds.width) - 47.5) < 0.05 && abs(Double(mask.cornerRadius) - 21.5) < 0.05)
        // The square: 2.75 / 3 = 0.91667 is in segment 1 at t = 0.5, 21 -> 0 by squareTF.
        let side = 21 * (1 - squareTF.evaluate(0.5))
        #expect(abs(Double(logo.square.presentation()!.bounds.width) - side) < 1e-9 && abs(side - 4.07) < 0.01)
    }

    @Test func atE100TheLoopHasWrappedAndTheSquareFillsBackwards() {
        let logo = makeLogo()
        at(1.0)  // tau = 3.1 mod 3 = 0.1
        let square = logo.square.presentation()!
        // The colour child begins at 1/3: before that it fills backwards with white.
        #expect(colourClose(square.backgroundColor, .white))
        let side = 14 + 7 * fadeInSquareTF.evaluate(0.1 / 3 / (5.0 / 6))
        #expect(abs(Double(square.bounds.width) - side) < 1e-9 && abs(side - 14.1) < 0.05)
        // The circle restarts: strokeEnd at 0.1 / 2.5, a transform part way back from rotZ(-45deg) scale .25.
        let circle = logo.circle.presentation()!
        let k = strokeEndTF.evaluate(0.04)
        #expect(abs(Double(circle.strokeEnd) - k) < 1e-9)
        #expect(abs(Double(circle.transform.value(forComponent: "rotation.z")!) - (-Double.pi / 4) * (1 - k)) < 1e-9)
        #expect(abs(Double(circle.transform.value(forComponent: "scale.x")!) - (0.25 + 0.75 * k)) < 1e-9)
        // The mask is before its children again: the model.
        #expect(logo.mask.presentation()!.bounds.width == 75)
    }

    @Test func squareColourTableAcrossTheLoop() {
        // e -> tau -> colour child local time (tau - 1/3) -> fraction -> eased -> red channel.
        let logo = makeLogo()
        let rows: [(e: Double, childTime: Double?)] = [
            (0.95, nil),         // tau 0.05 (wrapped): before 1/3, backwards fill: white
            (1.5, 0.6 - 1.0 / 3),  // tau 0.6
            (2.0, 1.1 - 1.0 / 3),  // tau 1.1
            (2.5, 1.2),          // tau 1.6: past 1.533, forwards fill: blue
        ]
        for row in rows {
            at(row.e)
            let k = row.childTime.map { squareTF.evaluate(min($0 / 1.2, 1)) } ?? 0
            let red = 1 + (15.0 / 255 - 1) * k
            let got = Double(logo.square.presentation()!.backgroundColor!.rgba[0])
            #expect(abs(got - red) < 1e-6, "e \(row.e)")
        }
    }

    @Test func containerScaleAndTileRippleMatchTheCheckpoints() {
        MediaClock.freeze(at: Self.t0)
        let container = CALayer(), tile = CALayer()
        CATransaction.flush()
        let scale = CAKeyframeAnimation(keyPath: "transform.scale")
        scale.values = [0.75, 0.75, 1, 1]
        scale.keyTimes = [0, 0.45, 0.887, 1]
        let linear = CAMediaTimingFunction(name: .linear), dip = CAMediaTimingFunction(controlPoints: 0.6, 0, 0.15, 1)
        scale.timingFunctions = [linear, dip, linear]
        scale.duration = 3
        scale.repeatCount = .infinity
        scale.isRemovedOnCompletion = false
        scale.beginTime = Self.t0
        scale.timeOffset = 1.05
        container.add(scale, forKey: "scale")

        // Tile (3,6): its ripple group begins 0.06 s late and fills backwards.
        let tf = CAMediaTimingFunction(controlPoints: 0.25, 0, 0.2, 1)
        let opacity = CAKeyframeAnimation(keyPath: "opacity")
        opacity.values = [0, 1, 0.45, 0.6, 0, 0]
        opacity.keyTimes = [0, 0.61, 0.7, 0.767, 0.95, 1]
        opacity.timingFunctions = [CAMediaTimingFunction(name: .easeInEaseOut), tf, tf, CAMediaTimingFunction(name: .easeOut), linear]
        let ripple = CAAnimationGroup()
        ripple.animations = [opacity]
        ripple.duration = 3
        ripple.repeatCount = .infinity
        ripple.fillMode = .backwards
        ripple.isRemovedOnCompletion = false
        ripple.beginTime = Self.t0 + 0.06
        ripple.timeOffset = 1.05
        tile.add(ripple, forKey: "ripple")
        CATransaction.flush()

        at(0.84)  // container phase (0.84 + 1.05) / 3 = 0.63; tile phase (0.78 + 1.05) / 3 = 0.61
        let s = 0.75 + 0.25 * dip.evaluate((0.63 - 0.45) / (0.887 - 0.45))
        #expect(abs(Double(container.presentation()!.transform.value(forComponent: "scale.x")!) - s) < 1e-6)
        #expect(abs(s - 0.880) < 0.001)
        #expect(abs(Double(tile.presentation()!.opacity) - 1) < 1e-6)
        at(1.8)  // container phase 0.95: scale 1; tile phase 0.93: segment 4 (.767 ... .95), .6 -> 0 easeOut
        #expect(abs(Double(container.presentation()!.transform.value(forComponent: "scale.y")!) - 1) < 1e-6)
        let o = 0.6 * (1 - CAMediaTimingFunction(name: .easeOut).evaluate((0.93 - 0.767) / (0.95 - 0.767)))
        #expect(abs(Double(tile.presentation()!.opacity) - o) < 1e-6 && abs(o - 0.012) < 0.001)
    }
}
