import Foundation
import Testing
import Quartzite
import QuartziteRender

/// A frame equal to the last one drawn is not drawn again, and that never shows a stale picture: whatever
/// changes (a property, an animation's time, the clear colour, a setting) draws the frame anew.
@MainActor
@Suite(.serialized)
struct UnchangedFrameTests {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    func scene() -> (root: CALayer, square: CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        root.backgroundColor = .white
        let square = CALayer()
        square.frame = CGRect(x: 8, y: 8, width: 24, height: 24)
        square.backgroundColor = red
        root.addSublayer(square)
        return (root, square)
    }

    @Test func aStaticFrameIsDrawnOnceAndStillReadsBack() throws {
        let (root, _) = scene()
        let renderer = try HeadlessRenderer(size: CGSize(width: 64, height: 64))
        defer { renderer.close() }
        let first = try renderer.render(root, at: 0)
        let timings = try renderer.renderTimed(root, at: 1 / 60)
        #expect(timings.reused)
        #expect(timings.drawCalls == 0)
        let again = try renderer.render(root, at: 2 / 60)
        #expect(again == first)
        #expect(maxChannelDifference(again.pixel(x: 20, y: 20), rgba(255, 0, 0)) <= 1)
    }

    @Test func aChangedPropertyDrawsAgain() throws {
        let (root, square) = scene()
        let renderer = try HeadlessRenderer(size: CGSize(width: 64, height: 64))
        defer { renderer.close() }
        _ = try renderer.render(root, at: 0)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        square.backgroundColor = blue
        CATransaction.commit()
        let timings = try renderer.renderTimed(root, at: 1 / 60)
        #expect(!timings.reused)
        let bitmap = try renderer.render(root, at: 2 / 60)
        #expect(maxChannelDifference(bitmap.pixel(x: 20, y: 20), rgba(0, 0, 255)) <= 1)
    }

    @Test func aRunningAnimationDrawsEveryFrameAndAFinishedOneStops() throws {
        let (root, square) = scene()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.0
        fade.toValue = 1.0
        fade.duration = 1
        fade.beginTime = 10
        fade.isRemovedOnCompletion = false
        fade.fillMode = .forwards
        square.add(fade, forKey: "fade")
        let renderer = try HeadlessRenderer(size: CGSize(width: 64, height: 64))
        defer { renderer.close() }
        _ = try renderer.renderTimed(root, at: 10.25)
        #expect(try !renderer.renderTimed(root, at: 10.5).reused)
        let half = try renderer.render(root, at: 10.5)
        // Opacity 0.5 of red over white (the animation is linear).
        #expect(maxChannelDifference(half.pixel(x: 20, y: 20), rgba(255, 128, 128)) <= 2)
        _ = try renderer.renderTimed(root, at: 11.5)
        // Held at the end by fillMode .forwards: nothing changes any more.
        #expect(try renderer.renderTimed(root, at: 12).reused)
    }

    @Test func aNewClearColourOrSettingDrawsAgain() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 32, height: 32)
        let renderer = try HeadlessRenderer(size: CGSize(width: 32, height: 32))
        defer { renderer.close() }
        _ = try renderer.render(root, at: 0)
        renderer.clearColor = blue
        #expect(try !renderer.renderTimed(root, at: 0).reused)
        let bitmap = try renderer.render(root, at: 0)
        #expect(maxChannelDifference(bitmap.pixel(x: 5, y: 5), rgba(0, 0, 255)) <= 1)
        renderer.dithersGradients.toggle()
        #expect(try !renderer.renderTimed(root, at: 0).reused)
    }

    @Test func turnedOffEveryFrameIsDrawn() throws {
        let (root, _) = scene()
        let renderer = try HeadlessRenderer(size: CGSize(width: 64, height: 64))
        defer { renderer.close() }
        renderer.skipsUnchangedFrames = false
        _ = try renderer.render(root, at: 0)
        let timings = try renderer.renderTimed(root, at: 0)
        #expect(!timings.reused)
        #expect(timings.drawCalls > 0)
    }
}
