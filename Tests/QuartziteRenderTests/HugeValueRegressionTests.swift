import Foundation
import Testing
import Quartzite
import QuartziteRender

/// Finite but huge values that passed every `isFinite` guard and then trapped in an integer conversion (a
/// group's pixel area, a shadow's blur size; found by a seeded fuzz of layer trees): the frame now draws,
/// and the rest of the tree is unharmed. Both traps fail these tests (the process dies) without the fix.
@MainActor
@Suite(.serialized)
struct HugeValueRegressionTests {
    func render(_ configure: (CALayer) -> Void) throws -> Bitmap {
        let root = whiteCanvas(40)
        let marker = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        root.addSublayer(marker)
        configure(root)
        CATransaction.flush()
        let renderer = try HeadlessRenderer(size: CGSize(width: 40, height: 40))
        defer { renderer.close() }
        return try renderer.render(root, at: 0)
    }

    /// A sublayer at x = -1e19 inside a translucent group: the group's pixel area was converted to Int.
    @Test func aSublayerFarOutsideATranslucentGroup() throws {
        let picture = try render { root in
            let group = CALayer()
            group.frame = CGRect(x: 20, y: 20, width: 20, height: 20)
            group.opacity = 0.5
            group.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20), .black))
            group.addSublayer(solidLayer(CGRect(x: -1e19, y: 0, width: 10, height: 10), .black))
            root.addSublayer(group)
        }
        #expect(picture.pixel(x: 5, y: 5) == rgba(0, 0, 255))
        // The group's near child shows at half opacity; the far one is past the 1e7-point limit, left out of
        // the drawing and of the group's bounds alike (counted in the bounds, it would leave the whole group out).
        #expect(maxChannelDifference(picture.pixel(x: 30, y: 30), rgba(128, 128, 128)) <= 2)
    }

    /// shadowRadius = 1e30: the blur's size was converted to Int before the radius was bounded.
    @Test func anEnormousShadowRadius() throws {
        let picture = try render { root in
            let shadowed = solidLayer(CGRect(x: 20, y: 20, width: 10, height: 10), .black)
            shadowed.shadowOpacity = 1
            shadowed.shadowRadius = 1e30
            root.addSublayer(shadowed)
        }
        // A blur that wide spreads the square's shadow to almost nothing anywhere.
        #expect(maxChannelDifference(picture.pixel(x: 5, y: 5), rgba(0, 0, 255)) <= 3)
        #expect(picture.pixel(x: 25, y: 25) == rgba(0, 0, 0))
    }

    /// Infinite bounds on a layer that clips its sublayers and has a mask far larger than any canvas: the
    /// clip's intersections meet an infinite rect (reported to trap; this form draws, and stays pinned).
    @Test func infiniteBoundsOnAClippingLayer() throws {
        let picture = try render { root in
            let clip = CALayer()
            clip.bounds = .infinite
            clip.position = CGPoint(x: 20, y: 20)
            clip.masksToBounds = true
            clip.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 5, height: 5), .black))
            root.addSublayer(clip)
            let mask = CALayer()
            mask.frame = CGRect(x: -1e300, y: -1e300, width: 1e301, height: 1e301)
            mask.backgroundColor = .black
            clip.mask = mask
        }
        #expect(picture.pixel(x: 5, y: 5) == rgba(0, 0, 255))
    }

    /// A rasterized layer with bounds 1e20 points wide: its bitmap's pixel size was converted to Int.
    @Test func aRasterizedLayerWithEnormousBounds() throws {
        let picture = try render { root in
            let huge = CALayer()
            huge.frame = CGRect(x: 20, y: 20, width: 1e20, height: 10)
            huge.backgroundColor = .black
            huge.shouldRasterize = true
            root.addSublayer(huge)
            let wide = solidLayer(CGRect(x: 20, y: 30, width: 1e12, height: 10), .black)
            root.addSublayer(wide)
        }
        #expect(picture.pixel(x: 5, y: 5) == rgba(0, 0, 255))
        // Geometry of 1e7 points or more is past what the renderer draws (GL's 32-bit coordinates and
        // llvmpipe's 2^23-pixel guard band lose it): such a layer is left out, and says so.
        #expect(picture.pixel(x: 30, y: 35) == rgba(255, 255, 255))
        #expect(Diagnostics.messages.contains { $0.contains("1e7 points or more from the origin; that layer is not drawn") })
    }
}
