import Foundation
import Testing
import Quartzite
import QuartziteRender
import PortedSwift6

/// The Swift 6 programs of Ported/Swift6, each rendered headless at chosen times.
@MainActor
@Suite(.serialized)
struct Swift6ProgramsTests {
    /// The icon (40 x 40 at 40, 40) pops from scale 0 to 1 with its opacity, linearly over 0.4 s: at fraction
    /// f a point 0.4 x 40 x f from the centre is inside, one 0.6 x 40 x f out is not. The badge springs from
    /// x = 10 to 60 (mass 1, stiffness 100, damping 10: x(t) = 1 - e^(-5t)(cos ωt + (5/ω) sin ωt), ω = √75)
    /// and overshoots to 68.1 at t = π/ω.
    @Test func likeButtonPopsInAndTheBadgeSpringsPastItsMark() throws {
        let button = LikeButton(size: CGSize(width: 80, height: 80))
        let stage = try Stage("like-button", size: CGSize(width: 80, height: 80)) {
            button.setLiked(true, animated: true)
            return button.layer
        }
        let liked = rgb(232, 50, 70)
        for f in [0.25, 0.5, 0.75] {
            let frame = try stage.frame(at: 0.4 * f)
            let inside = 0.4 * 40 * f, outside = 0.6 * 40 * f
            for (dx, dy) in [(1.0, 0.0), (-1, 0), (0, 1), (0, -1)] {
                frame.expect(40 + dx * inside, 40 + dy * inside, is: overWhite(liked, f), "inside at fraction \(f)")
                frame.expect(40 + dx * outside, 40 + dy * outside, is: white, "outside at fraction \(f)")
            }
        }
        let omega = 75.0.squareRoot()
        func springX(_ t: Double) -> Double { 10 + 50 * (1 - exp(-5 * t) * (cos(omega * t) + 5 / omega * sin(omega * t))) }
        let systemBlue = rgb(0, 122, 255)
        let peakTime = Double.pi / omega
        let peak = try stage.frame(at: peakTime)
        peak.expect(springX(peakTime) - 0.5, 10, is: systemBlue, "badge at the overshoot")
        peak.expect(springX(peakTime) - 7, 10, is: white, "left of the overshooting badge")
        let early = try stage.frame(at: 0.15)
        early.expect(springX(0.15), 10, is: systemBlue)
        early.expect(springX(0.15) + 7, 10, is: white)
        let settled = try stage.frame(at: 3)
        settled.expect(60, 10, is: systemBlue)
        settled.expect(66, 10, is: white)
        settled.expect(40 + 19, 40 + 19, is: liked, "the icon at full size and opacity")
    }

    /// layoutSublayers() sizes the pulse to the halo's bounds (a circle of radius 30 at 40, 40); the group
    /// scales it 0 to 1 and fades it 1, 0.5, 0 over a second, and fill mode forwards keeps it invisible after.
    /// Hue 0.6, saturation 0.8, brightness 1 is (0.2, 0.52, 1).
    @Test func pulsingHaloLaysOutItsPulseAndHoldsTheLastFrame() throws {
        let halo = PulsingHaloLayer()
        let stage = try Stage("pulsing-halo", size: CGSize(width: 80, height: 80)) {
            halo.frame = CGRect(x: 10, y: 10, width: 60, height: 60)
            halo.start()
            return halo
        }
        let color = rgb(51, 132.6, 255)
        let center = CGPoint(x: 40, y: 40)
        let half = try stage.frame(at: 0.5)
        half.expect(40, 40, is: overWhite(color, 0.5))
        half.expectAround(center, radius: 0.9 * 15, is: overWhite(color, 0.5))
        // "transform.scale.xy" at half way: the circle of radius 30 at scale 0.5 has radius 15.
        half.expectAround(center, radius: 18, is: white)
        half.expect(40 + 13, 40 + 13, is: white, "the pulse's corner is rounded off")
        let after = try stage.frame(at: 1.5)
        after.expect(40, 40, is: white, "held at opacity 0 after the end")
        after.expectAround(center, radius: 20, is: white)
    }

