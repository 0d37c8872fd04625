import Foundation
import Testing
import Quartzite
import QuartziteRender

/// `CADisplayLink` driven by `HeadlessRenderer`: each render is one display frame, whose links run before the
/// frame is evaluated, so what they change shows in that frame. Main actor and serialized, as every display
/// link test: each frame calls every registered link.
@MainActor
@Suite(.serialized)
struct DisplayLinkRenderTests {
    /// A 100 x 20 white canvas with a 10 x 10 red square whose left edge a display link puts at
    /// x = speed · timestamp, the way per-frame code changes a layer (actions off).
    func movingSquare(speed: Double) -> (root: CALayer, link: CADisplayLink, calls: () -> Int) {
        let root = whiteCanvas(100, 20)
        let square = solidLayer(CGRect(x: 0, y: 5, width: 10, height: 10), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        root.addSublayer(square)
        var count = 0
        let link = CADisplayLink { link in
            count += 1
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            square.position.x = 5 + speed * link.timestamp
            CATransaction.commit()
        }
        link.add(to: .main, forMode: .common)
        return (root, link, { count })
    }

    /// The x of the leftmost red pixel on the square's middle row, or nil.
    func squareLeft(_ bitmap: Bitmap) -> Int? {
        (0..<bitmap.width).first { x in maxChannelDifference(bitmap.pixel(x: x, y: 10), rgba(255, 0, 0)) <= 8 }
    }

    @Test func eachRenderCallsTheLinkOnceAndShowsWhatItChanged() throws {
        let (root, link, calls) = movingSquare(speed: 100)
        defer { link.invalidate() }
        let renderer = try HeadlessRenderer(size: CGSize(width: 100, height: 20))
        defer { renderer.close() }
        // Frames at 0, 0.25, 0.5 and 0.75 s: the square's left edge at 100 · t.
        for (i, t) in [0, 0.25, 0.5, 0.75].enumerated() {
            let frame = try renderer.render(root, at: t)
            #expect(calls() == i + 1)
            #expect(link.timestamp == t)
            #expect(squareLeft(frame) == Int(100 * t))
        }
        #expect(link.duration == 1.0 / 60)
    }

    @Test func theRenderersRefreshRateIsTheLinksDuration() throws {
        let (root, link, calls) = movingSquare(speed: 120)
        defer { link.invalidate() }
        link.preferredFramesPerSecond = 30
        let renderer = try HeadlessRenderer(size: CGSize(width: 100, height: 20))
        defer { renderer.close() }
        renderer.refreshRate = 120
        // Eight frames of a 120 Hz display: a 30 fps link is called at every fourth, 0 and 4.
        var lefts: [Int?] = []
        for k in 0..<8 { lefts.append(squareLeft(try renderer.render(root, at: Double(k) / 120))) }
        #expect(calls() == 2)
        #expect(link.duration == 1.0 / 120)
        #expect(abs(link.targetTimestamp - link.timestamp - 4.0 / 120) < 1e-12)
        // Between calls the square stays where the last call put it: 0 for frames 0-3, 120 · 4/120 after.
        let expected: [Int?] = [0, 0, 0, 0, 4, 4, 4, 4]
        #expect(lefts == expected)
    }
}
