import Foundation
import Quartzite

/// The floor for a frame's ink: as many pixels as the frame touched, drawn through the cheapest blended
/// pipeline there is, on the same context in the same run: translucent, upright, square-cornered layer
/// backgrounds, which the compositor draws as solid triangles with no texture and no coverage (the batch
/// shader: a colour per vertex), blended over what is below. Whole canvases are stacked layers covering the
/// canvas; the remainder is one more layer cut to that fraction of the canvas's height.
@MainActor
enum InkFloor {
    /// Stacked canvases drawn at most: a floor past this many is scaled from it.
    static let maximumCanvases = 256

    /// The median time of a frame drawing `pixels` pixels of solid blended quads, in milliseconds.
    static func time(pixels: Double, on target: Benchmark.Target, size: CGSize) throws -> Double {
        let canvas = Double(max(target.pixelWidth * target.pixelHeight, 1))
        let canvases = pixels / canvas
        let drawn = min(canvases, Double(maximumCanvases))
        let ms = try median(of: tree(pixels: drawn * canvas, target: target, size: size), on: target)
        return drawn > 0 ? ms * canvases / drawn : ms
    }

    /// A layer holding `pixels / canvas` canvases of solid blended quads: whole ones, then a part.
    static func tree(pixels: Double, target: Benchmark.Target, size: CGSize) throws -> CALayer {
        let canvases = max(pixels, 0) / Double(max(target.pixelWidth * target.pixelHeight, 1))
        let whole = Int(canvases.rounded(.down)), part = canvases - Double(whole)
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        for index in 0...whole where index < whole || part > 0 {
            let quad = CALayer()
            let height = index < whole ? size.height : size.height * part
            quad.frame = CGRect(x: 0, y: 0, width: size.width, height: height)
            // Colours that differ layer to layer, so no two neighbours could be merged or skipped.
            quad.backgroundColor = CGColor(red: CGFloat(index % 7) / 7, green: 0.5, blue: 0.8, alpha: 0.5)
            root.addSublayer(quad)
        }
        return root
    }

    /// The steady median of 35 frames of `tree`, in milliseconds.
    static func median(of tree: CALayer, on target: Benchmark.Target) throws -> Double {
        var times: [Double] = []
        for i in 0..<35 { times.append(try target.render(tree, Double(i) / 60).total) }
        return Percentile.of(Percentile.steady(times).sorted(), 0.5) * 1000
    }

    /// A grey ramp of the canvas's pixels (the quad floor's image), so the texture is not one flat colour a driver could shortcut.
    static func rampImage(width w: Int, height h: Int) throws -> CGImage {
        var pixels = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let v = UInt8((x + y) & 0xFF), o = (y * w + x) * 4
                pixels[o] = v; pixels[o + 1] = v; pixels[o + 2] = v
            }
        }
        return try CGImage(width: w, height: h, premultipliedRGBA: pixels)
    }
}
