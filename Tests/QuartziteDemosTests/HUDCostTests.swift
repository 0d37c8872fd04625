import Foundation
import Testing
import QuartziteRender
import QuartziteBench

/// `bench --hud-cost`: the HUD shows on even frames; its cost is the mean frame with it less the mean
/// without, warm-up and unchanged frames left out, the slowest 1 % of each kind trimmed.
struct HUDCostTests {
    func frame(ms: Double, reused: Bool = false) -> FrameTimings {
        var t = FrameTimings()
        t.encode = ms / 1000
        t.reused = reused
        return t
    }

    @Test func evenFramesShowTheHUD() {
        #expect(HUDCost.shows(frame: 0) && HUDCost.shows(frame: 6) && !HUDCost.shows(frame: 7))
    }

    /// 400 frames: even ones 2 ms (one of them unchanged, not drawn: 0 ms), odd ones 1.5 ms with one stall
    /// of 90 ms; the first five 30 ms (warm-up). Counted: even 6 ... 398 less the unchanged one (196), odd
    /// 5 ... 399 (198, the stall trimmed as their slowest 1 %). With 2.0, without 1.5: 0.5 ms.
    @Test func costIsTheMeanDifferenceOfDrawnSteadyFrames() throws {
        var frames: [FrameTimings] = []
        for i in 0..<400 {
            if i < 5 { frames.append(frame(ms: 30)) }
            else if i == 100 { frames.append(frame(ms: 0, reused: true)) }
            else if i == 201 { frames.append(frame(ms: 90)) }
            else { frames.append(frame(ms: i % 2 == 0 ? 2 : 1.5)) }
        }
        let cost = try #require(HUDCost(frames: frames, updates: [Double](repeating: 0, count: 400)))
        #expect(abs(cost.withMs - 2) < 1e-9)
        #expect(abs(cost.withoutMs - 1.5) < 1e-9)
        #expect(abs(cost.costMs - 0.5) < 1e-9)
        #expect(abs(cost.medianWithMs - 2) < 1e-9 && abs(cost.medianWithoutMs - 1.5) < 1e-9)
        #expect(cost.framesEach == 196)
    }

    /// The app's share (the HUD's own graph and text) counts in the frame.
    @Test func theUpdateCountsInTheFrame() throws {
        let frames = (0..<40).map { _ in frame(ms: 1) }
        let updates = (0..<40).map { $0 % 2 == 0 ? 0.0005 : 0 }
        let cost = try #require(HUDCost(frames: frames, updates: updates))
        #expect(abs(cost.costMs - 0.5) < 1e-9)
    }
}
