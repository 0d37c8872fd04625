import Foundation

/// Where one frame's time went, in seconds, and what it drew.
public struct FrameTimings: Sendable {
    /// Committing the transaction and evaluating animations into a presentation tree.
    public var evaluate: Double = 0
    /// Tessellating paths whose meshes were not cached (part of building the display list).
    public var tessellate: Double = 0
    /// Building the display list (without tessellation) and issuing GL commands.
    public var encode: Double = 0
    /// Waiting for the GPU to finish (glFinish), which bounds the GPU time.
    public var gpu: Double = 0
    /// The GPU's own time for the frame's commands from a GL timer query (GL_TIME_ELAPSED), when timed
    /// with `waitForGPU` and the driver counts time; nil otherwise.
    public var gpuElapsed: Double?
    /// The frame's ink: pixels its draws wrote or blended, overdraw counted (clip and stencil passes, groups
    /// and their composites included; the clear not), from a GL_SAMPLES_PASSED query over the samples per
    /// pixel. Only for timed frames of a renderer that counts it; nil otherwise.
    public var inkPixels: Int?
    /// Vertices uploaded.
    public var vertices = 0
    /// Draw calls issued.
    public var drawCalls = 0
    /// Gaussian blurs run (shadows): only frames in which a shadow's inputs changed need one.
    public var blurs = 0
    /// Text layers rasterised (`CATextLayer`): only frames in which a label's string, font, size, wrapping,
    /// truncation, alignment, bounds size or scale changed need one. Counted by `HeadlessRenderer`.
    public var textRasterizations = 0
    /// Whether the frame equalled the last one drawn and was not drawn again (see
    /// `FrameRenderer.skipsUnchangedFrames`): the target still shows it.
    public var reused = false

    /// Showing the frame: a window's buffer swap (0 headless; set by whoever swaps).
    public var present: Double = 0

    /// The frame's total.
    public var total: Double { evaluate + tessellate + encode + gpu + present }

    /// A zeroed record.
    public init() {}
}

/// Seconds since an arbitrary start, for timing stages.
@inline(__always) func monotonicNow() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
}
