import Foundation
import Testing
@testable import Quartzite

/// Regressions for `render(in:)` found by the fuzz: a layer's hostile values must not lose what is drawn
/// after it. The fuzz's stage: a 64-point white root, the case's layer, then a magenta marker above it.
@Suite struct RenderInContextHostileTests {
    /// The marker's pixel after the stage holding `content` is drawn into a UIKit-oriented context.
    func markerAfter(_ content: CALayer) throws -> [UInt8] {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        root.addSublayer(content)
        let marker = CALayer()
        marker.frame = CGRect(x: 56, y: 56, width: 8, height: 8)
        marker.backgroundColor = CGColor(red: 1, green: 0, blue: 1, alpha: 1)
        root.addSublayer(marker)
        let context = try #require(CGContext(data: nil, width: 64, height: 64, bitsPerComponent: 8, bytesPerRow: 0,
                                             space: CGColorSpaceCreateDeviceRGB(),
                                             bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.translateBy(x: 0, y: 64)
        context.scaleBy(x: 1, y: -1)
        root.render(in: context)
        let pixels = try #require(context.makeImage()).premultipliedRGBA
        let i = (60 * 64 + 60) * 4
        return Array(pixels[i ..< i + 4])
    }

    /// Gradient seed 777001 case 277: an axial gradient ten million points tall, its end points millions of
    /// points away.
    @Test func aGradientTenMillionPointsTall() throws {
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 50, y: 88.9, width: 14.18, height: -10_000_000)
        gradient.colors = [CGColor(red: 0.86, green: 0.86, blue: 0.98, alpha: 1), CGColor(red: 0.74, green: 0.21, blue: 0.46, alpha: 0.47),
                           CGColor(red: 0.42, green: 0.22, blue: 0.28, alpha: 1), CGColor(red: 0.25, green: 0.95, blue: 0.88, alpha: 0.42)]
        gradient.locations = [0.399, 0.914, 146.78, 0.515]
        gradient.startPoint = CGPoint(x: 0.71, y: 0.11)
        gradient.endPoint = CGPoint(x: 0.39, y: 0.49)
        #expect(try markerAfter(gradient) == [255, 0, 255, 255])
    }

    /// A radial gradient layer millions of points across (drawn about a unit circle, so its pattern stays small).
    @Test func aRadialGradientMillionsAcross() throws {
        let gradient = CAGradientLayer()
        gradient.type = .radial
        gradient.frame = CGRect(x: -5_000_000, y: -9_000_000, width: 10_000_000, height: 18_000_000)
        gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)]
        gradient.startPoint = CGPoint(x: 0.5, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 1)
        #expect(try markerAfter(gradient) == [255, 0, 255, 255])
    }

    /// Shadows with offsets far past any pixel, a NaN or huge radius, and a conic gradient millions of points
    /// across or with a NaN end point: each draws what it can (or nothing, reported) and the marker after them
    /// still lands.
    @Test func hostileShadowsAndConicGradients() throws {
        for (offset, radius) in [(CGSize(width: 1e300, height: -1e300), CGFloat(1)), (CGSize(width: 3, height: 3), .nan),
                                 (CGSize(width: 3, height: 3), 1e9), (CGSize(width: 1e12, height: 0), 0)] {
            let card = CALayer()
            card.frame = CGRect(x: 4, y: 4, width: 20, height: 20)
            card.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            card.shadowOpacity = 1
            card.shadowOffset = offset
            card.shadowRadius = radius
            #expect(try markerAfter(card) == [255, 0, 255, 255], "offset \(offset), radius \(radius)")
        }
        for end in [CGPoint(x: CGFloat.nan, y: 0), CGPoint(x: 1, y: 1)] {
            let wheel = CAGradientLayer()
            wheel.type = .conic
            wheel.frame = CGRect(x: -5_000_000, y: -9_000_000, width: 10_000_000, height: 18_000_000)
            wheel.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)]
            wheel.startPoint = CGPoint(x: 0.5, y: 0.5)
            wheel.endPoint = end
            #expect(try markerAfter(wheel) == [255, 0, 255, 255], "end \(end)")
        }
    }
}
