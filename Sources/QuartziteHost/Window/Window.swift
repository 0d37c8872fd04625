import Foundation
@preconcurrency import CGLFW
import QuartziteRender

/// Why a window could not be opened.
public enum WindowError: Error, CustomStringConvertible {
    /// There is no display to open a window on (no X server or Wayland compositor reachable).
    case noDisplay(String)
    /// GLFW could not make a window with an OpenGL 3.3 core context.
    case creationFailed(String)

    public var description: String {
        switch self {
        case .noDisplay(let detail):
            return "no display to open a window on (\(detail)). Set DISPLAY or WAYLAND_DISPLAY, run under xvfb-run, or render frames headless with `quartzite capture NAME --at SECONDS --output frame.png`."
        case .creationFailed(let detail):
            return "could not open an OpenGL 3.3 core window: \(detail)"
        }
    }
}

/// Input that reaches the demo or the loop.
package enum WindowEvent: Sendable {
    /// A key pressed (or repeating while held), with whether Shift was down.
    case key(Int32, shift: Bool)
    /// 0 down, 1 moved, 2 up; window points; whether Shift was down.
    case pointer(phase: Int, x: Double, y: Double, shift: Bool)
    /// A wheel or touchpad scroll: positive `dy` scrolls up (away from the user).
    case scroll(dy: Double)
}

