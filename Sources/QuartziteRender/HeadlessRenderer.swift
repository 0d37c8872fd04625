import Foundation
import Quartzite

/// Renders layer trees offscreen, with no window and no display server (EGL surfaceless on Mesa llvmpipe),
/// into bitmaps. Time is whatever the caller asks: a render at t shows exactly the frame at t, every run.
/// Its GL context is current on the calling thread only during a `render(_:at:)` (and `warmUp`), so the main
/// actor's code may capture frames from whichever thread it runs on (async code resumes on another thread
/// after an `await` here); `renderTimed(_:at:)`, for timing loops, keeps it current between frames.
@MainActor
public final class HeadlessRenderer {
    /// Canvas size in points.
    public let size: CGSize
    /// Device pixels per point.
    public let scale: CGFloat
    /// Size of the bitmaps in pixels.
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// Samples per pixel of the offscreen target (4 where the driver offers MSAA).
    public var samples: Int { framebuffer.samples }
    /// The GL renderer string (for example "llvmpipe (LLVM 15.0.6, 256 bits)").
    public let glRenderer: String
    /// The colour the canvas is cleared to (default transparent).
    public var clearColor: CGColor = .clear { didSet { frameRenderer.clearColor = clearColor.premultipliedRGBA } }

    /// Whether gradients are dithered against banding (default true); turn off to compare with a reference.
    package var dithersGradients: Bool {
        get { frameRenderer.backend.dither } set { frameRenderer.backend.dither = newValue }
    }

    /// Whether a layer under an arc-stroking mask is composited through the arc from one group
    /// (`Compositor.drawsThroughArcMasks`).
    package var drawsThroughArcMasks: Bool {
        get { frameRenderer.compositor.drawsThroughArcMasks } set { frameRenderer.compositor.drawsThroughArcMasks = newValue }
    }

    /// Whether backgrounds are drawn round what opaque sublayers cover (`Compositor.cutsCoveredBackgrounds`).
    package var cutsCoveredBackgrounds: Bool {
        get { frameRenderer.compositor.cutsCoveredBackgrounds } set { frameRenderer.compositor.cutsCoveredBackgrounds = newValue }
    }

    /// Whether consecutive solid fills share one draw call (default true); off to measure what that saves.
    package var batchesFills: Bool {
        get { frameRenderer.compositor.batchesFills } set { frameRenderer.compositor.batchesFills = newValue }
    }

    /// Whether a frame equal to the last one drawn is not drawn again (default true): the offscreen target
    /// keeps its pixels, so the bitmap is the same and a static scene costs little more than evaluating it.
    package var skipsUnchangedFrames: Bool {
        get { frameRenderer.skipsUnchangedFrames } set { frameRenderer.skipsUnchangedFrames = newValue }
    }

    /// The image textures the renderer holds: those of live images, and spares whose image is gone.
    package var imageTextureCounts: (live: Int, spare: Int) {
        (frameRenderer.backend.textures.count, frameRenderer.backend.textures.spares.count)
    }

    /// Whether every raster a frame begins fails, as running out of memory would (for tests).
    package var failsRasters: Bool {
        get { frameRenderer.backend.failsRasters } set { frameRenderer.backend.failsRasters = newValue }
    }

    /// Rasters copied onto the canvas instead of drawn since the renderer was made.
    package var rasterCopies: Int { frameRenderer.backend.rasterCopies }

    /// The programs that are linked on first use (gradient variants, pictures seen through a ring) and are
    /// linked now.
    package var lazyProgramsLinked: Int {
        frameRenderer.backend.gradients.compactMap { $0 }.count + frameRenderer.backend.imageArcs.count
    }

    /// Whether timed frames count their ink (`FrameTimings.inkPixels`; default false).
    package var countsInk: Bool {
        get { frameRenderer.countsInk } set { frameRenderer.countsInk = newValue }
    }

    /// Whether a frame leaves the depth and stencil buffers uncleared when the last frame left them usable
    /// (default true: this renderer's own surface keeps them); off to clear them every frame.
    package var keepsDepthStencil: Bool {
        get { frameRenderer.keepsDepthStencil } set { frameRenderer.keepsDepthStencil = newValue }
    }

    /// The refresh rate of the display this renderer stands for, in frames per second (default 60): each
    /// `render(_:at:)` is one display frame, which calls the display links due (`CADisplayLink`), whose
    /// `duration` is `1 / refreshRate`. `Capture` also runs the display frames between the frames it
    /// captures at this rate. A rate that is not a finite positive number counts as 60.
    public var refreshRate: Double = 60

