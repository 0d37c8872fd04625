import Foundation
import Testing
@testable import Quartzite

/// Spellings iOS code uses that Core Foundation, Core Graphics and UIKit provide there: each compiles here
/// unchanged and does what Apple documents.
@Suite struct PortedSpellingTests {
    /// A 4 x 3 image whose pixel (x, y) is (x, y, 10 x + y, 255): every crop's pixels say where they came from.
    func numberedImage() throws -> CGImage {
        var bytes: [UInt8] = []
        for y in 0..<3 { for x in 0..<4 { bytes += [UInt8(x), UInt8(y), UInt8(10 * x + y), 255] } }
        return try CGImage(width: 4, height: 3, premultipliedRGBA: bytes)
    }

    func origins(_ image: CGImage) -> [[Int]] {
        stride(from: 0, to: image.premultipliedRGBA.count, by: 4).map {
            [Int(image.premultipliedRGBA[$0]), Int(image.premultipliedRGBA[$0 + 1])]
        }
    }

    /// Core Graphics makes the rectangle integral, cuts it to the image, and has no image for what is left
    /// empty; the origin is the image's first row.
    @Test func croppingFollowsCoreGraphics() throws {
        let image = try numberedImage()
        let inner = try #require(image.cropping(to: CGRect(x: 1, y: 1, width: 2, height: 2)))
        #expect(inner.width == 2 && inner.height == 2)
        #expect(origins(inner) == [[1, 1], [2, 1], [1, 2], [2, 2]])
        // Integral: 0.5 ... 1.7 covers pixels 0 and 1, 0.2 ... 1.2 rows 0 and 1.
        let fractional = try #require(image.cropping(to: CGRect(x: 0.5, y: 0.2, width: 1.2, height: 1.0)))
        #expect(origins(fractional) == [[0, 0], [1, 0], [0, 1], [1, 1]])
        let corner = try #require(image.cropping(to: CGRect(x: -5, y: -5, width: 6, height: 6)))
        #expect(origins(corner) == [[0, 0]])
        let flipped = try #require(image.cropping(to: CGRect(x: 4, y: 3, width: -1, height: -1)))
        #expect(origins(flipped) == [[3, 2]])
        #expect(image.cropping(to: CGRect(x: 4, y: 0, width: 2, height: 2)) == nil)
        #expect(image.cropping(to: .null) == nil)
        #expect(image.cropping(to: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1)) == nil)
        #expect(image.cropping(to: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)) == nil)
        #expect(image.cropping(to: CGRect(x: -1, y: -1, width: 10, height: 10)) === image)
    }

    /// `CGPath.copy()` is optional, as Core Graphics declares it: `if let` (and iOS's `copy()!`) compile.
    @Test func pathCopiesAreOptional() {
        let pill = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 20), cornerWidth: 10, cornerHeight: 10,
                          transform: nil)
        if let copy = pill.copy() {
            #expect(copy == pill && copy.boundingBox == CGRect(x: 0, y: 0, width: 40, height: 20))
        } else {
            Issue.record("a path's copy is never nil here")
        }
    }

    @Test func gradientColoursAsACoreFoundationArray() throws {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let literal = try #require(CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                                              colors: [red, blue] as CFArray, locations: [0, 1]))
        let colors = [red, blue]
        let cast = try #require(CGGradient(colorsSpace: nil, colors: colors as CFArray, locations: [0.25, 1]))
        #expect(literal.stops.map(\.rgba) == [[1, 0, 0, 1], [0, 0, 1, 1]])
        // The locations come through, with the first colour repeated at 0 (stops reach both ends).
        #expect(cast.stops.map(\.location) == [0, 0.25, 1] && cast.stops[0].rgba == [1, 0, 0, 1])
        #expect(CGGradient(colorsSpace: nil, colors: [red, "blue"] as CFArray, locations: nil) == nil)
        #expect(Diagnostics.messages.contains { $0.contains("1 elements that are not CGColors") })
    }

    /// `setValue(kCFBooleanTrue, forKey: kCATransactionDisableActions)` disables actions as
    /// `setDisableActions(true)` does.
    @Test func transactionValuesTakeCoreFoundationBooleans() {
        CATransaction.begin()
        CATransaction.setValue(kCFBooleanTrue, forKey: kCATransactionDisableActions)
        #expect(CATransaction.disableActions())
        CATransaction.setValue(kCFBooleanFalse, forKey: kCATransactionDisableActions)
        #expect(!CATransaction.disableActions())
        CATransaction.commit()
    }

    /// Display P3 colours come out as their sRGB equivalents: white and greys are the same in both; sRGB
    /// colours converted to P3 with the published sRGB-to-P3 matrix (the inverse of the one used here) come back;
    /// P3's own red lies outside sRGB and is clamped to sRGB's red.
    @Test func displayP3ColoursAsSRGB() {
        func components(_ c: UIColor) -> [Double] { c.cgColor.rgba.map { Double($0) } }
        #expect(components(UIColor(displayP3Red: 1, green: 1, blue: 1, alpha: 0.5)).elementsEqual([1, 1, 1, 0.5]) {
            abs($0 - $1) < 1e-6
        })
        #expect(components(UIColor(displayP3Red: 0.5, green: 0.5, blue: 0.5, alpha: 1)).elementsEqual([0.5, 0.5, 0.5, 1]) {
            abs($0 - $1) < 1e-6
        })
        let toP3: [SIMD3<Double>] = [SIMD3(0.8224621, 0.177538, 0), SIMD3(0.0331941, 0.9668058, 0),
                                     SIMD3(0.0170827, 0.0723974, 0.9105199)]
        let srgb = SIMD3(0.8, 0.4, 0.2)
        let linear = SIMD3(DisplayP3.decode(srgb.x), DisplayP3.decode(srgb.y), DisplayP3.decode(srgb.z))
        let p3 = toP3.map { DisplayP3.encode(($0 * linear).sum()) }
        let back = components(UIColor(displayP3Red: p3[0], green: p3[1], blue: p3[2], alpha: 1))
        #expect(back.elementsEqual([0.8, 0.4, 0.2, 1]) { abs($0 - $1) < 1e-5 }, "\(back)")
        #expect(components(UIColor(displayP3Red: 1, green: 0, blue: 0, alpha: 1)) == [1, 0, 0, 1])
        #expect(components(UIColor(displayP3Red: .nan, green: 0, blue: 0, alpha: 1)) == [0, 0, 0, 1])
    }
}
