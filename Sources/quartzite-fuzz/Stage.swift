import Foundation
import Quartzite
import QuartziteRender

/// The canvas that layer cases draw on: one headless renderer per process (a context costs far more than a
/// frame), and for each case a root whose last sublayer is a marker the case's layers cannot cover.
@MainActor
final class Stage {
    /// The canvas's side in points (and pixels: scale 1).
    nonisolated static let side: CGFloat = 64
    /// The marker's place: the bottom-right 8 x 8 points, above everything the case builds.
    nonisolated static let markerFrame = CGRect(x: 56, y: 56, width: 8, height: 8)
    /// The marker's colour as rendered.
    nonisolated static let markerPixel = SIMD4<UInt8>(255, 0, 255, 255)

    private var shared: HeadlessRenderer?
    /// A compositor of its own, to check the display list that the renderer's compositor would build.
    private let compositor = Compositor(canvasSize: CGSize(width: side, height: side), contentScale: 1)

    /// The process's renderer, made on first use.
    func renderer() throws -> HeadlessRenderer {
        if let shared { return shared }
        let made = try HeadlessRenderer(size: CGSize(width: Self.side, height: Self.side))
        shared = made
        return made
    }

    /// A root of the canvas's size holding `content` under the marker. Built with actions off: the root and
    /// the marker are scaffolding, not part of the case.
    func scene(_ content: CALayer) -> CALayer {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: Self.side, height: Self.side)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        // The holder keeps the case's zPosition and transforms below the marker: siblings sort by zPosition.
        let holder = CALayer()
        holder.frame = root.bounds
        holder.addSublayer(content)
        let marker = CALayer()
        marker.frame = Self.markerFrame
        marker.backgroundColor = CGColor(red: 1, green: 0, blue: 1, alpha: 1)
        root.addSublayer(holder)
        root.addSublayer(marker)
        CATransaction.commit()
        return root
    }

    /// Draws `content` at each of `times`, checking that the display list is finite and in range, that the
    /// frame has the canvas's size with the marker intact, and (when `finitePresentation`) that every
    /// presented value is finite. A time that is not finite must be refused with an error, not drawn.
    func show(_ content: CALayer, at times: [CFTimeInterval], in c: FuzzCase, finitePresentation: Bool) {
        let root = scene(content)
        compositor.coverageAntialiasing = c.rng.chance(0.5)
        for time in times {
            if time.isFinite {
                let tree = MediaClock.performFrozen(at: time) { () -> PresentationNode in
                    CATransaction.flushForFrame()
                    return Evaluator.presentationTree(of: root, at: time)
                }
                if finitePresentation { c.check(presentationProblem(tree), "presentation at t = \(lit(time))") }
                if let problem = displayListProblem(compositor.build(tree)) {
                    let what = "display list at t = \(lit(time)): \(problem)"
                    c.fail(what)
                    // Its failure is recorded; llvmpipe can spend seconds on triangles with infinite corners.
                    continue
                }
            }
            draw(root, at: time, in: c)
        }
        renderInContext(root, in: c)
    }

    /// The most layers a tree may have for `render(in:)` to be checked on it (cairo draws a 100,000-wide
    /// list for seconds; its walk is the same at any width).
    nonisolated static let renderInContextLayers = 3_000

    /// Draws the model tree with `render(in:)` into a UIKit-oriented bitmap context and checks the marker
    /// above the case's layers is there.
    func renderInContext(_ root: CALayer, in c: FuzzCase) {
        guard Self.layerCount(root, upTo: Self.renderInContextLayers) < Self.renderInContextLayers,
              let context = CGContext(data: nil, width: Int(Self.side), height: Int(Self.side), bitsPerComponent: 8,
                                      bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return }
        context.translateBy(x: 0, y: Self.side)
        context.scaleBy(x: 1, y: -1)
        root.render(in: context)
        guard let image = context.makeImage() else { return c.fail("render(in:) left no image") }
        let x = Int(Self.markerFrame.midX), y = Int(Self.markerFrame.midY), i = (y * image.width + x) * 4
        let seen = SIMD4(image.premultipliedRGBA[i], image.premultipliedRGBA[i + 1], image.premultipliedRGBA[i + 2],
                         image.premultipliedRGBA[i + 3])
        c.check(seen == Self.markerPixel ? nil : "render(in:): the marker is \(seen), not \(Self.markerPixel)", "render(in:)")
    }

    /// The layers in `root`'s tree (masks left out), counted up to `limit`.
    static func layerCount(_ root: CALayer, upTo limit: Int) -> Int {
        var pending = [root], count = 0
        while let layer = pending.popLast(), count < limit {
            count += 1
            pending.append(contentsOf: layer.sublayers ?? [])
        }
        return count
    }

    /// Renders one frame and checks what came back.
    func draw(_ root: CALayer, at time: CFTimeInterval, in c: FuzzCase) {
        do {
            let bitmap = try renderer().render(root, at: time)
            guard time.isFinite else { return c.fail("a frame at t = \(lit(time)) was drawn, not refused") }
            c.check(markerProblem(bitmap, scale: 1), "frame at t = \(lit(time))")
        } catch {
            if time.isFinite { c.fail("the frame at t = \(lit(time)) threw: \(error)") }
        }
    }
}

/// What is wrong with a frame's size or its marker (drawn at `Stage.markerFrame` points at `scale`).
func markerProblem(_ bitmap: Bitmap, scale: CGFloat, canvas: CGSize = CGSize(width: Stage.side, height: Stage.side)) -> String? {
    let width = Int(clampingPixel: (canvas.width * scale).rounded()), height = Int(clampingPixel: (canvas.height * scale).rounded())
    guard bitmap.width == width, bitmap.height == height else {
        return "the frame is \(bitmap.width)x\(bitmap.height) pixels, not \(width)x\(height)"
    }
    let x = Int(clampingPixel: (Stage.markerFrame.midX * scale).rounded(.down))
    let y = Int(clampingPixel: (Stage.markerFrame.midY * scale).rounded(.down))
    let seen = bitmap.pixel(x: x, y: y)
    return seen == Stage.markerPixel ? nil : "the marker at (\(x), \(y)) is \(seen.map { "\($0)" } ?? "missing"), not \(Stage.markerPixel)"
}
