import Foundation
import Testing
import Quartzite
import QuartziteRender
@testable import QuartziteHost
@testable import QuartziteDemos

/// The display-link demo headless: its balls are where the closed-form bounce puts them at their links' last
/// calls, the 15 fps ball at every fourth display frame of 60 Hz, and nothing moves once the script has
/// paused the links at 4 s.
@MainActor
@Suite(.serialized)
struct DisplayLinkDemoTests {
    let size = DisplayLinkDemo.preferredSize

    /// The demo played as `Capture` plays it up to demo time `t` (display frames at k / 60, then the frame at
    /// `t`), rendered; with the demo, for its model values.
    func play(to t: CFTimeInterval, tapAt tap: CFTimeInterval? = nil) throws -> (DisplayLinkDemo, Bitmap) {
        let renderer = try HeadlessRenderer(size: size)
        defer { renderer.close() }
        let player = DemoPlayer(DisplayLinkDemo.self, size: size, startTime: 0)
        guard let demo = player.demo as? DisplayLinkDemo else { throw RenderError.invalidArgument("not the demo") }
        if let tap {
            player.runDisplayFrames(upTo: tap, interval: renderer.refreshInterval)
            _ = try renderer.render(demo.rootLayer, at: tap)
            demo.handlePointer(PointerEvent(phase: .down, location: .zero))
        }
        player.runDisplayFrames(upTo: t, interval: renderer.refreshInterval)
        player.advance(to: t)
        let frame = try renderer.render(demo.rootLayer, at: t)
        return (demo, frame)
    }

    func centreX(_ t: CFTimeInterval) -> CGFloat { DisplayLinkDemo.centreX(at: t, width: size.width) }

    @Test func theBounceIsATriangleWave() {
        // 240 points of travel at 200 points a second: right for 1.2 s, back for 1.2 s.
        #expect(centreX(0) == 40)
        #expect(abs(centreX(0.6) - 160) < 1e-9)
        #expect(abs(centreX(1.2) - 280) < 1e-9)
        #expect(abs(centreX(1.8) - 160) < 1e-9)
        #expect(abs(centreX(2.4) - 40) < 1e-9)
    }

    @Test func theBallsAreWhereTheirLastCallsPutThem() throws {
        let (demo, frame) = try play(to: 0.5)
        defer { demo.links.forEach { $0.invalidate() } }
        // Every frame: at 0.5 s itself. 15 fps: display frames 0, 4, ..., 28, the last at 28/60 s.
        #expect(abs(demo.smooth.position.x - centreX(0.5)) < 1e-9)
        #expect(abs(demo.stepped.position.x - centreX(28.0 / 60)) < 1e-9)
        #expect(abs(demo.links[1].targetTimestamp - demo.links[1].timestamp - 4.0 / 60) < 1e-12)
        // Drawn there: the blue ball's centre at (140, 60), white 22 points to either side.
        let blue = SIMD4<UInt8>(52, 120, 246, 255)
        #expect(frame.pixel(x: 140, y: 60) == blue)
        #expect(frame.pixel(x: 140 - 22, y: 60) == SIMD4<UInt8>(255, 255, 255, 255))
        #expect(frame.pixel(x: 140 + 22, y: 60) == SIMD4<UInt8>(255, 255, 255, 255))
    }

    @Test func pausedAtFourSecondsNothingMoves() throws {
        let (demo, late) = try play(to: 6)
        defer { demo.links.forEach { $0.invalidate() } }
        // The last calls: display frame 239 (3.983 s) for the first link, 236 for the 15 fps one.
        #expect(abs(demo.smooth.position.x - centreX(239.0 / 60)) < 1e-9)
        #expect(abs(demo.stepped.position.x - centreX(236.0 / 60)) < 1e-9)
        #expect(demo.links.allSatisfy { $0.isPaused })
        let (other, later) = try play(to: 7.5)
        defer { other.links.forEach { $0.invalidate() } }
        #expect(later == late)
    }

    @Test func aTapResumesThePausedLinks() throws {
        let (demo, _) = try play(to: 5, tapAt: 4.5)
        defer { demo.links.forEach { $0.invalidate() } }
        #expect(demo.links.allSatisfy { !$0.isPaused })
        #expect(abs(demo.smooth.position.x - centreX(5)) < 1e-9)
    }

    @Test func captureIsTheSameOnEveryRun() throws {
        let first = try Capture.frame(DisplayLinkDemo.self, size: size, at: 1.5)
        let second = try Capture.frame(DisplayLinkDemo.self, size: size, at: 1.5)
        #expect(first == second)
        // The captures' demos are gone, and their links with them.
        #expect(!DisplayLinkRegistry.hasRunningLinks)
    }
}
