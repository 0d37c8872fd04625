import Foundation
import Testing
import Quartzite
import QuartziteHost
import QuartziteDemos
import QuartziteBench

/// `quartzite primitives`: the JSON the peers of `make bench-peers` draw from holds exactly the scenes of
/// ../shared/BENCH_SCENES.md, flattened to canvas pixels.
@MainActor
@Suite(.serialized)
struct BenchPrimitiveJSONTests {
    /// The frame of `type` at `t`, as the command prints it, parsed back.
    private func frame(_ type: any BenchScene.Type, at t: CFTimeInterval,
                       size: CGSize = CGSize(width: 1280, height: 720)) throws -> [String: Any] {
        let player = DemoPlayer(type, size: size, startTime: 0)
        let scene = try #require(player.demo as? any BenchScene)
        let line = BenchPrimitiveJSON.frame(scene.primitives(at: t), scene: type.name, size: size, at: t)
        #expect(!line.contains("\n"))
        return try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    private func primitives(_ frame: [String: Any]) throws -> [[String: Any]] {
        try #require(frame["primitives"] as? [[String: Any]])
    }

    @Test func polylinesAreAThousandOfEightPointsWidthSix() throws {
        let items = try primitives(frame(BenchSceneDemo<PolylinesScene>.self, at: 0))
        #expect(items.count == 1000)
        for item in items {
            #expect(item["kind"] as? String == "polyline")
            #expect((item["points"] as? [Double])?.count == 16)
            #expect(item["lineWidth"] as? Double == 6)
            #expect((item["color"] as? [Double])?.last == 0.8)
            #expect(item["transform"] as? [Double] == [1, 0, 0, 1, 0, 0])
        }
    }

    @Test func starsAreFiveHundredPentagramsAtAlphaPointSeven() throws {
        let items = try primitives(frame(BenchSceneDemo<StarsScene>.self, at: 0.5))
        #expect(items.count == 500)
        #expect(items.allSatisfy { $0["kind"] as? String == "polygon" && ($0["points"] as? [Double])?.count == 10 })
        #expect(items.allSatisfy { ($0["color"] as? [Double])?.last == 0.7 })
    }

    /// An empty trim draws nothing, so it is left out; every other ring keeps its width and round caps.
    @Test func ringsLeaveOutEmptyTrims() throws {
        let items = try primitives(frame(BenchSceneDemo<RingsScene>.self, at: 0))
        // At t = 0 ring i's strokeEnd is i / 64: ring 0 alone is empty.
        #expect(items.count == 63)
        #expect(items.allSatisfy { $0["kind"] as? String == "gradientArc" && $0["lineWidth"] as? Double == 8 })
    }

    /// At 1920x1080 the scene is the same picture at 1.5x: the placement is composed into each transform.
    @Test func placementIsComposedIntoEachTransform() throws {
        let f = try frame(BenchSceneDemo<SplashGridScene>.self, at: 1, size: CGSize(width: 1920, height: 1080))
        #expect(f["width"] as? Double == 1920)
        let items = try primitives(f)
        #expect(items.count == 336)
        let transform = try #require(items.first?["transform"] as? [Double])
        #expect(transform.count == 6)
        // The tile's own scale (near 1) times the placement's 1.5.
        #expect(abs(transform[0] - 1.5) < 0.1)
        #expect(abs(transform[0] - transform[3]) < 1e-9)
    }
}
