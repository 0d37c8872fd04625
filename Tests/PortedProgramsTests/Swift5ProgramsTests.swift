import Foundation
import Testing
import Quartzite
import QuartziteRender
import PortedSwift5

/// The Swift 5 mode programs of Ported/Swift5, each rendered headless at chosen times.
@MainActor
@Suite(.serialized)
struct Swift5ProgramsTests {
    /// The badge is configured on a global queue; the fade from 0 to 1 over a second begins when a frame
    /// commits that thread's implicit transaction. The test commits it as a frame would, at `start`; a frame
    /// another suite draws on another thread meanwhile may commit it first at that frame's time, so the probes
    /// are taken from the begin time the commit stamped. Dot: radius 10 at 20, 20, system red.
    @Test func badgeConfiguredOnABackgroundQueueFadesIn() throws {
        let badge = BackgroundBadge(size: CGSize(width: 40, height: 40))
        let configured = DispatchSemaphore(value: 0)
        let stage = try Stage("background-badge", size: CGSize(width: 40, height: 40)) {
            // The test is main-actor isolated: a plain closure here would be too, and Swift 6 traps when the
            // background queue calls it. The Swift 5 module's `completion` is not marked @Sendable.
            badge.load(count: 3) { @Sendable in configured.signal() }
            configured.wait()
            return badge.layer
        }
        MediaClock.performFrozen(at: start) { CATransaction.flushForFrame() }
        let fade = try #require(badge.layer.sublayers?.first?.animation(forKey: "fadeIn"), "the fade is attached")
        let begin = fade.beginTime
        #expect(begin.isFinite && begin != 0, "the commit stamps the fade's begin time")
        let red = rgb(255, 59, 48)
        let first = try stage.frame(at: begin - start)
        first.expect(20, 20, is: white, "opacity 0 as the fade begins")
        let half = try stage.frame(at: begin - start + 0.5)
        half.expect(20, 20, is: overWhite(red, 0.5))
        half.expectAround(CGPoint(x: 20, y: 20), radius: 9, is: overWhite(red, 0.5), tolerance: 6)
        half.expectAround(CGPoint(x: 20, y: 20), radius: 12, is: white)
        let done = try stage.frame(at: begin - start + 2)
        done.expect(20, 20, is: red)
        #expect(BackgroundBadge.configuredCount == 1)
    }

    /// A three-quarter arc (radius 24 at 30, 30, from 12 o'clock clockwise to 9 o'clock) turning once a second:
    /// the gap starts in the upper-left quadrant and is in the upper-right a quarter second later.
    @Test func legacySpinnerTurnsItsGap() throws {
        let spinner = LegacySpinner(size: CGSize(width: 60, height: 60))
        let stage = try Stage("legacy-spinner", size: CGSize(width: 60, height: 60)) {
            spinner.startAnimating()
            return spinner.layer
        }
        let blue = rgb(51, 102, 204)
        func point(_ degrees: Double) -> (Double, Double) {
            (30 + 24 * cos(degrees * .pi / 180), 30 + 24 * sin(degrees * .pi / 180))
        }
        let cases: [(Double, [Double], [Double])] = [
            (0, [0, 45, 90, 180 - 20, -70], [-135]),
            (0.25, [90, 135, 180 + 45, 270 - 20], [-45]),
            (0.5, [-90 + 20, 180, 270 - 20], [45]),
        ]
        for (t, drawn, gap) in cases {
            let frame = try stage.frame(at: t)
            for degrees in drawn {
                let (x, y) = point(degrees)
                frame.expect(x, y, is: blue, tolerance: 8, "arc at \(degrees)°")
            }
            for degrees in gap {
                let (x, y) = point(degrees)
                frame.expect(x, y, is: white, "gap at \(degrees)°")
            }
        }
    }

    /// Bars (8 wide, 40 high about y = 30, centred at x = 14 + 18 i) squash to 0.4 and back, transform
    /// keyframes at [0, 0.5, 1] over a second, bar i starting 0.1 i s in, twice; a plain delegate class
    /// counts their ends.
    @Test func waveBarsStretchInTurnAndReportTheirEnds() throws {
        let bars = WaveBars(size: CGSize(width: 100, height: 60))
        let stage = try Stage("wave-bars", size: CGSize(width: 100, height: 60)) {
            bars.start()
            return bars.layer
        }
        let teal = rgb(48, 176, 199)
        let early = try stage.frame(at: 0.05)
        early.expect(14, 18, is: white, "bar 0 at scale 0.46: half height 9.2")
        early.expect(14, 24, is: teal)
        early.expect(86, 12, is: teal, "bar 4 has not begun: the model's full height")
        let mid = try stage.frame(at: 0.5)
        mid.expect(14, 12, is: teal, "bar 0 at full height")
        mid.expect(86, 12, is: white, "bar 4 at scale 0.52: half height 10.4")
        mid.expect(86, 22, is: teal)
        #expect(WaveBars.finishedCount == 0)
        let after = try stage.frame(at: 2.5)
        after.expect(86, 12, is: teal)
        #expect(WaveBars.finishedCount == 5)
    }

    /// Built on a Thread in an explicit transaction: the banner (80 x 24) drops from y = -20 through y = 30 at
    /// keyTime 0.7 to rest at y = 20, over half a second; the completion block logs it.
    @Test func bannerBuiltOnAThreadDropsInAndLogs() throws {
        let banner = NotificationBanner(size: CGSize(width: 100, height: 60))
        let configured = DispatchSemaphore(value: 0)
        let stage = try Stage("notification-banner", size: CGSize(width: 100, height: 60)) {
            banner.show(title: "Hello") { @Sendable in configured.signal() }
            configured.wait()
            return banner.layer
        }
        let green = rgb(51, 153, 51)
        let falling = try stage.frame(at: 0.175)
        falling.expect(50, 15, is: green, "centre at y = 5: covers -7 to 17")
        falling.expect(50, 20, is: white)
        let overshoot = try stage.frame(at: 0.35)
        overshoot.expect(50, 40, is: green, "centre at y = 30: covers 18 to 42")
        overshoot.expect(50, 15, is: white)
        #expect(NotificationBanner.log.isEmpty)
        let rest = try stage.frame(at: 1)
        rest.expect(50, 10, is: green)
        rest.expect(50, 36, is: white)
        #expect(NotificationBanner.log == ["shown: Hello"])
    }
}