    /// The display's refresh interval, `1 / refreshRate`.
    package var refreshInterval: CFTimeInterval {
        refreshRate.isFinite && refreshRate > 0 ? 1 / refreshRate : DisplayLinkRegistry.defaultRefreshInterval
    }

    let context: HeadlessContext
    private let framebuffer: OffscreenSurface
    private let frameRenderer: FrameRenderer
    private var closed = false

    /// A renderer for a canvas of `size` points at `scale` pixels per point. Throws for a size that is empty,
    /// not finite or over 16384 pixels a side, a sample count other than 1, 2 or 4, or when no OpenGL 3.3
    /// context can be made. `samples`: 1 (the default) antialiases edges by coverage, 2 or 4 by MSAA
    /// (BENCHMARKS.md says why 1); the driver may give fewer samples than asked (`samples` says how many).
    public init(size: CGSize, scale: CGFloat = 1, samples: Int = 1) throws {
        guard [1, 2, 4].contains(samples) else {
            throw RenderError.invalidArgument("samples per pixel must be 1 (coverage antialiasing), 2 or 4 (MSAA), not \(samples)")
        }
        let w = size.width * scale, h = size.height * scale
        guard w.isFinite, h.isFinite, scale > 0, w >= 1, h >= 1, w <= 16384, h <= 16384 else {
            throw RenderError.invalidSize("\(size.width)x\(size.height) at scale \(scale) must be 1...16384 pixels a side")
        }
        self.size = size
        self.scale = scale
        pixelWidth = Int(w.rounded())
        pixelHeight = Int(h.rounded())
        context = try HeadlessContext()
        glRenderer = GL.rendererName
        framebuffer = try OffscreenSurface(width: pixelWidth, height: pixelHeight, samples: samples)
        frameRenderer = try FrameRenderer(canvasSize: size, contentScale: scale)
        frameRenderer.skipsUnchangedFrames = true
        // Its own surface, bound for every frame: depth and stencil stay as the last frame left them.
        frameRenderer.keepsDepthStencil = true
        context.releaseCurrent()
    }

    /// The frame of `layer` at media time `time` (the clock reads `time` while it is built), after the display
    /// links due at `time` have been called.
    public func render(_ layer: CALayer, at time: CFTimeInterval) throws -> Bitmap {
        defer { context.releaseCurrent() }
        try drawFrame(layer, at: time, waitForGPU: false)
        return Bitmap(glPixels: framebuffer.readPixels(), width: pixelWidth, height: pixelHeight)
    }

    /// Compiles the shader programs under the states frames commonly use, as a window does before its first
    /// frame, the commonest first, for at most `budget` seconds (nil: as long as a window gives it), so that
    /// timed frames do not pay for a first draw; returns the seconds it took.
    @discardableResult
    public func warmUp(budget: Double? = nil) throws -> Double {
        guard !closed else { throw RenderError.context("the renderer was closed") }
        try context.makeCurrent()
        defer { context.releaseCurrent() }
        framebuffer.bindForDrawing()
        return frameRenderer.warmUp(budget: budget ?? GLBackend.warmUpBudget)
    }

    /// Draws a frame without reading it back, waiting for the GPU, and returns where the time went. For timing
    /// loops on one thread, the context stays current after it (releasing it each frame makes llvmpipe set
    /// the next frame up afresh: the gallery's frame read 12.8 -> 19.5 ms); the next `render(_:at:)`,
    /// `warmUp` or `close()` on the same thread releases it.
    public func renderTimed(_ layer: CALayer, at time: CFTimeInterval) throws -> FrameTimings {
        try drawFrame(layer, at: time, waitForGPU: true)
    }

    @discardableResult
    private func drawFrame(_ layer: CALayer, at time: CFTimeInterval, waitForGPU: Bool) throws -> FrameTimings {
        guard !closed else { throw RenderError.context("the renderer was closed") }
        guard time.isFinite else { throw RenderError.invalidArgument("the time to render must be a finite number of seconds, not \(time)") }
        // Before the context is made current: a callback may draw with a context of its own.
        DisplayLinkRegistry.fireLinks(at: time, refreshInterval: refreshInterval)
        try context.makeCurrent()
        framebuffer.bindForDrawing()
        return frameRenderer.renderFrame(layer, at: time, pixelWidth: pixelWidth, pixelHeight: pixelHeight,
                                         waitForGPU: waitForGPU)
    }

    /// Frees the GL objects and the context. Further renders throw.
    public func close() {
        guard !closed, (try? context.makeCurrent()) != nil else { return }
        closed = true
        frameRenderer.release()
        framebuffer.release()
        context.destroy()
    }

    isolated deinit { close() }
}
