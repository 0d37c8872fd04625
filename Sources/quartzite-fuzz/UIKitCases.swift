import Foundation
import Quartzite

// UIKit's drawing with hostile sizes, scales, paths, line widths and colours (image renderers, the legacy image
// contexts, pushes and pops out of balance), the images drawn as a layer's contents; and scroll layers
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
            + "fill and stroke p (width \(lit(width))) in \(lit(colour.cgColor))") {
            let draw = {
                colour.set()
                path.lineWidth = width
                path.usesEvenOddFillRule = opaque
                path.fill()
                path.stroke()
                UIImage().draw(in: CGRect(x: 0, y: 0, width: 4, height: 4))
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
        return image
    }
}
