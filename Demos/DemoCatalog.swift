import Foundation
import Quartzite
import QuartziteHost

/// Every demo, in the order `quartzite list` prints them (the first is the default): the seed demos, then
/// the fixed benchmark scenes (BENCHMARKS.md describes them).
@MainActor
public enum DemoCatalog {
    /// The demo types.
    public static let all: [any Demo.Type] = gallery + benchScenes

    /// The demos the gallery shows (`quartzite demo` with no name): all but the benchmark scenes.
    public static let gallery: [any Demo.Type] = [
        CircularLoaderDemo.self, SplashDemo.self, GradientRingDemo.self, ConicGradientRingDemo.self,
        PullToRefreshDemo.self, SwitchDemo.self, DisplayLinkDemo.self, ConfettiDemo.self, SnowDemo.self,
        FireworksDemo.self, CubeDemo.self, SineWaveDemo.self, LoadersDemo.self, DialDemo.self,
    ]

    /// The benchmark scenes S1 ... S5 (`quartzite bench s1`).
    public static let benchScenes: [any BenchScene.Type] = [
        BenchSceneDemo<SplashGridScene>.self, BenchSceneDemo<RingsScene>.self,
        BenchSceneDemo<PolylinesScene>.self, BenchSceneDemo<StarsScene>.self,
        BenchSceneDemo<StaticScene>.self,
    ]

    /// The demo with this name, or nil.
    public static func demo(named name: String) -> (any Demo.Type)? {
        all.first { $0.name == name }
    }

    /// The names, for error messages.
    public static var names: [String] { all.map { $0.name } }
}
