import Foundation
import Quartzite
import QuartziteRender


/// Runs a demo in a window: each frame feeds the clock and input to the demo, calls the display links due
/// (`CADisplayLink`), renders, swaps, and delivers animation callbacks. Esc or Q closes, Space restarts the
/// demo.
@MainActor
public enum DemoWindow {
    /// Opens the window and runs until it is closed or `duration` seconds have passed. Prints frame statistics
    /// at the end when `reportStatistics` is set. `samples`: 4 for 4x MSAA, 1 for coverage antialiasing.
    public static func run(_ type: any Demo.Type, size: CGSize, duration: CFTimeInterval?, samples: Int = 1,
                           reportStatistics: Bool = true) throws {
        try run(type, size: size, duration: duration, samples: samples, pointerScript: [],
                reportStatistics: reportStatistics)
    }

    /// `run`, with the pointer events of `pointerScript` given to the demo at their demo times as well as the
    /// window's own (the command line's `--pointer`). The statistics line ends with the pointer events the
    /// demo now running has handled.
    package static func run(_ type: any Demo.Type, size: CGSize, duration: CFTimeInterval?, samples: Int,
                            pointerScript: [ScriptedPointer], reportStatistics: Bool) throws {
        let window = try Window(width: Int(clampingPixel: size.width), height: Int(clampingPixel: size.height),
                                title: "Quartzite — \(type.name)",
                                samples: samples)
        defer { window.close() }
        var points = window.pointSize
        var pixels = window.pixelSize
        let renderer = try FrameRenderer(canvasSize: CGSize(width: points.width, height: points.height),
                                         contentScale: CGFloat(pixels.width) / CGFloat(max(points.width, 1)))
        defer { renderer.release() }
        // Another thread's change to the layers wakes the loop from a sleep (`sleep(in:after:until:...)`).
        CATransaction.observeChanges { Window.postEmptyEvent() }
        defer { CATransaction.stopObservingChanges() }
        // A frame equal to the one on screen is neither drawn nor swapped (the front buffer still shows it).
        renderer.skipsUnchangedFrames = true
        // Display links see the monitor's refresh interval as their `duration`.
        let refreshInterval = 1 / window.refreshRate
        var player = DemoPlayer(type, size: CGSize(width: points.width, height: points.height),
                                startTime: CACurrentMediaTime(), pointerScript: pointerScript)
        let opened = CACurrentMediaTime()
        var frameTimes: [Double] = []
        var last = opened

        while !window.shouldClose {
            for event in window.pollEvents() {
                switch event {
                case .key(let key) where key == Window.keyEscape || key == Window.keyQ:
                    window.shouldClose = true
                case .key(let key) where key == Window.keySpace:
                    player.restart(at: CACurrentMediaTime())
                case .pointer(let phase, let x, let y):
                    let p = PointerEvent(phase: phase == 0 ? .down : phase == 1 ? .moved : .up,
                                         location: CGPoint(x: x, y: y))
                    player.handlePointer(p)
                default:
                    break
                }
            }
            let newPoints = window.pointSize, newPixels = window.pixelSize
            if newPoints != points || newPixels != pixels {
                // A resized window rebuilds the demo for the new canvas (layers have no autoresizing).
                points = newPoints
                pixels = newPixels
                let canvas = CGSize(width: max(points.width, 1), height: max(points.height, 1))
                renderer.resize(canvasSize: canvas, contentScale: CGFloat(pixels.width) / canvas.width)
                player = DemoPlayer(type, size: canvas, startTime: player.startTime, pointerScript: pointerScript)
            }
            let now = CACurrentMediaTime()
            player.advance(to: now - player.startTime)
            if window.takeDamage() { renderer.invalidateLastFrame() }
            // Once per frame, after the script and the demo's update; what the links change shows in this
            // frame. A callback may have made another GL context current.
            if DisplayLinkRegistry.fireLinks(at: now, refreshInterval: refreshInterval) {
                window.makeContextCurrent()
            }
            let timings = renderer.renderFrame(player.demo.rootLayer, at: now, pixelWidth: pixels.width,
                                               pixelHeight: pixels.height)
            if !timings.reused {
                window.swapBuffers()
                // Intervals between frames shown, so idle waits do not count as frames.
                frameTimes.append(now - last)
                last = now
                // A bounded window of recent intervals: a window left open for hours keeps a few hundred KB.
                if frameTimes.count > 20_000 { frameTimes.removeFirst(10_000) }
            }
            if let duration, now - opened >= duration { break }
            sleep(in: window, after: now, until: player.nextChange(after: now), reused: timings.reused,
                  closingAt: duration.map { opened + $0 })
        }
        if reportStatistics, frameTimes.count > 1 {
            let sorted = frameTimes.dropFirst().sorted()
            let median = sorted[sorted.count / 2] * 1000
            print(String(format: "%@: %d frames in %.1f s, median frame interval %.2f ms, %d pointer events",
                         type.name, frameTimes.count, CACurrentMediaTime() - opened, median,
                         player.pointerEventsHandled))
        }
    }

    /// Waits after the frame at media time `now`. While something moves (`change` is `now`) a drawn frame's
    /// swap has paced the loop, and an unchanged one waits for the next 120 Hz tick; otherwise the loop blocks
    /// until input (or another thread's change, which posts an empty event), the next change, or the
    /// window's closing time, so an untouched, settled demo costs no CPU.
    private static func sleep(in window: Window, after now: CFTimeInterval, until change: CFTimeInterval?,
                              reused: Bool, closingAt closing: CFTimeInterval?) {
        if let change, change <= now {
            if reused { window.waitEvents(timeout: 1.0 / 120) }
            return
        }
        let wake = min(change ?? .infinity, closing ?? .infinity)
        if wake.isFinite {
            window.waitEvents(timeout: wake - CACurrentMediaTime())
        } else {
            window.waitEvents()
        }
    }
}
