import Foundation
import Quartzite
import QuartziteRender

/// One open window and what it shows: the gallery or one demo (its stage), with the HUD and the hint line
/// above it in one layer tree. Reads input, runs the frames and sleeps while nothing moves.
@MainActor
final class WindowSession {
    let window: Window
    let renderer: FrameRenderer
    let playback = Playback()
    let hud = FrameHUD()
    let hint: HintBar
    /// The window's layer tree: what shows (gallery or demo), then the HUD and the hint above it.
    let root = CALayer()
    private var gallery: Gallery?
    private var stage: DemoStage?
    private var points: (width: Int, height: Int)
    private var pixels: (width: Int, height: Int)
    /// Display links see the monitor's refresh interval as their `duration`.
    private let refreshInterval: CFTimeInterval
    private let opened = ProcessInfo.processInfo.systemUptime
    /// Intervals between frames shown (system seconds), so idle waits do not count as frames.
    private var frameTimes: [Double] = []
    private var lastShown: CFTimeInterval
    /// Whether the last frame's content was still moving (so its timings belong in the HUD's graph).
    private var moving = true
    private var isScrubbing = false
    /// The demo time a scrub asked for since the last frame: seeks replay the demo from its start, so the
    /// many pointer moves of one frame make one seek.
    private var pendingSeek: CFTimeInterval?

    init(title: String, size: CGSize, samples: Int) throws {
        window = try Window(width: Int(clampingPixel: size.width), height: Int(clampingPixel: size.height),
                            title: title, samples: samples)
        points = window.pointSize
        pixels = window.pixelSize
        do {
            renderer = try FrameRenderer(canvasSize: CGSize(width: points.width, height: points.height),
                                         contentScale: CGFloat(pixels.width) / CGFloat(max(points.width, 1)))
        } catch {
            window.close()
            throw error
        }
        // Before the first frame: a first draw under a new state would otherwise stall a live one.
        renderer.warmUp()
        refreshInterval = 1 / window.refreshRate
        lastShown = opened
        hint = HintBar(at: opened)
        // Another thread's change to the layers wakes the loop from a sleep.
        CATransaction.observeChanges { Window.postEmptyEvent() }
        // A frame equal to the one on screen is neither drawn nor swapped (the front buffer still shows it).
        renderer.skipsUnchangedFrames = true
        hud.contentsScale = CGFloat(pixels.width) / canvas.width
        UIScreen.main.setScale(hud.contentsScale)
        root.addSublayer(hud.layer)
        root.addSublayer(hint.layer)
        layOut()
    }

    func close() {
        CATransaction.stopObservingChanges()
        renderer.release()
        window.close()
        playback.reset()
    }

    private var canvas: CGSize { CGSize(width: max(points.width, 1), height: max(points.height, 1)) }

    // MARK: What shows

    /// Shows `type` at full size, with `pointerScript`'s events at their demo times.
    func open(_ type: any Demo.Type, pointerScript: [ScriptedPointer] = []) {
        let next = DemoStage(type, canvas: canvas, now: CACurrentMediaTime(), pointerScript: pointerScript)
        stage = next
        show(next.root)
        hint.show(at: ProcessInfo.processInfo.systemUptime)
    }

    /// Shows the gallery of `types`.
    func showGallery(of types: [any Demo.Type]) {
        let next = Gallery(types, canvas: canvas, now: CACurrentMediaTime())
        gallery = next
        show(next.layer)
        hint.show(at: ProcessInfo.processInfo.systemUptime)
    }

    /// Puts `content` under the HUD and the hint, in place of what showed (a restarted, resized or scrubbed
    /// demo is a new layer tree).
    private func show(_ content: CALayer) {
        guard content.superlayer !== root else { return }
        withoutActions {
            root.sublayers?.first { $0 !== hud.layer && $0 !== hint.layer }?.removeFromSuperlayer()
            root.insertSublayer(content, at: 0)
        }
    }

    private func backToGallery() {
        guard let gallery else { window.shouldClose = true; return }
        stage = nil
        isScrubbing = false
        pendingSeek = nil
        show(gallery.layer)
        hint.show(at: ProcessInfo.processInfo.systemUptime)
    }

    private func layOut() {
        withoutActions {
            root.frame = CGRect(origin: .zero, size: canvas)
            hud.layer.position = CGPoint(x: 8, y: 8)
        }
        hint.layout(canvas: canvas)
        gallery?.layout(canvas: canvas)
    }

