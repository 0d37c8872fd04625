import CEGL
import Foundation
import Testing
import Quartzite
@testable import QuartziteRender

/// EGL lets a context be current on one thread at a time, and async main-actor code runs on whichever thread
/// resumes it: a renderer leaves its context free between calls, so another thread can take it.
@MainActor
@Suite(.serialized)
struct HeadlessRendererThreadTests {
    final class Outcome: @unchecked Sendable {
        var madeCurrent = false
    }

    @Test func aRenderLeavesTheContextFreeForAnotherThread() throws {
        let renderer = try HeadlessRenderer(size: CGSize(width: 8, height: 8))
        defer { renderer.close() }
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        _ = try renderer.render(layer, at: 0)
        // The context's EGL handles, used on the other thread as EGL itself is (no actor there).
        nonisolated(unsafe) let display = renderer.context.display
        nonisolated(unsafe) let context = renderer.context.context
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            outcome.madeCurrent = eglMakeCurrent(display, nil, nil, context) != 0
            eglMakeCurrent(display, nil, nil, nil)
            done.signal()
        }
        thread.start()
        done.wait()
        #expect(outcome.madeCurrent, "another thread could not make the context current")
        // And the renderer takes it back for its next frame.
        #expect(try renderer.render(layer, at: 1).pixel(x: 4, y: 4) == SIMD4(255, 0, 0, 255))
    }
}
