import Foundation
import Quartzite
import QuartziteRender

// Renderers made with every setting a caller might pass: sizes from 0 x 0 to too large, scales that are
// zero, negative or not numbers, sample counts 0, 3 and 1000, and the drawing switches. A bad setting must be
// refused with an error; a good renderer draws a small scene at a few times (the same frame twice, too) with
// the marker intact, and refuses to draw once closed.

extension FuzzCase {
    /// One renderer, its settings random.
    func runRendererSettingsCase() {
        let sides: [CGFloat] = [0, 1, 7, 8, 64, 100, 333, -5, .nan, .infinity, 16385, 1e300]
        let size = rng.chance(0.7) ? CGSize(width: 8 + rng.below(120), height: 8 + rng.below(120))
            : CGSize(width: rng.pick(sides), height: rng.pick(sides))
        let scale: CGFloat = rng.chance(0.7) ? rng.pick([1, 2, 0.5, 3]) : rng.pick([0, -1, .nan, .infinity, 1e-9, 300])
        let samples = rng.chance(0.7) ? rng.pick([1, 2, 4]) : rng.pick([0, 3, 1000, -1, 8])
        let w = size.width * scale, h = size.height * scale
        let valid = [1, 2, 4].contains(samples) && w.isFinite && h.isFinite && scale > 0 && w >= 1 && h >= 1 && w <= 16384 && h <= 16384
        // A valid surface of gigabytes (16384 x 16384 x 4 samples) would test this machine's memory, not the
        // renderer: valid requests stay under four million pixels.
        guard !valid || w * h <= 4_000_000 else { return recipe("// \(lit(size)) at scale \(lit(scale)): valid but too large to make here") }
        recipe("let renderer = try HeadlessRenderer(size: \(lit(size)), scale: \(lit(scale)), samples: \(samples))")
        let renderer: HeadlessRenderer
        do {
            renderer = try HeadlessRenderer(size: size, scale: scale, samples: samples)
            if !valid { fail("an invalid renderer was made: \(renderer.pixelWidth)x\(renderer.pixelHeight), \(renderer.samples) samples") }
        } catch {
            if valid { fail("a valid renderer was refused: \(error)") }
            return
        }
        defer { renderer.close() }
        configure(renderer)
        let root = settingsScene(size)
        for time in [0, rng.unit(), rng.unit() + 1, rng.pick([1, .nan])] {
            recipe("let frame = try renderer.render(root, at: \(lit(time)))")
            do {
                let bitmap = try renderer.render(root, at: time)
                if size.width >= Stage.markerFrame.maxX, size.height >= Stage.markerFrame.maxY {
                    check(markerProblem(bitmap, scale: scale, canvas: size), "frame at t = \(lit(time))")
                } else if bitmap.width != renderer.pixelWidth || bitmap.height != renderer.pixelHeight {
                    fail("the frame is \(bitmap.width)x\(bitmap.height), the renderer \(renderer.pixelWidth)x\(renderer.pixelHeight)")
                }
            } catch {
                if time.isFinite { fail("the frame at t = \(lit(time)) threw: \(error)") }
            }
        }
        renderer.close()
        if (try? renderer.render(root, at: 0)) != nil { fail("a closed renderer drew a frame") }
    }

    /// The drawing switches and the clear colour.
    private func configure(_ renderer: HeadlessRenderer) {
        let clear = rng.color(), dither = rng.chance(0.5), batch = rng.chance(0.5), skip = rng.chance(0.5), keep = rng.chance(0.5)
        run("renderer.clearColor = \(lit(clear)); renderer.dithersGradients = \(dither); renderer.batchesFills = \(batch); "
            + "renderer.skipsUnchangedFrames = \(skip); renderer.keepsDepthStencil = \(keep)") {
            renderer.clearColor = clear
            renderer.dithersGradients = dither
            renderer.batchesFills = batch
            renderer.skipsUnchangedFrames = skip
            renderer.keepsDepthStencil = keep
        }
    }

    /// A few random layers under the marker, on a root of the canvas's size.
    private func settingsScene(_ size: CGSize) -> CALayer {
        let content = layer("l0", changes: rng.below(3))
        for i in 1..<(1 + rng.below(4)) { let child = layer("l\(i)", changes: rng.below(3)); run("l0.addSublayer(l\(i))") { content.addSublayer(child) } }
        if rng.chance(0.3) { let a = animation("a", finite: false); run("l0.add(a, forKey: nil)") { content.add(a, forKey: nil) } }
        let root = stage.scene(content)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        // The scene is laid out for the stage's canvas: stretch it to this one, marker at the bottom right.
        if size.width.isFinite, size.height.isFinite {
            root.frame = CGRect(origin: .zero, size: size)
            root.sublayers?.last?.frame = Stage.markerFrame
        }
        CATransaction.commit()
        return root
    }
}
