import Foundation
import Quartzite
import QuartziteHost

/// S1 splash-grid: 24 x 14 rounded rectangles (cell 40, gap 4, corner radius 6), each its own seeded colour
/// with alpha 0.6 to 1. Each tile's opacity and scale run seed 001's ripple keyframes (a 3 s loop), delayed
/// by the tile's distance from the grid's centre, exactly as the Fuber splash screen sets them up.
///
/// With another count (`bench s1 --count N`) the grid keeps the 24:14 shape and the 24 x 14 grid's area:
/// `round(sqrt(N * 24 / 14))` columns, as many rows as N needs (the last row partly filled), and cell, gap
/// and corner radius scaled by one factor so the grid fits that area. The tiles cover about the same pixels
/// at every count, so a larger count costs more layers, not more pixels.
@MainActor
public final class SplashGridScene: BenchSceneContent {
    public static let name = "s1"
    public static let summary = "bench S1 splash-grid: 336 rounded tiles rippling (seed 001's keyframes)"
    public static let defaultCount: Int? = columns * rows

    static let columns = 24, rows = 14
    static let cell: CGFloat = 40, gap: CGFloat = 4, cornerRadius: CGFloat = 6
    /// Seed 001's ripple: delay per point of distance, loop length and the loop's time offset.
    static let rippleDelayPerPoint: CFTimeInterval = 0.0006666
    static let loop: CFTimeInterval = 3
    static let loopOffset: CFTimeInterval = 1.05

    public let layer = CALayer()
    private var tiles: [(layer: CALayer, color: BenchColor)] = []
    /// The tiles' corner radius at this count (6 at the default count).
    private let cornerRadius: CGFloat

    /// The default grid, 24 x 14 tiles.
    public convenience init(animated: Bool) { self.init(animated: animated, count: nil) }

    /// Seeded: each tile's red, green, blue and alpha in row-major order.
    public init(animated: Bool, count: Int?) {
        var rng = SplitMix64(seed: 1)
        let grid = Self.grid(count: BenchSceneCount.clamped(count, default: Self.columns * Self.rows))
        cornerRadius = Self.cornerRadius * grid.scale
        let cell = Self.cell * grid.scale
        let pitch = (Self.cell + Self.gap) * grid.scale
        let gridWidth = CGFloat(grid.columns) * pitch - Self.gap * grid.scale
        let gridHeight = CGFloat(grid.rows) * pitch - Self.gap * grid.scale
        let origin = CGPoint(x: (BenchDesign.size.width - gridWidth) / 2, y: (BenchDesign.size.height - gridHeight) / 2)
        let centre = CGPoint(x: BenchDesign.size.width / 2, y: BenchDesign.size.height / 2)
        let now = CACurrentMediaTime()
        for index in 0..<grid.count {
            let row = index / grid.columns, column = index % grid.columns
            let color = BenchColor(seeded: &rng, alpha: 0.6...1)
            let tile = CALayer()
            tile.frame = CGRect(x: origin.x + CGFloat(column) * pitch, y: origin.y + CGFloat(row) * pitch,
                                width: cell, height: cell)
            tile.backgroundColor = color.cgColor
            tile.cornerRadius = cornerRadius
            let distance = hypot(tile.position.x - centre.x, tile.position.y - centre.y)
            tile.add(Self.ripple(beginTime: now + Self.rippleDelayPerPoint * distance), forKey: "ripple")
            layer.addSublayer(tile)
            tiles.append((tile, color))
        }
        if !animated { freeze(at: now) }
    }

    /// The grid for `count` tiles: the default grid's 24:14 shape, enough rows for every tile, and the factor
    /// on cell, gap and corner radius that fits it in the default grid's area (exactly 24 x 14 and 1 for 336).
    static func grid(count: Int) -> (count: Int, columns: Int, rows: Int, scale: CGFloat) {
        let shape = Double(columns) / Double(rows)
        // `count` is at most `BenchSceneCount.range.upperBound`, so the root is small and finite.
        let columnsNeeded = max(1, Int((Double(count) * shape).squareRoot().rounded()))
        let rowsNeeded = (count + columnsNeeded - 1) / columnsNeeded
        // A grid of c columns spans c * (cell + gap) - gap, so the factor fits that span to the default's.
        func span(_ n: Int) -> CGFloat { CGFloat(n) * (cell + gap) - gap }
        let scale = min(span(columns) / span(columnsNeeded), span(rows) / span(rowsNeeded))
        return (count, columnsNeeded, rowsNeeded, scale)
    }

    /// Seed 001's tile animation without the position part: opacity [0, 1, .45, .6, 0, 0] and scale
    /// [1, 1, 1.05, 1, 1] over a 3 s loop that starts 1.05 s in.
    static func ripple(beginTime: CFTimeInterval) -> CAAnimationGroup {
        let tf = CAMediaTimingFunction(controlPoints: 0.25, 0, 0.2, 1)
        let linear = CAMediaTimingFunction(name: .linear)
        let scale = CAKeyframeAnimation(keyPath: "transform.scale")
        scale.values = [1, 1, 1.05, 1, 1].map { CGFloat($0) }
        scale.keyTimes = [0, 0.61, 0.7, 0.887, 1]
        scale.timingFunctions = [linear, tf, tf, linear]
        let opacity = CAKeyframeAnimation(keyPath: "opacity")
        opacity.values = [0, 1, 0.45, 0.6, 0, 0].map { Float($0) }
        opacity.keyTimes = [0, 0.61, 0.7, 0.767, 0.95, 1]
        opacity.timingFunctions = [CAMediaTimingFunction(name: .easeInEaseOut), tf, tf,
                                   CAMediaTimingFunction(name: .easeOut), linear]
        let group = CAAnimationGroup()
        group.animations = [scale, opacity]
        group.duration = loop
        group.repeatCount = .infinity
        group.fillMode = .backwards
        group.isRemovedOnCompletion = false
        group.beginTime = beginTime
        group.timeOffset = loopOffset
        return group
    }

    /// Makes the values shown at `time` the model values and removes the animations (S5's still frame).
    private func freeze(at time: CFTimeInterval) {
        withoutActions {
            for tile in tiles {
                let shown = Evaluator.presentationProperties(of: tile.layer, atGlobalTime: time)
                tile.layer.removeAllAnimations()
                tile.layer.opacity = shown.opacity
                tile.layer.transform = shown.transform
            }
        }
    }

    public func primitives(at t: CFTimeInterval) -> [BenchPrimitive] {
        tiles.map { tile in
            // The values the layer shows, from the same evaluator the GL path uses: a second renderer must
            // draw the same frame, and the keyframe timing is the engine's job, not the benchmark's.
            let shown = Evaluator.presentationProperties(of: tile.layer, atGlobalTime: t)
            let f = tile.layer.frame
            let s = shown.transform.m11
            let placed = CGAffineTransform(a: s, b: 0, c: 0, d: s, tx: f.midX * (1 - s), ty: f.midY * (1 - s))
            return .roundedRect(f, cornerRadius: cornerRadius, color: tile.color.faded(Double(shown.opacity)),
                                transform: placed)
        }
    }
}
