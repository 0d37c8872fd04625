import Foundation
import Testing
import Quartzite
import QuartziteRender
@testable import QuartziteHost

/// A demo driven by a display link, as an iOS view animates with one: a red square whose left edge is at
/// x = 100 · (timestamp − the time the demo started), and a blue square moved 2 points by each call. It logs
/// each call's timestamp; its script pauses the link at demo time 0.99. Nothing else changes it.
@MainActor
final class LinkDrivenDemo: Demo {
    static let name = "link-driven"
    static let summary = "a square moved by a CADisplayLink"
    static let preferredSize = CGSize(width: 200, height: 40)
    /// Timestamps of the calls, demo-relative, of the last demo made.
    static var log: [CFTimeInterval] = []

    let rootLayer = CALayer()
    let timeline = DemoTimeline()
    let link: CADisplayLink

    init(size: CGSize) {
        rootLayer.frame = CGRect(origin: .zero, size: size)
        rootLayer.backgroundColor = .white
        let red = CALayer(), blue = CALayer()
        red.frame = CGRect(x: 0, y: 5, width: 10, height: 10)
        red.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        blue.frame = CGRect(x: 0, y: 25, width: 10, height: 10)
        blue.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        rootLayer.addSublayer(red)
        rootLayer.addSublayer(blue)
        let start = CACurrentMediaTime()
        LinkDrivenDemo.log = []
        link = CADisplayLink { link in
            let t = link.timestamp - start
            MainActor.assumeIsolated { LinkDrivenDemo.log.append(t) }
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            red.position.x = 5 + 100 * t
            blue.position.x += 2
            CATransaction.commit()
        }
        link.add(to: .main, forMode: .common)
        timeline.at(0.99) { [link] in link.isPaused = true }
    }

    func nextUpdate(after t: CFTimeInterval) -> CFTimeInterval? { nil }

    isolated deinit { link.invalidate() }
}

/// `Capture` and `DemoPlayer` with display links: the headless clock calls them at every frame of a 60 Hz
/// display up to the captured time, so a capture at t is the same on every run; the window's schedule keeps
/// waking for a running link and sleeps once it is paused.
@MainActor
@Suite(.serialized)
struct DisplayLinkCaptureTests {
    let size = LinkDrivenDemo.preferredSize

    /// The left edge of the run of `colour` on row `y`, or nil.
    func leftEdge(_ bitmap: Bitmap, y: Int, _ colour: SIMD4<UInt8>) -> Int? {
        (0..<bitmap.width).first { x in
            guard let p = bitmap.pixel(x: x, y: y) else { return false }
            return (0..<3).allSatisfy { abs(Int(p[$0]) - Int(colour[$0])) <= 8 }
        }
    }

    let red = SIMD4<UInt8>(255, 0, 0, 255), blue = SIMD4<UInt8>(0, 0, 255, 255)

    @Test func aCaptureRunsTheLinkAtEveryDisplayFrameUpToItsTime() throws {
        let frame = try Capture.frame(LinkDrivenDemo.self, size: size, at: 0.5)
        // Display frames 0, 1/60, ..., 30/60 = 0.5: 31 calls at those times.
        #expect(LinkDrivenDemo.log.count == 31)
        #expect(LinkDrivenDemo.log.enumerated().allSatisfy { abs($1 - Double($0) / 60) < 1e-12 })
        // Red at 100 · 0.5; blue moved 2 points by each of the 31 calls.
        #expect(leftEdge(frame, y: 10, red) == 50)
        #expect(leftEdge(frame, y: 30, blue) == 62)
        // The capture's demo is gone, and its link with it.
        #expect(!DisplayLinkRegistry.hasRunningLinks)
    }

    @Test func aCaptureIsTheSameOnEveryRun() throws {
        let first = try Capture.frame(LinkDrivenDemo.self, size: size, at: 0.75)
        let firstLog = LinkDrivenDemo.log
        let second = try Capture.frame(LinkDrivenDemo.self, size: size, at: 0.75)
        #expect(first == second)
        #expect(LinkDrivenDemo.log == firstLog)
        #expect(leftEdge(first, y: 10, red) == 75)
    }

