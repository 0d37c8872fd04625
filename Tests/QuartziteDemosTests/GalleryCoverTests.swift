import Foundation
import Testing
import Quartzite
@testable import QuartziteRender
@testable import QuartziteHost
@testable import QuartziteDemos

/// The gallery's cells are drawn round the thumbnails their demos' opaque backdrops cover (`coveredHole`):
/// the same picture as whole cells, within a level, with most cells cut.
@MainActor
@Suite(.serialized)
struct GalleryCoverTests {
    @Test func cellsAreDrawnRoundTheirThumbnailsWithTheSamePixels() throws {
        let size = CGSize(width: 1280, height: 720)
        let gallery = Gallery(DemoCatalog.gallery, canvas: size, now: 0)
        let time: CFTimeInterval = 0.5
        gallery.advance(to: time)
        func render(cutting: Bool) throws -> Bitmap {
            let renderer = try HeadlessRenderer(size: size)
            defer { renderer.close() }
            renderer.cutsCoveredBackgrounds = cutting
            return try renderer.render(gallery.layer, at: time)
        }
        let a = try render(cutting: true), b = try render(cutting: false)
        #expect(zip(a.rgba, b.rgba).allSatisfy { abs(Int($0) - Int($1)) <= 1 })

        let compositor = Compositor(canvasSize: size, contentScale: 1)
        compositor.coverageAntialiasing = true
        let tree = MediaClock.performFrozen(at: time) { Evaluator.presentationTree(of: gallery.layer, at: time) }
        // A cell's quad cut round its thumbnail is up to four: the gallery's 14 cells draw well over 14.
        let cellQuads = compositor.build(tree).commands.reduce(0) {
            if case .roundedRects(_, let count, _) = $1 { return $0 + count / 6 }
            return $0
        }
        compositor.cutsCoveredBackgrounds = false
        let wholeQuads = compositor.build(tree).commands.reduce(0) {
            if case .roundedRects(_, let count, _) = $1 { return $0 + count / 6 }
            return $0
        }
        #expect(cellQuads >= wholeQuads + 2 * 10)
    }
}
