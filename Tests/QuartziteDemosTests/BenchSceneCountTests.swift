import Foundation
import Testing
import Quartzite
import QuartziteHost
@testable import QuartziteDemos

/// `bench --count`: the scaled scenes draw exactly the elements asked for, in the same seeded layout, and
/// without a count exactly the scenes of ../shared/BENCH_SCENES.md.
@MainActor
@Suite(.serialized)
struct BenchSceneCountTests {
    /// The scene `type` as the bench builds it (player at media time 0), with `count` elements.
    private func scene(_ type: any BenchScene.Type, count: Int?, size: CGSize = CGSize(width: 1280, height: 720))
        throws -> any BenchScene {
        let player = BenchSceneCount.with(count) { DemoPlayer(type, size: size, startTime: 0) }
        return try #require(player.demo as? any BenchScene)
    }

    /// The primitives inside the scene's placement, one per element.
    private func elements(_ scene: any BenchScene, at t: CFTimeInterval) throws -> [BenchPrimitive] {
        guard case .transformed(_, let inner)? = scene.primitives(at: t).first else {
            Issue.record("a scene's primitives are one placed group")
            return []
        }
        return inner
    }

    private static let scaled: [(type: any BenchScene.Type, count: Int)] = [
        (BenchSceneDemo<SplashGridScene>.self, 336), (BenchSceneDemo<PolylinesScene>.self, 1000),
        (BenchSceneDemo<StarsScene>.self, 500),
    ]

    @Test func defaultCountsAreTheFixedScenes() throws {
        for (type, count) in Self.scaled {
            #expect(type.defaultCount == count)
            #expect(try elements(scene(type, count: nil), at: 0.5).count == count)
        }
        #expect(BenchSceneDemo<RingsScene>.defaultCount == nil)
        #expect(BenchSceneDemo<StaticScene>.defaultCount == nil)
    }

    /// Asking for the default count draws the default scene, primitive for primitive.
    @Test func theDefaultCountDrawsTheDefaultScene() throws {
        for (type, count) in Self.scaled {
            let plain = try elements(scene(type, count: nil), at: 0.75)
            let counted = try elements(scene(type, count: count), at: 0.75)
            #expect(String(describing: plain) == String(describing: counted), "\(type.name)")
        }
    }

    /// S1's default grid is BENCH_SCENES' 24 x 14 tiles of cell 40, gap 4, corner radius 6, centred.
    @Test func splashGridDefaultLayout() throws {
        let grid = SplashGridScene.grid(count: 336)
        #expect(grid.columns == 24 && grid.rows == 14 && grid.scale == 1)
        let tiles = try elements(scene(BenchSceneDemo<SplashGridScene>.self, count: nil), at: 0)
        guard case .roundedRect(let first, let radius, _, _)? = tiles.first,
              case .roundedRect(let last, _, _, _)? = tiles.last else {
            Issue.record("S1 draws rounded rectangles")
            return
        }
        #expect(first == CGRect(x: 114, y: 54, width: 40, height: 40) && radius == 6)
        #expect(last == CGRect(x: 114 + 23 * 44, y: 54 + 13 * 44, width: 40, height: 40))
    }

    /// More tiles keep the 24 x 14 grid's area: smaller tiles, every one inside it, none overlapping.
    @Test(arguments: [1, 1000, 3000, 10_000])
    func splashGridScalesInsideTheDefaultArea(count: Int) throws {
        let area = CGRect(x: 114, y: 54, width: 1052, height: 612).insetBy(dx: -1e-9, dy: -1e-9)
        let tiles = try elements(scene(BenchSceneDemo<SplashGridScene>.self, count: count), at: 0)
        #expect(tiles.count == count)
        var frames: [CGRect] = []
        for tile in tiles {
            guard case .roundedRect(let frame, _, _, _) = tile else { continue }
            #expect(area.contains(frame), "tile \(frame) outside the grid's area")
            frames.append(frame)
        }
        // Row-major: a tile and the next one in its row never overlap.
        for (a, b) in zip(frames, frames.dropFirst()) where a.minY == b.minY {
            #expect(a.maxX < b.minX)
        }
    }

    /// More polylines and stars continue the seeded draws: the default scene's elements come first.
    @Test func polylinesAndStarsExtendTheDefaultScene() throws {
        for (type, count) in Self.scaled.dropFirst() {
            let plain = try elements(scene(type, count: nil), at: 0.4)
            let more = try elements(scene(type, count: 3 * count), at: 0.4)
            #expect(more.count == 3 * count)
            #expect(String(describing: Array(more.prefix(count))) == String(describing: plain), "\(type.name)")
        }
    }

    /// A count out of range is clamped, and the scope restores the count before it.
    @Test func countsAreClampedAndScoped() throws {
        #expect(try elements(scene(BenchSceneDemo<StarsScene>.self, count: -5), at: 0).count == 1)
        #expect(BenchSceneCount.clamped(1_000_000, default: 1) == BenchSceneCount.range.upperBound)
        BenchSceneCount.with(7) {
            BenchSceneCount.with(nil) { #expect(BenchSceneCount.current == nil) }
            #expect(BenchSceneCount.current == 7)
        }
        #expect(BenchSceneCount.current == nil)
    }
}
