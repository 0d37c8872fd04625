import Foundation
import Testing
import Quartzite
import QuartziteRender

/// Trees deeper and wider than any real one (a seeded fuzz found the stack overflowing at about 800 levels in
/// the compositor, and at 10,000 in the evaluator): the walks use explicit stacks, so these draw, and what
/// the stencil and offscreen surfaces cannot nest any further is left out with a diagnostic.
@MainActor
@Suite(.serialized)
struct DeepTreeRenderTests {
    /// `depth` layers, each the only sublayer of the one before, under `root`; each `size` points square
    /// and `step` points to the right of its superlayer. Returns the deepest.
    func chain(under root: CALayer, depth: Int, size: CGFloat, step: CGFloat,
               configure: (Int, CALayer) -> Void = { _, _ in }) -> CALayer {
        var parent = root
        for level in 1...depth {
            let layer = CALayer()
            layer.frame = CGRect(x: step, y: 0, width: size, height: size)
            configure(level, layer)
            parent.addSublayer(layer)
            parent = layer
        }
        return parent
    }

    func render(_ root: CALayer, size: CGFloat = 40, samples: Int = 1, at time: CFTimeInterval = 0) throws -> Bitmap {
        CATransaction.flush()
        let renderer = try HeadlessRenderer(size: CGSize(width: size, height: size), samples: samples)
        defer { renderer.close() }
        return try renderer.render(root, at: time)
    }

    /// The regression: 100,000 nested layers, each 0.0002 points right of its superlayer, so the deepest
    /// (red) starts 20 points right of the canvas's edge.
    @Test func aChainOf100000LayersDraws() throws {
        let root = withoutActionsReturning { whiteCanvas(40) }
        withoutActions {
            let deepest = chain(under: root, depth: 100_000, size: 40, step: 0.0002)
            deepest.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        }
        let picture = try render(root)
        #expect(picture.pixel(x: 15, y: 20) == rgba(255, 255, 255))
        #expect(picture.pixel(x: 25, y: 20) == rgba(255, 0, 0))
    }

    /// 100,000 siblings of one point each, ten over every pixel of a 100 x 100 canvas: the last ten
    /// thousand (green) are drawn over the first ninety thousand (black), each pixel ends green.
    @Test func aListOf100000SiblingsDraws() throws {
        let root = withoutActionsReturning { whiteCanvas(100) }
        withoutActions {
            for index in 0..<100_000 {
                let x = CGFloat(index % 100), y = CGFloat((index / 100) % 100)
                let color = index < 90_000 ? CGColor.black : CGColor(red: 0, green: 1, blue: 0, alpha: 1)
                root.addSublayer(solidLayer(CGRect(x: x, y: y, width: 1, height: 1), color))
            }
        }
        let picture = try render(root, size: 100)
        for (x, y) in [(0, 0), (99, 0), (50, 50), (0, 99), (99, 99)] {
            #expect(picture.pixel(x: x, y: y) == rgba(0, 255, 0), "pixel \(x), \(y)")
        }
    }

