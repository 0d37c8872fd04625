import Foundation
import Testing
import Quartzite
import QuartziteRender
@testable import QuartziteHost
@testable import QuartziteDemos

/// The window's showcase without a window: the gallery's grid, a seek replaying a demo exactly as a capture
/// does, the hint's schedule and the key list.
@MainActor
@Suite(.serialized)
struct ShowcaseTests {
    /// 14 demos at 1280 x 720, by the closed form side = min(cell width, 4/3 (cell height - 20 of title)):
    /// five columns of three rows (256 x 240: 256) beat four of four (320 x 180: 213.3) and six of three
    /// (213.3 x 240: 213.3).
    @Test func theGridHasTheColumnsThatHoldTheLargestThumbnails() {
        #expect(Gallery.bestColumns(count: 14, canvas: CGSize(width: 1280, height: 720)) == 5)
        // A tall window stacks them: 2 columns of 7 rows (200 x 142.9: 163.8) beat 1 of 14 (400 x 71.4: 68.6)
        // and 3 of 5 (133.3 x 200: 133.3).
        #expect(Gallery.bestColumns(count: 14, canvas: CGSize(width: 400, height: 1000)) == 2)
        #expect(Gallery.bestColumns(count: 1, canvas: CGSize(width: 10, height: 10)) == 1)
    }

    /// The grid's own layers (cells and titles) start as built: making each demo's player commits the cells
    /// made before it, and without actions off their first values would animate in from the defaults (each
    /// title from 36 points down to 13, laid out again every frame of the gallery's first quarter second).
    @Test func theGridsOwnLayersDoNotAnimateIn() throws {
        let gallery = Gallery(DemoCatalog.gallery, canvas: CGSize(width: 1280, height: 720), now: 0)
        let cells = try #require(gallery.layer.sublayers)
        #expect(cells.count == DemoCatalog.gallery.count)
        var titles = 0
        for cell in cells {
            #expect(cell.animationKeys() == nil)
            for case let title as CATextLayer in cell.sublayers ?? [] {
                titles += 1
                #expect(title.animationKeys() == nil, "\(title.string ?? "")")
                #expect(title.fontSize == 13)
            }
        }
        #expect(titles == DemoCatalog.gallery.count)
    }

    @Test func aClickFindsItsCellAndArrowsMoveTheSelectionWithinTheGrid() {
        let gallery = Gallery(DemoCatalog.gallery, canvas: CGSize(width: 1280, height: 720), now: 0)
        // Five columns of 256 points, three rows of 240: (300, 300) is column 1, row 1, cell 6.
        #expect(gallery.index(at: CGPoint(x: 300, y: 300)) == 6)
        #expect(gallery.index(at: CGPoint(x: 1279, y: 719)) == nil)   // the 15th place is empty
        gallery.select(6)
        gallery.moveSelection(dx: 0, dy: 1)
        #expect(gallery.selection == 11)
        gallery.moveSelection(dx: 0, dy: 1)   // no row below
        #expect(gallery.selection == 11)
        gallery.moveSelection(dx: -1, dy: 0)
        #expect(gallery.selection == 10)
        gallery.select(99)
        #expect(gallery.selection == DemoCatalog.gallery.count - 1)
    }

    /// A seek replays the demo to the time asked for: rendered at the media time it maps to, the frame equals
    /// a headless capture at that demo time, pixel for pixel.
    @Test(arguments: [("gradient-ring", 0.5), ("switch", 4.2)])
    func aSeekShowsWhatACaptureAtThatTimeShows(_ name: String, _ t: Double) throws {
        let type = try #require(DemoCatalog.demo(named: name))
        let size = type.preferredSize
        let stage = DemoStage(type, canvas: size, now: 500)
        stage.seek(to: t, now: 1000)
        #expect(abs(stage.time(at: 1000) - t) < 1e-9)
        let renderer = try HeadlessRenderer(size: size)
        defer { renderer.close() }
        let seeked = try renderer.render(stage.root, at: 1000)
        let captured = try Capture.frame(type, size: size, at: t)
        #expect(seeked == captured)
    }

    @Test func theHintWakesTheWindowForItsFadeOnly() {
        let hint = HintBar(at: 10)
        #expect(hint.nextChange(after: 10) == 13)      // shown for 3 s, then fades over the fourth
        #expect(hint.nextChange(after: 13.5) == 13.5)  // fading: every frame
        #expect(hint.nextChange(after: 14) == nil)     // gone
        hint.update(at: 13.5)
        #expect(hint.layer.opacity == 0.5)
        hint.update(at: 20)
        #expect(hint.layer.isHidden)
    }

    @Test func everyKeyTheHintNamesIsInTheHelp() {
        let help = WindowKeys.helpText
        for key in ["T", "P, Space", "Left, Right", "Shift-drag", "R", "H", "Esc", "Q"] {
            #expect(help.contains(key), "\(key)")
        }
        #expect(WindowKeys.hint.contains("T slow motion"))
    }
}
