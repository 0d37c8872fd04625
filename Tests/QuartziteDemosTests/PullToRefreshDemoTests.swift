import Foundation
import Testing
import Quartzite
import QuartziteRender
import QuartziteHost
@testable import QuartziteDemos

/// Seed 002 rendered headless and probed at the checkpoints of ../shared/DEMOS.md, in header-local points.
/// The header (35 x 35) is centred on the 320-point canvas, so its left edge is at x = 142.5; its top is at
/// screen y = 0 while p <= 35 and p - 45 once p >= 55 (the seed's mapping plus the list's offset p).
@MainActor
@Suite(.serialized)
struct PullToRefreshDemoTests {
    let size = PullToRefreshDemo.preferredSize
    let top = (90, 200, 200), left = (250, 85, 78), bottom = (92, 201, 105), right = (253, 175, 75)
    let cell = (7, 184, 131), white = (255, 255, 255)

    func frame(pull p: CGFloat) throws -> Bitmap {
        let demo = PullToRefreshDemo(size: size)
        demo.apply(pull: p)
        let renderer = try HeadlessRenderer(size: size)
        defer { renderer.close() }
        return try renderer.render(demo.rootLayer, at: 0)
    }

    func probe(_ f: Bitmap, _ x: Double, _ y: Double, headerTop: Double = 0) -> SIMD4<UInt8>? {
        f.pixel(x: Int((142.5 + x).rounded(.down)), y: Int((headerTop + y).rounded(.down)))
    }

    func near(_ p: SIMD4<UInt8>?, _ c: (Int, Int, Int), _ tolerance: Int = 3) -> Bool {
        guard let p else { return false }
        return abs(Int(p[0]) - c.0) <= tolerance && abs(Int(p[1]) - c.1) <= tolerance && abs(Int(p[2]) - c.2) <= tolerance
    }

    @Test func atTenTheTopDotFadesInAndTheListCoversTheRest() throws {
        let f = try frame(pull: 10)
        #expect(near(probe(f, 17.5, 5), (173, 228, 228)))   // top at 50 % over white
        #expect(near(probe(f, 5, 5), white))
        #expect(near(probe(f, 17.5, 15), cell))              // y >= p: behind the list
    }

    @Test func atSeventeenAndAHalfTheLineLeavesTheTopDot() throws {
        let f = try frame(pull: 17.5)
        #expect(near(probe(f, 14.4, 8.1), top))
        #expect(near(probe(f, 5, 15), white))                // the left dot is still hidden
        #expect(near(probe(f, 17.5, 25), cell))
    }

    @Test func atThirtyThreeTheLineCrossesIntoTheSecondSubpath() throws {
        // start .40, end .50 of four 17.68-point subpaths: the end of left -> bottom, in the left colour.
        let f = try frame(pull: 33)
        #expect(near(probe(f, 15, 27.5), left))
        #expect(near(probe(f, 17.5, 30), left))              // the round cap; the bottom dot is hidden
        #expect(near(probe(f, 30, 17.5), white))
        #expect(near(probe(f, 17.5, 5), top))
    }

    @Test func aQuarterSecondIntoTheRefreshTheHeaderHasTurnedAQuarter() throws {
        // Released at t = 1 with p = 60; the list eases back to p = 55 over 0.5 s: p(1.25) = 57.5, so the
        // header's top is at 57.5 - 45. Rotated 90 degrees clockwise, each dot moved 5 points inward.
        let f = try Capture.frame(PullToRefreshDemo.self, size: size, at: 1.25)
        let headerTop = 57.5 - 45
        #expect(near(probe(f, 25, 17.5, headerTop: headerTop), top))
        #expect(near(probe(f, 17.5, 25, headerTop: headerTop), right))
        #expect(near(probe(f, 10, 17.5, headerTop: headerTop), bottom))
        #expect(near(probe(f, 17.5, 10, headerTop: headerTop), left))
        #expect(near(probe(f, 17.5, 17.5, headerTop: headerTop), white))
    }

    @Test func afterTheRefreshEndsTheHeaderIsResetAndHidden() throws {
        // Ended at t = 3; the list is back at p = 0 by 3.5 s, animations removed, dots hidden again.
        let f = try Capture.frame(PullToRefreshDemo.self, size: size, at: 4)
        #expect(near(probe(f, 17.5, 17.5), cell))
        #expect(near(probe(f, 17.5, 5), cell))
    }
}
