import Foundation
import Testing
@testable import Quartzite

/// UIKit's smaller drawing calls as UIKit documents them: `UIRectFill` replaces (copy blend), `UIRectFrame` is
/// a one-point frame inside the rect, a path's dash pattern and blend, a width of 0 is the thinnest line, an
/// image drawn with a blend and alpha; the geometry strings NSCoder reads and writes; the spaces colours and
/// images report.
@Suite(.serialized) struct UIKitDrawingCallsTests {
    func format(_ scale: CGFloat) -> UIGraphicsImageRendererFormat {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        return format
    }

    func pixel(_ image: UIImage, _ x: Int, _ y: Int) -> [UInt8] {
        guard let cg = image.cgImage else { return [] }
        let i = (y * cg.width + x) * 4
        return Array(cg.premultipliedRGBA[i ..< i + 4])
    }

    @Test func rectFillReplacesWhatIsThereAndRectFrameIsOnePointInside() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: format(2)).image { context in
            UIColor.blue.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
            UIColor.red.withAlphaComponent(0.5).setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 5, height: 10))
            UIColor.green.setFill()
            UIRectFrame(CGRect(x: 5, y: 0, width: 5, height: 10))
        }
        // Copy: the half-transparent red replaces the blue (premultiplied 128, alpha 128), not blended over it.
        #expect(pixel(image, 2, 10) == [128, 0, 0, 128])
        // The frame: its one point (two pixels at 2x) along the inside of each edge; the middle stays blue.
        #expect(pixel(image, 10, 10) == [0, 255, 0, 255] && pixel(image, 11, 10) == [0, 255, 0, 255])
        #expect(pixel(image, 12, 10) == [0, 0, 255, 255] && pixel(image, 15, 1) == [0, 255, 0, 255])
        #expect(pixel(image, 15, 2) == [0, 0, 255, 255] && pixel(image, 19, 10) == [0, 255, 0, 255])
    }

    @Test func aPathsDashPatternBlendAndZeroWidthAreDrawn() throws {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 20), format: format(2)).image { _ in
            let dashed = UIBezierPath()
            dashed.move(to: CGPoint(x: 0, y: 5))
            dashed.addLine(to: CGPoint(x: 40, y: 5))
            dashed.lineWidth = 4
            dashed.setLineDash([5, 5], count: 2, phase: 0)
            UIColor.black.setStroke()
            dashed.stroke()
            let hairline = UIBezierPath()
            hairline.move(to: CGPoint(x: 0, y: 15))
            hairline.addLine(to: CGPoint(x: 40, y: 15))
            hairline.lineWidth = 0
            hairline.stroke()
        }
        // Dashes of 5 points on, 5 off: x = 2 and x = 12 points painted, x = 7 and x = 17 not.
        #expect(pixel(image, 4, 10)[3] == 255 && pixel(image, 24, 10)[3] == 255)
        #expect(pixel(image, 14, 10)[3] == 0 && pixel(image, 34, 10)[3] == 0)
        // Width 0: one device pixel, not half a point's two: at 2x the line at y = 15 points covers rows 29
        // and 30 by half each (a 1-pixel line centred on the boundary between them), and nothing beyond.
        let rows = (27...32).map { Int(pixel(image, 40, $0)[3]) }
        #expect(rows[2] + rows[3] >= 250 && rows[2] + rows[3] <= 260)
        #expect(rows[0] == 0 && rows[1] == 0 && rows[4] == 0 && rows[5] == 0)
        var lengths = [CGFloat](repeating: 0, count: 2), count = 0, phase: CGFloat = -1
        let path = UIBezierPath()
        path.setLineDash([3, 1], count: 2, phase: 2)
        path.getLineDash(&lengths, count: &count, phase: &phase)
        #expect(lengths == [3, 1] && count == 2 && phase == 2)
        let copy = try #require(path.copy() as? UIBezierPath)
        copy.getLineDash(nil, count: &count, phase: &phase)
        #expect(count == 2 && phase == 2 && copy !== path)
    }

    @Test func fillsAndImagesTakeABlendAndAnAlpha() throws {
        let dot = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2), format: format(1)).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }
        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 2), format: format(1)).image { _ in
            dot.draw(at: .zero, blendMode: .normal, alpha: 0.5)
            UIColor.blue.setFill()
            UIBezierPath(rect: CGRect(x: 2, y: 0, width: 2, height: 2)).fill(with: .normal, alpha: 0.25)
        }
        #expect(pixel(image, 1, 1) == [128, 0, 0, 128])
        #expect(pixel(image, 3, 1) == [0, 0, 64, 64])
        let data = UIGraphicsImageRenderer(size: CGSize(width: 3, height: 2), format: format(1)).pngData { context in
            UIColor.green.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 3, height: 2))
        }
        let decoded = try CGImage(imageData: data)
        #expect(decoded.width == 3 && decoded.height == 2 && Array(decoded.premultipliedRGBA.prefix(4)) == [0, 255, 0, 255])
    }

    @Test func geometryStringsReadAndWriteAsUIKitsDo() {
        #expect(NSCoder.cgPoint(for: "{10, 20.5}") == CGPoint(x: 10, y: 20.5))
        #expect(NSCoder.cgPoint(for: "{-3,4}") == CGPoint(x: -3, y: 4))
        #expect(NSCoder.cgSize(for: "{30, 40}") == CGSize(width: 30, height: 40))
        #expect(NSCoder.cgRect(for: "{{1, 2}, {3, 4}}") == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(NSCoder.cgPoint(for: "nonsense") == .zero && NSCoder.cgPoint(for: "{1, 2, 3}") == .zero)
        #expect(NSCoder.string(for: CGPoint(x: 10, y: 20.5)) == "{10, 20.5}")
        #expect(NSCoder.string(for: CGRect(x: 1, y: 2, width: 3, height: 4)) == "{{1, 2}, {3, 4}}")
    }

    @Test func coloursAndImagesReportTheirSpaces() throws {
        let grey = try #require(CGColorSpace(name: CGColorSpace.genericGrayGamma2_2))
        let rgb = CGColorSpaceCreateDeviceRGB()
        let half: [CGFloat] = [0.5, 1]
        #expect(CGColor(colorSpace: grey, components: half)?.components == [0.5, 0.5, 0.5, 1])
        let red: [CGFloat] = [1, 0, 0, 0.25]
        #expect(CGColor(colorSpace: rgb, components: red) == CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 0.25))
        #expect(CGColor.white.converted(to: rgb, intent: .defaultIntent, options: nil) == .white)
        let image = try CGImage(width: 1, height: 1, premultipliedRGBA: [0, 0, 0, 0])
        #expect(image.alphaInfo == .premultipliedLast && image.bitsPerPixel == 32 && image.colorSpace?.model == .rgb)
    }

    @Test func pathContainsTestsTheCurrentPathInUserSpace() throws {
        let context = try #require(CGContext(data: nil, width: 20, height: 20, bitsPerComponent: 8, bytesPerRow: 0,
                                             space: CGColorSpaceCreateDeviceRGB(),
                                             bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.scaleBy(x: 2, y: 2)
        context.addRect(CGRect(x: 2, y: 2, width: 4, height: 4))
        #expect(context.pathContains(CGPoint(x: 3, y: 3), mode: .fill))
        #expect(!context.pathContains(CGPoint(x: 7, y: 3), mode: .fill))
        context.setLineWidth(2)
        #expect(context.pathContains(CGPoint(x: 6.9, y: 4), mode: .stroke))
        #expect(!context.pathContains(CGPoint(x: 4, y: 4), mode: .stroke))
        #expect(context.pathContains(CGPoint(x: 4, y: 4), mode: .fillStroke))
    }

    /// An image with an orientation is drawn as it is meant to be seen (EXIF's orientations): a stored 2 x 1
    /// bitmap, red then blue, turned a quarter clockwise (`.right`, how a portrait photo is stored) shows red
    /// on top; `.left` blue; `.leftMirrored` (the transpose) red; `.rightMirrored` (the transverse) blue;
    /// `.down` and `.upMirrored` put blue on the left; `.downMirrored` keeps red there.
    @Test func imagesAreDrawnAsTheirOrientationSays() throws {
        let stored = try CGImage(width: 2, height: 1, premultipliedRGBA: [255, 0, 0, 255, 0, 0, 255, 255])
        let red: [UInt8] = [255, 0, 0, 255], blue: [UInt8] = [0, 0, 255, 255]
        let tall: [(UIImage.Orientation, [UInt8])] = [(.right, red), (.left, blue), (.leftMirrored, red), (.rightMirrored, blue)]
        for (orientation, top) in tall {
            let image = UIImage(cgImage: stored, scale: 1, orientation: orientation)
            #expect(image.size == CGSize(width: 1, height: 2))
            let drawn = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 20), format: format(1)).image { _ in
                image.draw(in: CGRect(x: 0, y: 0, width: 10, height: 20))
            }
            #expect(pixel(drawn, 5, 2) == top && pixel(drawn, 5, 17) == (top == red ? blue : red), "\(orientation)")
        }
        let wide: [(UIImage.Orientation, [UInt8])] = [(.up, red), (.down, blue), (.upMirrored, blue), (.downMirrored, red)]
        for (orientation, left) in wide {
            let image = UIImage(cgImage: stored, scale: 1, orientation: orientation)
            let drawn = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 10), format: format(1)).image { _ in
                image.draw(in: CGRect(x: 0, y: 0, width: 20, height: 10))
            }
            #expect(pixel(drawn, 2, 5) == left && pixel(drawn, 17, 5) == (left == red ? blue : red), "\(orientation)")
        }
    }

    /// A resizable image drawn larger keeps its caps and fills between them: stretched (the middle's two
    /// columns each take half the width between the caps) or tiled (they alternate), as UIKit's resizing modes
    /// say. A 4 x 1 bitmap: green cap, red, blue, green cap; caps of one point each side.
    @Test func resizableImagesKeepTheirCapsAndStretchOrTileTheMiddle() throws {
        let bitmap = try CGImage(width: 4, height: 1, premultipliedRGBA: [0, 255, 0, 255, 255, 0, 0, 255,
                                                                          0, 0, 255, 255, 0, 255, 0, 255])
        let image = UIImage(cgImage: bitmap)
        let insets = UIEdgeInsets(top: 0, left: 1, bottom: 0, right: 1)
        func drawn(_ mode: UIImage.ResizingMode) -> UIImage {
            let resizable = image.resizableImage(withCapInsets: insets, resizingMode: mode)
            #expect(resizable.capInsets == insets && resizable.resizingMode == mode && resizable.size == image.size)
            return UIGraphicsImageRenderer(size: CGSize(width: 10, height: 2), format: format(1)).image { _ in
                resizable.draw(in: CGRect(x: 0, y: 0, width: 10, height: 2))
            }
        }
        let green: [UInt8] = [0, 255, 0, 255], red: [UInt8] = [255, 0, 0, 255], blue: [UInt8] = [0, 0, 255, 255]
        let stretched = drawn(.stretch)
        #expect(pixel(stretched, 0, 1) == green && pixel(stretched, 9, 1) == green)
        #expect(pixel(stretched, 2, 1) == red && pixel(stretched, 7, 1) == blue)
        let tiled = drawn(.tile)
        #expect(pixel(tiled, 0, 1) == green && pixel(tiled, 9, 1) == green)
        #expect((1...8).map { pixel(tiled, $0, 1) } == [red, blue, red, blue, red, blue, red, blue])
        #expect(CGRect(x: 0, y: 0, width: 10, height: 10).inset(by: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
                == CGRect(x: 2, y: 1, width: 4, height: 6))
        // Plain arithmetic, as UIEdgeInsetsInsetRect is: a rect of negative size is not standardized first.
        let negative = UIEdgeInsetsInsetRect(CGRect(x: 10, y: 10, width: -10, height: -10), UIEdgeInsetsMake(1, 1, 1, 1))
        #expect(negative.origin == CGPoint(x: 11, y: 11) && negative.size == CGSize(width: -12, height: -12))
    }
}
