import Foundation
import Quartzite

// UIKit's drawing with hostile sizes, scales, paths, line widths and colours (image renderers, the legacy image
// contexts, pushes and pops out of balance, string drawing and measuring, images in nine slices and turned,
// PNG and JPEG round trips), the images drawn as a layer's contents; and scroll layers
// scrolled to hostile points and rectangles by themselves and by their sublayers: drawn at a few times, the
// display list must stay finite and the frame intact, and each image must be as large as its context said.

extension FuzzCase {
    /// An image drawn with UIKit calls, shown in a scroll layer that is scrolled about.
    func runUIKitCase() {
        let image = drawnImage()
        if let bitmap = image.cgImage, !(image.size.width > 0 && image.size.height > 0) {
            fail("a \(bitmap.width)x\(bitmap.height) image reports size \(image.size)")
        }
        let scroller = CAScrollLayer()
        let frame = rng.chance(0.7) ? CGRect(x: 4, y: 4, width: 40, height: 40) : rng.rect(hostile: 6)
        let content = CALayer()
        let contentFrame = rng.chance(0.7) ? CGRect(x: 0, y: 0, width: 120, height: 120) : rng.rect(hostile: 6)
        let mode = rng.pick(["both", "none", "vertically", "horizontally", "bogus"])
        run("let s = CAScrollLayer(); s.frame = \(lit(frame)); s.scrollMode = \(mode); let c = CALayer(); "
            + "c.frame = \(lit(contentFrame)); c.contents = the drawn image; s.addSublayer(c)") {
            scroller.frame = frame
            scroller.scrollMode = CAScrollLayerScrollMode(rawValue: mode)
            content.frame = contentFrame
            content.contents = image.cgImage
            scroller.addSublayer(content)
        }
        for _ in 0..<(1 + rng.below(3)) { scroll(scroller, content) }
        stage.show(scroller, at: [0, rng.unit(), Double(rng.number(hostile: 4))], in: self, finitePresentation: false)
    }

    /// One scroll, of the layer or through its sublayer.
    private func scroll(_ scroller: CAScrollLayer, _ content: CALayer) {
        let p = rng.point(hostile: 4), r = rng.rect(hostile: 4)
        let before = scroller.bounds.origin
        switch rng.below(4) {
        case 0: run("s.scroll(to: \(lit(p)))") { scroller.scroll(to: p) }
        case 1: run("s.scroll(to: \(lit(r)))") { scroller.scroll(to: r) }
        case 2: run("c.scroll(\(lit(p)))") { content.scroll(p) }
        default: run("c.scrollRectToVisible(\(lit(r)))") { content.scrollRectToVisible(r) }
        }
        // A frame set with NaN leaves the bounds as set; a scroll must not make a finite origin NaN.
        let after = scroller.bounds.origin
        check(!before.x.isNaN && !before.y.isNaN && (after.x.isNaN || after.y.isNaN) ? "a scroll made the origin NaN" : nil,
              "the scroll layer's bounds")
    }

    /// An image from a renderer or the legacy image context, drawn with paths, fills and strokes.
    private func drawnImage() -> UIImage {
        let size = rng.chance(0.7) ? CGSize(width: rng.unit() * 64, height: rng.unit() * 64) : rng.size(hostile: 4)
        let scale = rng.chance(0.7) ? CGFloat(rng.pick([0, 1, 2, 3])) : rng.number(hostile: 4)
        let opaque = rng.chance(0.3)
        let path = UIBezierPath(cgPath: self.path("p", hostile: 6))
        let width = rng.chance(0.7) ? CGFloat(rng.unit() * 8) : rng.number(hostile: 4)
        let colour = UIColor(cgColor: rng.color(hostile: 6))
        let legacy = rng.chance(0.3)
        var image = UIImage()
        run("draw \(lit(size)) at \(lit(scale)), opaque \(opaque), \(legacy ? "legacy context" : "renderer"): "
            + "fill and stroke p (width \(lit(width))) in \(lit(colour.cgColor)), then hostile string drawing and sliced images") {
            let draw = {
                colour.set()
                path.lineWidth = width
                path.usesEvenOddFillRule = opaque
                path.fill()
                path.stroke()
                UIImage().draw(in: CGRect(x: 0, y: 0, width: 4, height: 4))
                self.text()
                self.sliced()
            }
            if legacy {
                UIGraphicsBeginImageContextWithOptions(size, opaque, scale)
                draw()
                image = UIGraphicsGetImageFromCurrentImageContext() ?? UIImage()
                UIGraphicsEndImageContext()
            } else {
                let format = UIGraphicsImageRendererFormat()
                format.scale = scale
                format.opaque = opaque
                image = UIGraphicsImageRenderer(size: size, format: format).image { _ in draw() }
            }
        }
        check(UIGraphicsGetCurrentContext() == nil ? nil : "a context was left current", "UIKit's context stack")
        roundTrip(image)
        return image
    }

