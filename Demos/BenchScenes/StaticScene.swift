import Foundation
import Quartzite

/// S5 static: the first frames of S1 to S4, one in each quarter of the canvas at half size, with nothing
/// animating. Measures what a frame in which nothing changed costs (it should be close to the floor).
@MainActor
public final class StaticScene: BenchSceneContent {
    public static let name = "s5"
    public static let summary = "bench S5 static: S1 to S4's first frames in four quarters, nothing animating"

    public let layer = CALayer()
    private let parts: [(content: any BenchSceneContent, placement: CGAffineTransform)]

    public init(animated: Bool) {
        let contents: [any BenchSceneContent] = [
            SplashGridScene(animated: false), RingsScene(animated: false),
            PolylinesScene(animated: false), StarsScene(animated: false),
        ]
        let half = CGSize(width: BenchDesign.size.width / 2, height: BenchDesign.size.height / 2)
        var parts: [(any BenchSceneContent, CGAffineTransform)] = []
        for (i, content) in contents.enumerated() {
            let placement = CGAffineTransform(a: 0.5, b: 0, c: 0, d: 0.5,
                                              tx: CGFloat(i % 2) * half.width, ty: CGFloat(i / 2) * half.height)
            BenchDesign.place(content.layer, by: placement)
            layer.addSublayer(content.layer)
            parts.append((content, placement))
        }
        self.parts = parts
    }

    /// Nothing changes per frame: its parts are built frozen and never updated.
    public func nextUpdate(after t: CFTimeInterval) -> CFTimeInterval? { nil }

    public func primitives(at t: CFTimeInterval) -> [BenchPrimitive] {
        parts.map { .transformed($0.placement, $0.content.primitives(at: 0)) }
    }
}