    // MARK: The loop

    /// Runs frames until the window closes or `duration` system seconds have passed.
    func loop(duration: CFTimeInterval?) {
        let closing = duration.map { opened + $0 }
        while !window.shouldClose {
            let now = CACurrentMediaTime()
            for event in window.pollEvents() { handle(event, now: now) }
            if window.shouldClose { break }
            resizeIfNeeded()
            let frameNow = CACurrentMediaTime()
            let reused = frame(at: frameNow)
            if let closing, ProcessInfo.processInfo.systemUptime >= closing { break }
            sleep(after: frameNow, reused: reused, closing: closing)
        }
    }

    private func resizeIfNeeded() {
        let newPoints = window.pointSize, newPixels = window.pixelSize
        guard newPoints != points || newPixels != pixels else { return }
        points = newPoints
        pixels = newPixels
        renderer.resize(canvasSize: canvas, contentScale: CGFloat(pixels.width) / canvas.width)
        hud.contentsScale = CGFloat(pixels.width) / canvas.width
        UIScreen.main.setScale(hud.contentsScale)
        layOut()
        stage?.resize(to: canvas)
    }

    /// Runs and draws the frame at media time `now`; whether it equalled the one on screen.
    private func frame(at now: CFTimeInterval) -> Bool {
        let system = ProcessInfo.processInfo.systemUptime
        if let stage {
            if let target = pendingSeek {
                pendingSeek = nil
                stage.seek(to: target, now: now)
            }
            stage.advance(to: now)
            show(stage.root)
        } else {
            gallery?.advance(to: now)
        }
        if window.takeDamage() { renderer.invalidateLastFrame() }
        // Once per frame, after the script and the demo's update. A callback may have made another GL context
        // current.
        if DisplayLinkRegistry.fireLinks(at: now, refreshInterval: refreshInterval) { window.makeContextCurrent() }
        hint.update(at: system)
        if hud.isVisible { hud.refresh(at: system, clock: clockText(at: now)) }
        // With the HUD showing, the frame waits for the GPU so the graph's split is the real one.
        var timings = renderer.renderFrame(root, at: now, pixelWidth: pixels.width, pixelHeight: pixels.height,
                                           waitForGPU: hud.isVisible)
        if !timings.reused {
            let swapStart = ProcessInfo.processInfo.systemUptime
            window.swapBuffers()
            let shown = ProcessInfo.processInfo.systemUptime
            timings.present = shown - swapStart
            frameTimes.append(shown - lastShown)
            lastShown = shown
            // A bounded window of recent intervals: a window left open for hours keeps a few hundred KB.
            if frameTimes.count > 20_000 { frameTimes.removeFirst(10_000) }
            if moving && !playback.isPaused { hud.record(timings, at: shown) }
        }
        return timings.reused
    }

    /// The HUD's reading of the clock: the demo's time, its rate and whether it is paused.
    private func clockText(at now: CFTimeInterval) -> String {
        let t = stage.map { String(format: "t %.2f s", $0.time(at: now)) } ?? "gallery"
        return t + (playback.isSlow ? "  0.1x" : "") + (playback.isPaused ? "  paused" : "")
    }

    /// The earliest media time at or after `now` at which what shows changes without input, or nil.
    private func nextChange(after now: CFTimeInterval) -> CFTimeInterval? {
        if let stage { return stage.player.nextChange(after: now) }
        return gallery?.nextChange(after: now)
    }

    /// Waits after the frame at media time `now`. While something moves a drawn frame's swap has paced the
    /// loop, and an unchanged one waits for the next 120 Hz tick; otherwise the loop blocks until input (or
    /// another thread's change, which posts an empty event), the next change (in system seconds at the
    /// clock's rate; never, while paused), the hint line's next change (its fade runs in system time, at
    /// 60 Hz), or the window's closing time, so a settled or paused window costs no CPU.
    private func sleep(after now: CFTimeInterval, reused: Bool, closing: CFTimeInterval?) {
        let change = nextChange(after: now)
        moving = change.map { $0 <= now } ?? false
        if moving && !playback.isPaused {
            if reused { window.waitEvents(timeout: 1.0 / 120) }
            return
        }
        let system = ProcessInfo.processInfo.systemUptime
        var wait = CFTimeInterval.infinity
        if let change, !playback.isPaused, let seconds = MediaClock.systemInterval(forMedia: change - now) {
            wait = seconds
        }
        if let hintChange = hint.nextChange(after: system) { wait = min(wait, max(hintChange - system, 1.0 / 60)) }
        if let closing { wait = min(wait, closing - system) }
        if wait.isFinite {
            window.waitEvents(timeout: wait)
        } else {
            window.waitEvents()
        }
    }