    /// The deepest layer of a chain fades in: its animation is evaluated below the depth where the
    /// evaluator stops recursing, on the first frame and on the next (which rewrites the kept tree).
    @Test func anAnimationAtTheBottomOfADeepChainShows() throws {
        let root = withoutActionsReturning { whiteCanvas(40) }
        let deepest = withoutActionsReturning { chain(under: root, depth: 1_000, size: 40, step: 0) }
        withoutActions { deepest.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1) }
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.beginTime = 100
        fade.duration = 1
        fade.fillMode = .both
        deepest.add(fade, forKey: "fade")
        CATransaction.flush()
        let renderer = try HeadlessRenderer(size: CGSize(width: 40, height: 40))
        defer { renderer.close() }
        // Before its begin, filled backwards: transparent.
        let before = try renderer.render(root, at: 99)
        #expect(before.pixel(x: 20, y: 20) == rgba(255, 255, 255))
        // Half faded in: red at half over white.
        let half = try renderer.render(root, at: 100.5)
        #expect(maxChannelDifference(half.pixel(x: 20, y: 20), rgba(255, 128, 128)) <= 2)
        let done = try renderer.render(root, at: 101)
        #expect(done.pixel(x: 20, y: 20) == rgba(255, 0, 0))
    }

    /// A mask whose only ink is 100,000 levels down: it still masks, as a stencil clip (4 samples) and as
    /// an alpha mask (1 sample).
    @Test(arguments: [1, 4])
    func aMaskWithADeepSubtreeMasks(samples: Int) throws {
        let root = withoutActionsReturning { whiteCanvas(40) }
        withoutActions {
            let red = solidLayer(CGRect(x: 0, y: 0, width: 40, height: 40), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            let mask = CALayer()
            mask.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            let ink = chain(under: mask, depth: 100_000, size: 40, step: 0)
            ink.backgroundColor = .black
            ink.frame = CGRect(x: 20, y: 0, width: 20, height: 40)
            red.mask = mask
            root.addSublayer(red)
        }
        let picture = try render(root, samples: samples)
        #expect(picture.pixel(x: 10, y: 20) == rgba(255, 255, 255))
        #expect(picture.pixel(x: 30, y: 20) == rgba(255, 0, 0))
    }

    /// 300 nested rounded layers that mask to their bounds (stencil clips under MSAA): a green background
    /// inside 99 clips draws; the sublayers of the 201st cannot be clipped any more (the stencil holds 255
    /// levels), so the red at the bottom is left out, and the diagnostic says so.
    @Test func clipsNestedPastTheStencilsDepthAreLeftOutWithADiagnostic() throws {
        let root = withoutActionsReturning { whiteCanvas(40) }
        withoutActions {
            let deepest = chain(under: root, depth: 300, size: 40, step: 0) { level, layer in
                layer.masksToBounds = true
                layer.cornerRadius = 2
                if level == 100 { layer.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1) }
            }
            deepest.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        }
        let picture = try render(root, samples: 4)
        #expect(picture.pixel(x: 20, y: 20) == rgba(0, 255, 0))
        #expect(Diagnostics.messages.contains { $0.contains("inside 200 clipping layers are not drawn") })
    }

    /// 300 nested square-cornered layers that mask to their bounds: scissor boxes, which have no depth
    /// limit, so the red at the bottom draws.
    @Test func squareCorneredClipsNestWithoutLimit() throws {
        let root = withoutActionsReturning { whiteCanvas(40) }
        withoutActions {
            let deepest = chain(under: root, depth: 300, size: 40, step: 0) { _, layer in layer.masksToBounds = true }
            deepest.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        }
        let picture = try render(root, samples: 4)
        #expect(picture.pixel(x: 20, y: 20) == rgba(255, 0, 0))
    }

    /// 100 nested translucent layers of two parts each: past 32 open groups they draw without group
    /// opacity (the diagnostic says so) instead of holding 100 offscreen surfaces. The first level's own
    /// background is still at its opacity.
    @Test func groupsNestedPastTheBudgetDrawWithoutGroupOpacity() throws {
        let root = withoutActionsReturning { whiteCanvas(40) }
        withoutActions {
            _ = chain(under: root, depth: 100, size: 40, step: 0) { level, layer in
                layer.opacity = level == 1 ? 0.5 : 0.99
                layer.backgroundColor = level == 1 ? .black : nil
                layer.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 1, height: 1), .black))
            }
        }
        let picture = try render(root)
        #expect(maxChannelDifference(picture.pixel(x: 20, y: 20), rgba(128, 128, 128)) <= 2)
        #expect(Diagnostics.messages.contains { $0.contains("drawn without group opacity") })
    }
}

/// `body`'s result, made in a transaction with implicit animations off.
@MainActor
func withoutActionsReturning<T>(_ body: () -> T) -> T {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    defer { CATransaction.commit() }
    return body()
}
