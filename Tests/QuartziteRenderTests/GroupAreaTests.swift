import Foundation
import Testing
import Quartzite
import QuartziteRender

/// Offscreen groups cover only the pixels their layer can touch (offscreen targets are used only where
/// needed). Wherever the area lands (off the canvas's edge, under a rotation, with a child outside the
/// parent's bounds, nested), the picture is the one source-over blending gives by hand.
@MainActor
@Suite(.serialized)
struct GroupAreaTests {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    func render(_ root: CALayer) throws -> Bitmap {
        let renderer = try HeadlessRenderer(size: CGSize(width: 100, height: 100))
        defer { renderer.close() }
        return try renderer.render(root, at: 0)
    }

    /// A half-opaque group of a red square under a blue one: blue at 50 % over white where they overlap
    /// (one group, not two layers blended in turn), red at 50 % where only red is.
    func group(at frame: CGRect) -> CALayer {
        let g = CALayer()
        g.frame = frame
        g.opacity = 0.5
        g.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 30, height: 30), red))
        g.addSublayer(solidLayer(CGRect(x: 10, y: 10, width: 30, height: 30), blue))
        return g
    }

    @Test func aGroupHangingOffTheCanvasEdge() throws {
        let root = whiteCanvas()
        root.addSublayer(group(at: CGRect(x: -15, y: -15, width: 40, height: 40)))
        let bitmap = try render(root)
        #expect(maxChannelDifference(bitmap.pixel(x: 5, y: 5), rgba(128, 128, 255)) <= 1)     // overlap: blue only
        #expect(maxChannelDifference(bitmap.pixel(x: 20, y: 20), rgba(128, 128, 255)) <= 1)
        #expect(maxChannelDifference(bitmap.pixel(x: 30, y: 30), rgba(255, 255, 255)) <= 1)   // outside the group
        #expect(maxChannelDifference(bitmap.pixel(x: 0, y: 0), rgba(128, 128, 255)) <= 1)
    }

    @Test func aRotatedGroup() throws {
        let root = whiteCanvas()
        let g = group(at: CGRect(x: 30, y: 30, width: 40, height: 40))
        g.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        root.addSublayer(g)
        let bitmap = try render(root)
        // The centre of the group (50, 50) is in the overlap whatever the rotation around it.
        #expect(maxChannelDifference(bitmap.pixel(x: 50, y: 50), rgba(128, 128, 255)) <= 1)
        // The red-only corner (layer point (5, 5)) turned 45 degrees about (50, 50): offset (-15, -15) becomes
        // (0, -21.2), so pixel (50, 29) shows red at 50 %.
        #expect(maxChannelDifference(bitmap.pixel(x: 50, y: 29), rgba(255, 128, 128)) <= 2)
        // The box's corner (30, 30) lies outside the turned square: white.
        #expect(maxChannelDifference(bitmap.pixel(x: 31, y: 31), rgba(255, 255, 255)) <= 1)
    }

    @Test func aChildOutsideItsParentsBoundsIsInTheGroup() throws {
        let root = whiteCanvas()
        let g = CALayer()
        g.frame = CGRect(x: 10, y: 10, width: 10, height: 10)
        g.opacity = 0.5
        g.addSublayer(solidLayer(CGRect(x: 40, y: 40, width: 30, height: 30), red))
        g.addSublayer(solidLayer(CGRect(x: 50, y: 50, width: 30, height: 30), blue))
        root.addSublayer(g)
        let bitmap = try render(root)
        #expect(maxChannelDifference(bitmap.pixel(x: 70, y: 70), rgba(128, 128, 255)) <= 1)
        #expect(maxChannelDifference(bitmap.pixel(x: 55, y: 55), rgba(255, 128, 128)) <= 1)
        #expect(maxChannelDifference(bitmap.pixel(x: 88, y: 88), rgba(128, 128, 255)) <= 1)
    }

    @Test func nestedGroups() throws {
        let root = whiteCanvas()
        let outer = CALayer()
        outer.frame = CGRect(x: 20, y: 20, width: 60, height: 60)
        outer.opacity = 0.5
        outer.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 60, height: 60), red))
        let inner = group(at: CGRect(x: 20, y: 20, width: 40, height: 40))
        inner.opacity = 1
        // Inner group at full opacity over red, the whole at 50 % over white.
        outer.addSublayer(inner)
        let innerGroup = group(at: CGRect(x: 0, y: 0, width: 40, height: 40))
        innerGroup.position = CGPoint(x: 10, y: 50)
        outer.addSublayer(innerGroup)
        root.addSublayer(outer)
        let bitmap = try render(root)
        // Inside `inner` where blue covers: blue inside the outer group, 50 % over white.
        #expect(maxChannelDifference(bitmap.pixel(x: 65, y: 65), rgba(128, 128, 255)) <= 1)
        // innerGroup spans outer x -10 ... 30, y 30 ... 70; its blue square outer (0 ... 30, 40 ... 70). At
        // outer (5, 45): blue at 50 % over red, then the outer group at 50 % over white.
        #expect(maxChannelDifference(bitmap.pixel(x: 25, y: 65), rgba(191, 128, 191)) <= 2)
        // Where innerGroup hangs outside outer's bounds (outer (-5, 45), innerGroup (5, 15)): only its red
        // square, at 50 % (innerGroup) then 50 % (outer) over white.
        #expect(maxChannelDifference(bitmap.pixel(x: 15, y: 65), rgba(255, 191, 191)) <= 2)
    }

    @Test func anAlphaMaskHangingOffTheCanvas() throws {
        let root = whiteCanvas()
        let content = solidLayer(CGRect(x: -20, y: -20, width: 60, height: 60), blue)
        let mask = CALayer()
        mask.frame = content.bounds
        mask.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0.5)
        content.mask = mask
        root.addSublayer(content)
        let bitmap = try render(root)
        #expect(maxChannelDifference(bitmap.pixel(x: 2, y: 2), rgba(128, 128, 255)) <= 1)
        #expect(maxChannelDifference(bitmap.pixel(x: 38, y: 38), rgba(128, 128, 255)) <= 1)
        #expect(maxChannelDifference(bitmap.pixel(x: 45, y: 45), rgba(255, 255, 255)) <= 1)
    }
}
