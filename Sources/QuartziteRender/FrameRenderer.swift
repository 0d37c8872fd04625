import Foundation
import Quartzite
@preconcurrency import CEpoxy

/// The frame path shared by the window and the headless renderer: commit, evaluate, build the display list,
/// draw it with GL, then deliver the end-of-frame animation callbacks. Whoever owns it makes the context
/// current and binds the target first.
@MainActor
package final class FrameRenderer {
    let compositor: Compositor
    let backend: GLBackend
    /// The GL_TIME_ELAPSED query of timed frames.
    private let timerQuery: GLuint
    /// The GL_SAMPLES_PASSED query of frames whose ink is counted.
    private let inkQuery: GLuint
    /// Whether timed frames (`waitForGPU`) count their ink (`FrameTimings.inkPixels`; default false). The
    /// count makes every fragment add to a counter, so the benchmark counts in frames it does not time.
    package var countsInk = false
    /// The colour the frame is cleared to before the layers draw (premultiplied RGBA).
    package var clearColor = SIMD4<Float>(0, 0, 0, 0)
    /// Whether consecutive solid fills share one draw call (default true; off to measure what that saves).
    package var batchesFills: Bool {
        get { compositor.batchesFills } set { compositor.batchesFills = newValue }
    }
    /// The GL_RENDERER string of the current context.
    package var glRendererName: String { GL.rendererName }
    /// Samples per pixel of the framebuffer bound now (a window's: what it was created with).
    package var samplesOfBoundTarget: Int { GL.integer(GL_SAMPLES) }
    /// Whether a frame that would draw exactly what was drawn last time is not drawn again (default false).
    /// Only for a target that keeps its pixels between frames: an offscreen surface, or a window that is not
    /// swapped after such a frame. `FrameTimings.reused` says when it happened.
    package var skipsUnchangedFrames = false
    /// Whether the bound framebuffer keeps its depth and stencil between frames (default false), so a frame
    /// may leave them uncleared: true only for an offscreen framebuffer whose owner binds it for every frame
    /// (a window's depth and stencil are undefined after a swap).
    package var keepsDepthStencil: Bool {
        get { backend.keepsDepthStencil } set { backend.keepsDepthStencil = newValue }
    }
    /// What the last drawn frame showed and how, to recognise a frame that would draw the same pixels.
    private var lastDrawn: DrawnFrame?

    /// Needs a current OpenGL 3.3 context.
    package init(canvasSize: CGSize, contentScale: CGFloat) throws {
        compositor = Compositor(canvasSize: canvasSize, contentScale: contentScale)
        backend = try GLBackend()
        timerQuery = GL.genQuery()
        inkQuery = GL.genQuery()
        compositor.capsuleEntryCapacity = CapsuleStroke.entriesPerFrame(texels: GL.integer(GL_MAX_TEXTURE_BUFFER_SIZE))
    }

    /// The canvas in points and the device pixels per point.
    package func resize(canvasSize: CGSize, contentScale: CGFloat) {
        compositor.canvasSize = canvasSize
        compositor.contentScale = contentScale
    }

    /// Draws `root` as it is at global media time `time` into the bound framebuffer of the given pixel size.
    /// With `waitForGPU`, waits (glFinish) so the GPU share of the frame can be timed.
    @discardableResult
    package func renderFrame(_ root: CALayer, at time: CFTimeInterval, pixelWidth: Int, pixelHeight: Int,
                            waitForGPU: Bool = false) -> FrameTimings {
        var timings = FrameTimings()
        let t0 = monotonicNow()
        let tree = MediaClock.performFrozen(at: time) { () -> PresentationNode in
            CATransaction.flushForFrame()
            return Evaluator.presentationTree(of: root, at: time)
        }
        let t1 = monotonicNow()
        let drawn = DrawnFrame(tree: tree, width: pixelWidth, height: pixelHeight, clear: clearColor,
                               canvas: compositor.canvasSize, scale: compositor.contentScale,
                               batches: compositor.batchesFills, dither: backend.dither,
                               cutsCovered: compositor.cutsCoveredBackgrounds, throughArcs: compositor.drawsThroughArcMasks)
        if skipsUnchangedFrames, drawn == lastDrawn {
            // Nothing on screen would change: the target still shows this frame (a static scene, bench S5).
            timings.evaluate = monotonicNow() - t0
            timings.reused = true
            MediaClock.performFrozen(at: time) { Evaluator.finishFrame(root, at: time) }
            return timings
        }
        lastDrawn = skipsUnchangedFrames ? drawn : nil
        // A single-sample target antialiases by coverage; a multisampled one by its samples.
        compositor.coverageAntialiasing = samplesOfBoundTarget <= 1
        compositor.dithersGradients = backend.dither
        let rasterizedBefore = compositor.textRasterizations
        let list = compositor.build(tree)
        timings.textRasterizations = compositor.textRasterizations - rasterizedBefore
        let blursBefore = backend.blurCount
        let countingInk = waitForGPU && countsInk
        if waitForGPU { GL.beginTimeElapsed(timerQuery) }
        if countingInk { GL.beginSamplesPassed(inkQuery) }
        backend.draw(list, width: pixelWidth, height: pixelHeight, clear: clearColor)
        if countingInk { GL.endSamplesPassed() }
        if waitForGPU { GL.endTimeElapsed() }
        timings.blurs = backend.blurCount - blursBefore
        compositor.forgetShadows(withKeys: backend.failedShadowKeys)
        compositor.forgetRasters(withKeys: backend.failedRasterKeys)
        let t2 = monotonicNow()
        if waitForGPU { GL.finish() }
        let t3 = monotonicNow()
        if waitForGPU { timings.gpuElapsed = GL.elapsedSeconds(timerQuery) }
        if countingInk {
            timings.inkPixels = Int(clamping: GL.queryResult(inkQuery) / UInt64(max(samplesOfBoundTarget, 1)))
        }
        timings.evaluate = t1 - t0
        timings.tessellate = compositor.lastTessellationSeconds
        timings.encode = max(0, (t2 - t1) - timings.tessellate)
        timings.gpu = t3 - t2
        timings.vertices = list.uploadedVertexCount
        timings.drawCalls = list.drawCount
        MediaClock.performFrozen(at: time) { Evaluator.finishFrame(root, at: time) }
        return timings
    }

    /// Compiles the programs under the states frames commonly use, into the framebuffer bound now, the
    /// commonest first, for at most `budget` seconds, so that no live frame stalls on a first draw (see
    /// `GLBackend.warmUp`); returns the seconds it took.
    @discardableResult
    package func warmUp(budget: Double = GLBackend.warmUpBudget) -> Double {
        let start = monotonicNow()
        backend.warmUp(budget: budget)
        GL.finish()
        return monotonicNow() - start
    }

    /// Forgets the last frame, so the next one is drawn in full (after the target lost its pixels).
    package func invalidateLastFrame() { lastDrawn = nil }

    /// Frees GL objects (the context must be current).
    package func release() {
        backend.release()
        GL.deleteQuery(timerQuery)
        GL.deleteQuery(inkQuery)
    }
}

/// Everything a frame's pixels depend on: the presentation tree (plain values) and the drawing settings.
private struct DrawnFrame: Equatable {
    let tree: PresentationNode
    let width: Int
    let height: Int
    let clear: SIMD4<Float>
    let canvas: CGSize
    let scale: CGFloat
    let batches: Bool
    let dither: Bool
    let cutsCovered: Bool
    let throughArcs: Bool
}
