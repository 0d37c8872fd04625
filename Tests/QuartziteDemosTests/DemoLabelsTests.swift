import Foundation
import Testing
import Quartzite
import QuartziteRender
@testable import QuartziteHost
@testable import QuartziteDemos

/// The seed demos' text: what each label says as the demo plays (from the demo's own numbers: the ring's
/// linear 2 s fill, the loader's 5 % ticks, the switch's progress), and that the text is drawn where it stands.
@MainActor
@Suite(.serialized)
struct DemoLabelsTests {
    let start: CFTimeInterval = 100

    /// How many pixels in `rect` are within `tolerance` of `colour`.
    func count(_ frame: Bitmap, in rect: CGRect, near colour: (Int, Int, Int), tolerance: Int = 40) -> Int {
        var n = 0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) {
                guard let p = frame.pixel(x: x, y: y) else { continue }
                if abs(Int(p[0]) - colour.0) <= tolerance && abs(Int(p[1]) - colour.1) <= tolerance
                    && abs(Int(p[2]) - colour.2) <= tolerance { n += 1 }
            }
        }
        return n
    }

    @Test func theRingsPercentageFollowsItsLinearFill() throws {
        let player = DemoPlayer(GradientRingDemo.self, size: GradientRingDemo.preferredSize, startTime: start)
        let demo = try #require(player.demo as? GradientRingDemo)
        for (t, text) in [(0.5, "25%"), (1.0, "50%"), (1.5, "75%"), (1.99, "99%"), (2.2, "100%")] {
            player.advance(to: t)
            #expect(demo.percentage.string as? String == text, "t = \(t)")
        }
    }

    @Test func theRingAsksForUpdatesOnlyWhileItFills() throws {
        let player = DemoPlayer(GradientRingDemo.self, size: GradientRingDemo.preferredSize, startTime: start)
        let demo = try #require(player.demo as? GradientRingDemo)
        player.advance(to: 1.0)
        #expect(demo.nextUpdate(after: 1.0) == 1.0)
        player.advance(to: 2.1)   // the fill ended at 2: the label shows 100 % and the updates stop
        #expect(demo.nextUpdate(after: 2.1) == nil)
    }

    @Test func theRingsPercentageIsDrawnInItsMiddle() throws {
        let frame = try Capture.frame(GradientRingDemo.self, size: GradientRingDemo.preferredSize, at: 0.5)
        // The label's box: 220 x 66 centred on the ring's centre (200, 180); its text is dark grey (51).
        let box = CGRect(x: 90, y: 147, width: 220, height: 66)
        #expect(count(frame, in: box, near: (51, 51, 51), tolerance: 8) > 200)
        // Outside the box and inside the ring the canvas stays white.
        #expect(count(frame, in: CGRect(x: 90, y: 60, width: 220, height: 60), near: (51, 51, 51), tolerance: 100) == 0)
    }

    @Test func theLoaderSaysItsProgressAndGoesAtTheReveal() throws {
        let player = DemoPlayer(CircularLoaderDemo.self, size: CircularLoaderDemo.preferredSize, startTime: start)
        let demo = try #require(player.demo as? CircularLoaderDemo)
        #expect(demo.status.string as? String == "Loading 0%")
        player.advance(to: 1.0)
        #expect(demo.status.string as? String == "Loading 50%")
        #expect(!demo.status.isHidden)
        player.advance(to: 2.0)
        #expect(demo.status.isHidden)
        let frame = try Capture.frame(CircularLoaderDemo.self, size: CircularLoaderDemo.preferredSize, at: 1.0)
        // Grey (102) text in the line under the ring, none above the ring.
        #expect(count(frame, in: CGRect(x: 100, y: 196, width: 120, height: 20), near: (102, 102, 102)) > 50)
        #expect(count(frame, in: CGRect(x: 100, y: 100, width: 120, height: 30), near: (102, 102, 102)) == 0)
    }

    @Test func theSwitchShowsItsNameAndProgress() throws {
        let demo = SwitchDemo(size: SwitchDemo.preferredSize)
        #expect(demo.title.string as? String == "Native")
        demo.scrub(to: 0.5)
        #expect(demo.readout.string as? String == "progress 50%")
        demo.scrub(to: 2)   // clamped
        #expect(demo.readout.string as? String == "progress 100%")
        let frame = try Capture.frame(SwitchDemo.self, size: SwitchDemo.preferredSize, at: 0)
        // The switch fills y 30 ... 170; the name stands above it, the readout below it.
        #expect(count(frame, in: CGRect(x: 100, y: 4, width: 120, height: 22), near: (51, 51, 51)) > 50)
        #expect(count(frame, in: CGRect(x: 80, y: 174, width: 160, height: 22), near: (115, 115, 115)) > 50)
    }

    @Test func theListRowsHaveAnAvatarATitleAndASubtitle() throws {
        let demo = PullToRefreshDemo(size: PullToRefreshDemo.preferredSize)
        let rows = demo.content.sublayers?.dropFirst() ?? []   // the header comes first, behind the cells
        #expect(rows.count == 3)   // 480 points of 200-point rows
        let texts = rows.first?.sublayers?.compactMap { ($0 as? CATextLayer)?.string as? String }
        #expect(texts == ["iOS Engineer", "Quartz Labs · Shanghai · 3–5 years"])
        #expect(PullToRefreshRows.initials(of: "Graphics Programmer") == "GP")
        let frame = try Capture.frame(PullToRefreshDemo.self, size: PullToRefreshDemo.preferredSize, at: 0)
        // Row 0's avatar: a white ring (x 16 ... 18) around the right-dot colour, centred at (44, 100).
        let avatar = try #require(frame.pixel(x: 22, y: 100))
        #expect(abs(Int(avatar[0]) - 253) <= 3 && abs(Int(avatar[1]) - 175) <= 3 && abs(Int(avatar[2]) - 75) <= 3)
        // White title text right of the avatar; the row's top stays the plain cell colour.
        #expect(count(frame, in: CGRect(x: 88, y: 75, width: 150, height: 24), near: (255, 255, 255)) > 100)
        #expect(count(frame, in: CGRect(x: 0, y: 0, width: 320, height: 60), near: (255, 255, 255), tolerance: 60) == 0)
    }

    @Test func eachLoaderIsNamedAtTheFootOfItsCell() throws {
        let frame = try Capture.frame(LoadersDemo.self, size: LoadersDemo.preferredSize, at: 0.5)
        // Cells of 200 x 200; each name is grey (140, 148, 166) text 28 ... 8 points above the cell's foot.
        for index in 0..<6 {
            let cell = CGPoint(x: CGFloat(index % 3) * 200, y: CGFloat(index / 3) * 200)
            let foot = CGRect(x: cell.x + 40, y: cell.y + 172, width: 120, height: 20)
            #expect(count(frame, in: foot, near: (140, 148, 166)) > 20, "loader \(index)")
        }
        #expect(LoadersDemo.names.count == 6)
    }
}