    /// The counter shows "1", centred across its 120 points, black on white; mid-pop (t = 0.15 of a linear
    /// 0.3 s animation from 40 to 24 points: 32) its ink is 32/24 as tall as when settled.
    @Test func counterLabelShowsItsCountCentredAndPops() throws {
        let label = CounterLabel(frame: CGRect(x: 0, y: 0, width: 120, height: 60))
        let stage = try Stage("counter-label", size: CGSize(width: 120, height: 60)) {
            label.increment()
            return label.layer
        }
        func inkBox(_ frame: Frame) -> (minX: Int, maxX: Int, minY: Int, maxY: Int) {
            var box = (minX: Int.max, maxX: Int.min, minY: Int.max, maxY: Int.min)
            for y in 0..<frame.bitmap.height {
                for x in 0..<frame.bitmap.width where (frame.bitmap.pixel(x: x, y: y)?.x ?? 255) < 128 {
                    box = (min(box.minX, x), max(box.maxX, x), min(box.minY, y), max(box.maxY, y))
                }
            }
            return box
        }
        let popping = inkBox(try stage.frame(at: 0.15))
        let settled = inkBox(try stage.frame(at: 1))
        #expect(settled.minX < settled.maxX)
        #expect(abs(Double(settled.minX + settled.maxX + 1) / 2 - 60) <= 2)
        let ratio = Double(popping.maxY - popping.minY + 1) / Double(settled.maxY - settled.minY + 1)
        #expect(abs(ratio - 32.0 / 24) <= 0.1, "\(ratio)")
        #expect(label.count == 1)
    }

    /// The ring (radius 32 at 40, 40, from 12 o'clock clockwise) runs from 0 to 1 in a transaction of 1 s; the
    /// explicit animation has no duration of its own, so it takes the transaction's: at 0.5 s (ease in-out,
    /// symmetric) the first half is green and the second is still the grey track. The completion block runs
    /// once the second is over.
    @Test func progressRingTakesItsTransactionsDurationAndCompletes() throws {
        let ring = ProgressRing(size: CGSize(width: 80, height: 80))
        let stage = try Stage("progress-ring", size: CGSize(width: 80, height: 80)) {
            ring.setProgress(1, duration: 1)
            return ring.layer
        }
        let green = rgb(52, 199, 89), track = rgb(229, 229, 234)
        func point(_ fraction: Double) -> (Double, Double) {
            let angle = -Double.pi / 2 + 2 * Double.pi * fraction
            return (40 + 32 * cos(angle), 40 + 32 * sin(angle))
        }
        let half = try stage.frame(at: 0.5)
        for fraction in [0.1, 0.25, 0.4] {
            let (x, y) = point(fraction)
            half.expect(x, y, is: green, "ring at \(fraction)")
        }
        for fraction in [0.6, 0.75, 0.9] {
            let (x, y) = point(fraction)
            half.expect(x, y, is: track, "ring at \(fraction), not reached yet")
        }
        #expect(ring.completedUpdates == 0)
        let done = try stage.frame(at: 1.1)
        let (x, y) = point(0.9)
        done.expect(x, y, is: green)
        #expect(ring.completedUpdates == 1)
    }

    /// The gradient mask's locations run from [-1, -0.5, 0] to [1, 1.5, 2] in 1.5 s: alpha 0.3 at the edges
    /// of the band, 1 at its peak, linear between. Dark grey (85) through alpha a over white is 255 - 170 a.
    @Test func shimmerBandSweepsAcross() throws {
        let loader = ShimmerLoader(size: CGSize(width: 100, height: 20))
        let stage = try Stage("shimmer", size: CGSize(width: 100, height: 20)) {
            loader.startShimmering(duration: 1.5)
            return loader.layer
        }
        func grey(_ alpha: Double) -> SIMD4<UInt8> { rgb(255 - 170 * alpha, 255 - 170 * alpha, 255 - 170 * alpha) }
        // Locations [-0.5, 0, 0.5]: the peak at the left edge, 0.3 from half way.
        let quarter = try stage.frame(at: 0.375)
        quarter.expect(0, 10, is: grey(1 - 0.7 * 0.005 / 0.5), tolerance: 5)
        quarter.expect(24, 10, is: grey(1 - 0.7 * 0.245 / 0.5), tolerance: 5)
        quarter.expect(74, 10, is: grey(0.3), tolerance: 5)
        // Locations [0, 0.5, 1]: the peak in the middle.
        let half = try stage.frame(at: 0.75)
        half.expect(49, 10, is: grey(1 - 0.7 * 0.005 / 0.5), tolerance: 5)
        half.expect(24, 10, is: grey(0.3 + 0.7 * 0.245 / 0.5), tolerance: 5)
        half.expect(89, 10, is: grey(0.3 + 0.7 * 0.105 / 0.5), tolerance: 5)
    }

