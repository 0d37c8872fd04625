import Foundation
import Testing
@testable import Quartzite

/// Shadow offsets in the contexts UIKit and layers make: their base space is y-down points, so a positive
/// height moves the shadow down (Apple's Technical Q&A QA1706: "Positive values indicate downward
/// displacement" from iOS 3.2), and an offset is in points at any scale. A bare bitmap context keeps Core
/// Graphics' y-up device space.
@Suite(.serialized) struct ShadowBaseSpaceTests {
    func pixel(_ image: CGImage?, _ x: Int, _ y: Int) -> [UInt8] {
        guard let image else { return [] }
        let i = (y * image.width + x) * 4
        return Array(image.premultipliedRGBA[i ..< i + 4])
    }

    func shadowed(scale: CGFloat) -> CGImage? {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        return UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40), format: format).image { context in
            context.cgContext.setShadow(offset: CGSize(width: 0, height: 5), blur: 0, color: UIColor.blue.cgColor)
            UIColor.red.setFill()
            context.fill(CGRect(x: 10, y: 10, width: 20, height: 20))
        }.cgImage
    }

    @Test func inAUIKitContextAPositiveHeightMovesTheShadowDownInPoints() {
        let one = shadowed(scale: 1)
        #expect(pixel(one, 20, 32) == [0, 0, 255, 255] && pixel(one, 20, 34) == [0, 0, 255, 255])
        #expect(pixel(one, 20, 7) == [0, 0, 0, 0] && pixel(one, 20, 36) == [0, 0, 0, 0])
        // At 2x the same 5 points are 10 pixels: the shadow reaches row 69, not 64.
        let two = shadowed(scale: 2)
        #expect(pixel(two, 40, 68) == [0, 0, 255, 255] && pixel(two, 40, 71) == [0, 0, 0, 0])
    }

    @Test func aLayersDrawingContextHasTheSameBase() throws {
        final class Shadowed: CALayer {
            override func draw(in ctx: CGContext) {
                ctx.setShadow(offset: CGSize(width: 0, height: 4), blur: 0, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
                ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
                ctx.fill(CGRect(x: 5, y: 5, width: 10, height: 10))
            }
        }
        let layer = Shadowed()
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.contentsScale = 2
        layer.display()
        let image = try #require(layer.contents as? CGImage)
        // Rows are top first and the layer's y runs down: the shadow shows below the square (y 15...19 points).
        #expect(pixel(image, 20, 36) == [0, 0, 255, 255])
        #expect(pixel(image, 20, 8) == [0, 0, 0, 0])
    }

    @Test func aBareBitmapContextKeepsYUpDevicePixels() throws {
        let context = try #require(CGContext(data: nil, width: 40, height: 40, bitsPerComponent: 8, bytesPerRow: 0,
                                             space: CGColorSpaceCreateDeviceRGB(),
                                             bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.scaleBy(x: 2, y: 2)
        context.setShadow(offset: CGSize(width: 0, height: 5), blur: 0, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 5, y: 5, width: 10, height: 10))
        // The square covers device rows 10...29 from the bottom (image rows 10...29); the shadow 5 device
        // pixels up reaches image row 5, and nothing below the square.
        let image = context.makeImage()
        #expect(pixel(image, 20, 6) == [0, 0, 255, 255] && pixel(image, 20, 4) == [0, 0, 0, 0])
        #expect(pixel(image, 20, 31) == [0, 0, 0, 0])
    }
}
