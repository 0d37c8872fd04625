import Foundation
import Testing
import Quartzite
import QuartziteRender
import QuartziteHost
@testable import QuartziteDemos

/// The circular loader (seed 000) captured headless at key times shows what the effect must show.
/// Canvas 320x320, ring centre (160, 160), radius 20, starting at 12 o'clock and running clockwise.
@MainActor
@Suite(.serialized)
struct CircularLoaderTests {
    let size = CGSize(width: 320, height: 320)
    let red = SIMD4<UInt8>(255, 0, 0, 255)
    let white = SIMD4<UInt8>(255, 255, 255, 255)
    // The picture's quadrants (scripts/make-demo-image.py), as in ../shared/DEMOS.md.
    let topLeft = SIMD4<UInt8>(255, 128, 0, 255)
    let bottomRight = SIMD4<UInt8>(0, 200, 100, 255)

    /// The pixel whose centre is nearest the ring's centre line at a fraction of its length (0 = top,
    /// clockwise on screen).
    func ringPoint(_ fraction: Double) -> (Int, Int) {
        let angle = -Double.pi / 2 + 2 * Double.pi * fraction
        return (Int((160 + 20 * cos(angle) - 0.5).rounded()), Int((160 + 20 * sin(angle) - 0.5).rounded()))
    }

    /// Mostly covered by the 2 px red stroke: a pixel centre can sit up to 0.7 px off the centre line, so
    /// an antialiased edge may cross it; at least three quarters red over white.
    func isRed(_ p: SIMD4<UInt8>?) -> Bool {
        guard let p else { return false }
        return p[0] >= 250 && p[1] <= 64 && p[2] <= 64
    }

    func close(_ a: SIMD4<UInt8>?, _ b: SIMD4<UInt8>, _ tolerance: Int = 3) -> Bool {
        guard let a else { return false }
        return (0..<4).allSatisfy { abs(Int(a[$0]) - Int(b[$0])) <= tolerance }
    }

    @Test func atOneSecondTheRightHalfOfTheRingIsRed() throws {
        let frame = try Capture.frame(CircularLoaderDemo.self, size: size, at: 1.0)
        // Progress is 0.5 at t = 1; the implicit 0.25 s animations lag the last ticks by up to 0.125, so the
        // probes sit on the first three eighths of the right half, and the whole left half must be white.
        for fraction in [0.05, 0.125, 0.25, 0.3] {
            let (x, y) = ringPoint(fraction)
            #expect(isRed(frame.pixel(x: x, y: y)), "ring at \(fraction) should be red")
        }
        for fraction in [0.6, 0.75, 0.9] {
            let (x, y) = ringPoint(fraction)
            #expect(close(frame.pixel(x: x, y: y), white), "ring at \(fraction) should not be drawn yet")
        }
        #expect(close(frame.pixel(x: 160, y: 160), white))   // inside the ring: the white cover
        #expect(close(frame.pixel(x: 20, y: 20), white))     // the picture is still covered
    }

    @Test func atTwoAndAHalfSecondsAnAnnulusOfImageSurroundsAWhiteCentre() throws {
        let frame = try Capture.frame(CircularLoaderDemo.self, size: size, at: 2.5)
        // Eased progress k = 0.5: hole radius 19 (1 - k) = 9.5 around the centre, outer radius 236.8.
        #expect(close(frame.pixel(x: 160, y: 160), white))
        #expect(close(frame.pixel(x: 165, y: 160), white))            // 5 px from the centre: in the hole
        #expect(close(frame.pixel(x: 175, y: 160), bottomRight))      // 15 px: the picture (right half, row 160)
        #expect(close(frame.pixel(x: 190, y: 190), bottomRight))
        #expect(close(frame.pixel(x: 3, y: 3), topLeft))              // 222 px from the centre, inside 236.8
    }

    @Test func afterTheRevealTheWholeImageShows() throws {
        let frame = try Capture.frame(CircularLoaderDemo.self, size: size, at: 3.2)
        #expect(close(frame.pixel(x: 100, y: 100), topLeft))
        #expect(close(frame.pixel(x: 220, y: 220), bottomRight))
        #expect(close(frame.pixel(x: 160, y: 160), bottomRight))      // no hole any more
        #expect(close(frame.pixel(x: 0, y: 0), topLeft))
    }

    @Test func twoCapturesAtTheSameTimeAreIdentical() throws {
        let a = try Capture.frame(CircularLoaderDemo.self, size: size, at: 2.37)
        let b = try Capture.frame(CircularLoaderDemo.self, size: size, at: 2.37)
        #expect(a == b)
    }

    @Test func theRevealGroupRemovesTheMaskWhenItStops() throws {
        let player = DemoPlayer(CircularLoaderDemo.self, size: size, startTime: 0)
        let demo = try #require(player.demo as? CircularLoaderDemo)
        player.advance(to: 2.0)
        #expect(demo.imageLayer.mask === demo.ringLayer)
        #expect(demo.ringLayer.animationKeys() == ["strokeWidth"])
        player.settle(before: 2.9)
        #expect(demo.imageLayer.mask != nil)
        player.settle(before: 3.1)
        #expect(demo.imageLayer.mask == nil)
    }
}
