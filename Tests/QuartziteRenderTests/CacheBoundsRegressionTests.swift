import Foundation
import Testing
import Quartzite
import QuartziteRender

/// What a reviewer found the caches and bounded surfaces could get wrong, each pinned by its scene: a cached
/// shadow must follow a moved anchor point under a sublayerTransform, a group must hold contents drawn past
/// the bounds and a child's shadowPath outside its parent, and a gradient painted through its mask must keep
/// its own rounded clip.
@MainActor
@Suite(.serialized)
struct CacheBoundsRegressionTests {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    @Test func aCachedShadowFollowsTheAnchorPointOfASublayerTransform() throws {
        let root = whiteCanvas(120)
        let card = CALayer()
        card.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
        card.position = CGPoint(x: 60, y: 60)
        card.sublayerTransform = CATransform3DMakeScale(0.5, 0.5, 1)
        card.shadowOpacity = 1
        card.shadowRadius = 2
        card.shadowOffset = CGSize(width: 0, height: 0)
        let child = CALayer()
        child.frame = card.bounds
        child.backgroundColor = red
        card.addSublayer(child)
        root.addSublayer(card)
        let renderer = try HeadlessRenderer(size: CGSize(width: 120, height: 120))
        defer { renderer.close() }
        _ = try renderer.render(root, at: 0)
        withoutActions {
            card.anchorPoint = .zero
            card.position = CGPoint(x: 30, y: 30)
        }
        let cached = try renderer.render(root, at: 0)
        let fresh = try HeadlessRenderer(size: CGSize(width: 120, height: 120))
        defer { fresh.close() }
        #expect(largestDifference(cached, try fresh.render(root, at: 0)) <= 1)
    }

    @Test func aGroupHoldsContentsDrawnPastItsBounds() throws {
        let root = whiteCanvas(120)
        let layer = CALayer()
        layer.frame = CGRect(x: 40, y: 40, width: 20, height: 20)
        layer.opacity = 0.5
        // A 60 x 60 blue image centred on 20 x 20 bounds spills 20 points past each side.
        let bytes = [UInt8](repeating: 0, count: 60 * 60 * 4).enumerated().map { $0.offset % 4 >= 2 ? 255 : 0 }
        layer.contents = try CGImage(width: 60, height: 60, premultipliedRGBA: bytes.map { UInt8($0) })
        layer.contentsGravity = .center
        layer.addSublayer({ let l = CALayer(); l.frame = CGRect(x: 5, y: 5, width: 10, height: 10); l.backgroundColor = red; return l }())
        root.addSublayer(layer)
        let bitmap = try renderer(root)
        #expect(maxChannelDifference(bitmap.pixel(x: 25, y: 25), rgba(128, 128, 255)) <= 2)
        #expect(maxChannelDifference(bitmap.pixel(x: 75, y: 75), rgba(128, 128, 255)) <= 2)
    }

    @Test func aGroupHoldsAChildsShadowPathOutsideIt() throws {
        let root = whiteCanvas(120)
        let parent = CALayer()
        parent.frame = CGRect(x: 20, y: 20, width: 40, height: 40)
        parent.opacity = 0.5
        let a = CALayer(), b = CALayer()
        a.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        a.backgroundColor = red
        b.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        b.backgroundColor = blue
        // A contact shadow far below the child, with no blur: solid black at 50 % (group) over white.
        b.shadowPath = CGPath(rect: CGRect(x: 0, y: 60, width: 20, height: 10), transform: nil)
        b.shadowOpacity = 1
        b.shadowRadius = 0
        b.shadowOffset = .zero
        parent.addSublayer(a)
        parent.addSublayer(b)
        root.addSublayer(parent)
        let bitmap = try renderer(root)
        // The shadow: parent (20, 20) + b (10, 10) + (0 ... 20, 60 ... 70) = canvas x 30 ... 50, y 90 ... 100.
        #expect(maxChannelDifference(bitmap.pixel(x: 40, y: 95), rgba(128, 128, 128)) <= 2)
    }

    @Test func aGradientThroughAMaskKeepsItsRoundedClip() throws {
        let root = whiteCanvas(120)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
        gradient.colors = [blue, blue]
        gradient.cornerRadius = 30
        gradient.masksToBounds = true
        let mask = CAShapeLayer()
        mask.frame = gradient.bounds
        mask.path = CGPath(rect: gradient.bounds, transform: nil)
        mask.fillColor = .black
        gradient.mask = mask
        root.addSublayer(gradient)
        let bitmap = try renderer(root)
        #expect(bitmap.pixel(x: 12, y: 12) == rgba(255, 255, 255))    // cut off by the rounded corner
        #expect(maxChannelDifference(bitmap.pixel(x: 60, y: 60), rgba(0, 0, 255)) <= 1)
    }

    func renderer(_ root: CALayer) throws -> Bitmap {
        let r = try HeadlessRenderer(size: CGSize(width: 120, height: 120))
        defer { r.close() }
        return try r.render(root, at: 0)
    }
}
