import Foundation
import Testing
import Quartzite
import QuartziteRender
import QuartziteHost
@testable import QuartziteDemos

/// Seed 001 captured headless and probed at the checkpoints of ../shared/DEMOS.md: offsets from the canvas
/// centre C = (187.5, 333.5) at e seconds after the start. B = (15, 78, 101), the dots (77, 181, 217).
@MainActor
@Suite(.serialized)
struct SplashDemoTests {
    let size = SplashDemo.preferredSize
    let blue = (15, 78, 101), white = (255, 255, 255)

    func probe(_ f: Bitmap, _ dx: Double, _ dy: Double) -> SIMD4<UInt8>? {
        f.pixel(x: Int((187.5 + dx).rounded(.down)), y: Int((333.5 + dy).rounded(.down)))
    }

    func near(_ p: SIMD4<UInt8>?, _ c: (Int, Int, Int), _ tolerance: Int = 4) -> Bool {
        guard let p else { return false }
        return abs(Int(p[0]) - c.0) <= tolerance && abs(Int(p[1]) - c.1) <= tolerance && abs(Int(p[2]) - c.2) <= tolerance
    }

    @Test func theFullDiscWithLineAndSquareAtPointThreeFive() throws {
        let f = try Capture.frame(SplashDemo.self, size: size, at: 0.35)
        #expect(near(probe(f, 0, 0), blue))      // the square
        #expect(near(probe(f, 25, 0), white))    // the disc
        #expect(near(probe(f, 0, -25), blue))    // the line
        #expect(near(probe(f, 0, 25), white))
        #expect(near(probe(f, 0, 45), blue))     // outside the logo: the grid's background
    }

    @Test func theMaskClosesToARoundedSquareAtPointSixFive() throws {
        let f = try Capture.frame(SplashDemo.self, size: size, at: 0.65)
        #expect(near(probe(f, 0, 0), blue))
        #expect(near(probe(f, 15, 0), white))
        #expect(near(probe(f, 30, 0), blue))     // outside the 47.5-wide mask
        #expect(near(probe(f, 20, 20), blue))    // cut off by its 21.5 corner radius
    }

    @Test func aWhiteSquareAtOneSecond() throws {
        let f = try Capture.frame(SplashDemo.self, size: size, at: 1.0)
        #expect(near(probe(f, 0, 0), white))
        #expect(near(probe(f, 5, 5), white))
        #expect(near(probe(f, 12, 0), blue))
    }

    @Test func theTileBelowTheCentreRipples() throws {
        // Tile (3, 6), 90 points below the centre tile: delay 0.06 s. At e = 0.84 its phase is .61 (opacity 1)
        // and the grid's scale 0.880, so its dot is at C + (0, 79.2) in the dot colour.
        let early = try Capture.frame(SplashDemo.self, size: size, at: 0.84)
        #expect(near(probe(early, 0, 79.2), (77, 181, 217), 8))
        // At e = 1.8 its opacity is .012 and the scale 1: the dot has all but faded into B.
        let late = try Capture.frame(SplashDemo.self, size: size, at: 1.8)
        #expect(near(probe(late, 0, 90), (16, 79, 102), 4))
    }
}
