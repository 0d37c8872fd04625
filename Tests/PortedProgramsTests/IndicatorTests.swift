import Foundation
import Testing
import Quartzite
import QuartziteRender
import PortedSwift6

/// The protocol-style activity indicators (Ported/Swift6/ActivityIndicator.swift and its conformers).
@MainActor
@Suite(.serialized)
struct IndicatorTests {
    let red = rgb(255, 0, 0)
    let systemBlue = rgb(0, 122, 255)

    func indicator(_ animation: ActivityIndicatorAnimation, frame: CGRect, color: UIColor) -> ActivityIndicatorView {
        let view = ActivityIndicatorView(frame: frame, animation: animation, color: color)
        view.startAnimating()
        return view
    }

    /// Balls of radius 15 centred at x = 15, 48, 81 (y = 20), starting 0.12, 0.24 and 0.36 s in; each is at
    /// scale 0.3 at its keyTime 0.3 (0.225 s into each 0.75 s beat), whatever the timing functions.
    @Test func ballPulseShrinksEachBallInTurn() throws {
        let stage = try Stage("ball-pulse", size: CGSize(width: 96, height: 40)) {
            indicator(BallPulseIndicator(), frame: CGRect(x: 0, y: 0, width: 96, height: 40), color: .red).layer
        }
        let shrunk = try stage.frame(at: 0.12 + 0.225)
        shrunk.expect(15, 20, is: red, "first ball's centre")
        shrunk.expect(15 + 7.5, 20, is: white, "half its radius out, outside a ball of 0.3 r")
        // The third ball has not begun: the model's scale 1.
        shrunk.expectAround(CGPoint(x: 81, y: 20), radius: 13.5, is: red)
        let secondBeat = try stage.frame(at: 0.12 + 0.75 + 0.225)
        secondBeat.expect(15, 20, is: red)
        secondBeat.expect(15 + 7.5, 20, is: white, "repeats: shrunk again in the second beat")
        let beatBoundary = try stage.frame(at: 0.12 + 0.75)
        beatBoundary.expect(15 + 12, 20, is: red, "back at scale 1 between beats")
    }

    /// A ball drawn by an arc from 0 to 2π counter-clockwise is a whole circle (radius 30 at 40, 40), growing
    /// from scale 0 to 1 while it fades from 1 to 0, linearly, every second.
    @Test func ballScaleGrowsAWholeCircleWhileItFades() throws {
        let stage = try Stage("ball-scale", size: CGSize(width: 80, height: 80)) {
            indicator(BallScaleIndicator(), frame: CGRect(x: 10, y: 10, width: 60, height: 60), color: .systemBlue).layer
        }
        let center = CGPoint(x: 40, y: 40)
        let half = try stage.frame(at: 0.5)
        half.expect(40, 40, is: overWhite(systemBlue, 0.5))
        half.expectAround(center, radius: 0.9 * 15, is: overWhite(systemBlue, 0.5))
        half.expectAround(center, radius: 1.2 * 15, is: white)
        let quarter = try stage.frame(at: 1.25)
        quarter.expectAround(center, radius: 0.9 * 7.5, is: overWhite(systemBlue, 0.75))
        quarter.expectAround(center, radius: 10, is: white)
    }

    /// Track: a whole ring of radius 30 (line width 4) round 40, 40. Balls of radius 6 orbit at 20 from the
    /// centre, starting at 12 o'clock; keyTimes [0, 0.7] turn them by π in 0.7 s, then they hold π until the
    /// second ends. The second ball (half alpha) starts 0.5 s later.
    @Test func orbitSpinnerHoldsItsLastKeyframeAfterTheLastKeyTime() throws {
        let stage = try Stage("orbit-spinner", size: CGSize(width: 80, height: 80)) {
            indicator(OrbitSpinnerIndicator(), frame: CGRect(x: 10, y: 10, width: 60, height: 60), color: .red).layer
        }
        let halfRed = overWhite(red, 0.5)
        let early = try stage.frame(at: 0.35)
        early.expectAround(CGPoint(x: 40, y: 40), radius: 30, is: red, tolerance: 8)
        early.expect(60, 40, is: red, "first ball a quarter round (π/2 at 0.35 s)")
        early.expect(40, 20, is: halfRed, "second ball not started: at 12 o'clock")
        let held = try stage.frame(at: 0.8)
        held.expect(40, 60, is: red, "first ball held at π after keyTime 0.7")
        held.expect(40, 20, is: white)
        let angle = Double.pi * 0.3 / 0.7
        held.expect(40 + 20 * sin(angle), 40 - 20 * cos(angle), is: halfRed, "second ball 0.3 s into its turn")
        let repeated = try stage.frame(at: 1.35)
        repeated.expect(60, 40, is: red, "second cycle: a quarter round again")
    }
}

/// A replicator spinner and a hand-drawn progress bar, ported as iOS code writes them.
@MainActor
@Suite(.serialized)
struct ReplicatorAndDrawingPortTests {
    let red = rgb(255, 0, 0)

    /// Ten dots round a 60-point circle (centre (30, 30), radius 25 to their centres), dot i a tenth of a
    /// second behind dot i - 1 in its fade from 1 to 0 over a second; before its fade begins a dot shows its
    /// model opacity, 0. At 0.55 s dot i is at opacity 1 - (0.55 - 0.1 i) for i <= 5.
    @Test func theReplicatorSpinnerFadesEachDotInTurn() throws {
        let stage = try Stage("replicator-spinner", size: CGSize(width: 60, height: 60)) {
            let view = ActivityIndicatorView(frame: CGRect(x: 0, y: 0, width: 60, height: 60),
                                             animation: ReplicatorSpinner(), color: .red)
            view.startAnimating()
            return view.layer
        }
        let frame = try stage.frame(at: 0.55)
        for i in 0..<10 {
            let a = Double(i) * 2 * .pi / 10
            let x = 30 + 25 * sin(a), y = 30 - 25 * cos(a)
            let local = 0.55 - 0.1 * Double(i)
            let opacity = local < 0 ? 0 : 1 - local
            frame.expect(x, y, is: overWhite(red, opacity), "dot \(i)")
        }
    }

    /// Setting progress from 0 to 1 animates it over 0.5 s (linearly, from the value on screen), the bar
    /// drawn again each frame: at 0.125 s a quarter of the 80-point bar is filled, at 0.375 s three quarters.
    @Test func theProgressBarAnimatesItsCustomProperty() throws {
        let bar = ProgressBarLayer()
        let stage = try Stage("progress-bar", size: CGSize(width: 80, height: 10)) {
            bar.frame = CGRect(x: 0, y: 0, width: 80, height: 10)
            bar.barColor = UIColor.red.cgColor
            bar.progress = 0
            return bar
        }
        MediaClock.performFrozen(at: start) {
            bar.progress = 1
            CATransaction.flush()
        }
        for (t, filled) in [(0.125, 20.0), (0.375, 60.0)] {
            let frame = try stage.frame(at: t)
            frame.expect(filled - 2, 5, is: red, "filled up to \(filled) at \(t) s")
            frame.expect(filled + 2, 5, is: white, "empty past \(filled) at \(t) s")
        }
        let done = try stage.frame(at: 1)
        done.expect(78, 5, is: red, "full once the animation is over")
    }
}