    // MARK: Input

    private func handle(_ event: WindowEvent, now: CFTimeInterval) {
        switch event {
        case .key(let key, _):
            handleKey(key, now: now)
        case .pointer(let phase, let x, let y, let shift):
            handlePointer(phase: phase, at: CGPoint(x: x, y: y), shift: shift, now: now)
        case .scroll(let dy):
            guard let stage, dy.isFinite, dy != 0 else { return }
            // A notch up goes back a tenth of a second, down goes on.
            playback.pause()
            pendingSeek = (pendingSeek ?? stage.time(at: now)) - 0.1 * dy
        }
    }

    private func handleKey(_ key: Int32, now: CFTimeInterval) {
        switch key {
        case Window.keyQ: window.shouldClose = true
        case Window.keyEscape: if stage != nil { backToGallery() } else { window.shouldClose = true }
        case Window.keyT: playback.toggleSlowMotion()
        case Window.keyP, Window.keySpace: playback.togglePause()
        case Window.keyH: hud.isVisible.toggle()
        default: if stage != nil { handleDemoKey(key, now: now) } else { handleGalleryKey(key) }
        }
    }

    private func handleDemoKey(_ key: Int32, now: CFTimeInterval) {
        guard let stage else { return }
        switch key {
        case Window.keyR:
            pendingSeek = nil
            stage.restart(at: now)
        case Window.keyRight where playback.isPaused: MediaClock.skip(by: DemoStage.frameInterval)
        case Window.keyLeft where playback.isPaused:
            pendingSeek = (pendingSeek ?? stage.time(at: now)) - DemoStage.frameInterval
        default: break
        }
    }

    private func handleGalleryKey(_ key: Int32) {
        guard let gallery else { return }
        switch key {
        case Window.keyLeft: gallery.moveSelection(dx: -1, dy: 0)
        case Window.keyRight: gallery.moveSelection(dx: 1, dy: 0)
        case Window.keyUp: gallery.moveSelection(dx: 0, dy: -1)
        case Window.keyDown: gallery.moveSelection(dx: 0, dy: 1)
        case Window.keyEnter, Window.keyPadEnter: openSelected()
        default: break
        }
    }

    private func openSelected() {
        guard let gallery, gallery.types.indices.contains(gallery.selection) else { return }
        open(gallery.types[gallery.selection])
    }

    private func handlePointer(phase: Int, at point: CGPoint, shift: Bool, now: CFTimeInterval) {
        guard let stage else {
            if phase == 0, let gallery, let index = gallery.index(at: point) {
                gallery.select(index)
                openSelected()
            }
            return
        }
        // Shift-drag scrubs: the window's width spans the first `scrubSpan` seconds.
        if phase == 0 && shift { isScrubbing = true }
        if isScrubbing {
            playback.pause()
            let fraction = min(max(point.x / canvas.width, 0), 1)
            pendingSeek = DemoStage.scrubSpan * Double(fraction)
            if phase == 2 { isScrubbing = false }
            return
        }
        stage.player.handlePointer(PointerEvent(phase: phase == 0 ? .down : phase == 1 ? .moved : .up, location: point))
    }

    // MARK: Statistics

    /// Prints the frames shown, their median interval, and the clock's measured rate since its last change.
    func printStatistics(name: String) {
        guard frameTimes.count > 1 else { return }
        let sorted = frameTimes.dropFirst().sorted()
        let median = sorted[sorted.count / 2] * 1000
        let pointerEvents = stage.map { String(format: ", %d pointer events", $0.player.pointerEventsHandled) } ?? ""
        print(String(format: "%@: %d frames in %.1f s, median frame interval %.2f ms%@",
                     name, frameTimes.count, ProcessInfo.processInfo.systemUptime - opened, median, pointerEvents))
        let clock = playback.measuredRate
        print(String(format: "clock: %.3fx over the last %.2f s%@", clock.rate, clock.overSeconds,
                     playback.isPaused ? " (paused)" : ""))
    }
}