    /// The front (red) turns 0 to π and the back (indigo) -π to 0 about y, in perspective, over a second;
    /// neither is double sided. At π/4 the front shows and is narrower than its 30 pt half width; at 3π/4 only
    /// the back shows; fill mode forwards leaves the back square on.
    @Test func cardFlipShowsOnlyTheFaceTurnedToTheViewer() throws {
        let card = CardFlip(size: CGSize(width: 100, height: 80), cardSize: CGSize(width: 60, height: 40))
        let stage = try Stage("card-flip", size: CGSize(width: 100, height: 80)) {
            card.flip(duration: 1)
            return card.layer
        }
        let front = rgb(255, 59, 48), back = rgb(88, 86, 214)
        let turning = try stage.frame(at: 0.25)
        turning.expect(50, 40, is: front)
        turning.expect(50 - 15, 40, is: front)
        turning.expect(50 + 15, 40, is: front)
        turning.expect(50 - 27, 40, is: white, "foreshortened to about 22 pt")
        turning.expect(50 + 27, 40, is: white, "foreshortened to about 22 pt")
        let turned = try stage.frame(at: 0.75)
        turned.expect(50, 40, is: back)
        turned.expect(50 - 15, 40, is: back)
        turned.expect(50 + 15, 40, is: back)
        turned.expect(50 + 27, 40, is: white)
        let after = try stage.frame(at: 1.5)
        after.expect(50 - 27, 40, is: back)
        after.expect(50 + 27, 40, is: back)
    }

    /// Dashes [6, 6] along the top edge (y = 20, from x = 10 rightwards); the phase runs 0 to 12 each second,
    /// so at phase p the point s along the edge is painted when (s + p) mod 12 < 6.
    @Test func marchingAntsShiftTheirDashesByThePhase() throws {
        let ants = MarchingAnts(size: CGSize(width: 120, height: 40), selection: CGRect(x: 10, y: 20, width: 100, height: 15))
        let stage = try Stage("marching-ants", size: CGSize(width: 120, height: 40)) {
            ants.startMarching()
            return ants.layer
        }
        let black = rgb(0, 0, 0)
        for (t, phase) in [(0.0, 0.0), (0.25, 3.0), (0.5, 6.0), (1.25, 3.0)] {
            let frame = try stage.frame(at: t)
            for s in [4.5, 10.5, 16.5, 40.5, 46.5] {
                let painted = (s + phase).truncatingRemainder(dividingBy: 12) < 6
                frame.expect(10 + s, 20, is: painted ? black : white, "s = \(s) at phase \(phase)")
            }
        }
    }

    /// The path runs from the square (40, 20, 20, 20) to the bar (10, 20, 80, 20) linearly in a second: half way
    /// it is (25, 20, 50, 20). The delegate reads the name set with setValue(_:forKey:) when it finishes.
    @Test func pathMorphInterpolatesAndTheDelegateReadsItsName() throws {
        let morph = PathMorph(size: CGSize(width: 100, height: 60), from: CGRect(x: 40, y: 20, width: 20, height: 20),
                              to: CGRect(x: 10, y: 20, width: 80, height: 20))
        let stage = try Stage("path-morph", size: CGSize(width: 100, height: 60)) {
            morph.morph(duration: 1)
            return morph.layer
        }
        let orange = rgb(255, 149, 0)
        let begin = try stage.frame(at: 0)
        begin.expect(45, 30, is: orange)
        begin.expect(37, 30, is: white)
        let half = try stage.frame(at: 0.5)
        half.expect(27, 30, is: orange)
        half.expect(72, 30, is: orange)
        half.expect(22, 30, is: white)
        half.expect(77, 30, is: white)
        #expect(morph.finishedAnimations.isEmpty)
        let end = try stage.frame(at: 1.2)
        end.expect(12, 30, is: orange)
        end.expect(87, 30, is: orange)
        #expect(morph.finishedAnimations == ["morphToBar"])
    }

    /// The button (20, 10, 60, 40) is hit at (30, 20), which is (10, 10) in the button; the ripple (radius 15,
    /// black at half alpha) grows from scale 0 as it moves from there to the button's centre (30, 20), linearly
    /// over a second: half way it is radius 7.5 at (20, 15) in the button, (40, 25) on the canvas.
    @Test func tapRippleGrowsFromTheConvertedTouchPoint() throws {
        let ripple = TapRipple(size: CGSize(width: 100, height: 60), buttonFrame: CGRect(x: 20, y: 10, width: 60, height: 40))
        var started = false
        let stage = try Stage("tap-ripple", size: CGSize(width: 100, height: 60)) {
            #expect(ripple.touchDown(at: CGPoint(x: 5, y: 5), radius: 15, duration: 1) == false)
            started = ripple.touchDown(at: CGPoint(x: 30, y: 20), radius: 15, duration: 1)
            return ripple.layer
        }
        #expect(started)
        let yellow = rgb(255, 204, 0), shaded = rgb(127.5, 102, 0)
        let half = try stage.frame(at: 0.5)
        half.expect(40, 25, is: shaded)
        half.expect(40 + 6, 25, is: shaded)
        half.expect(40 - 6, 25, is: shaded)
        half.expect(40 + 10, 25, is: yellow)
        half.expect(40 - 10, 25, is: yellow)
        half.expect(10, 25, is: white, "outside the button")
        let late = try stage.frame(at: 0.9)
        late.expect(48 + 12, 29, is: shaded)
        late.expect(48 + 16, 29, is: yellow)
    }
}
