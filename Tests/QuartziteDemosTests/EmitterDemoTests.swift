import Foundation
import Testing
import Quartzite
import QuartziteRender
import QuartziteHost
@testable import QuartziteDemos

/// The emitter demos captured headless: particles only where the simulation's bounds allow them, enough of
/// them where they must be, and the same picture on every capture.
@MainActor
@Suite(.serialized)
struct EmitterDemoTests {
    let size = CGSize(width: 375, height: 667)

    /// The pixels for which `test` holds, as (x, y).
    func pixels(_ b: Bitmap, where test: (SIMD4<UInt8>) -> Bool) -> [(x: Int, y: Int)] {
        var found: [(x: Int, y: Int)] = []
        for y in 0..<b.height {
            for x in 0..<b.width {
                if let p = b.pixel(x: x, y: y), test(p) { found.append((x, y)) }
            }
        }
        return found
    }

    /// Snow is white on a sky whose red stays under 45: a pixel with red over 90 shows a flake.
    func isFlake(_ p: SIMD4<UInt8>) -> Bool { p[0] > 90 }

    @Test func snowFallsNoFurtherThanItsFastestFlake() throws {
        let early = try Capture.frame(SnowDemo.self, size: size, at: 4)
        // Fastest flake at t = 4: born at the line y = -12 at once, 45 points/s plus the pull of 6: about
        // 204 points down, plus its largest half size (0.75 x 12): nothing below y = 222.
        let flakes = pixels(early, where: isFlake)
        #expect(flakes.count > 300)
        #expect(flakes.allSatisfy { $0.y < 222 }, "lowest flake pixel at \(flakes.map(\.y).max() ?? -1)")
        let later = try Capture.frame(SnowDemo.self, size: size, at: 14)
        #expect(pixels(later, where: isFlake).filter { $0.y > 450 }.count > 100)
    }

    @Test func confettiBurstsFromItsOriginAndIsTheSameEveryCapture() throws {
        let origin = (x: 187.5, y: 667 * 0.6)
        let isConfetti = { (p: SIMD4<UInt8>) in Int(p[0]) + Int(p[1]) + Int(p[2]) < 700 }
        let b = try Capture.frame(ConfettiDemo.self, size: size, at: 0.3)
        let strips = pixels(b, where: isConfetti)
        #expect(strips.count > 1000)
        // Fastest strip: 560 points/s for 0.3 s (168) plus gravity's 19, plus half a strip's diagonal at
        // scale 1.3 (about 9): none further than 200 points from the origin.
        let farthest = strips.map { hypot(Double($0.x) + 0.5 - origin.x, Double($0.y) + 0.5 - origin.y) }.max() ?? 0
        #expect(farthest < 200)
        #expect(farthest > 100)
        #expect(b.rgba == (try Capture.frame(ConfettiDemo.self, size: size, at: 0.3)).rgba)
        // Between bursts the middle is clear; just after the next one opens it is full again.
        let near = { (bitmap: Bitmap) in
            self.pixels(bitmap, where: isConfetti).filter { hypot(Double($0.x) - origin.x, Double($0.y) - origin.y) < 40 }.count
        }
        #expect(near(try Capture.frame(ConfettiDemo.self, size: size, at: 2.95)) < 50)
        #expect(near(try Capture.frame(ConfettiDemo.self, size: size, at: 3.05)) > 300)
    }

    /// The first rocket's sub-cell bursts 1.45 s after its launch: before then only rockets show (two at
    /// most, a few pixels each), just after it a sphere of sparks does, all of it above the rocket's
    /// highest reach plus the sparks' fall.
    @Test func fireworksBurstWhenTheirSubCellBegins() throws {
        let isLit = { (p: SIMD4<UInt8>) in Int(p[0]) + Int(p[1]) + Int(p[2]) > 120 }
        let before = pixels(try Capture.frame(FireworksDemo.self, size: size, at: 1.4), where: isLit)
        let after = pixels(try Capture.frame(FireworksDemo.self, size: size, at: 1.7), where: isLit)
        #expect(before.count < 120)
        #expect(after.count > 5 * max(before.count, 40))
        // The burst is at the rocket's place at 1.45 s: y = 667 - v 1.45 + 60 x 1.45^2, v in 380...460, so
        // y in 131...247; sparks reach at most 135 x 0.25 s further by 1.7 s.
        let sparks = after.filter { $0.y < 300 }
        #expect(sparks.count > after.count * 3 / 4)
    }
}
