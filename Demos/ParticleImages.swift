import Foundation
import Quartzite

/// The particle images of the emitter demos, drawn in code: white, so a cell's colour tints them, with
/// transparent edges so bilinear sampling antialiases their outlines.
enum ParticleImages {
    /// A white rectangle of `width` x `height` pixels inside a one-pixel transparent border (confetti).
    static func strip(width: Int, height: Int) -> CGImage? {
        image(width: width + 2, height: height + 2) { x, y in
            x >= 1 && y >= 1 && x <= width && y <= height ? 1 : 0
        }
    }

    /// A soft white disc of `side` pixels: opaque in the middle, fading to nothing at its edge (snow).
    static func softDisc(side: Int) -> CGImage? {
        let r = Double(side) / 2
        return image(width: side, height: side) { x, y in
            let d = hypot(Double(x) + 0.5 - r, Double(y) + 0.5 - r) / r
            return min(1, max(0, (1 - d) * 2))
        }
    }

    /// A premultiplied white image whose alpha at each pixel is `alpha(x, y)`; nil (reported) if it cannot
    /// be made.
    private static func image(width: Int, height: Int, alpha: (Int, Int) -> Double) -> CGImage? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let a = UInt8(clamping: Int((alpha(x, y) * 255).rounded()))
                bytes += [a, a, a, a]
            }
        }
        do {
            return try CGImage(width: width, height: height, premultipliedRGBA: bytes)
        } catch {
            Diagnostics.report("a particle image could not be made: \(error)")
            return nil
        }
    }
}
