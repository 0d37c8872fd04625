import Foundation
import Testing
import QuartziteRender
@testable import QuartziteExport

/// The rectangle an animation frame stores: exactly the pixels that changed.
struct ChangedRegionTests {
    func bitmap(_ width: Int, _ height: Int, set: [(Int, Int, UInt8)] = []) -> Bitmap? {
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for (x, y, v) in set { rgba[(y * width + x) * 4 + 1] = v }
        return Bitmap(width: width, height: height, rgba: rgba)
    }

    @Test func equalFramesHaveNoRegion() throws {
        let a = try #require(bitmap(9, 7))
        #expect(ChangedRegion.between(a, a) == nil)
    }

    @Test func theBoxOfTheChangedPixels() throws {
        let a = try #require(bitmap(9, 7))
        let one = try #require(bitmap(9, 7, set: [(4, 2, 0)]))
        #expect(ChangedRegion.between(a, one) == PixelBox(x: 4, y: 2, width: 1, height: 1))
        let two = try #require(bitmap(9, 7, set: [(6, 1, 0), (2, 5, 9)]))
        #expect(ChangedRegion.between(a, two) == PixelBox(x: 2, y: 1, width: 5, height: 5))
        let corners = try #require(bitmap(9, 7, set: [(0, 0, 0), (8, 6, 0)]))
        #expect(ChangedRegion.between(a, corners) == PixelBox(x: 0, y: 0, width: 9, height: 7))
        let other = try #require(bitmap(3, 3))
        #expect(ChangedRegion.between(other, a) == PixelBox(x: 0, y: 0, width: 9, height: 7))
    }

    @Test func cropKeepsThePixels() throws {
        let b = try #require(bitmap(9, 7, set: [(6, 1, 10), (2, 5, 20)]))
        let part = try #require(ChangedRegion.crop(b, to: PixelBox(x: 2, y: 1, width: 5, height: 5)))
        #expect(part.width == 5 && part.height == 5)
        #expect(part.pixel(x: 4, y: 0) == SIMD4(255, 10, 255, 255))
        #expect(part.pixel(x: 0, y: 4) == SIMD4(255, 20, 255, 255))
        #expect(ChangedRegion.crop(b, to: PixelBox(x: 20, y: 0, width: 3, height: 3)) == nil)
        #expect(ChangedRegion.crop(b, to: PixelBox(x: 7, y: 6, width: 9, height: 9))?.width == 2)
    }
}
