import Foundation
import Testing
import Quartzite
import QuartziteRender

/// An image view's pixels: its image placed in its bounds by each content mode, at the closed-form
/// rectangle UIKit's documentation gives (stretched, letterboxed, cropped, or at its point size at a named
/// place), its image's scale counted.
@MainActor
@Suite(.serialized)
struct UIImageViewRenderTests {
    let red = rgba(255, 0, 0), blue = rgba(0, 0, 255), black = rgba(0, 0, 0)

    /// A 40 x 20 point image at scale 2 (80 x 40 pixels): its left quarter red, the rest blue.
    func twoColourImage() throws -> UIImage {
        var bytes: [UInt8] = []
        for _ in 0..<40 { for x in 0..<80 { bytes += x < 20 ? [255, 0, 0, 255] : [0, 0, 255, 255] } }
        return UIImage(cgImage: try CGImage(width: 80, height: 40, premultipliedRGBA: bytes), scale: 2, orientation: .up)
    }

    /// Where each mode puts the 40 x 20 image in a 100 x 60 view, worked out from UIKit's descriptions.
    func expectedRect(_ mode: UIView.ContentMode) -> CGRect {
        switch mode {
        case .scaleToFill, .redraw: return CGRect(x: 0, y: 0, width: 100, height: 60)
        case .scaleAspectFit: return CGRect(x: 0, y: 5, width: 100, height: 50)     // scale min(2.5, 3)
        case .scaleAspectFill: return CGRect(x: -10, y: 0, width: 120, height: 60)  // scale max(2.5, 3)
        case .center: return CGRect(x: 30, y: 20, width: 40, height: 20)
        case .top: return CGRect(x: 30, y: 0, width: 40, height: 20)
        case .bottom: return CGRect(x: 30, y: 40, width: 40, height: 20)
        case .left: return CGRect(x: 0, y: 20, width: 40, height: 20)
        case .right: return CGRect(x: 60, y: 20, width: 40, height: 20)
        case .topLeft: return CGRect(x: 0, y: 0, width: 40, height: 20)
        case .topRight: return CGRect(x: 60, y: 0, width: 40, height: 20)
        case .bottomLeft: return CGRect(x: 0, y: 40, width: 40, height: 20)
        case .bottomRight: return CGRect(x: 60, y: 40, width: 40, height: 20)
        }
    }

    /// The colour at pixel centre `p` for the image in `rect` over black; nil within 1.5 pixels of an edge,
    /// where filtering blends.
    func expectedColour(at p: CGPoint, imageIn rect: CGRect) -> SIMD4<UInt8>? {
        let split = rect.minX + rect.width / 4
        let edgesX = [rect.minX, split, rect.maxX], edgesY = [rect.minY, rect.maxY]
        if edgesX.contains(where: { abs($0 - p.x) < 1.5 }) || edgesY.contains(where: { abs($0 - p.y) < 1.5 }) { return nil }
        guard rect.contains(p) else { return black }
        return p.x < split ? red : blue
    }

    func render(_ view: UIView) throws -> Bitmap {
        MediaClock.freeze(at: 10)
        CATransaction.flush()
        let renderer = try HeadlessRenderer(size: view.bounds.size)
        defer { renderer.close() }
        return try renderer.render(view.layer, at: 10)
    }

    @Test func everyContentModePlacesTheImageAtItsClosedFormRectangle() throws {
        let modes: [UIView.ContentMode] = [.scaleToFill, .scaleAspectFit, .scaleAspectFill, .redraw, .center, .top,
                                           .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight]
        let view = UIImageView(image: try twoColourImage())
        view.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
        view.backgroundColor = .black
        for mode in modes {
            view.contentMode = mode
            let bitmap = try render(view)
            if mode == .scaleAspectFit {
                try? bitmap.writePNG(to: URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("uiimageview-aspectfit.png"))
            }
            var wrong = 0
            for y in 0..<60 {
                for x in 0..<100 {
                    guard let want = expectedColour(at: CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5),
                                                    imageIn: expectedRect(mode)) else { continue }
                    if bitmap.pixel(x: x, y: y) != want { wrong += 1 }
                }
            }
            #expect(wrong == 0, "\(mode): \(wrong) pixels differ")
        }
    }

    @Test func theDefaultModeStretchesAndAHighlightedViewShowsItsHighlightedImage() throws {
        var bytes: [UInt8] = []
        for _ in 0..<4 { bytes += [0, 255, 0, 255] }
        let green = UIImage(cgImage: try CGImage(width: 2, height: 2, premultipliedRGBA: bytes))
        let view = UIImageView(image: try twoColourImage(), highlightedImage: green)
        view.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
        #expect(view.contentMode == .scaleToFill)
        #expect(try render(view).pixel(x: 90, y: 30) == blue)
        view.isHighlighted = true
        #expect(try render(view).pixel(x: 90, y: 30) == rgba(0, 255, 0))
        view.isHighlighted = false
        #expect(try render(view).pixel(x: 10, y: 30) == red)
    }
}
