import Foundation
import Quartzite
import QuartziteRender

// Image bytes as a hostile file would have them (truncated, bit-flipped, headers claiming huge sizes), decoded
// and, when they decode, drawn as a layer's contents with random gravity, rects and filters.

extension FuzzCase {
    /// Decodes random bytes; draws what decodes.
    func runImageCase() {
        let bytes = imageBytes()
        recipe("let bytes = Data(\(bytes.count <= 64 ? "\(bytes)" : "/* \(bytes.count) bytes */"))")
        let image: CGImage
        do {
            recipe("let image = try CGImage(imageData: bytes)")
            image = try CGImage(imageData: Data(bytes))
        } catch {
            return
        }
        let (pixels, overflow) = image.width.multipliedReportingOverflow(by: image.height)
        if image.width <= 0 || image.height <= 0 || overflow || pixels > ImageDecodingLimits.maximumPixelCount
            || image.premultipliedRGBA.count != pixels * 4 {
            fail("decoded \(image.width)x\(image.height) with \(image.premultipliedRGBA.count) bytes")
        }
        let holder = layer("l", changes: rng.below(3))
        contents(image, on: holder, "l")
        stage.show(holder, at: [0], in: self, finitePresentation: false)
    }

    /// The image as `layer`'s contents, with random contents geometry.
    private func contents(_ image: CGImage, on layer: CALayer, _ name: String) {
        let gravities: [CALayerContentsGravity] = [.center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft,
                                                   .bottomRight, .resize, .resizeAspect, .resizeAspectFill]
        let gravity = rng.pick(gravities), rect = rng.chance(0.5) ? CGRect(x: 0, y: 0, width: 1, height: 1) : rng.rect(hostile: 2)
        let center = rng.chance(0.5) ? CGRect(x: 0, y: 0, width: 1, height: 1) : rng.rect(hostile: 2)
        let scale = rng.chance(0.7) ? 1 : rng.number(hostile: 2)
        let filter: CALayerContentsFilter = rng.chance(0.5) ? .linear : .nearest
        run("\(name).contents = image; \(name).contentsGravity = CALayerContentsGravity(rawValue: \"\(gravity.rawValue)\"); "
            + "\(name).contentsRect = \(lit(rect)); \(name).contentsCenter = \(lit(center)); \(name).contentsScale = \(lit(scale)); "
            + "\(name).magnificationFilter = CALayerContentsFilter(rawValue: \"\(filter.rawValue)\"); "
            + "\(name).minificationFilter = CALayerContentsFilter(rawValue: \"\(filter.rawValue)\")") {
            layer.contents = image
            layer.contentsGravity = gravity
            layer.contentsRect = rect
            layer.contentsCenter = center
            layer.contentsScale = scale
            layer.magnificationFilter = filter
            layer.minificationFilter = filter
        }
    }

    /// A PNG or JPEG, whole or damaged, or bytes that are neither.
    private func imageBytes() -> [UInt8] {
        var bytes = rng.chance(0.5) ? pngBytes() : ImageSamples.jpeg
        switch rng.below(8) {
        case 0, 1: break
        case 2: bytes = Array(bytes.prefix(rng.below(bytes.count)))
        case 3 where !bytes.isEmpty:
            for _ in 0..<(1 + rng.below(8)) { bytes[rng.below(bytes.count)] = UInt8(truncatingIfNeeded: rng.next()) }
        case 4: bytes = claimingSize(bytes)
        case 5: bytes = Array(claimingSize(bytes).prefix(rng.below(bytes.count)))
        case 6: bytes = (0..<rng.below(300)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        default: bytes = Array(bytes.prefix(8)) + (0..<rng.below(100)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        }
        return bytes
    }

    /// A small random PNG (sizes 1...40 a side).
    private func pngBytes() -> [UInt8] {
        let w = 1 + rng.below(40), h = 1 + rng.below(40)
        let rgba = (0..<(w * h * 4)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        guard let bitmap = Bitmap(width: w, height: h, rgba: rgba), let data = try? bitmap.pngData() else { return [] }
        return [UInt8](data)
    }

    /// The same image with its header claiming another size (a PNG's checksum mended, so the claim is read).
    private func claimingSize(_ bytes: [UInt8]) -> [UInt8] {
        let sides: [UInt32] = [0, 1, 8191, 8193, 16384, 65535, 1 << 24]
        let w = rng.pick(sides), h = rng.pick(sides)
        var out = bytes
        if out.starts(with: [0x89, 0x50, 0x4E, 0x47]), out.count >= 33 {
            out.replaceSubrange(16..<24, with: bigEndian(w) + bigEndian(h))
            out.replaceSubrange(29..<33, with: bigEndian(ImageSamples.crc32(out[12..<29])))
        } else if let sof = (0..<max(0, out.count - 9)).first(where: { out[$0] == 0xFF && out[$0 + 1] == 0xC0 }) {
            // A JPEG frame header holds 16-bit sides: height first.
            out.replaceSubrange(sof + 5..<sof + 9, with: Array(bigEndian(min(h, 0xFFFF)).suffix(2) + bigEndian(min(w, 0xFFFF)).suffix(2)))
        }
        return out
    }

    private func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8),
         UInt8(truncatingIfNeeded: v)]
    }
}