    @Test func aCaptureBetweenDisplayFramesCallsTheLinkAtItsOwnTime() throws {
        // 0.505 s lies 0.3 of a frame after display frame 30: frames 0 ... 29 run, then the captured frame
        // stands for frame 30 and calls the link at 0.505.
        let frame = try Capture.frame(LinkDrivenDemo.self, size: size, at: 0.505)
        #expect(LinkDrivenDemo.log.count == 31)
        #expect(LinkDrivenDemo.log.last == 0.505)
        #expect(abs((LinkDrivenDemo.log.dropLast().last ?? 0) - 29.0 / 60) < 1e-12)
        // Red's left edge at 50.5: pixel 50 half covered, 51 the first whole one.
        #expect(leftEdge(frame, y: 10, red) == 51)
    }

    @Test func aSequenceCallsTheLinkAtTheDisplaysFramesBetweenItsOwn() throws {
        // 30 captured frames a second of a 60 Hz display: the link is still called at every display frame.
        var blueLefts: [Int?] = []
        try Capture.sequence(LinkDrivenDemo.self, size: size, from: 0, to: 0.5, fps: 30) { _, _, bitmap in
            blueLefts.append(leftEdge(bitmap, y: 30, blue))
        }
        #expect(LinkDrivenDemo.log.count == 31)
        // Captured frame i (t = i / 30 = display frame 2i) follows 2i + 1 calls: blue at 2 · (2i + 1).
        let expected: [Int?] = (0...15).map { 2 * (2 * $0 + 1) }
        #expect(blueLefts == expected)
    }

    @Test func aPausedLinkStopsMovingTheCapture() throws {
        // The script pauses the link at 0.99 s: display frames 0 ... 59 (59/60 = 0.983 s) call it, and none
        // after.
        let late = try Capture.frame(LinkDrivenDemo.self, size: size, at: 2)
        #expect(LinkDrivenDemo.log.count == 60)
        #expect(abs((LinkDrivenDemo.log.last ?? 0) - 59.0 / 60) < 1e-12)
        #expect(leftEdge(late, y: 30, blue) == 120)
    }

    @Test func aCaptureBeyondTheBudgetReplaysOnlyItsLastDisplayFrames() throws {
        // With a budget of 10 display frames, a capture at 0.5 s (display frame 30) calls the link at frames
        // 20 ... 29 and at the captured frame, and says that it skipped the earlier ones.
        let budget = DemoPlayer.displayFrameBudget
        DemoPlayer.displayFrameBudget = 10
        defer { DemoPlayer.displayFrameBudget = budget }
        _ = try Capture.frame(LinkDrivenDemo.self, size: size, at: 0.5)
        #expect(LinkDrivenDemo.log.count == 11)
        #expect(abs((LinkDrivenDemo.log.first ?? 0) - 20.0 / 60) < 1e-12)
        #expect(Diagnostics.messages.contains { $0.contains("replay at most 10 display frames") })
    }

    @Test func theWindowSleepsOnlyOnceTheLinkIsPaused() {
        // Frames as the window runs them: script and update, the links, the end of the frame; then when the
        // loop may sleep until.
        let start: CFTimeInterval = 100
        let player = DemoPlayer(LinkDrivenDemo.self, size: size, startTime: start)
        func frame(at t: CFTimeInterval) -> CFTimeInterval? {
            player.advance(to: t)
            DisplayLinkRegistry.fireLinks(at: start + t, refreshInterval: 1.0 / 60)
            MediaClock.performFrozen(at: start + t) { Evaluator.finishFrame(player.demo.rootLayer, at: start + t) }
            return player.nextScheduledChange(after: start + t)
        }
        // Running: the loop wakes for the link's next frame, one refresh interval on.
        let next = frame(at: 0.1)
        #expect(abs((next ?? 0) - (start + 0.1 + 1.0 / 60)) < 1e-9)
        // Just before the pause at 0.99 s: the earlier of the link's next frame (0.9967) and the event.
        #expect(abs((frame(at: 0.98) ?? 0) - (start + 0.99)) < 1e-9)
        // Paused by the script: nothing changes until input.
        #expect(frame(at: 1.1) == nil)
        // Unpaused from another thread: the loop is due at once.
        struct Carried: @unchecked Sendable { let link: CADisplayLink }
        guard let demo = player.demo as? LinkDrivenDemo else {
            Issue.record("the player made another demo")
            return
        }
        let carried = Carried(link: demo.link)
        let done = DispatchSemaphore(value: 0)
        Thread {
            carried.link.isPaused = false
            done.signal()
        }.start()
        done.wait()
        #expect(player.nextScheduledChange(after: start + 1.2) == start + 1.2)
        demo.link.invalidate()
        #expect(player.nextScheduledChange(after: start + 1.2) == nil)
    }
}
