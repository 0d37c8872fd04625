import Foundation
import Testing
import Quartzite
import QuartziteRender
import PortedSwift6

/// The Swift 6 programs of Ported/Swift6 that lean on UIKit's drawing and font types and on CAScrollLayer,
/// each rendered headless at chosen times.
@MainActor
@Suite(.serialized)
struct Swift6ToolkitProgramsTests {
    /// The burst starts when the program starts it (no pre-warm): 40 dots a second leave the centre (50, 50)
    /// at 60 points a second, so half a second in there are orange dots, none further than 30 points (plus
    /// the dot's radius, 4) from the centre; the caption is drawn in the strip at the foot.
    @Test func sparkleBurstEmitsFromItsStartOnly() throws {
        let burst = SparkleBurst(size: CGSize(width: 100, height: 100))
        let stage = try Stage("sparkle-burst", size: CGSize(width: 100, height: 100)) {
            burst.start()
            return burst.layer
        }
        let frame = try stage.frame(at: 0.5)
        var lit = 0, farthest = 0.0
        for y in 0..<76 {
            for x in 0..<100 {
                guard let p = frame.pixel(Double(x) + 0.5, Double(y) + 0.5), p[0] > 40 else { continue }
                lit += 1
                farthest = max(farthest, hypot(Double(x) + 0.5 - 50, Double(y) + 0.5 - 50))
            }
        }
        #expect(lit > 20, "dots are drawn half a second in")
        #expect(farthest <= 30 + 4 + 1.5, "no dot was born before the start: \(farthest)")
        let caption = (76..<100).flatMap { y in (0..<100).compactMap { frame.pixel(Double($0), Double(y)) } }
        #expect(caption.contains { $0[0] > 200 && $0[1] > 200 && $0[2] > 200 }, "the caption's white text")
    }

    /// The window (60 x 20) scrolls from headline 0 to 1 linearly over a second, along x only: half way it
    /// shows the red headline's right half and the green one's left half.
    @Test func newsTickerScrollsAlongXOverItsDuration() throws {
        let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1), green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        let ticker = NewsTicker(size: CGSize(width: 60, height: 20), colors: [red, green, blue])
        let stage = try Stage("news-ticker", size: CGSize(width: 60, height: 20)) { ticker.layer }
        MediaClock.performFrozen(at: start) {
            ticker.show(1, duration: 1)
            CATransaction.flush()
        }
        let half = try stage.frame(at: 0.5)
        half.expect(10, 10, is: rgb(255, 0, 0))
        half.expect(28, 10, is: rgb(255, 0, 0))
        half.expect(32, 10, is: rgb(0, 255, 0))
        half.expect(50, 10, is: rgb(0, 255, 0))
        let done = try stage.frame(at: 2)
        done.expect(2, 10, is: rgb(0, 255, 0))
        done.expect(58, 18, is: rgb(0, 255, 0))
        #expect(ticker.layer.bounds.origin == CGPoint(x: 60, y: 0))
    }
}
