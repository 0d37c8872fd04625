import Foundation
import Testing
import Quartzite
@testable import QuartziteRender

/// A background partly covered by an opaque sublayer is drawn round the covered pixels (`coveredHole`): the
/// same pixels as the whole quad, within a level, and only where the cover is opaque, upright, square-cornered
/// and drawn into the same target at full opacity.
@MainActor
@Suite(.serialized)
struct CoveredBackgroundTests {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let card = CGColor(red: 0.2, green: 0.3, blue: 0.6, alpha: 1)

    /// A white canvas with a rounded card at a fraction of a point, and `configure` to add its sublayers.
    func scene(_ configure: (CALayer) -> Void) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 120, height: 100)
        root.backgroundColor = .white
        let layer = CALayer()
        layer.frame = CGRect(x: 10.3, y: 8.6, width: 96, height: 80)
        layer.cornerRadius = 9
        layer.backgroundColor = card
        configure(layer)
        root.addSublayer(layer)
        return root
    }

    func picture(_ frame: CGRect) -> CALayer {
        let l = CALayer()
        l.frame = frame
        l.backgroundColor = red
        return l
    }

    /// Rounded-rectangle quads drawn for the tree (6 vertices each).
    func roundedQuads(_ root: CALayer) -> Int {
        let compositor = Compositor(canvasSize: root.bounds.size, contentScale: 1)
        compositor.coverageAntialiasing = true
        return compositor.build(Evaluator.presentationTree(of: root, at: 0)).commands.reduce(0) {
            if case .roundedRects(_, let count, _) = $1 { return $0 + count / 6 }
            return $0
        }
    }

    /// The most any channel of any pixel differs between the tree drawn with holes and without.
    func worstDifference(_ root: CALayer) throws -> Int {
        func render(cutting: Bool) throws -> Bitmap {
            let renderer = try HeadlessRenderer(size: root.bounds.size)
            defer { renderer.close() }
            renderer.cutsCoveredBackgrounds = cutting
            return try renderer.render(root, at: 0)
        }
        return largestDifference(try render(cutting: true), try render(cutting: false))
    }

    /// A picture over the card's middle: the card is four bands round it (the picture one more quad), and
    /// every pixel is the whole card's.
    @Test func aCardUnderAnOpaquePictureIsDrawnRoundIt() throws {
        let root = scene { $0.addSublayer(picture(CGRect(x: 20.4, y: 15.2, width: 50, height: 40))) }
        #expect(roundedQuads(root) == 5)
        #expect(try worstDifference(root) <= 1)
    }

    /// A cover that is translucent, rounded, turned, or under a translucent or rounded-clipping superlayer
    /// leaves the card whole.
    @Test(arguments: ["opacity", "alpha", "rounded", "turned", "translucent parent", "rounded clip"])
    func aCoverThatIsNotOpaqueAndUprightLeavesTheCardWhole(_ why: String) throws {
        let root = scene { cardLayer in
            let cover = picture(CGRect(x: 20, y: 15, width: 50, height: 40))
            var parent = cardLayer
            if why == "translucent parent" || why == "rounded clip" {
                let holder = CALayer()
                holder.frame = cardLayer.bounds
                if why == "translucent parent" { holder.opacity = 0.9 } else { holder.cornerRadius = 5; holder.masksToBounds = true }
                cardLayer.addSublayer(holder)
                parent = holder
            }
            switch why {
            case "opacity": cover.opacity = 0.9
            case "alpha": cover.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 0.9)
            case "rounded": cover.cornerRadius = 4
            case "turned": cover.transform = CATransform3DMakeRotation(0.2, 0, 0, 1)
            default: break
            }
            parent.addSublayer(cover)
        }
        // The card whole, and the cover as a quad of its own (a turned or rounded one too).
        #expect(roundedQuads(root) == 2)
        #expect(try worstDifference(root) <= 1)
    }

    /// A cover inside a square clip reaching past it: the hole is cut to the clip's pixels, and the card shows
    /// round the clip as before.
    @Test func aClippedCoverCutsOnlyWhatTheClipShows() throws {
        let root = scene { cardLayer in
            let clip = CALayer()
            clip.frame = CGRect(x: 30, y: 20, width: 40, height: 30)
            clip.masksToBounds = true
            clip.addSublayer(picture(CGRect(x: -30, y: -20, width: 200, height: 200)))
            cardLayer.addSublayer(clip)
        }
        #expect(roundedQuads(root) == 5)
        #expect(try worstDifference(root) <= 1)
    }

    /// A cover the renderer does not draw (its transform past the GPU's floats) cuts nothing: the card whole.
    @Test func aCoverThatIsNotDrawnCutsNothing() throws {
        let root = scene { cardLayer in
            let cover = picture(CGRect(x: 20, y: 15, width: 50, height: 40))
            cover.transform = CATransform3DMakeScale(1e16, 1e16, 1)
            cardLayer.addSublayer(cover)
        }
        #expect(roundedQuads(root) == 1)
        #expect(try worstDifference(root) == 0)
    }
}