    /// String drawing and measuring with hostile fonts, rects, kerns and line breaking, into the current
    /// context; a measured rect must be finite.
    private func text() {
        // Long enough to wrap many times; the text class lays out strings past the character cap.
        let strings = ["", "Hello, world", "e\u{301}\u{0}\u{200F} مرحبا", String(repeating: "word ", count: 300), "😀\n\n"]
        let string = rng.pick(strings)
        let plain = UIFont.systemFont(ofSize: rng.chance(0.6) ? CGFloat(rng.unit() * 40) : rng.number(hostile: 4))
        // A face by descriptor: random traits (nil when no face has them), a design, a hostile size.
        let traits = UIFontDescriptor.SymbolicTraits(rawValue: UInt32(rng.below(1 << 11)))
        let described = plain.fontDescriptor.withSymbolicTraits(traits)?.withDesign(rng.pick([UIFontDescriptor.SystemDesign.default, .serif, .monospaced, .rounded]))
        let font = described.map { UIFont(descriptor: $0, size: rng.number(hostile: 4)) } ?? plain
        let style = NSMutableParagraphStyle()
        style.lineBreakMode = NSLineBreakMode(rawValue: rng.below(6)) ?? .byWordWrapping
        style.alignment = NSTextAlignment(rawValue: rng.below(5)) ?? .natural
        style.headIndent = rng.number(hostile: 4)
        style.tailIndent = rng.number(hostile: 4)
        let shadow = NSShadow()
        shadow.shadowOffset = rng.size(hostile: 4)
        shadow.shadowBlurRadius = rng.number(hostile: 4)
        shadow.shadowColor = rng.chance(0.5) ? UIColor.black : "not a colour"
        let attributes: [NSAttributedString.Key: Any] = [
            .font: font, .kern: rng.number(hostile: 6), .paragraphStyle: style, .underlineStyle: rng.below(10),
            .foregroundColor: rng.color(hostile: 6), .strikethroughStyle: rng.below(10), .backgroundColor: rng.color(hostile: 6),
            .strokeWidth: rng.number(hostile: 4), .strokeColor: rng.color(hostile: 6), .shadow: shadow,
            .obliqueness: rng.number(hostile: 6), .expansion: rng.number(hostile: 6), .ligature: rng.below(4) - 1,
            .link: "https://example.com",
        ]
        let rect = rng.chance(0.6) ? CGRect(x: 0, y: 0, width: rng.unit() * 60, height: rng.unit() * 40) : rng.rect(hostile: 4)
        let options = NSStringDrawingOptions(rawValue: rng.below(64))
        switch rng.below(3) {
        case 0: string.draw(in: rect, withAttributes: attributes)
        case 1: string.draw(at: rng.point(hostile: 6), withAttributes: attributes)
        default: string.draw(with: rect, options: options, attributes: attributes, context: nil)
        }
        let measured = string.boundingRect(with: rng.size(hostile: 4), options: options, attributes: attributes, context: nil)
        let size = string.size(withAttributes: attributes)
        let values = [measured.minX, measured.minY, measured.width, measured.height, size.width, size.height]
        check(values.allSatisfy(\.isFinite) ? nil : "string measures \(measured), \(size)", "string drawing's measures")
        _ = font.lineHeight + font.capHeight
    }

    /// A small image drawn in nine slices with hostile cap insets, and turned by a random orientation, into
    /// hostile rects of the current context.
    private func sliced() {
        guard let bitmap = try? CGImage(width: 3, height: 2, premultipliedRGBA: [UInt8](repeating: 200, count: 24)) else { return }
        let orientation = UIImage.Orientation(rawValue: rng.below(8)) ?? .up
        let image = UIImage(cgImage: bitmap, scale: rng.chance(0.7) ? 1 : rng.number(hostile: 4), orientation: orientation)
        let insets = UIEdgeInsets(top: rng.number(hostile: 4), left: rng.number(hostile: 4), bottom: rng.number(hostile: 4),
                                  right: rng.number(hostile: 4))
        let rect = rng.chance(0.6) ? CGRect(x: 2, y: 2, width: rng.unit() * 50, height: rng.unit() * 50) : rng.rect(hostile: 4)
        image.resizableImage(withCapInsets: insets, resizingMode: rng.chance(0.5) ? .tile : .stretch).draw(in: rect)
        image.draw(in: rect, blendMode: .copy, alpha: rng.number(hostile: 4))
    }

    /// A drawn image encoded as PNG and as JPEG must decode to its size.
    private func roundTrip(_ image: UIImage) {
        guard let bitmap = image.cgImage, bitmap.width * bitmap.height <= 1 << 16 else { return }
        for (kind, data) in [("PNG", image.pngData()), ("JPEG", image.jpegData(compressionQuality: rng.number(hostile: 4)))] {
            guard let data else { return fail("a \(bitmap.width)x\(bitmap.height) image gave no \(kind) bytes") }
            let decoded = UIImage(data: data)?.cgImage
            check(decoded?.width == bitmap.width && decoded?.height == bitmap.height ? nil
                  : "\(kind) of a \(bitmap.width)x\(bitmap.height) image decodes as \(decoded.map { "\($0.width)x\($0.height)" } ?? "nothing")",
                  "image encoding")
        }
    }
}
