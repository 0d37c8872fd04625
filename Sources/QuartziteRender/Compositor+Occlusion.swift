import Foundation
import Quartzite

/// An opaque background that covers the whole canvas hides everything drawn before it: it becomes the
/// frame's clear colour and the commands before it go. The root's background (every seed demo's) is the
/// first case; a full-screen cover later in the tree is the other (seed 000's white cover over its picture
/// until the reveal: a canvas of texture shaded for nothing every frame).
extension Compositor {
    /// Folds the background into the clear colour when it is opaque (its tint included), square-cornered,
    /// upright, covers the canvas, and everything drawn so far may go (`commandsKept(under:)`). The same
    /// pixels: an opaque colour over whatever was there. False when it does not apply.
    func foldIntoClear(_ frame: CompositorFrame, color: SIMD4<Float>, into list: inout DisplayList) -> Bool {
        guard color.w >= 1, !isRounded(frame.p), currentTarget == 0,
              let pixels = uprightPixelRect(frame.p.bounds.standardized, frame.world),
              pixels.minX <= 0, pixels.minY <= 0, pixels.maxX >= canvasSize.width * contentScale,
              pixels.maxY >= canvasSize.height * contentScale else { return false }
        let canvas = targetPixels
        guard let kept = Self.commandsKept(under: canvas, from: list.commands) else { return false }
        list.commands = kept
        // Quantised as a drawn background's packed colour is, so both give the same 8-bit pixels.
        list.clearColor = DisplayList.quantized(color)
        return true
    }

    /// What stays of `commands` under a cover of the whole `canvas`: only the scissor boxes still open, each
    /// covering the canvas (the cover is drawn inside them, and their pops come later). Nil when something
    /// must stay: a group, clip or raster still open (the cover would be drawn into it, or clipped), a box
    /// smaller than the canvas, or a command that fills a cache later frames reuse (a layer's raster, a
    /// shadow's blur).
    package static func commandsKept(under canvas: PixelBox, from commands: [DisplayCommand]) -> [DisplayCommand]? {
        var openBoxes: [PixelBox] = []
        var depth = 0
        for command in commands {
            switch command {
            case .pushScissor(let box): openBoxes.append(box)
            case .popScissor: _ = openBoxes.popLast()
            case .beginGroup, .pushClip: depth += 1
            case .endGroup, .popClip: depth -= 1
            case .beginRaster, .endRaster, .captureRaster, .blurRaster: return nil
            default: break
            }
        }
        guard depth == 0, openBoxes.allSatisfy({ $0.intersection(canvas) == canvas }) else { return nil }
        return openBoxes.map { .pushScissor($0) }
    }
}
