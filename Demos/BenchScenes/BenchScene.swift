import Foundation
import Quartzite
import QuartziteHost

/// A benchmark scene (BENCHMARKS.md describes them) as a demo: a Quartzite layer tree, plus the same frame as
/// plain primitives for a second renderer, so both draw the same picture in the same run.
@MainActor
public protocol BenchScene: Demo {
    /// What the frame at demo time `t` shows, in canvas points (the player started at media time 0, so demo
    /// time and media time agree).
    func primitives(at t: CFTimeInterval) -> [BenchPrimitive]
    /// The number of elements (tiles, polylines, stars) the scene draws when built outside
    /// `BenchSceneCount.with(_:_:)`, or nil when its count is fixed.
    static var defaultCount: Int? { get }
}

/// The content of one scene, laid out in the 1280x720 design space in which the scenes are defined.
@MainActor
public protocol BenchSceneContent: AnyObject {
    /// The name on the command line (`s1` ... `s5`).
    static var name: String { get }
    /// One line about what it shows.
    static var summary: String { get }
    /// Builds the layers; `animated` false freezes them at their t = 0 values with no animation (for S5).
    init(animated: Bool)
    /// Builds the layers with `count` elements, clamped to `BenchSceneCount.range`, in the same seeded layout
    /// (nil: `defaultCount`). A scene whose count is fixed ignores `count`.
    init(animated: Bool, count: Int?)
    /// The number of elements drawn without a count, or nil when the count is fixed (`bench --count`
    /// is refused for such a scene).
    static var defaultCount: Int? { get }
    /// The scene's layer, bounds (0, 0, 1280, 720).
    var layer: CALayer { get }
    /// Per-frame model updates an app would make (paths recomputed from time); a no-op for most scenes.
    func update(at t: CFTimeInterval)
    /// The earliest time at or after `t` at which `update(at:)` may change the model, nil for never (as
    /// `Demo.nextUpdate(after:)`); by default `t`, every frame.
    func nextUpdate(after t: CFTimeInterval) -> CFTimeInterval?
    /// What the frame at `t` shows, in design points.
    func primitives(at t: CFTimeInterval) -> [BenchPrimitive]
}

extension BenchSceneContent {
    /// A scene with a fixed count builds as `init(animated:)`, ignoring `count`.
    public init(animated: Bool, count: Int?) { self.init(animated: animated) }
    /// Fixed unless the scene says otherwise.
    public static var defaultCount: Int? { nil }
    public func update(at t: CFTimeInterval) {}
    public func nextUpdate(after t: CFTimeInterval) -> CFTimeInterval? { t }
}

/// The element count of the scenes built inside `with(_:_:)`: how `bench --count` reaches a scene that the
/// player builds from its type alone (`Demo.init(size:)` has no room for a count).
@MainActor
public enum BenchSceneCount {
    /// The counts a scene accepts: up to 100,000 elements, past which a frame takes seconds on llvmpipe.
    public static let range = 1...100_000
    /// The count for scenes being built now; nil: each scene's `defaultCount`.
    public private(set) static var current: Int?

    /// Runs `body` with scenes built in it drawing `count` elements (nil: their default), then restores the
    /// count before it, so nested and later runs are unaffected.
    public static func with<T>(_ count: Int?, _ body: () throws -> T) rethrows -> T {
        let saved = current
        current = count
        defer { current = saved }
        return try body()
    }

    /// `count` clamped to `range`, or `fallback` when nil.
    static func clamped(_ count: Int?, default fallback: Int) -> Int {
        min(max(count ?? fallback, range.lowerBound), range.upperBound)
    }
}

/// The design space of every scene.
@MainActor
enum BenchDesign {
    static let size = CGSize(width: 1280, height: 720)

    /// Where the design space lands on a canvas: scaled uniformly to fit, centred, so 1920x1080 is the same
    /// picture at 1.5 times the pixels (as a larger screen showing the same UI).
    static func placement(in canvas: CGSize) -> CGAffineTransform {
        let s = min(canvas.width / size.width, canvas.height / size.height)
        let scale = s.isFinite && s > 0 ? s : 1
        return CGAffineTransform(a: scale, b: 0, c: 0, d: scale,
                                 tx: (canvas.width - size.width * scale) / 2,
                                 ty: (canvas.height - size.height * scale) / 2)
    }

    /// Applies `placement` to a layer of the design size, as a layer transform around its top-left corner.
    static func place(_ layer: CALayer, by placement: CGAffineTransform) {
        layer.anchorPoint = .zero
        layer.bounds = CGRect(origin: .zero, size: size)
        layer.position = CGPoint(x: placement.tx, y: placement.ty)
        if placement.a != 1 { layer.transform = CATransform3DMakeScale(placement.a, placement.d, 1) }
    }
}

/// A scene's content as a `Demo` and a `BenchScene`, at any canvas size.
@MainActor
public final class BenchSceneDemo<Content: BenchSceneContent>: BenchScene {
    public static var name: String { Content.name }
    public static var summary: String { Content.summary }
    public static var preferredSize: CGSize { BenchDesign.size }
    public static var defaultCount: Int? { Content.defaultCount }

    public let rootLayer = CALayer()
    public let timeline = DemoTimeline()
    /// The scene itself.
    public let content: Content
    private let placement: CGAffineTransform

    public init(size: CGSize) {
        CATransaction.begin()
        // The scenes set their first frame directly; nothing here should start an implicit animation.
        CATransaction.setDisableActions(true)
        rootLayer.frame = CGRect(origin: .zero, size: size)
        content = Content(animated: true, count: BenchSceneCount.current)
        placement = BenchDesign.placement(in: size)
        BenchDesign.place(content.layer, by: placement)
        rootLayer.addSublayer(content.layer)
        CATransaction.commit()
    }

    public func update(at t: CFTimeInterval) { content.update(at: t) }

    public func nextUpdate(after t: CFTimeInterval) -> CFTimeInterval? { content.nextUpdate(after: t) }

    public func primitives(at t: CFTimeInterval) -> [BenchPrimitive] {
        [.transformed(placement, content.primitives(at: t))]
    }
}