/// A GLFW window with an OpenGL 3.3 core context (depth and 8 stencil bits), vsync on, resizable. Input is
/// queued and read with `pollEvents()`.
@MainActor
package final class Window {
    let handle: OpaquePointer
    /// Events since the last poll (GLFW's C callbacks cannot capture, so they append here through a global).
    nonisolated(unsafe) static var queue: [WindowEvent] = []

    /// Opens a window of `width` x `height` points titled `title`, with `samples` per pixel (1, the default:
    /// edges antialiased by coverage; 4: MSAA 4x) and vsync on or off.
    package init(width: Int, height: Int, title: String, samples: Int = 1, vsync: Bool = true) throws {
        glfwSetErrorCallback { _, description in
            if let description { Window.lastError = String(cString: description) }
        }
        RasterizerThreads.prepare()
        guard glfwInit() != 0 else {
            throw WindowError.noDisplay(Window.lastError ?? "GLFW could not initialise")
        }
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3)
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
        glfwWindowHint(GLFW_SAMPLES, samples > 1 ? Int32(clamping: samples) : 0)
        glfwWindowHint(GLFW_STENCIL_BITS, 8)
        // Batched translucent strokes blend once each through the depth test (GLFW's default, stated).
        glfwWindowHint(GLFW_DEPTH_BITS, 24)
        glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE)
        glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE)
        guard let handle = glfwCreateWindow(Int32(clamping: width), Int32(clamping: height), title, nil, nil) else {
            let detail = Window.lastError ?? "unknown GLFW error"
            glfwTerminate()
            throw WindowError.creationFailed(detail)
        }
        self.handle = handle
        glfwMakeContextCurrent(handle)
        glfwSwapInterval(vsync ? 1 : 0)
        glfwSetKeyCallback(handle) { _, key, _, action, mods in
            // Held keys repeat (stepping frame by frame with an arrow held down).
            guard action == GLFW_PRESS || action == GLFW_REPEAT else { return }
            Window.queue.append(.key(key, shift: mods & GLFW_MOD_SHIFT != 0))
        }
        glfwSetMouseButtonCallback(handle) { window, button, action, mods in
            guard button == GLFW_MOUSE_BUTTON_LEFT else { return }
            var x = 0.0, y = 0.0
            glfwGetCursorPos(window, &x, &y)
            Window.queue.append(.pointer(phase: action == GLFW_PRESS ? 0 : 2, x: x, y: y,
                                         shift: mods & GLFW_MOD_SHIFT != 0))
        }
        glfwSetCursorPosCallback(handle) { window, x, y in
            let shift = glfwGetKey(window, GLFW_KEY_LEFT_SHIFT) == GLFW_PRESS || glfwGetKey(window, GLFW_KEY_RIGHT_SHIFT) == GLFW_PRESS
            Window.queue.append(.pointer(phase: 1, x: x, y: y, shift: shift))
        }
        glfwSetScrollCallback(handle) { _, _, dy in Window.queue.append(.scroll(dy: dy)) }
        // Uncovered or damaged: the next frame must be drawn and shown even if nothing changed.
        glfwSetWindowRefreshCallback(handle) { _ in Window.damaged = true }
    }

    /// Set by GLFW when the window's contents were damaged (exposed, restored); cleared by `takeDamage()`.
    nonisolated(unsafe) static var damaged = true

    /// Whether the window must be redrawn whatever changed (it was damaged since the last call).
    package func takeDamage() -> Bool {
        defer { Window.damaged = false }
        return Window.damaged
    }

    /// Waits for input or until `seconds` have passed, for a loop with nothing new to draw.
    package func waitEvents(timeout seconds: Double) {
        // GLFW refuses a timeout that is not finite; a billion seconds is as long.
        glfwWaitEventsTimeout(seconds.isNaN ? 0 : min(max(0, seconds), 1e9))
    }

    /// Waits for input (or `postEmptyEvent()`) with no time limit, for a loop with nothing to draw until then.
    package func waitEvents() {
        glfwWaitEvents()
    }

    /// Wakes a `waitEvents` call on the window's thread; safe from any thread while GLFW is initialised.
    package nonisolated static func postEmptyEvent() {
        glfwPostEmptyEvent()
    }

    nonisolated(unsafe) static var lastError: String?

    /// Whether the user asked to close the window.
    package var shouldClose: Bool {
        get { glfwWindowShouldClose(handle) != 0 }
        set { glfwSetWindowShouldClose(handle, newValue ? GLFW_TRUE : GLFW_FALSE) }
    }

    /// The window's size in points (screen coordinates) and its framebuffer in pixels.
    package var pointSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        glfwGetWindowSize(handle, &w, &h)
        return (Int(w), Int(h))
    }
    package var pixelSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        glfwGetFramebufferSize(handle, &w, &h)
        return (Int(w), Int(h))
    }

    /// The refresh rate of the primary monitor in frames per second, or 60 where GLFW reports none (a
    /// virtual display may not).
    public var refreshRate: Double {
        guard let monitor = glfwGetPrimaryMonitor(), let mode = glfwGetVideoMode(monitor),
              mode.pointee.refreshRate > 0 else { return 60 }
        return Double(mode.pointee.refreshRate)
    }

    /// Reads pending input.
    package func pollEvents() -> [WindowEvent] {
        glfwPollEvents()
        let events = Window.queue
        Window.queue.removeAll()
        return events
    }

    /// Shows the frame drawn (waits for vsync where the display has one).
    package func swapBuffers() { glfwSwapBuffers(handle) }

    /// Makes the window's GL context current on this thread.
    package func makeContextCurrent() { glfwMakeContextCurrent(handle) }

    /// Closes the window and shuts GLFW down.
    package func close() {
        glfwDestroyWindow(handle)
        glfwTerminate()
    }

    /// GLFW key codes the loop understands.
    package static let keyEscape = GLFW_KEY_ESCAPE
    package static let keyQ = GLFW_KEY_Q
    package static let keySpace = GLFW_KEY_SPACE
    package static let keyT = GLFW_KEY_T
    package static let keyP = GLFW_KEY_P
    package static let keyR = GLFW_KEY_R
    package static let keyH = GLFW_KEY_H
    package static let keyLeft = GLFW_KEY_LEFT
    package static let keyRight = GLFW_KEY_RIGHT
    package static let keyUp = GLFW_KEY_UP
    package static let keyDown = GLFW_KEY_DOWN
    package static let keyEnter = GLFW_KEY_ENTER
    package static let keyPadEnter = GLFW_KEY_KP_ENTER
}
