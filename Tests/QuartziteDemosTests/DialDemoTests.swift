import Foundation
import Testing
import Quartzite
import QuartziteRender
import QuartziteHost
@testable import QuartziteDemos

/// The dial demo captured headless: its needle, drawn by `draw(in:)` from the animated custom `value`,
/// points where the swing's closed form puts it (eased in and out from 0.1 to 0.9 over 1.6 s, symmetric, so
/// exactly half way at 0.8 s, and at its ends at 0 and 1.6 s).
@MainActor
@Suite(.serialized)
struct DialDemoTests {
    let size = DialDemo.preferredSize
    static let needle = SIMD4<UInt8>(255, 140, 89, 255)

    /// Whether the needle's colour is at `fraction` of its length from the centre along the dial's angle
    /// for `value`.
    func needleShows(_ b: Bitmap, value: CGFloat) -> Bool {
        let side = min(size.width, size.height) * 0.8
        let length = side * 0.4 * 0.78
        let a = DialLayer.angle(value)
        let x = size.width / 2 + length * 0.6 * cos(a), y = size.height / 2 + length * 0.6 * sin(a)
        guard let pixel = b.pixel(x: Int(x), y: Int(y)) else { return false }
        return (0..<3).allSatisfy { abs(Int(pixel[$0]) - Int(Self.needle[$0])) <= 3 }
    }

    @Test(arguments: [(0.0, 0.1), (0.8, 0.5), (1.6, 0.9), (2.4, 0.5)] as [(Double, CGFloat)])
    func theNeedlePointsAtTheAnimatedValue(t: Double, value: CGFloat) throws {
        let b = try Capture.frame(DialDemo.self, size: size, at: t)
        #expect(needleShows(b, value: value), "t = \(t): no needle at value \(value)")
        // Not where another value would put it.
        #expect(!needleShows(b, value: value > 0.5 ? value - 0.3 : value + 0.3))
    }

    /// The dial's backing store follows the display's scale (`UIScreen.main.scale`, which capture sets to the
    /// scale it renders at): 2 pixels a point in a capture at scale 2; a scale that is not finite and
    /// positive leaves it as it was.
    @Test func theBackingStoreIsAtTheDisplaysScale() throws {
        let b = try Capture.frame(DialDemo.self, size: size, scale: 2, at: 0.8)
        #expect(b.width == Int(size.width) * 2)
        #expect(UIScreen.main.scale == 2)
        #expect(DialDemo(size: size).dial.contentsScale == 2)
        UIScreen.main.setScale(.nan)
        UIScreen.main.setScale(0)
        #expect(UIScreen.main.scale == 2)
        UIScreen.main.setScale(1)
        #expect(DialDemo(size: size).dial.contentsScale == 1)
        #expect(UIScreen.main.nativeScale == 1)
    }
}
