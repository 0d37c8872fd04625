import Foundation
import Testing
import Quartzite
import QuartziteRender
import QuartziteHost
@testable import QuartziteDemos

/// Seed 004 rendered headless and probed at the checkpoints of ../shared/DEMOS.md, in the switch's own
/// 60 x 35 points (drawn 4x larger, centred on the 320 x 200 canvas: switch point (x, y) is canvas
/// (40 + 4x, 30 + 4y)). DEMOS.md's colours: S = (230, 230, 230), G = (111, 216, 100), and at p = 0.5 the
/// ease-in-ease-out midpoint of white -> G (fill) and S -> G (stroke).
@MainActor
@Suite(.serialized)
struct SwitchDemoTests {
    let size = SwitchDemo.preferredSize

    /// The switch at progress `p`, rendered.
    func frame(at p: CGFloat) throws -> Bitmap {
        let demo = SwitchDemo(size: size)
        demo.scrub(to: p)
        let renderer = try HeadlessRenderer(size: size)
        defer { renderer.close() }
        return try renderer.render(demo.rootLayer, at: 100)
    }

    func probe(_ bitmap: Bitmap, _ x: Double, _ y: Double) -> SIMD4<UInt8>? {
        bitmap.pixel(x: Int(40 + 4 * x), y: Int(30 + 4 * y))
    }

    func near(_ p: SIMD4<UInt8>?, _ r: Int, _ g: Int, _ b: Int, _ tolerance: Int = 3) -> Bool {
        guard let p else { return false }
        return abs(Int(p[0]) - r) <= tolerance && abs(Int(p[1]) - g) <= tolerance && abs(Int(p[2]) - b) <= tolerance
    }

    @Test func offAtProgressZero() throws {
        let f = try frame(at: 0)
        #expect(near(probe(f, 45, 17.5), 255, 255, 255))   // the white capsule
        #expect(near(probe(f, 30.5, 0.5), 230, 230, 230))  // the stroke, S
        #expect(near(probe(f, 17.5, 17.5), 255, 255, 255)) // the thumb
    }

    @Test func halfWayAtProgressOneHalf() throws {
        let f = try frame(at: 0.5)
        #expect(near(probe(f, 5, 17.5), 183, 236, 178))
        #expect(near(probe(f, 55, 17.5), 183, 236, 178))
        #expect(near(probe(f, 0.5, 17.5), 171, 223, 165))  // the stroke, half-way from S to G
        #expect(near(probe(f, 30, 17.5), 255, 255, 255))   // the thumb, centred at 25 x ease(0.5) + 17.5
    }

    @Test func onAtProgressOne() throws {
        let f = try frame(at: 1)
        #expect(near(probe(f, 12, 17.5), 111, 216, 100))
        #expect(near(probe(f, 30.5, 0.5), 111, 216, 100))
        #expect(near(probe(f, 42.5, 17.5), 255, 255, 255))
    }

    @Test func theThumbSitsAtTwentyFiveTimesTheEasedProgress() throws {
        // DEMOS.md: ease(.25) = .129, ease(.75) = .871; the thumb's left edge is at 25 x ease(p).
        for (p, eased) in [(0.25, 0.129162), (0.75, 0.870838)] {
            let f = try frame(at: CGFloat(p))
            let left = 25 * eased
            #expect(near(probe(f, left + 1, 17.5), 255, 255, 255), "p = \(p): inside the thumb's left edge")
            #expect(!near(probe(f, left - 1.5, 17.5), 255, 255, 255, 8), "p = \(p): left of the thumb")
        }
    }

    @Test func theScriptTogglesOnAndSnapsAfterTheDrag() throws {
        // Toggled on at 0.5 s over 0.3 s: on by 1 s. Off from 2 s. Dragged to 0.7 by 4.5 s, released: snaps on.
        let on = try Capture.frame(SwitchDemo.self, size: size, at: 1.0)
        #expect(near(probe(on, 12, 17.5), 111, 216, 100))
        let off = try Capture.frame(SwitchDemo.self, size: size, at: 3.0)
        #expect(near(probe(off, 45, 17.5), 255, 255, 255))
        let snapped = try Capture.frame(SwitchDemo.self, size: size, at: 5.0)
        #expect(near(probe(snapped, 12, 17.5), 111, 216, 100))
    }

    @Test func aTapTogglesAndADragFollowsThePointer() {
        let demo = SwitchDemo(size: size)
        demo.update(at: 0)
        // A tap (down and up without moving) starts the snap to on.
        demo.handlePointer(PointerEvent(phase: .down, location: CGPoint(x: 100, y: 100)))
        demo.handlePointer(PointerEvent(phase: .up, location: CGPoint(x: 100, y: 100)))
        demo.update(at: 0.3)
        #expect(demo.progress == 1)
        // A drag to switch x = 15 (canvas 40 + 60) shows progress 15 / 60.
        demo.handlePointer(PointerEvent(phase: .down, location: CGPoint(x: 200, y: 100)))
        demo.handlePointer(PointerEvent(phase: .moved, location: CGPoint(x: 100, y: 100)))
        #expect(abs(demo.progress - 0.25) < 1e-9)
        demo.handlePointer(PointerEvent(phase: .up, location: CGPoint(x: 100, y: 100)))
        demo.update(at: 1)
        #expect(demo.progress == 0)   // released under one half: snaps off
    }
}
